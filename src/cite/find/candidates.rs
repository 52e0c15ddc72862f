//! Stage 2 of [`find`](super::find), the candidates: each token read as a
//! possible cite, with its cue, its levels, its shape and what blocks it.
//!
//! A token is read in three steps, in this order: the cue before it
//! ([`context`]) gives the latitude its levels may be written with, the
//! levels are read with that latitude ([`levels`]), and what stands around
//! the whole of it may block it ([`context`]). The tokens are read in one
//! forward pass, because a token's reading depends on the candidate before
//! it: a list member takes its first member's latitude (`lov 16b1a og
//! 16b1b`), what lies inside a candidate's levels is part of it (`40 B 3 b`),
//! and a lone letter is kept only after a stem it can share (`12C1b, c og
//! e`).

use std::sync::LazyLock;

use regex::Regex;

use super::context::{self, Block, Cue};
use super::joins;
use super::tokens::{Token, TokenKind, XCase};
use crate::cite::levels::{self, Leniency, Levels};
use crate::cite::Span;
use crate::corpus::id::from_roman;
use crate::corpus::{Path, ProvisionId, Root};

/// What is being read: running text, or a query that should be nothing but
/// citations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Text,
    Query,
}

/// One token read as a possible cite.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    /// What would be linked: the number with its levels (`40 B 3 b`), the
    /// relative levels (`C2`), the letter.
    pub span: Span,
    pub shape: Shape,
    /// The cue just before this candidate (for the first member of a group).
    pub cue: Option<Cue>,
    /// The cue this candidate was read with: its own, or the one its list
    /// lent it, which it lends on to the next member (`64 A, 64 B and 64 C`).
    pub lent: Option<Cue>,
    pub block: Option<Block>,
}

/// The shape of a candidate.
#[derive(Clone, Debug)]
pub(super) enum Shape {
    /// Starts with a number (or `X`, `L`): absolute.
    Absolute {
        /// The cite, or what was written and why it cannot exist.
        parsed: Parsed,
        /// Number plus section letter, `X` or `L`: a cite without any cue.
        strong: bool,
        /// A bare number (no letter, no `X`, no `L`): may be a quantity, or
        /// a relative item when a direction word follows.
        bare: Option<u16>,
    },
    /// Starts below the root: `C2`, `C`, `2c`, `d`.
    Relative { path: Path, form: RelForm },
    /// A lone lower-case letter after a cite with a sub-item: a sibling of
    /// it (`c` and `e` in `12C1b, c og e`).
    Letter(char),
    /// A roman numeral after a cite with one: a sibling of it (`ii` in
    /// `73C1 (i) and (ii)`).
    Roman(u16),
    /// A number no cite can have (`2017`, `07`, `0`, `12C0`); always blocked.
    Quantity,
}

/// What an absolute candidate reads: the cite, or what was written and why
/// no provision can have it.
pub(super) type Parsed = Result<ProvisionId, (ProvisionId, String)>;

/// How a relative candidate starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RelForm {
    /// `C`: a bare section letter (also a word in both languages).
    Letter,
    /// `C2`, `C1d`: section with an item.
    LetterItem,
    /// `2c`: item with sub-item.
    ItemSub,
    /// `d)`: a sub-item label.
    Sub,
}

/// The most roots one range may span.
const MAX_RANGE: u16 = 50;

impl Candidate {
    /// The cite an absolute candidate reads, if it reads a possible one.
    pub(super) fn id(&self) -> Option<&ProvisionId> {
        match &self.shape {
            Shape::Absolute { parsed: Ok(id), .. } => Some(id),
            _ => None,
        }
    }

    /// True when this candidate and `last` may be the two ends of a range
    /// (see [`Candidate::range_end`]).
    pub(super) fn ranges_to(&self, last: &Candidate) -> bool {
        self.range_end(last).is_some()
    }

    /// The last provision of a range from this candidate to `last`, when the
    /// two may be its ends: two bare roots of the same kind, ascending and
    /// not too far apart (`16–18`); or siblings that differ in their deepest
    /// level, the end written in full (`54A-54D`, `12C1 through 12C3`) or
    /// as that level alone (`54A-D`, `20F4-5`, `16C2a-d`).
    pub(super) fn range_end(&self, last: &Candidate) -> Option<ProvisionId> {
        let Some(ProvisionId::Numbered { root, path }) = self.id() else {
            return None;
        };
        if path.depth() == 0 {
            let Some(ProvisionId::Numbered { root: end, path: p }) = last.id() else {
                return None;
            };
            let ok = match (root, end) {
                (Root::Law(x), Root::Law(y))
                | (Root::Section(x), Root::Section(y))
                | (Root::Extension(x), Root::Extension(y)) => x < y && y - x <= MAX_RANGE,
                _ => false,
            };
            return (ok && p.depth() == 0).then(|| last.id().cloned()).flatten();
        }
        let end = match &last.shape {
            Shape::Absolute {
                parsed: Ok(id),
                bare: None,
                ..
            } => id.clone(),
            Shape::Absolute { bare: Some(n), .. } => with_deepest(*root, path, Level::Item(*n))?,
            Shape::Letter(l) => with_deepest(*root, path, Level::Letter(*l))?,
            Shape::Roman(r) => with_deepest(*root, path, Level::Roman(*r))?,
            Shape::Relative {
                path: p,
                form: RelForm::Letter,
            } => with_deepest(*root, path, Level::Letter(p.section?))?,
            _ => return None,
        };
        siblings_ascending(self.id()?, &end).then_some(end)
    }

    /// The cue this candidate lends the token at `next` as the next member
    /// of its list or range: its own, when it is an unblocked absolute cite.
    fn lends_cue(&self, text: &str, next: usize) -> Option<Cue> {
        let gap = text.get(self.span.end..next).unwrap_or_default();
        let absolute = matches!(self.shape, Shape::Absolute { .. });
        (joins::is_member(gap) && self.block.is_none() && absolute)
            .then_some(self.lent)
            .flatten()
    }

    /// True when a lone letter at `next` is the next member of a list whose
    /// member this candidate is, with a stem to share: a cite with a
    /// sub-item (`12C1b, c`), a section written in lower case (`L81b/c`), or
    /// another such letter.
    fn is_stem_for(&self, text: &str, next: usize) -> bool {
        let gap = text.get(self.span.end..next).unwrap_or_default();
        let stem = match &self.shape {
            Shape::Absolute {
                parsed: Ok(ProvisionId::Numbered { path, .. }),
                ..
            } => {
                let lower_section = path.section.is_some()
                    && path.item.is_none()
                    && text
                        .get(..self.span.end)
                        .and_then(|t| t.chars().next_back())
                        .is_some_and(|c| c.is_ascii_lowercase());
                (path.sub.is_some() || lower_section) && path.roman.is_none()
            }
            Shape::Letter(_) => true,
            _ => false,
        };
        stem && self.block.is_none() && joins::is_member(gap)
    }

    /// True when a roman numeral at `next` is the next member of a list
    /// whose member this candidate is, with a numeral to share its stem: a
    /// cite down to a roman numeral (`73C1 (i) and (ii)`), or another such
    /// numeral.
    fn is_roman_stem_for(&self, text: &str, next: usize) -> bool {
        let gap = text.get(self.span.end..next).unwrap_or_default();
        let stem = match &self.shape {
            Shape::Absolute {
                parsed: Ok(ProvisionId::Numbered { path, .. }),
                ..
            } => path.roman.is_some(),
            Shape::Roman(_) => true,
            _ => false,
        };
        stem && self.block.is_none() && joins::is_member(gap)
    }
}

/// Every token of `tokens` read as a candidate, in order; tokens inside an
/// earlier candidate and stray letters are left out.
pub(super) fn read(text: &str, tokens: &[Token], mode: Mode) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for token in tokens {
        let prev = out.last();
        // A number reads past its token (`40 B 3 b`); what the scan found
        // inside it is part of it.
        if prev.is_some_and(|p| token.span.start < p.span.end) {
            continue;
        }
        let inherited = prev.and_then(|p| p.lends_cue(text, token.span.start));
        let Some(mut c) = candidate(text, token, mode, inherited) else {
            continue;
        };
        // A bare number in parentheses after a list word (`12C1(a)(2) og
        // (3)`) is a level written alone, not a law the list's cue names.
        let in_paren = text.get(..c.span.start).is_some_and(|t| t.ends_with('('));
        if in_paren
            && inherited.is_some()
            && matches!(c.shape, Shape::Absolute { bare: Some(_), .. })
        {
            c.block.get_or_insert(Block::NotACite);
        }
        if matches!(c.shape, Shape::Letter(_))
            && !prev.is_some_and(|p| p.is_stem_for(text, c.span.start))
        {
            continue;
        }
        if matches!(c.shape, Shape::Roman(_))
            && !prev.is_some_and(|p| p.is_roman_stem_for(text, c.span.start))
        {
            continue;
        }
        out.push(c);
    }
    out
}

/// One token read, with the cue its list lends it (`inherited`).
fn candidate(text: &str, t: &Token, mode: Mode, inherited: Option<Cue>) -> Option<Candidate> {
    match t.kind {
        TokenKind::Number { glued, x, root } => {
            let number = Number {
                span: t.span,
                glued,
                x,
                root,
            };
            absolute(text, &number, mode, inherited)
        }
        TokenKind::Letter(letter) => Some(Candidate {
            span: t.span,
            shape: Shape::Letter(letter),
            cue: None,
            lent: None,
            block: None,
        }),
        TokenKind::Roman(value) => Some(Candidate {
            span: t.span,
            shape: Shape::Roman(value),
            cue: None,
            lent: None,
            block: None,
        }),
        TokenKind::Section => {
            let form = if t.span.end - t.span.start == 1 {
                RelForm::Letter
            } else {
                RelForm::LetterItem
            };
            relative(text, t.span, form)
        }
        TokenKind::SubLabel => relative(text, t.span, RelForm::Sub),
    }
}

/// A relative candidate at `span`: `C2`, `C`, `2c`, `d`.
fn relative(text: &str, span: Span, form: RelForm) -> Option<Candidate> {
    let path = relative_path(text.get(span.start..span.end)?)?;
    let label_form = matches!(form, RelForm::Sub | RelForm::ItemSub);
    Some(Candidate {
        span,
        shape: Shape::Relative { path, form },
        cue: context::left_cue(text, span.start),
        lent: None,
        block: context::relative_block(text, span, label_form),
    })
}

/// The deepest level of a range's end written alone: `D` in `54A-D`, `5`
/// in `20F4-5`, `d` in `16C2a-d`.
pub(super) enum Level {
    Letter(char),
    Item(u16),
    Roman(u16),
}

/// `root` and `path` with the deepest level replaced by `level`, when it is
/// a level of the same kind.
pub(super) fn with_deepest(root: Root, path: &Path, level: Level) -> Option<ProvisionId> {
    let mut path = path.clone();
    match level {
        Level::Roman(r) if path.roman.is_some() => path.roman = Some(r),
        _ if path.roman.is_some() => return None,
        Level::Letter(c) if path.sub.is_some() && c.is_ascii_lowercase() => path.sub = Some(c),
        Level::Item(n) if path.sub.is_none() && path.item.is_some() => path.item = Some(n),
        Level::Letter(c) if path.item.is_none() && c.is_ascii_uppercase() => path.section = Some(c),
        _ => return None,
    }
    Some(ProvisionId::Numbered { root, path })
}

/// The most items or letters one range below a root may span.
const MAX_LEVEL_RANGE: u32 = 20;

/// True when `first` and `last` are siblings (same root, same parent) that
/// differ in their deepest level, a letter or an item, `last` after `first`.
fn siblings_ascending(first: &ProvisionId, last: &ProvisionId) -> bool {
    let (ProvisionId::Numbered { root: a, path: pa }, ProvisionId::Numbered { root: b, path: pb }) =
        (first, last)
    else {
        return false;
    };
    if a != b || pa.depth() != pb.depth() || pa.parent() != pb.parent() {
        return false;
    }
    let step = |x: u32, y: u32| x < y && y - x <= MAX_LEVEL_RANGE;
    match pa.depth() {
        1 => step(
            pa.section.map_or(0, u32::from),
            pb.section.map_or(0, u32::from),
        ),
        2 => step(pa.item.map_or(0, u32::from), pb.item.map_or(0, u32::from)),
        3 => step(pa.sub.map_or(0, u32::from), pb.sub.map_or(0, u32::from)),
        4 => step(pa.roman.map_or(0, u32::from), pb.roman.map_or(0, u32::from)),
        _ => false,
    }
}

/// The levels of a relative candidate: `C2` → {C, 2}, `2c` → {2, c}, `d` → {d}.
fn relative_path(s: &str) -> Option<Path> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut path = Path::default();
    if i < b.len() && b[i].is_ascii_uppercase() {
        path.section = Some(b[i] as char);
        i += 1;
    }
    let digits = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i > digits {
        path.item = Some(s.get(digits..i)?.parse().ok()?);
    }
    if i < b.len() && b[i].is_ascii_lowercase() {
        path.sub = Some(b[i] as char);
        i += 1;
    }
    if i < b.len() && b[i] == b'(' {
        let inner = s.get(i + 1..s.len().checked_sub(1)?)?;
        match from_roman(inner) {
            Some(r) => path.roman = Some(r),
            // `C1(d)`: a sub-item in the English style.
            None if path.sub.is_none() && inner.len() == 1 => path.sub = inner.chars().next(),
            None => return None,
        }
    }
    (path.depth() > 0).then_some(path)
}

/// A number token's parts.
struct Number {
    span: Span,
    glued: bool,
    x: Option<XCase>,
    root: Span,
}

/// `.A.2`: a section letter and an item joined by dots after a root.
static DOTTED_ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\.[A-Z]\.[0-9]").expect("static regex"));

/// How loosely the levels after a root at `root_end` may be written, with
/// `cue` before it (its own or its list's).
fn latitude(text: &str, root_end: usize, cue: Option<Cue>, mode: Mode) -> Leniency {
    match (mode, cue) {
        (Mode::Query, _) => Leniency::Query,
        (_, Some(Cue::Law | Cue::TeamOrLaw)) => Leniency::LawCued,
        (_, Some(Cue::See | Cue::Text)) => Leniency::Cued,
        // `25.A.2.`: a dotted cite down to an item needs no cue; the dots
        // are the evidence (a decimal has one dot, a date no letter).
        _ if DOTTED_ITEM.is_match(text.get(root_end..).unwrap_or_default()) => Leniency::Cued,
        _ => Leniency::Bare,
    }
}

/// An absolute candidate: `16C2`, `X78B4`, `L16B1a`, `86 B`, `lov 7c1`,
/// `12`, `99`; or a quantity, or the relative `2c` the laws write.
fn absolute(text: &str, t: &Number, mode: Mode, inherited: Option<Cue>) -> Option<Candidate> {
    let start = t.span.start;
    let cue = context::number_cue(text, start, t.root.end, t.glued);
    let quantity = Candidate {
        span: t.span,
        shape: Shape::Quantity,
        cue,
        lent: cue.or(inherited),
        block: Some(Block::Number),
    };
    let digits = text.get(t.root.start..t.root.end).unwrap_or_default();
    // Four digits and more are years and amounts; a leading zero or a lone
    // zero is a score or a time (`0-0`, `07`).
    let Ok(n) = digits.parse::<u16>() else {
        return Some(quantity);
    };
    if digits.len() > 3 || digits.starts_with('0') {
        return Some(quantity);
    }
    let lenient = latitude(text, t.root.end, cue.or(inherited), mode);
    // A lower-case `x` is an extension only where a cite is expected.
    if t.x == Some(XCase::Lower) && lenient == Leniency::Bare {
        return Some(quantity);
    }
    let mut levels = levels::scan(text, t.root.end, lenient);
    // A call sequence (`1C2D`) is never a cite with a slipped capital.
    let bid_level = n <= 7;
    if levels.glued_tail
        && lenient == Leniency::Bare
        && !bid_level
        && context::law_named_before(text, start)
    {
        capital_sub(text, &mut levels);
    }
    if levels.glued_tail {
        // `2c)`: a relative item and sub-item, as the laws write them.
        return if item_and_sub(text, t, digits) {
            let span = Span {
                start: t.root.start,
                end: t.root.end + 1,
            };
            relative(text, span, RelForm::ItemSub)
        } else {
            Some(quantity)
        };
    }
    let extension = t.x.is_some();
    let below = levels.path.to_string();
    let Some((parsed, valid_root)) = read_id(n, extension, &levels, &below) else {
        return Some(quantity);
    };
    let end = levels.end.max(t.root.end);
    let strong = valid_root && (extension || t.glued || !below.is_empty());
    let bare = (below.is_empty() && !extension && !t.glued).then_some(n);
    let cued = cue.or(inherited).is_some();
    Some(Candidate {
        span: Span { start, end },
        shape: Shape::Absolute {
            parsed,
            strong,
            bare,
        },
        cue,
        lent: cue.or(inherited),
        block: context::number_block(text, start, end, bare.is_some(), cued),
    })
}

/// Reads a capital letter glued on after an item as its sub-item (`27B1A`
/// is 27B1a), where a law is named earlier in the sentence: a common slip
/// of the keyboard, which a cue allows anyway (`Law 27B1A`).
fn capital_sub(text: &str, levels: &mut Levels) {
    let b = text.as_bytes();
    let at = levels.end;
    let capital = b.get(at).copied().filter(u8::is_ascii_uppercase);
    let ends_word = !text
        .get(at + 1..)
        .and_then(|r| r.chars().next())
        .is_some_and(char::is_alphanumeric);
    if let (Some(c), true, true, None) = (
        capital,
        ends_word,
        levels.path.item.is_some(),
        levels.path.sub,
    ) {
        levels.path.sub = Some(c.to_ascii_lowercase() as char);
        levels.end = at + 1;
        levels.glued_tail = false;
    }
}

/// True when the word-like text glued on after a number is the laws'
/// sub-item letter of a relative item: `2c)`, not `12kort` or `3NT`.
fn item_and_sub(text: &str, t: &Number, digits: &str) -> bool {
    let b = text.as_bytes();
    let sub = b.get(t.root.end).copied();
    let after_sub = b.get(t.root.end + 1).copied();
    t.x.is_none()
        && !t.glued
        && digits.len() <= 2
        && sub.is_some_and(|s| s.is_ascii_lowercase())
        && !after_sub.is_some_and(|a| a.is_ascii_alphanumeric() || a >= 0x80)
}

/// What root `n` (an extension's when `extension`) and its levels read: the
/// cite, or what was written and why no provision can have it, with whether
/// the root is one a provision can have. `None` for a valid root with
/// malformed levels (`12C0`), which is no cite.
fn read_id(n: u16, extension: bool, levels: &Levels, below: &str) -> Option<(Parsed, bool)> {
    let prefix = if extension { "X" } else { "" };
    let valid_root = if extension {
        (1..=93).contains(&n)
    } else {
        Root::from_number(n).is_some()
    };
    match format!("{prefix}{n}{below}").parse::<ProvisionId>() {
        Ok(id) => Some((Ok(id), valid_root)),
        Err(_) if !valid_root => {
            let (root, reason) = if extension {
                (
                    Root::Extension(n),
                    format!("no extension X{n}: the handbook's extensions follow laws 1-93"),
                )
            } else {
                let root = if n <= 200 {
                    Root::Law(n)
                } else {
                    Root::Section(n)
                };
                let reason = format!(
                    "no law or section {n}: laws are numbered 1-93, handbook sections 201-299"
                );
                (root, reason)
            };
            let written = ProvisionId::Numbered {
                root,
                path: levels.path.clone(),
            };
            Some((Err((written, reason)), valid_root))
        }
        Err(_) => None,
    }
}
