/*!
Text → cites: where the books name a provision, and what they wrote.

Both books cite tersely (`se 16C2`, `(§ 13 eller 14)`, `anvender 13 (...)`,
`se C2 nedenfor`) in text full of numbers that are not cites (`13 kort`,
`30 minutter`, `3. etasje`). So a number is read as a cite only with
evidence: a cue word before it, a cite shape, a direction word after it, or
membership in a list that has one of these. Every rule works on bounded
windows around one scan of the text, so `find` is linear in its input.

The finder is a pipeline of five stages, each in its own file and called
once, in order, with plain data between them:

1. [`tokens`]: every place a cite may start (one regex scan) → `Token`s;
2. [`candidates`]: each token read as a possible cite, with the cue before
   it and the levels after it, and what stands around it that blocks it
   (the rules of [`context`] and [`crate::cite::levels`], which know nothing
   of the stages) → `Candidate`s;
3. [`neighbours`]: what the candidates around one show (a score's dash,
   another statute's paragraphs) → the same candidates, more of them
   blocked;
4. [`groups`]: the candidates joined into lists and ranges → `Group`s;
5. [`cites`]: which members of each group are cites, and what each says →
   [`CiteMatch`]es.

[`joins`] says what may stand between two members of a group, for the
stages that ask.
*/

mod candidates;
mod cites;
mod context;
mod groups;
mod joins;
mod neighbours;
mod tokens;

use std::sync::LazyLock;

use regex::Regex;

use super::words::{alternation, LAW_NOUNS, LIST_WORDS, RANGE_WORDS, SEE, SEE_FILLERS};
use super::CiteMatch;
use candidates::Mode;

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
///   `53 t.o.m. 56`), and so are siblings below a root (`16C2a-d`, `L54A-D`,
///   `L20F4-5`, `12C1 through 12C3`).
///
/// After a cue, levels may also be joined by spaces or dots (`§ 40 B 2 a`,
/// `40.B.3.b`) and a section letter may be written in lower case (`lov 7c1`);
/// the English brackets are read at every depth (`40B2(a)(ii)`).
///
/// A token is never a cite when it is followed by a unit or a month (`13
/// kort`, `60%`, `12 mai`; this makes its whole list quantities), is a list
/// label at a line start (`1. Holdturnering`) or an ordinal (`3. etasje`), is
/// part of a decimal, time, score or a number of four digits or more (`5.1`,
/// `2017`, `+2`), lies inside a web address (`https://www.bridge.dk./lov/12C1`),
/// belongs to another document (`vedtektenes § 3`, `§ 5 i
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
/// words, `§`, `#`, punctuation and white space.
static QUERY_FILLER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x) ^ (?: [\s,.;:()\[\]§\#&–—-] | \b(?i:{see}|{law}|{list}|{range}|{fillers}) )* $",
        see = alternation(SEE),
        law = alternation(LAW_NOUNS),
        list = alternation(LIST_WORDS),
        range = alternation(RANGE_WORDS),
        fillers = alternation(SEE_FILLERS),
    );
    Regex::new(&re).expect("static regex")
});

/// The pipeline: each stage once, in order.
fn scan(text: &str, mode: Mode) -> Vec<CiteMatch> {
    let tokens = tokens::scan(text);
    let candidates = candidates::read(text, &tokens, mode);
    let candidates = neighbours::judge(text, candidates);
    let groups = groups::group(text, &candidates);
    cites::cites(text, &candidates, &groups, mode)
}
