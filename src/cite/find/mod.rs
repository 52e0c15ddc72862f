/*!
Text → cites: where the books name a provision, and what they wrote.

Both books cite tersely (`se 16C2`, `(§ 13 eller 14)`, `anvender 13 (...)`,
`se C2 nedenfor`) in text full of numbers that are not cites (`13 kort`,
`30 minutter`, `3. etasje`). So a number is read as a cite only with
evidence: a cue word before it, a cite shape, a direction word after it, or
membership in a list that has one of these. Every rule works on bounded
windows around one scan of `ATOM` (in [`tokens`]), so `find` is linear in
its input.

This file is the pipeline: [`tokens`] reads every candidate with its cue
and shape, [`context`] judges what stands around it, and here the tokens
are grouped into lists and ranges and each group decides which of its
members are cites.
*/

mod context;
mod tokens;

use std::sync::LazyLock;

use regex::Regex;

use super::words::*;
use super::{Cite, CiteKind, CiteMatch, Span};
use crate::corpus::{Path, ProvisionId, Root};

/// A regex alternation of `words`, longest first; a word that ends in a
/// letter must end a word (`se` does not match `sesjon`).
fn alternation(words: &[&str]) -> String {
    let mut sorted: Vec<&str> = words.to_vec();
    sorted.sort_by_key(|w| std::cmp::Reverse(w.len()));
    sorted
        .iter()
        .map(|w| {
            let mut re = regex::escape(w).replace(' ', r"\s+");
            if w.chars().last().is_some_and(char::is_alphanumeric) {
                re.push_str(r"\b");
            }
            re
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A regex alternation of word stems, for extended-mode patterns (a space
/// in a stem matches any run of white space).
fn stems(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| regex::escape(w).replace(' ', r"\s+"))
        .collect::<Vec<_>>()
        .join("|")
}

// # Regexes

/// A direction word just after a cite (or its label parenthesis) makes it
/// relative: `C2 nedenfor`, `2d) over.`, `B4 under)`.
static DIRECTION: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \)? \s+
        (?:
            (?i:{long})                             # ovenfor, nedenstående ...
          | (?i:{short}) \s* (?: [.,;:!?)\]] | $ )  # over/under, only before punctuation
        )",
        long = alternation(DIRECTIONS),
        short = alternation(SHORT_DIRECTIONS),
    );
    Regex::new(&re).expect("static regex")
});

/// A phrase after a bare number that makes it a law: `16 kan bli brukt`.
static APPLIES: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"^\s+(?i:{})", alternation(APPLIES_AFTER));
    Regex::new(&re).expect("static regex")
});

/// What may stand between two members of one list: a comma or a
/// conjunction ([`LIST_WORDS`]), after an optional label parenthesis (`2c)
/// eller 2d)`) and an optional gloss in parentheses (`13 (forkert antal
/// kort), 14 (manglende kort)`).
static LIST_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \)?                                   # the label parenthesis of `2c)`
        (?: \s* \( [^()\n]{{1,80}} \) )?        # a gloss: `(manglende kort)`
        (?:
            \s* , \s* (?: (?i:{list}) \s+ )?    # `61, 62`, `61, og 62`
          | \s+ (?i:{list}) \s+                 # `19A og 77`, `13 eller 14`
          | \s* / \s*                          # `81b/c`, `16B/C`
          | \s* \+ \s*                         # `29A+B`
        )
        (?: §§? \s* )?                         # the sign repeated: `§81 og §90`
        \(?                                     # `(a) and (b)`
        $",
        list = alternation(LIST_WORDS),
    );
    Regex::new(&re).expect("static regex")
});

/// What joins the two ends of a range: a dash (`16–18`, `61-64`) or a word
/// ([`RANGE_WORDS`]: `53 til 56`, `Laws 53 to 56`, `53 t.o.m. 56`).
static RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"^(?:\s*[-–—]\s*(?:§\s*)?|\s+(?i:{words})\s+(?:§\s*)?)$",
        words = alternation(RANGE_WORDS)
    );
    Regex::new(&re).expect("static regex")
});

/// A dash between two numbers: a range, or else a score (`2-0`).
static DASH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[-–—]\s*$").expect("static regex"));

/// The longest gap between two members of a list (a gloss included).
const MAX_GAP: usize = 120;
/// The most roots one range may span.
const MAX_RANGE: u16 = 50;

// # Tokens

/// What cues a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cue {
    /// `se`, `jf.`: names a provision, absolute or relative (`se C`, `se 2
    /// ovenfor`).
    See,
    /// `§`, the lost `§`, `lov`, `L16`: names a law or section, never a
    /// relative item (`lov 99 og C2 nedenfor`: 99 stays a law).
    Law,
    /// `iht.`, `reglene i`, `anvender`: precedes a provision, but not a bare
    /// section letter.
    Text,
    /// `som under`: a bare number is an item of the same law.
    AsUnder,
    /// Swedish `lag` (law), which is also Norwegian for a team: reads a
    /// law's levels as `lov` does, but a bare number after it is no cite
    /// (`lag 12 C 3` is a law, `lag 3` a team).
    TeamOrLaw,
    /// `som i`, `seksjon`: a bare letter is a section of the same law.
    SameLaw,
    /// `av`, `i`, `under`: only for letter-with-item relatives (`av C2`).
    Preposition,
}

/// The shape of a token.
#[derive(Clone, Debug)]
enum Shape {
    /// Starts with a number (or `X`, `L`): absolute.
    Absolute {
        /// The cite, or what was written and why it cannot exist.
        parsed: Result<ProvisionId, (ProvisionId, String)>,
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
    /// A number no cite can have (`2017`, `07`, `0`, `12C0`); always blocked.
    Quantity,
}

/// What is being read: running text, or a query that should be nothing but
/// citations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Text,
    Query,
}

/// How a relative token starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RelForm {
    /// `C`: a bare section letter (also a word in both languages).
    Letter,
    /// `C2`, `C1d`: section with an item.
    LetterItem,
    /// `2c`: item with sub-item.
    ItemSub,
    /// `d)`: a sub-item label.
    Sub,
}

/// Why a token is not a cite whatever its cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Part of a larger number, a decimal, a time or a signed score.
    Number,
    /// A list label at the start of a line (`1. Holdturnering`, `a) tekst`)
    /// or an ordinal (`3. etasje`).
    Label,
    /// Followed by a statute's numbering (`14, stk. 5.1`), or after words
    /// such as `side`, `kr`, a street name.
    NotACite,
    /// Followed by a unit (`13 kort`): also makes the other bare numbers of
    /// its list quantities (`90 eller 180 grader`).
    Unit,
}

#[derive(Clone, Debug)]
struct Token {
    span: Span,
    shape: Shape,
    /// The cue just before this token (for the first token of a group).
    cue: Option<Cue>,
    block: Option<Block>,
}

/// Finds every cite in `text`, in order, with non-overlapping spans.
///
/// A token is a cite when
/// - it has a cite shape: a number with a section letter (`16C`, `12C1e(ii)`),
///   an `X` (`X78B4`) or a glued law sign (`L16B1a`, `lov40b3b`); or
/// - a cue stands just before it: `se`, `jf.`, `§`, `lov`, `Laws`, `iht.`,
///   `reglene i`, `anvender` … (`se 77`, `anvender 13`); `( 12C1c)` counts as
///   the lost `§`; or a phrase such as `kan bli brukt` follows it (`16 kan
///   bli brukt`); or
/// - it is relative: a direction word follows (`C2 nedenfor`, `1 og 2
///   ovenfor`, `d) under`), or a cue fits its form (`se C`, `av C2`, `Som i B`,
///   `som under 1`); or
/// - it continues a list (`,`, `og`, `eller`, `and`, `or`, with optional
///   glosses in parentheses) whose first member is cued or any of whose
///   members has a cite shape (`i 4, 12C2 og 91`); a letter after a cite
///   shares its stem (`12C1b, c og e`); two roots joined by a dash or a range
///   word after a cue are a range (`16–18`, `53 til 56`, `Laws 53 to 56`,
///   `53 t.o.m. 56`, `16C2a-d`).
///
/// After a cue, levels may also be joined by spaces or dots (`§ 40 B 2 a`,
/// `40.B.3.b`) and a section letter may be written in lower case (`lov 7c1`);
/// the English brackets are read at every depth (`40B2(a)(ii)`).
///
/// A token is never a cite when it is followed by a unit or a month (`13
/// kort`, `60%`, `12 mai`; this makes its whole list quantities), is a list
/// label at a line start (`1. Holdturnering`) or an ordinal (`3. etasje`), is
/// part of a decimal, time, score or a number of four digits or more (`5.1`,
/// `2017`, `+2`), belongs to another document (`vedtektenes § 3`, `§ 5 i
/// reglementet`, `straffeloven § 12`, `DBf's vedtægter, 14, stk. 5.1`) or
/// comes after `side`, `kr`, `nr.`, `bord`, `mappe` or a street name. A space
/// between number and letter (`86 B`) counts only after a cue, so
/// `Sognsveien 75 A` stays an address.
///
/// The item-label parenthesis (`b)`) is never part of a span: in
/// `(se 12C1b))` the cite is `12C1b`, the first `)` is the book's label style
/// and the second closes the sentence's parenthesis.
///
/// ```
/// let text = "TL skal justere scoren (se 12C1b)) og anvender 13, 14 eller 16C; 13 kort er normalt.";
/// let cites: Vec<_> = lovbok::cite::find(text).into_iter().map(|m| m.text).collect();
/// assert_eq!(cites, ["12C1b", "13", "14", "16C"]);
/// ```
pub fn find(text: &str) -> Vec<CiteMatch> {
    scan(text, Mode::Text)
}

/// Reads a query that should be nothing but citations (`12C1c`, `§ 12 C 1
/// c`, `lov16b1a`, `16B1A`, `12.c.1.e`, `Laws 53 to 56`, `61, 62 og 64`):
/// the same grammar as [`find`], with every form and case allowed and no
/// cue needed. `None` when anything but cites, cue words, list and range
/// words and punctuation is left over (`meldinger etter 16C2`, `13 kort`).
/// A cite that cannot exist is kept (`99` reads as `Cite::Impossible`), so a
/// caller can say why.
///
/// ```
/// let q = |s: &str| lovbok::cite::find_query(s).map(|m| m.into_iter().map(|c| c.text).collect::<Vec<_>>());
/// assert_eq!(q("lov16b1a"), Some(vec!["lov16b1a".to_string()]));
/// assert_eq!(q("§ 40 B 2 a"), Some(vec!["40 B 2 a".to_string()]));
/// assert_eq!(q("13 kort"), None);
/// ```
pub fn find_query(query: &str) -> Option<Vec<CiteMatch>> {
    if query.len() > MAX_QUERY || query.trim().is_empty() {
        return None;
    }
    let found = scan(query, Mode::Query);
    if found.is_empty() {
        return None;
    }
    let mut rest = String::with_capacity(query.len());
    let mut pos = 0;
    for m in &found {
        rest.push_str(query.get(pos..m.span.start).unwrap_or_default());
        rest.push(' ');
        pos = pos.max(m.span.end);
    }
    rest.push_str(query.get(pos..).unwrap_or_default());
    QUERY_FILLER.is_match(&rest).then_some(found)
}

/// The longest query [`find_query`] reads.
const MAX_QUERY: usize = 200;

/// What may surround the cites of a query: cue words, list and range
/// words, `§`, punctuation and white space.
static QUERY_FILLER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x) ^ (?: [\s,.;:()\[\]§&–—-] | \b(?i:{see}|{law}|{list}|{range}|{fillers}) )* $",
        see = alternation(SEE),
        law = alternation(LAW_NOUNS),
        list = alternation(LIST_WORDS),
        range = alternation(RANGE_WORDS),
        fillers = alternation(SEE_FILLERS),
    );
    Regex::new(&re).expect("static regex")
});

fn scan(text: &str, mode: Mode) -> Vec<CiteMatch> {
    let tokens = tokens::tokens(text, mode);
    let mut out = Vec::new();
    let mut group: Vec<Item> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (i, token) in tokens.iter().enumerate() {
        if matches!(token.block, Some(b) if b != Block::Unit) {
            flush(text, &tokens, &mut group, &mut out, mode);
            last_end = None;
            continue;
        }
        let gap = last_end.and_then(|end| text.get(end..token.span.start));
        let linked = gap.filter(|g| g.len() <= MAX_GAP);
        match (linked, group.last().copied()) {
            // `61-62-63-64`: a fourth member after a dashed list is one more.
            (Some(g), Some(Item::One(prev)))
                if DASH.is_match(g) && dashed_list(text, &tokens, &group) =>
            {
                let _ = prev;
                group.push(Item::One(i));
            }
            (Some(g), Some(Item::One(prev)))
                if RANGE.is_match(g) && is_range(&tokens[prev], token) =>
            {
                if let Some(last) = group.last_mut() {
                    *last = Item::Range(prev, i);
                }
            }
            // A third member after a dash makes a dashed range a list:
            // `Law 30 – 31 – 32` names three laws, not a range and a stray.
            (Some(g), Some(Item::Range(a, b)))
                if DASH.is_match(g) && is_range(&tokens[b], token) =>
            {
                group.pop();
                group.extend([Item::One(a), Item::One(b), Item::One(i)]);
            }
            (Some(g), Some(_)) if LIST_SEPARATOR.is_match(g) => group.push(Item::One(i)),
            _ => {
                flush(text, &tokens, &mut group, &mut out, mode);
                group.push(Item::One(i));
            }
        }
        last_end = Some(token.span.end);
    }
    flush(text, &tokens, &mut group, &mut out, mode);
    out
}

/// True when the last two members of `group` are single tokens joined by a
/// dash: the group is a list written with dashes (`30 – 31 – 32`).
fn dashed_list(text: &str, tokens: &[Token], group: &[Item]) -> bool {
    match group {
        [.., Item::One(a), Item::One(b)] => text
            .get(tokens[*a].span.end..tokens[*b].span.start)
            .is_some_and(|g| DASH.is_match(g)),
        _ => false,
    }
}

/// One member of a list: a token, or a range of two tokens.
#[derive(Clone, Copy, Debug)]
enum Item {
    One(usize),
    Range(usize, usize),
}

impl Item {
    fn first(self) -> usize {
        match self {
            Item::One(i) | Item::Range(i, _) => i,
        }
    }
    fn last(self) -> usize {
        match self {
            Item::One(i) | Item::Range(_, i) => i,
        }
    }
}

/// The cite an absolute token reads, if it reads a possible one.
fn parsed_id(t: &Token) -> Option<&ProvisionId> {
    match &t.shape {
        Shape::Absolute { parsed: Ok(id), .. } => Some(id),
        _ => None,
    }
}

/// Two bare roots of the same kind, ascending and not too far apart; or a
/// cite with a sub-item and a later letter (`16C2a-d`).
fn is_range(a: &Token, b: &Token) -> bool {
    let root = |t: &Token| match parsed_id(t) {
        Some(ProvisionId::Numbered { root, path }) if path.depth() == 0 => Some(*root),
        _ => None,
    };
    if let (Some(ProvisionId::Numbered { path, .. }), Shape::Letter(last)) =
        (parsed_id(a), &b.shape)
    {
        return path.roman.is_none() && path.sub.is_some_and(|first| first < *last);
    }
    match (root(a), root(b)) {
        (Some(Root::Law(x)), Some(Root::Law(y)))
        | (Some(Root::Section(x)), Some(Root::Section(y)))
        | (Some(Root::Extension(x)), Some(Root::Extension(y))) => x < y && y - x <= MAX_RANGE,
        _ => false,
    }
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

/// Decides which members of a finished group are cites, and emits them.
fn flush(
    text: &str,
    tokens: &[Token],
    group: &mut Vec<Item>,
    out: &mut Vec<CiteMatch>,
    mode: Mode,
) {
    if group.is_empty() {
        return;
    }
    let items = std::mem::take(group);
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return;
    };
    let first = &tokens[first.first()];
    let last = &tokens[last.last()];
    let cue = first.cue;
    let direction = DIRECTION.is_match(context::after(text, last.span.end));
    let applies = APPLIES.is_match(context::after(text, last.span.end));
    let member_tokens = || {
        items
            .iter()
            .flat_map(|it| [it.first(), it.last()])
            .map(|i| &tokens[i])
    };
    let strong = member_tokens()
        .any(|t| matches!(t.shape, Shape::Absolute { strong: true, .. }) && t.block.is_none());
    let quantities = member_tokens().any(|t| t.block == Some(Block::Unit));
    let names = matches!(cue, Some(Cue::See | Cue::Law | Cue::Text))
        || strong
        || applies
        || mode == Mode::Query;

    let mut accepted: Vec<(Span, Cite, bool)> = Vec::new(); // (span, cite, relative)
                                                            // The last absolute cite of the group: the stem a lone letter shares.
    let mut stem: Option<ProvisionId> = None;
    for item in &items {
        match *item {
            Item::Range(a, b) => {
                let (ta, tb) = (&tokens[a], &tokens[b]);
                if quantities || !names {
                    continue;
                }
                let ends = match (parsed_id(ta), &tb.shape) {
                    (Some(first), Shape::Letter(c)) => {
                        sibling(first, *c).map(|last| (first.clone(), last))
                    }
                    (Some(first), _) => parsed_id(tb).map(|last| (first.clone(), last.clone())),
                    _ => None,
                };
                if let Some((first, last)) = ends {
                    let span = Span {
                        start: ta.span.start,
                        end: tb.span.end,
                    };
                    stem = Some(first.clone());
                    accepted.push((span, Cite::Range { first, last }, false));
                }
            }
            Item::One(i) => {
                let t = &tokens[i];
                if t.block.is_some() {
                    continue;
                }
                // A letter after a cite with a letter at that level is its
                // sibling: `12C1b, c og e`, `78A, B og C`.
                let letter = match &t.shape {
                    Shape::Letter(c) => Some(*c),
                    Shape::Relative {
                        path,
                        form: RelForm::Letter,
                    } if !direction => path.section,
                    // `(L81b/c)`: the sub-item label form of a lone letter.
                    Shape::Relative {
                        path,
                        form: RelForm::Sub,
                    } if !direction && stem.is_some() => path.sub,
                    _ => None,
                };
                if let Some(id) = letter.and_then(|c| stem.as_ref().and_then(|s| sibling(s, c))) {
                    accepted.push((t.span, Cite::Absolute { id }, false));
                    continue;
                }
                if let Some((cite, relative)) =
                    accept(t, cue, direction, applies, names, quantities)
                {
                    if let Cite::Absolute { id } = &cite {
                        stem = Some(id.clone());
                    }
                    accepted.push((t.span, cite, relative));
                }
            }
        }
    }
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

/// Whether one token of a group is a cite, and what it says.
fn accept(
    t: &Token,
    cue: Option<Cue>,
    direction: bool,
    applies: bool,
    names: bool,
    quantities: bool,
) -> Option<(Cite, bool)> {
    match &t.shape {
        Shape::Absolute {
            parsed,
            strong,
            bare,
        } => {
            if let Some(n) = bare {
                // A bare number: an item of the same law when a direction word
                // or `som under` says so (unless `lov` or `§` says it is a
                // law), else a law only with evidence.
                if (direction && cue != Some(Cue::Law)) || cue == Some(Cue::AsUnder) {
                    let path = Path {
                        item: Some(*n),
                        ..Path::default()
                    };
                    return Some((Cite::Relative { path }, true));
                }
                if quantities || !names {
                    return None;
                }
            } else if !strong && !names {
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
            let ok = direction
                || match form {
                    RelForm::LetterItem => cue.is_some() || names,
                    RelForm::Letter => {
                        matches!(cue, Some(Cue::See | Cue::SameLaw))
                            || (applies && path.section != Some('I'))
                    }
                    RelForm::ItemSub => matches!(cue, Some(Cue::See | Cue::AsUnder)),
                    RelForm::Sub => matches!(cue, Some(Cue::See | Cue::SameLaw)),
                };
            ok.then(|| (Cite::Relative { path: path.clone() }, true))
        }
        Shape::Letter(_) | Shape::Quantity => None,
    }
}
