/*!
Text → cites: where the books name a provision, and what they wrote.

Both books cite tersely (`se 16C2`, `(§ 13 eller 14)`, `anvender 13 (...)`,
`se C2 nedenfor`) in text full of numbers that are not cites (`13 kort`,
`30 minutter`, `3. etasje`). So a number is read as a cite only with
evidence: a cue word before it, a cite shape, a direction word after it, or
membership in a list that has one of these. Every rule works on bounded
windows around one scan of [`ATOM`], so `find` is linear in its input.
*/

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::levels::{self, Leniency};
use super::words::*;
use super::{Cite, CiteKind, CiteMatch, Span, Surround};
use crate::corpus::id::from_roman;
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

/// What stands just before a token and makes it a cite; anchored at the end
/// of the window before the token. Leftmost wins, so `i henhold til` beats
/// the bare preposition `i`.
static LEFT_CUE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            (?P<see> \b(?i:{see}) (?:\s+(?i:{fillers}))* )  # se, jf., Se også, Se dog
          | (?P<sign> §§? )                                  # § 12C1c, §§ 61 og 62
          | (?P<tol_law> (?: \( \s* | \b(?i:{before_tol}) (?:\s+(?i:{fillers}))* \s+ ) (?i:{tol}) )  # enligt lag 21, (lag 90)
          | (?P<law> \b(?i:{law}) )                          # lov 12, Laws 61-64
          | (?P<law_colon> \b(?i:{law}) (?:\s+[\p{{L}}'’]+){{1,5}} \s* : )  # Laws that are unchanged: 2, 3
          | (?P<tol> \b(?i:{tol}) )                          # lag 12 C 3 (sv), not lag 3 (nb team)
          | (?P<according> \b(?i:{according}) )              # iht. 90, i henhold til 77
          | (?P<provisions> \b(?i:{provisions}) )            # reglene i 50, begrenset av 42
          | (?P<verb> \b(?i:{verbs}) )                       # anvender 13, benyttes 216
          | (?P<as_under> \b(?i:{as_under}) )                # som under 1 (relative)
          | (?P<as_in> \b(?i:{as_in}) )                      # Som i B (relative)
          | (?P<section> \b(?i:{section}) )                  # seksjon B (relative)
          | (?P<prep> \b(?i:{prep}) )                        # av C2 (relative, with item)
        )
        \s* (?: \( \s* )? $                                     # `pkt. (a)`, `se (b)`
      | (?P<lost> \(\x20+ )$                                 # the lost §: `( 12C1c)`
        ",
        see = alternation(SEE),
        fillers = alternation(SEE_FILLERS),
        law = alternation(LAW_NOUNS),
        tol = alternation(TEAM_OR_LAW),
        before_tol = alternation(BEFORE_TEAM_OR_LAW),
        according = alternation(ACCORDING_TO),
        provisions = alternation(PROVISIONS_OF),
        verbs = alternation(APPLY_VERBS),
        as_under = alternation(AS_UNDER),
        as_in = alternation(AS_IN),
        section = alternation(SECTION_NOUNS),
        prep = alternation(PREPOSITIONS),
    );
    Regex::new(&re).expect("static regex")
});

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

/// A quantity after the number: `13 kort`, `60%`, `4♠`, `18 KP`.
static UNIT: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \s*
        (?:
            [%‰♠♥♦♣°]       # percent, suits, degrees
          | (?i:{units})    # kort, minutter, spil, KP ...
        )",
        units = alternation(UNITS),
    );
    Regex::new(&re).expect("static regex")
});

/// Words before a number that make it a page, an amount, an address or a
/// table number: `side 12`, `kr 500`, `Sognsveien 75A`.
static NOT_A_CITE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            \b(?i:{words})                   # side, kr., nr., bord ...
          | \b\p{{Lu}}\p{{L}}*(?:{streets})  # Sognsveien, Storgata, Vestergade
        )
        \s*$",
        words = alternation(NOT_AFTER),
        streets = alternation(STREET_ENDINGS),
    );
    Regex::new(&re).expect("static regex")
});

/// `, stk. 5.1`: a statute's own numbering follows, so the number before it
/// is a statute paragraph, not a law.
static STATUTE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"^,?\s*(?i:{})", alternation(STATUTE_PARTS));
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

/// Another document just before the number, with nothing but a sign or a
/// comma between: `vedtektenes § 3`, `DBf's vedtægter, 14`, `straffeloven
/// § 12`, `forskrift om pengespill § 2`, `turneringsbestemmelserne pkt. 4`.
static OTHER_DOCUMENT_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            \b\p{{L}}*(?i:{docs})\p{{L}}*              # vedtektene, disiplinærvedtektene ...
            (?: \s+ (?i:om|for|of|on) (?: \s+ \p{{L}}+ ){{1,3}} )?
          | \b\p{{L}}+lov(?:en|ens|a|s|e)?\b         # straffeloven, aksjelovens
          | \b(?i:{law_on}) (?: \s+ \p{{L}}+ ){{1,4}}  # lov om pengespill
        )
        [\s,]* (?: §§? | (?i:nr\.?|pkt\.?|punkt|art\.?|artikkel|article|section|kapitel|kapittel) )? \s* $",
        docs = stems(OTHER_DOCUMENTS),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// A genitive just before `§`: a document's own paragraph (`lovenes § 9`
/// in the sense of a club's statutes, `DBf's § 14`, `reglementets § 5`).
static GENITIVE_SIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<word>\b\p{L}{2,}(?:s|'s|’s))\s*§§?\s*$").expect("static regex")
});

/// A possessive before a Scandinavian law noun: a club's or federation's
/// statutes (`klubbens love § 5`, `forbundets lover, § 3`).
static STATUTES_OF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<word>\b\p{L}{2,}(?:s|'s|’s))\s+(?i:love|lover|lovene|loven|lag|lagar|lagarna)[\s,]*(?:§§?)?\s*$")
        .expect("static regex")
});

/// Another document just after the number: `§ 3 i vedtektene`, `§ 5 in the
/// bylaws`, `§ 2 i forskriften`, `§ 12 i straffeloven`.
static OTHER_DOCUMENT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \s* ,? \s* (?i:i|in|af|av|of|under) \s+
        (?: (?i:de[nt]?|the|vores|våre|klubbens|forbundets|DBf's|NBF's) \s+ )?
        (?: \p{{L}}*(?i:{docs})\p{{L}}* | \p{{L}}+lov(?:en|a|e)?\b | (?i:{law_on}) )",
        docs = stems(OTHER_DOCUMENTS),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// How far back a cue may start, and how far ahead a unit or direction may
/// end, in bytes. Bounded windows keep `find` linear.
const WINDOW: usize = 64;
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
    let tokens = tokens(text, mode);
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
    let direction = DIRECTION.is_match(after(text, last.span.end));
    let applies = APPLIES.is_match(after(text, last.span.end));
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
            surround: surround(text, span),
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

/// Every candidate token, with its cue and blocks.
fn tokens(text: &str, mode: Mode) -> Vec<Token> {
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

/// A statute or regulation named in the text (`persondataloven`, `lov om
/// pengespill`, `vedtægterne`): bare `§` numbers after it are its
/// paragraphs until the Laws are named again.
static STATUTE_MENTION: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?xi)
        \b\p{{L}}+lov(?:a|en|ens|as|s|ene|enes)?\b   # persondataloven, jordlova
      | \b(?:{law_on})\b                            # lov om ...
      | \b\p{{L}}*(?:{docs})\p{{L}}*                 # vedtægterne, disiplinærvedtektene ...
        ",
        law_on = alternation(LAW_ON),
        docs = stems(OTHER_DOCUMENTS),
    );
    Regex::new(&re).expect("static regex")
});

/// A name of the Laws (or the handbook) that ends a statute's reach.
static LAWS_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?xi)\b(?:laws?|lov|loven|lovene|lovenes|lovens|lovbo[kg]\p{L}*|bridgelov\p{L}*
          |lagen|lagarna|lagboken|handbog\p{L}*|håndbog\p{L}*|turneringslederhåndbog\p{L}*)\b",
    )
    .expect("static regex")
});

/// Where in `gap` a statute is last named, if it is, and no name of the
/// Laws comes after it.
fn statute_named_last(gap: &str) -> Option<bool> {
    let statute = STATUTE_MENTION
        .find_iter(gap)
        .filter(|m| !m.as_str().to_lowercase().starts_with("bridge"))
        .map(|m| m.start())
        .last();
    let laws = LAWS_NAMED.find_iter(gap).map(|m| m.start()).last();
    match (statute, laws) {
        (None, None) => None,
        (Some(s), Some(l)) => Some(s >= l),
        (s, _) => Some(s.is_some()),
    }
}

/// Blocks the bare `§` numbers that follow another statute's name in the
/// same text (`persondatalovens § 2 … (§§ 35-37) … (§ 39)`, `jordlova …
/// §§ 9 og 12`), with the members of their lists and ranges. A cite with
/// a section letter keeps its own evidence and is left alone.
fn other_statute_paragraphs(text: &str, tokens: &mut [Token]) {
    let mut statute = false;
    let mut prev_end = 0;
    let mut prev_blocked = false;
    for t in tokens.iter_mut() {
        let gap = text.get(prev_end..t.span.start).unwrap_or_default();
        if let Some(named) = statute_named_last(gap) {
            statute = named;
        }
        let signed = before(text, t.span.start).trim_end().ends_with('§');
        let member = prev_blocked && (LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap));
        // A bare number, or levels in a statute's lower case (`§ 3a`, `§ 5e`):
        // a cite of the Laws writes its section letter as a capital.
        let written = text.get(t.span.start..t.span.end).unwrap_or_default();
        let bare = matches!(t.shape, Shape::Absolute { bare: Some(_), .. })
            || (matches!(t.shape, Shape::Absolute { .. })
                && !written.chars().any(|c| c.is_ascii_uppercase()));
        prev_blocked = false;
        if statute && bare && t.block.is_none() && (signed || member) {
            t.block = Some(Block::NotACite);
            prev_blocked = true;
        }
        prev_end = t.span.end.max(prev_end);
    }
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

/// A capital word right after the number: a title, not a unit.
static TITLE_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+\p{Lu}\p{Ll}").expect("static regex"));

/// A law noun (`Law`, `lov`, `Lag`) just before the number.
static LAW_NOUN_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"\b(?i:{}|{})\s*$",
        alternation(LAW_NOUNS),
        alternation(TEAM_OR_LAW)
    );
    Regex::new(&re).expect("static regex")
});

/// The lost `§`: an opening parenthesis and a space before the number.
static LOST_SIGN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(\x20+$").expect("static regex"));

/// What follows a number in the handbook's lost-`§` parenthesis: its close,
/// a list, a range, or levels (`( 90)`, `( 62 og 64)`, `( 12C1c)`, `( 86 B`).
static LOST_SIGN_CITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[A-Za-z(]|\s*\)|\s*,|\s+(?:og|eller|and|or)\b|\s*[-–]|\s+[A-Z]\b)")
        .expect("static regex")
});

/// A paragraph's own heading after `§ N`: `§ 5. Turneringsledelse`, `§14 -
/// Protester`, `§ 8 Klubben ledes`.
static HEADING_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:[.\-–:]\s*)?\p{Lu}\p{L}").expect("static regex"));

/// True when `§ N` at `start..end` opens a line and a title follows: the
/// heading of the document being read (a club's statutes, minutes), not a
/// citation of the Laws.
fn sign_heading(text: &str, start: usize, end: usize) -> bool {
    let head = before(text, start);
    let trimmed = head.trim_end();
    let Some(sign) = trimmed.strip_suffix('§') else {
        return false;
    };
    let sign = sign.strip_suffix('§').unwrap_or(sign);
    let sign_at = start - (head.len() - sign.len());
    let opens = line_start(text, sign_at) || SENTENCE_END.is_match(before(text, sign_at));
    (opens && HEADING_AFTER.is_match(after(text, end))) || CAPS_TITLE.is_match(after(text, end))
}

/// A title in capitals after `§ N`: `§41. SPILLET BEGYNNER`, wherever it stands.
static CAPS_TITLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[.:]?\s*\p{Lu}{3,}\s+\p{Lu}{2,}").expect("static regex"));

/// The end of a sentence just before: minutes and statutes run their
/// headings on (`… mötet öppnat. §10 Fastställande av dagordning`).
static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[.!?]\s+$").expect("static regex"));

/// `.A.2`: a section letter and an item joined by dots after a root.
static DOTTED_ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\.[A-Z]\.[0-9]").expect("static regex"));

/// A call of an auction: `1C`, `2H`, `4S`, `1NT`, `3K` (Norwegian suits).
static BID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[1-7](?:[CDHSNKR]|NT|SA|UT|GR)$").expect("static regex"));

/// What stands near a call in an auction: another call, a double or pass,
/// a suit sign, or a word about bidding.
static AUCTION_NEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?xi)
        (?-u:\b)[1-7](?:c|d|h|s|n|nt|k|r|sa|ut|gr)(?-u:\b)
      | [♣♦♥♠]
      | (?-u:\b)(?:x|xx|p|pass|passes|passed|dbl|rdbl|redbl|dobl|redobl|pas|all\s+pass)(?-u:\b)
      | (?-u:\b)(?:open(?:ed|ing|s)?|bid|bids|bidding|overcall\w*|respon\w*|rais\w*|transfer
          |stayman|michaels|alert\w*|explained|explanation|auction|meldte|melder|meldingen
          |åpnet|åpning|åbne\w*|budet|öppn\w*|bjöd|kontrakt\w*|contract|doubled|redoubled
          |forcing|natural|cue|splinter|jump\w*|strong|weak|preempt\w*|declarer|declaring
          |spilleføre\w*|spilfører\w*|spelförare)(?-u:\b)
      | ^\s+(?:by|av|af)\s+(?:north|south|east|west|nord|syd|sør|øst|öst|vest|väst|[NSEWØV])(?-u:\b)
        ",
    )
    .expect("static regex")
});

/// True when the token at `start..end` is a call in an auction (`1C X 3H
/// X`, `1C 2C explained as Michaels`), not Law 1C: a call's shape with
/// bidding around it.
fn is_bid(text: &str, start: usize, end: usize) -> bool {
    let Some(token) = text.get(start..end) else {
        return false;
    };
    if !BID.is_match(token) {
        return false;
    }
    const NEAR: usize = 24;
    let near = |s: &str| AUCTION_NEAR.is_match(s);
    let mut from = start.saturating_sub(NEAR);
    while from < start && !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (end + NEAR).min(text.len());
    while to > end && !text.is_char_boundary(to) {
        to -= 1;
    }
    near(text.get(from..start).unwrap_or_default()) || near(text.get(end..to).unwrap_or_default())
}

/// Why an absolute token at `start..end` cannot be a cite, if it cannot.
fn absolute_block(text: &str, start: usize, end: usize, bare: bool) -> Option<Block> {
    let before = before(text, start);
    let rest = after(text, end);
    let b = before.as_bytes();
    let r = rest.as_bytes();
    // Decimals, times and dates: `5.1`, `0,8`, `19:30`, `1.9.2017`, `17/5`.
    let joiner = |c: u8| matches!(c, b'.' | b',' | b':' | b'/');
    let digit_before = b.len() >= 2 && joiner(b[b.len() - 1]) && b[b.len() - 2].is_ascii_digit();
    let digit_after = r.len() >= 2 && joiner(r[0]) && r[1].is_ascii_digit();
    let signed = before.ends_with('+') || before.ends_with('±') || before.ends_with('−');
    if digit_before || digit_after || signed {
        return Some(Block::Number);
    }
    if bare {
        if line_start(text, start) && (rest.starts_with('.') || rest.starts_with(')')) {
            return Some(Block::Label);
        }
        // An ordinal: `3. etasje`, `1. september`, `2. runde`.
        if let Some(tail) = rest.strip_prefix('.') {
            let next = tail.trim_start();
            if next.len() < tail.len() && next.starts_with(char::is_lowercase) {
                return Some(Block::Label);
            }
        }
    }
    if STATUTE.is_match(rest) || NOT_A_CITE_BEFORE.is_match(before) || other_document(before, rest)
    {
        return Some(Block::NotACite);
    }
    // After `Law N` a capital word is the law's title (`Law 45 Card Played`),
    // not a unit.
    if UNIT.is_match(rest) && !(LAW_NOUN_BEFORE.is_match(before) && TITLE_WORD.is_match(rest)) {
        return Some(Block::Unit);
    }
    None
}

/// True when a nearby word gives the number to another document than the
/// Laws: `vedtektenes § 3`, `§ 5 i reglementet`, `straffeloven § 12`.
fn other_document(before: &str, rest: &str) -> bool {
    if OTHER_DOCUMENT_BEFORE.is_match(before) || OTHER_DOCUMENT_AFTER.is_match(rest) {
        return true;
    }
    let genitive_of = |re: &Regex| {
        re.captures(before)
            .and_then(|c| c.name("word"))
            .is_some_and(|m| is_document_genitive(m.as_str()))
    };
    genitive_of(&STATUTES_OF) || genitive_of(&GENITIVE_SIGN)
}

/// True when `word`, just before `§`, is the genitive of a document other
/// than the Laws: a possessive (`DBf's`, `NBFs`), or a definite noun
/// (`klubbens`, `forbundets`, `foreningernes`). The Laws' own names
/// (`lovenes`, `bridgelovenes`, `lovbokens`) are not, nor are passive verbs
/// and plurals that happen to end in `s` (`bruges`, `anvendes`, `Laws`).
fn is_document_genitive(word: &str) -> bool {
    let lower = word.to_lowercase();
    if LAW_GENITIVES.contains(&lower.as_str()) {
        return false;
    }
    if lower.ends_with("'s") || lower.ends_with("’s") {
        return true;
    }
    // An abbreviation's genitive: two capitals before the `s` (`NBFs`, `DBUs`).
    let head = word.strip_suffix('s').unwrap_or(word);
    if head.chars().filter(|c| c.is_uppercase()).count() >= 2 {
        return true;
    }
    // Passives end in `-es`, `-s`, `-as` (`bruges`, `används`, `tillämpas`):
    // only the definite endings count.
    ["ens", "ets", "nes", "rnas"]
        .iter()
        .any(|end| lower.ends_with(end))
}

/// The cue just before `start`, if any.
fn left_cue(text: &str, start: usize) -> Option<Cue> {
    let c = LEFT_CUE.captures(before(text, start))?;
    let cue = if c.name("see").is_some() {
        Cue::See
    } else if c.name("sign").is_some()
        || c.name("lost").is_some()
        || c.name("law").is_some()
        || c.name("tol_law").is_some()
        || c.name("law_colon").is_some()
    {
        Cue::Law
    } else if c.name("tol").is_some() {
        Cue::TeamOrLaw
    } else if c.name("according").is_some()
        || c.name("provisions").is_some()
        || c.name("verb").is_some()
    {
        Cue::Text
    } else if c.name("as_under").is_some() {
        Cue::AsUnder
    } else if c.name("as_in").is_some() || c.name("section").is_some() {
        Cue::SameLaw
    } else {
        Cue::Preposition
    };
    Some(cue)
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

/// Up to [`WINDOW`] bytes before `i`, starting on a character boundary.
fn before(text: &str, i: usize) -> &str {
    let mut from = i.saturating_sub(WINDOW);
    while from < i && !text.is_char_boundary(from) {
        from += 1;
    }
    text.get(from..i).unwrap_or_default()
}

/// Up to [`WINDOW`] bytes from `i`, ending on a character boundary.
fn after(text: &str, i: usize) -> &str {
    let mut to = (i + WINDOW).min(text.len());
    while to > i && !text.is_char_boundary(to) {
        to -= 1;
    }
    text.get(i..to).unwrap_or_default()
}

/// True when only spaces and tabs stand between the last line break (or the
/// start of the text) and `i`.
/// Two spaces or more count as a break too: text copied from a web page
/// keeps a line's break as a run of spaces.
fn line_start(text: &str, i: usize) -> bool {
    let head = text.get(..i).unwrap_or_default();
    let trimmed = head.trim_end_matches([' ', '\t']);
    trimmed.is_empty() || trimmed.ends_with('\n') || head.len() - trimmed.len() >= 2
}

/// The text around `span`, for [`Surround`].
fn surround(text: &str, span: Span) -> Surround {
    let mut from = span.start.saturating_sub(Surround::REACH);
    while from < span.start && !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (span.end + Surround::REACH).min(text.len());
    while to > span.end && !text.is_char_boundary(to) {
        to -= 1;
    }
    Surround {
        text: text.get(from..to).unwrap_or_default().to_string(),
        cite: Span {
            start: span.start - from,
            end: span.end - from,
        },
    }
}
