/*!
Cites → targets: relative cites against their context, ranges expanded,
and each target given a [`Status`] by a [`Lookup`].

The lookup is a trait so that tests need no corpus (eyecite passes its
resolvers in the same way); [`Corpus`] implements it. A cite is never
dropped and never guessed: what cannot be resolved stays, as
[`Status::Unresolved`] with a reason, for `lovbok check` and the link API.
*/

use super::{Cite, CiteMatch, EditionNote, EditionReading, Resolved, Status, Target};
use crate::corpus::{Corpus, Decision, Path, ProvisionId, Reading, Root};

/// What [`resolve`] needs to know about the books.
pub trait Lookup {
    /// The provision is in the tree (with or without its text).
    fn exists(&self, id: &ProvisionId) -> bool;
    /// The provision's text is in the corpus.
    fn in_corpus(&self, id: &ProvisionId) -> bool;
    /// The deepest existing provision on the way up from `id`, `id` included.
    fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId>;
    /// Cite texts the corpus declares as pointing outside both books, in
    /// the provision `context` ([`crate::corpus::Provision::externals`]).
    fn externals(&self, context: &ProvisionId) -> Vec<String>;
    /// The edition of the Laws whose numbering citations in `context` use,
    /// when it is older than the corpus's own (the handbook: 2007).
    fn laws_edition(&self, _context: &ProvisionId) -> Option<u16> {
        None
    }
    /// How `id`, numbered as in `edition`, reads in the corpus's edition.
    fn concordance(&self, _edition: u16, _id: &ProvisionId) -> Reading {
        Reading::Undecided
    }
}

impl Lookup for Corpus {
    fn exists(&self, id: &ProvisionId) -> bool {
        self.get(id).is_some()
    }

    fn in_corpus(&self, id: &ProvisionId) -> bool {
        self.get(id).is_some_and(|p| p.in_corpus)
    }

    fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId> {
        Corpus::nearest(self, id).map(|p| p.id.clone())
    }

    fn externals(&self, context: &ProvisionId) -> Vec<String> {
        self.get(context)
            .map(|p| p.externals.clone())
            .unwrap_or_default()
    }

    fn laws_edition(&self, context: &ProvisionId) -> Option<u16> {
        self.get(context).and_then(|p| p.laws_edition)
    }

    fn concordance(&self, edition: u16, id: &ProvisionId) -> Reading {
        Corpus::concordance(self, edition).map_or(Reading::Undecided, |c| c.read(id))
    }
}

/// Resolves each match to its targets; one [`Resolved`] per match, in order.
///
/// Relative cites hang from `context` (`C2` in `12A2` is `12C2`; `2c` in
/// `16D3` is `16D2c`). A target whose law or section has no text in the
/// corpus is [`Status::OutsideText`] with the nearest existing ancestor; a
/// target missing under a provision whose text *is* in the corpus cannot
/// exist and is [`Status::Unresolved`]. A cite inside a text that
/// `context` declares external is [`Status::External`].
pub fn resolve(
    matches: &[CiteMatch],
    context: Option<&ProvisionId>,
    lookup: &dyn Lookup,
) -> Vec<Resolved> {
    resolve_in_edition(matches, context, None, lookup)
}

/// [`resolve`], with the edition of the Laws the text numbers its cites in
/// given by the caller (`None`: as the context's file declares).
pub fn resolve_in_edition(
    matches: &[CiteMatch],
    context: Option<&ProvisionId>,
    edition: Option<u16>,
    lookup: &dyn Lookup,
) -> Vec<Resolved> {
    let declared = context.map(|c| lookup.externals(c)).unwrap_or_default();
    let edition = edition.or_else(|| context.and_then(|c| lookup.laws_edition(c)));
    // Without a context, a relative cite hangs from the last full cite
    // before it in the same text (`Law 12 … Part A` is 12A, `Law 9 A3 … A4`
    // is 9A4), as a reader takes it.
    let mut last: Option<ProvisionId> = None;
    let mut out = Vec::with_capacity(matches.len());
    for m in matches {
        let here = context.or(last.as_ref());
        out.push(resolve_one(m, here, lookup, &declared, edition));
        if let Cite::Absolute { id } = &m.cite {
            last = Some(id.clone());
        }
    }
    out
}

fn resolve_one(
    m: &CiteMatch,
    context: Option<&ProvisionId>,
    lookup: &dyn Lookup,
    declared: &[String],
    edition: Option<u16>,
) -> Resolved {
    let mut problem = None;
    let mut targets = Vec::new();
    let mut add = |id: ProvisionId| targets.push(target_of(id, edition, lookup));
    match &m.cite {
        Cite::Absolute { id } => add(id.clone()),
        Cite::Range { first, last } => expand(first, last).into_iter().for_each(&mut add),
        Cite::Relative { path } => match relative(path, context) {
            Ok(id) => add(id),
            Err(reason) => problem = Some(reason),
        },
        Cite::Impossible { written, reason } => targets.push(Target {
            id: written.clone(),
            status: Status::Unresolved {
                reason: reason.clone(),
            },
            edition: None,
        }),
    }
    if is_external(m, declared) {
        for t in &mut targets {
            t.status = Status::External;
            t.edition = None;
        }
    }
    Resolved {
        span: m.span,
        text: m.text.clone(),
        kind: m.kind,
        targets,
        problem,
    }
}

/// The target a cite of `id` names, when the text that cites it numbers the
/// Laws as in `edition` (`None`: the corpus's own edition). A law cite of an
/// older edition goes through the concordance: mapped (`16C` lands on
/// `16D`), unchanged, without counterpart (not linked), or undecided
/// (linked as if unchanged, and marked for `lovbok check`).
pub fn target_of(id: ProvisionId, edition: Option<u16>, lookup: &dyn Lookup) -> Target {
    let older = edition.filter(|_| matches!(id.numbered_root(), Some(Root::Law(_))));
    let Some(edition) = older else {
        let status = status_of(&id, lookup);
        return Target {
            id,
            status,
            edition: None,
        };
    };
    let note = |reading| {
        Some(EditionNote {
            edition,
            cite: id.clone(),
            reading,
        })
    };
    match lookup.concordance(edition, &id) {
        Reading::Decided { entry, current } => match (entry.decision, current) {
            (Decision::MapsTo { .. }, Some(to)) => Target {
                status: status_of(&to, lookup),
                edition: note(EditionReading::Mapped {
                    source: entry.source,
                }),
                id: to,
            },
            (Decision::NoCounterpart { reason }, _) => Target {
                status: Status::NoCounterpart { edition, reason },
                edition: note(EditionReading::NoCounterpart {
                    source: entry.source,
                }),
                id: id.clone(),
            },
            (_, _) => Target {
                status: status_of(&id, lookup),
                edition: note(EditionReading::Unchanged {
                    source: entry.source,
                }),
                id: id.clone(),
            },
        },
        Reading::Undecided => Target {
            status: status_of(&id, lookup),
            edition: note(EditionReading::Undecided),
            id: id.clone(),
        },
    }
}

/// Where a target stands, by the lookup: the one place the resolution rules
/// live (a cite found in text and a cite typed into `/api/resolve` get the
/// same answer).
pub fn status_of(id: &ProvisionId, lookup: &dyn Lookup) -> Status {
    if lookup.exists(id) {
        return if lookup.in_corpus(id) {
            Status::InCorpus
        } else {
            Status::OutsideText {
                nearest: Some(id.clone()),
            }
        };
    }
    match lookup.nearest(id) {
        // The corpus holds the ancestor's text, and it has no such child.
        Some(n) if lookup.in_corpus(&n) => Status::Unresolved {
            reason: format!(
                "{n} has no {} (its text is in the corpus)",
                missing_level(id, &n)
            ),
        },
        Some(n) => Status::OutsideText { nearest: Some(n) },
        None => Status::Unresolved {
            reason: match id.numbered_root() {
                Some(root) => format!("there is no {}", describe_root(root)),
                None => format!("{id} is not in the corpus"),
            },
        },
    }
}

/// `law 99`, `handbook section 209`, `handbook extension X50`.
fn describe_root(root: Root) -> String {
    match root {
        Root::Law(n) => format!("law {n}"),
        Root::Section(n) => format!("handbook section {n}"),
        Root::Extension(n) => format!("handbook extension X{n}"),
    }
}

/// The first level of `id` below `nearest`: `section Z`, `sub-item a`.
fn missing_level(id: &ProvisionId, nearest: &ProvisionId) -> String {
    let (ProvisionId::Numbered { path, .. }, ProvisionId::Numbered { path: have, .. }) =
        (id, nearest)
    else {
        return id.to_string();
    };
    let levels = [
        path.section.map(|c| format!("section {c}")),
        path.item.map(|n| format!("item {n}")),
        path.sub.map(|c| format!("sub-item {c}")),
        path.roman
            .map(|n| format!("sub-item ({})", crate::corpus::id::to_roman(n))),
    ];
    levels
        .into_iter()
        .skip(have.depth())
        .flatten()
        .next()
        .unwrap_or_else(|| id.to_string())
}

/// Every provision from `first` to `last`, both included: roots of one
/// kind (`16–18`), or siblings that differ in their deepest level, a
/// section letter, item or sub-item letter (`54A-D`, `20F4-5`, `16C2a-d`).
/// Anything else names just its two ends.
fn expand(first: &ProvisionId, last: &ProvisionId) -> Vec<ProvisionId> {
    let ends = || vec![first.clone(), last.clone()];
    let (ProvisionId::Numbered { root: a, path: pa }, ProvisionId::Numbered { root: b, path: pb }) =
        (first, last)
    else {
        return ends();
    };
    if pa.depth() == 0 && pb.depth() == 0 {
        let make = |n: u16| -> Root {
            match a {
                Root::Law(_) => Root::Law(n),
                Root::Section(_) => Root::Section(n),
                Root::Extension(_) => Root::Extension(n),
            }
        };
        return match (a, b) {
            (Root::Law(x), Root::Law(y))
            | (Root::Section(x), Root::Section(y))
            | (Root::Extension(x), Root::Extension(y))
                if x <= y =>
            {
                (*x..=*y).map(|n| ProvisionId::root(make(n))).collect()
            }
            _ => ends(),
        };
    }
    let same_parent = a == b && pa.parent() == pb.parent() && pa.depth() == pb.depth();
    if !same_parent || pa.roman.is_some() {
        return ends();
    }
    let with = |set: &dyn Fn(&mut Path)| {
        let mut path = pa.clone();
        set(&mut path);
        ProvisionId::Numbered { root: *a, path }
    };
    match (pa.depth(), pa, pb) {
        (3, Path { sub: Some(x), .. }, Path { sub: Some(y), .. }) if x <= y => {
            (*x..=*y).map(|c| with(&|p| p.sub = Some(c))).collect()
        }
        (2, Path { item: Some(x), .. }, Path { item: Some(y), .. }) if x <= y => {
            (*x..=*y).map(|n| with(&|p| p.item = Some(n))).collect()
        }
        (
            1,
            Path {
                section: Some(x), ..
            },
            Path {
                section: Some(y), ..
            },
        ) if x <= y => (*x..=*y).map(|c| with(&|p| p.section = Some(c))).collect(),
        _ => ends(),
    }
}

/// Hangs a relative path from the context: the context's levels above the
/// path's first level, then the path (`2c` in `16D3` is `16D2c`).
fn relative(rel: &Path, context: Option<&ProvisionId>) -> Result<ProvisionId, String> {
    let Some(ProvisionId::Numbered { root, path: here }) = context else {
        return Err(match context {
            None => format!("relative cite {rel} has no context provision"),
            Some(c) => format!("relative cite {rel} needs a numbered context, not {c}"),
        });
    };
    let first = [
        rel.section.is_some(),
        rel.item.is_some(),
        rel.sub.is_some(),
        rel.roman.is_some(),
    ]
    .iter()
    .position(|b| *b)
    .unwrap_or(0);
    let path = Path {
        section: if first > 0 { here.section } else { rel.section },
        item: if first > 1 { here.item } else { rel.item },
        sub: if first > 2 { here.sub } else { rel.sub },
        roman: rel.roman,
    };
    let needs = [
        (first > 0 && here.section.is_none(), "a lettered section"),
        (first > 1 && here.item.is_none(), "a numbered item"),
        (first > 2 && here.sub.is_none(), "a lettered sub-item"),
    ];
    if let Some((_, what)) = needs.iter().find(|(missing, _)| *missing) {
        let ctx = ProvisionId::Numbered {
            root: *root,
            path: here.clone(),
        };
        return Err(format!(
            "relative cite {rel} needs {what} in its context {ctx}"
        ));
    }
    Ok(ProvisionId::Numbered { root: *root, path })
}

/// True when the cite's text is declared external, or the cite lies inside
/// an occurrence of a declared text.
fn is_external(m: &CiteMatch, declared: &[String]) -> bool {
    let s = &m.surround;
    declared
        .iter()
        .map(|d| d.trim())
        .filter(|d| !d.is_empty())
        .any(|d| {
            d == m.text
                || s.text
                    .match_indices(d)
                    .any(|(at, _)| at <= s.cite.start && s.cite.end <= at + d.len())
        })
}
