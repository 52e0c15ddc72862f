//! The tokens of [`find`](super::find): one scan of [`ATOM`] over the text,
//! each candidate read with its cue, its shape (absolute, relative, a lone
//! letter, a quantity) and what blocks it.
//!
//! Apart from the pipeline so that how a cite may be written (its root, its
//! levels, the latitude its cue gives) is read in one place, and the grouping
//! into lists and ranges sees only finished tokens.

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::context::{
    absolute_block, after, before, is_bid, left_cue, line_start, other_statute_paragraphs,
    sign_heading,
};
use super::{is_range, Block, Cue, Mode, RelForm, Shape, Token, DASH, LIST_SEPARATOR, RANGE};
use crate::cite::levels::{self, Leniency};
use crate::cite::Span;
use crate::corpus::id::from_roman;
use crate::corpus::{Path, ProvisionId, Root};

/// Every token that may be a cite. One scan of the input; the rules below
/// decide which tokens are cites. An absolute token is matched up to its
/// root number only: the levels below it are read by [`levels::scan`],
/// whose latitude depends on the cue. The regex crate has no look-around,
/// so the other tokens end by consuming one non-word character (or the end);
/// spans come from the groups, never from the match.
static ATOM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?-u:\b)                        # ASCII boundary: keeps the scan on the fast DFA
        (?:
            # An absolute cite: law 1-93, handbook section 201-299 or extension X6-X93.
            (?P<abs>
                (?P<glued>L|(?i:lov|law))?  # `L16B1a`, `lov40b3b`: the law sign, glued on
                (?P<x>[Xx])?                # a handbook extension of a law
                (?P<root>[0-9]+)            # length and range are checked after the match
            )
          | # Relative, from the section down: `C`, `C2`, `C1d`, `B4`.
            (?P<rel_sec> [A-Z] (?: [0-9]{1,2} [a-z]? (?:\([a-z]{1,5}\))? )? ) (?: [^\w] | $ )
          | # A relative sub-item, known by the book's label parenthesis: `d)`.
            (?P<rel_sub> [a-z] ) \)
          | # A lone lower-case letter: a member of a list with a shared stem
            # (`12C1b, c og e`); kept only right after such a stem.
            (?P<letter> [a-z] ) (?: [^\w] | $ )
        )
        ",
    )
    .expect("static regex")
});

/// Every candidate token, with its cue and blocks.
pub(super) fn tokens(text: &str, mode: Mode) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    for c in ATOM.captures_iter(text) {
        // A member of a list is read with its first member's latitude:
        // `lov 16b1a og 16b1b`.
        let inherited = tokens.last().and_then(|p| {
            let start = c.get(0).map_or(p.span.end, |m| m.start());
            let gap = text.get(p.span.end..start).unwrap_or_default();
            let member = LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap);
            (member && p.block.is_none() && matches!(p.shape, Shape::Absolute { .. }))
                .then_some(p.cue)
                .flatten()
        });
        let Some(t) = token(text, &c, mode, inherited) else {
            continue;
        };
        // An absolute token reads past its regex match (`40 B 3 b`); what
        // the scan finds inside it is part of it.
        if tokens.last().is_some_and(|p| t.span.start < p.span.end) {
            continue;
        }
        // A lone letter is kept only as the next member of a list whose
        // previous member is a cite with a sub-item, or another such letter.
        if let Shape::Letter(_) = t.shape {
            let after_stem = tokens.last().is_some_and(|p| {
                let gap = text.get(p.span.end..t.span.start).unwrap_or_default();
                let stem = match &p.shape {
                    Shape::Absolute {
                        parsed: Ok(ProvisionId::Numbered { path, .. }),
                        ..
                    } => {
                        let lower_section = path.section.is_some()
                            && path.item.is_none()
                            && text
                                .get(..p.span.end)
                                .and_then(|t| t.chars().next_back())
                                .is_some_and(|c| c.is_ascii_lowercase());
                        (path.sub.is_some() || lower_section) && path.roman.is_none()
                    }
                    Shape::Letter(_) => true,
                    _ => false,
                };
                stem && p.block.is_none() && (LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap))
            });
            if !after_stem {
                continue;
            }
        }
        tokens.push(t);
    }
    // Two numbers joined by a dash that are no range are a score or a span
    // of quantities (`2-0`, `se 1-1`, `18–16`), not cites.
    for i in 1..tokens.len() {
        let gap = text
            .get(tokens[i - 1].span.end..tokens[i].span.start)
            .unwrap_or_default();
        if gap.len() <= 8 && DASH.is_match(gap) && !is_range(&tokens[i - 1], &tokens[i]) {
            for t in &mut tokens[i - 1..=i] {
                if matches!(
                    t.shape,
                    Shape::Absolute { bare: Some(_), .. } | Shape::Quantity
                ) {
                    t.block.get_or_insert(Block::Number);
                }
            }
        }
    }
    other_statute_paragraphs(text, &mut tokens);
    tokens
}

fn token(text: &str, c: &Captures<'_>, mode: Mode, inherited: Option<Cue>) -> Option<Token> {
    if c.name("abs").is_some() {
        return absolute(text, c, mode, inherited);
    }
    if let Some(m) = c.name("letter") {
        return Some(Token {
            span: Span {
                start: m.start(),
                end: m.end(),
            },
            shape: Shape::Letter(m.as_str().chars().next()?),
            cue: None,
            block: None,
        });
    }
    let (m, form) = if let Some(m) = c.name("rel_sec") {
        let form = if m.len() == 1 {
            RelForm::Letter
        } else {
            RelForm::LetterItem
        };
        (m, form)
    } else {
        (c.name("rel_sub")?, RelForm::Sub)
    };
    relative(text, m.start(), m.end(), form)
}

/// A relative token at `start..end`: `C2`, `C`, `2c`, `d`.
fn relative(text: &str, start: usize, end: usize, form: RelForm) -> Option<Token> {
    let span = Span { start, end };
    let path = relative_path(text.get(start..end)?)?;
    let rest = after(text, span.end);
    let at_line_start = line_start(text, span.start);
    // Labels at a line start (`a) tekst`, `A. Tittel`), and compounds
    // (`A-rækken`, `A4-ark`).
    let label =
        at_line_start && (matches!(form, RelForm::Sub | RelForm::ItemSub) || rest.starts_with('.'));
    let block = if label || rest.starts_with('-') {
        Some(Block::Label)
    } else {
        None
    };
    Some(Token {
        span,
        shape: Shape::Relative { path, form },
        cue: left_cue(text, span.start),
        block,
    })
}

/// The levels of a relative token: `C2` → {C, 2}, `2c` → {2, c}, `d` → {d}.
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

/// How loosely a cite after `cue` may be written.
fn leniency(cue: Option<Cue>, mode: Mode) -> Leniency {
    match (mode, cue) {
        (Mode::Query, _) => Leniency::Query,
        (_, Some(Cue::Law | Cue::TeamOrLaw)) => Leniency::LawCued,
        (_, Some(Cue::See | Cue::Text)) => Leniency::Cued,
        _ => Leniency::Bare,
    }
}

/// An absolute token: `16C2`, `X78B4`, `L16B1a`, `86 B`, `lov 7c1`, `12`, `99`.
fn absolute(text: &str, c: &Captures<'_>, mode: Mode, inherited: Option<Cue>) -> Option<Token> {
    let abs = c.name("abs")?;
    let root = c.name("root")?;
    let start = abs.start();
    let glued = c.name("glued").is_some();
    let cue = if glued {
        Some(Cue::Law)
    } else {
        left_cue(text, start)
    };
    // The handbook's lost `§` (`( 90)`, `( 62 og 64)`, `( 86 B kan`) is a
    // cue only where its parenthesis is a cite's; `( 4 er ikke …)` is prose.
    let after_root = text.get(root.end()..).unwrap_or_default();
    let cue = cue.filter(|_| {
        !LOST_SIGN.is_match(before(text, start)) || LOST_SIGN_CITE.is_match(after_root)
    });
    let token = |end: usize, shape: Shape, block: Option<Block>| Token {
        span: Span { start, end },
        shape,
        cue,
        block,
    };
    let digits = root.as_str();
    // Four digits and more are years and amounts; a leading zero or a lone
    // zero is a score or a time (`0-0`, `07`).
    let Ok(n) = digits.parse::<u16>() else {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    };
    if digits.len() > 3 || digits.starts_with('0') {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let mut lenient = leniency(cue.or(inherited), mode);
    // `25.A.2.`: a dotted cite down to an item needs no cue; the dots are
    // the evidence (a decimal has one dot, a date no letter).
    if lenient == Leniency::Bare && DOTTED_ITEM.is_match(text.get(root.end()..).unwrap_or_default())
    {
        lenient = Leniency::Cued;
    }
    let x = c.name("x");
    // A lower-case `x` is an extension only where a cite is expected.
    if x.is_some_and(|m| m.as_str() == "x") && lenient == Leniency::Bare {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let extension = x.is_some();

    let levels = levels::scan(text, root.end(), lenient);
    if levels.glued_tail {
        // `2c)`: a relative item and sub-item, as the laws write them.
        let b = text.as_bytes();
        let sub = b.get(root.end()).copied();
        let after_sub = b.get(root.end() + 1).copied();
        if !extension
            && !glued
            && digits.len() <= 2
            && sub.is_some_and(|s| s.is_ascii_lowercase())
            && !after_sub.is_some_and(|a| a.is_ascii_alphanumeric() || a >= 0x80)
        {
            return relative(text, root.start(), root.end() + 1, RelForm::ItemSub);
        }
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let end = levels.end.max(root.end());
    let below = levels.path.to_string();
    let prefix = if extension { "X" } else { "" };
    let parsed = format!("{prefix}{n}{below}").parse::<ProvisionId>();
    let valid_root = if extension {
        (1..=93).contains(&n)
    } else {
        Root::from_number(n).is_some()
    };
    let parsed = match parsed {
        Ok(id) => Ok(id),
        Err(_) if !valid_root => {
            let written_root = if extension {
                Root::Extension(n)
            } else if n <= 200 {
                Root::Law(n)
            } else {
                Root::Section(n)
            };
            let reason = if extension {
                format!("no extension X{n}: the handbook's extensions follow laws 1-93")
            } else {
                format!("no law or section {n}: laws are numbered 1-93, handbook sections 201-299")
            };
            Err((
                ProvisionId::Numbered {
                    root: written_root,
                    path: levels.path.clone(),
                },
                reason,
            ))
        }
        // A valid root with malformed levels (`12C0`): no cite.
        Err(_) => return Some(token(abs.end(), Shape::Quantity, Some(Block::Number))),
    };
    let strong = valid_root && (extension || glued || !below.is_empty());
    let bare = (below.is_empty() && !extension && !glued).then_some(n);
    let mut block = absolute_block(text, start, end, bare.is_some());
    if block.is_none() && cue.or(inherited).is_none() && is_bid(text, start, end) {
        block = Some(Block::NotACite);
    }
    if block.is_none() && bare.is_some() && sign_heading(text, start, end) {
        block = Some(Block::Label);
    }
    let shape = Shape::Absolute {
        parsed,
        strong,
        bare,
    };
    Some(token(end, shape, block))
}

/// The lost `§`: an opening parenthesis and a space before the number.
static LOST_SIGN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(\x20+$").expect("static regex"));

/// What follows a number in the handbook's lost-`§` parenthesis: its close,
/// a list, a range, or levels (`( 90)`, `( 62 og 64)`, `( 12C1c)`, `( 86 B`).
static LOST_SIGN_CITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[A-Za-z(]|\s*\)|\s*,|\s+(?:og|eller|and|or)\b|\s*[-–]|\s+[A-Z]\b)")
        .expect("static regex")
});

/// `.A.2`: a section letter and an item joined by dots after a root.
static DOTTED_ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\.[A-Z]\.[0-9]").expect("static regex"));
