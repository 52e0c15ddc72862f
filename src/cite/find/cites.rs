//! Stage 5 of [`find`](super::find), the cites: which members of each group
//! are cites, and what each says.
//!
//! A group is judged as one: its first member's cue, a direction word or a
//! phrase of applying after its last member, a cite shape among its members
//! and a unit after any of them decide for all. A lone letter after a cite
//! shares its stem (`12C1b, c og e`); two ends make a range.

use super::candidates::{with_deepest, Candidate, Level, Mode, RelForm, Shape};
use super::context::{self, Block, Cue};
use super::groups::{Group, Item};
use crate::cite::{Cite, CiteKind, CiteMatch, Span};
use crate::corpus::{Path, ProvisionId};

/// Every cite of every group, in order.
pub(super) fn cites(
    text: &str,
    candidates: &[Candidate],
    groups: &[Group],
    mode: Mode,
) -> Vec<CiteMatch> {
    let mut out = Vec::new();
    for group in groups {
        let evidence = Evidence::of(text, candidates, group, mode);
        let accepted = members(candidates, group, &evidence);
        emit(text, accepted, &mut out);
    }
    out
}

/// What a group says about all its members.
struct Evidence {
    /// The cue before its first member.
    cue: Option<Cue>,
    /// A direction word after its last member: relative (`C2 nedenfor`).
    direction: bool,
    /// A phrase of applying after its last member (`16 kan bli brukt`).
    applies: bool,
    /// The group names provisions: a cue that names one, a cite shape among
    /// its members, a phrase of applying, or a query.
    names: bool,
    /// A member is followed by a unit: its bare numbers are quantities.
    quantities: bool,
}

impl Evidence {
    fn of(text: &str, candidates: &[Candidate], group: &[Item], mode: Mode) -> Evidence {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            return Evidence {
                cue: None,
                direction: false,
                applies: false,
                names: false,
                quantities: false,
            };
        };
        let cue = candidates[first.first()].cue;
        let end = candidates[last.last()].span.end;
        let direction = context::direction_after(text, end);
        let applies = context::applies_after(text, end);
        let mut members = group
            .iter()
            .flat_map(|it| [it.first(), it.last()])
            .map(|i| &candidates[i]);
        let strong = members
            .clone()
            .any(|c| matches!(c.shape, Shape::Absolute { strong: true, .. }) && c.block.is_none());
        let quantities = members.any(|c| c.block == Some(Block::Unit));
        let names = matches!(cue, Some(Cue::See | Cue::Law | Cue::Text))
            || strong
            || applies
            || mode == Mode::Query;
        Evidence {
            cue,
            direction,
            applies,
            names,
            quantities,
        }
    }
}

/// One accepted member: its span, what it says, and whether it is relative.
type Accepted = (Span, Cite, bool);

/// The members of `group` that are cites.
fn members(candidates: &[Candidate], group: &[Item], ev: &Evidence) -> Vec<Accepted> {
    let mut accepted: Vec<Accepted> = Vec::new();
    // The last absolute cite of the group: the stem a lone letter shares.
    let mut stem: Option<ProvisionId> = None;
    for item in group {
        match *item {
            Item::Range(a, b) => {
                if let Some((span, first, last)) = range(&candidates[a], &candidates[b], ev) {
                    stem = Some(first.clone());
                    accepted.push((span, Cite::Range { first, last }, false));
                } else if let Some((cite, _)) =
                    below_root(&candidates[a]).and_then(|c| accept(c, ev))
                {
                    // `Law 12C1-2 boards`: no range of quantities, but the
                    // cite before the dash stands.
                    accepted.push((candidates[a].span, cite, false));
                }
            }
            Item::One(i) => {
                let c = &candidates[i];
                if c.block.is_some() {
                    continue;
                }
                if let Some(id) = roman_sibling(c, stem.as_ref()) {
                    accepted.push((c.span, Cite::Absolute { id }, false));
                    continue;
                }
                if let Some(id) = letter_of(c, ev).and_then(|l| sibling(stem.as_ref()?, l)) {
                    accepted.push((c.span, Cite::Absolute { id }, false));
                    continue;
                }
                if let Some((cite, relative)) = accept(c, ev) {
                    if let Cite::Absolute { id } = &cite {
                        stem = Some(id.clone());
                    }
                    accepted.push((c.span, cite, relative));
                }
            }
        }
    }
    accepted
}

/// The span and ends of a range from `a` to `b`, when the group names
/// provisions and they are two cites (`16–18`, `54A-54D`) or a cite and a
/// later level (`16C2a-d`, `54A-D`, `20F4-5`).
fn range(a: &Candidate, b: &Candidate, ev: &Evidence) -> Option<(Span, ProvisionId, ProvisionId)> {
    if ev.quantities || !ev.names {
        return None;
    }
    let first = a.id()?;
    let last = a.range_end(b)?;
    let span = Span {
        start: a.span.start,
        end: b.span.end,
    };
    Some((span, first.clone(), last))
}

/// `c` when it cites below a root (`12C1`), which stands without its range.
fn below_root(c: &Candidate) -> Option<&Candidate> {
    c.id()
        .filter(|id| matches!(id, ProvisionId::Numbered { path, .. } if path.depth() > 0))?;
    Some(c)
}

/// The letter a member shares a stem with, if it is one: a lone letter,
/// a bare section letter (`78A, B og C`) or, after a stem, a sub-item
/// label (`(L81b/c)`); not when a direction word makes the group relative.
fn letter_of(c: &Candidate, ev: &Evidence) -> Option<char> {
    match &c.shape {
        Shape::Letter(l) => Some(*l),
        Shape::Relative {
            path,
            form: RelForm::Letter,
        } if !ev.direction => path.section,
        Shape::Relative {
            path,
            form: RelForm::Sub,
        } if !ev.direction => path.sub,
        _ => None,
    }
}

/// The stem's sibling a roman numeral names (`73C1(i)` + `ii` →
/// `73C1(ii)`), when `c` is one and the stem ends in a numeral.
fn roman_sibling(c: &Candidate, stem: Option<&ProvisionId>) -> Option<ProvisionId> {
    let Shape::Roman(r) = c.shape else {
        return None;
    };
    let ProvisionId::Numbered { root, path } = stem? else {
        return None;
    };
    with_deepest(*root, path, Level::Roman(r))
}

/// `id` with its deepest level replaced by `letter`, when that level is a
/// letter of the same kind (`12C1b` + `c` → `12C1c`, `78A` + `B` → `78B`).
fn sibling(id: &ProvisionId, letter: char) -> Option<ProvisionId> {
    let ProvisionId::Numbered { root, path } = id else {
        return None;
    };
    let mut path = path.clone();
    if path.roman.is_some() {
        return None;
    }
    if letter.is_ascii_lowercase() && path.sub.is_some() {
        path.sub = Some(letter);
    } else if path.section.is_some() && path.item.is_none() {
        // `78A, B og C`; `L81b/c`, where the section was written in lower case.
        path.section = Some(letter.to_ascii_uppercase());
    } else {
        return None;
    }
    Some(ProvisionId::Numbered { root: *root, path })
}

/// Whether one member of a group is a cite, and what it says: the cite and
/// whether it is relative.
fn accept(c: &Candidate, ev: &Evidence) -> Option<(Cite, bool)> {
    let cue = ev.cue;
    match &c.shape {
        Shape::Absolute {
            parsed,
            strong,
            bare,
        } => {
            if let Some(n) = bare {
                // A bare number: an item of the same law when a direction word
                // or `som under` says so (unless `lov` or `§` says it is a
                // law), else a law only with evidence.
                if (ev.direction && cue != Some(Cue::Law)) || cue == Some(Cue::AsUnder) {
                    let path = Path {
                        item: Some(*n),
                        ..Path::default()
                    };
                    return Some((Cite::Relative { path }, true));
                }
                if ev.quantities || !ev.names {
                    return None;
                }
            } else if !strong && !ev.names {
                return None;
            }
            let cite = match parsed {
                Ok(id) => Cite::Absolute { id: id.clone() },
                Err((written, reason)) => Cite::Impossible {
                    written: written.clone(),
                    reason: reason.clone(),
                },
            };
            Some((cite, false))
        }
        Shape::Relative { path, form } => {
            let ok = ev.direction
                || match form {
                    RelForm::LetterItem => cue.is_some() || ev.names,
                    RelForm::Letter => {
                        matches!(cue, Some(Cue::See | Cue::SameLaw))
                            || (ev.applies && path.section != Some('I'))
                    }
                    RelForm::ItemSub => matches!(cue, Some(Cue::See | Cue::AsUnder)),
                    RelForm::Sub => matches!(cue, Some(Cue::See | Cue::SameLaw)),
                };
            ok.then(|| (Cite::Relative { path: path.clone() }, true))
        }
        Shape::Letter(_) | Shape::Roman(_) | Shape::Quantity => None,
    }
}

/// The accepted members of one group as cites, with their kind: a lone
/// complete cite is `Full`, several are a `List`.
fn emit(text: &str, accepted: Vec<Accepted>, out: &mut Vec<CiteMatch>) {
    let several = accepted.len() > 1;
    for (span, cite, relative) in accepted {
        let kind = match (&cite, relative) {
            (_, true) => CiteKind::Relative,
            (Cite::Range { .. }, _) => CiteKind::Range,
            _ if several => CiteKind::List,
            _ => CiteKind::Full,
        };
        out.push(CiteMatch {
            span,
            kind,
            cite,
            text: text
                .get(span.start..span.end)
                .unwrap_or_default()
                .to_string(),
            surround: context::surround(text, span),
        });
    }
}
