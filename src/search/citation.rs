//! Citation queries: a TD who types a cite wants that provision, first.
//!
//! A query is a citation when it holds nothing but cites (and cue words such
//! as `lov` or `§`). The canonical parser is tried first, then the citation
//! finder of [`crate::cite`], then two repairs people need (`16c2` in lower
//! case, `20F5bii` without parentheses) that are accepted only when they name
//! a provision the corpus holds. Cites are never typo-matched: `12C1c` must
//! not become `12C1e`.

use crate::cite::{Resolved, Status};
use crate::corpus::{Corpus, ProvisionId};

/// Words that may introduce a citation typed as a query ("law", "the law's",
/// "paragraph", "point"): `lov 16B1a` is the cite `16B1a`.
const CITE_CUES: &[&str] = &[
    "lov",
    "loven",
    "lovens",
    "lovbestemmelse",
    "law",
    "paragraf",
    "pkt",
    "punkt",
];

/// Words that join or introduce cites in a list ("and", "or", "as well
/// as", "see", "cf."): `61, 62 og 64` is three cites.
const LIST_WORDS: &[&str] = &[
    "og", "eller", "samt", "se", "jf", "jfr", "and", "or", "see", "cf",
];

/// The provisions a query cites, if the whole query is citations.
///
/// Tries, in order: the canonical parser (it accepts `§ 12 C 1 c`) after an
/// optional cue word (`lov 16B1a`); the citation finder (`lov 20 F 5 b`,
/// `61, 62 og 64`), when the query holds nothing but cites; and last the
/// canonical parser again with the section letter in upper case (`16c2`)
/// or a roman numeral put in parentheses (`20F5bii`), when that names a
/// provision the corpus holds. A cite below a law whose text is absent
/// resolves to the law's title entry.
pub(crate) fn cites_of(query: &str, corpus: &Corpus) -> Vec<usize> {
    let q = strip_cue(query.trim());
    if q.is_empty() {
        return Vec::new();
    }
    if let Ok(id) = q.parse::<ProvisionId>() {
        if let Some(p) = corpus.nearest(&id) {
            return corpus.index_of(&p.id).into_iter().collect();
        }
    }
    let found = crate::cite::link(query, None, corpus);
    if !found.is_empty() && only_cites(query, &found) {
        let mut out: Vec<usize> = Vec::new();
        for t in found.iter().flat_map(|r| &r.targets) {
            let shown = match &t.status {
                Status::InCorpus => Some(&t.id),
                Status::OutsideText { nearest } => nearest.as_ref(),
                Status::External | Status::Unresolved { .. } => None,
            };
            if let Some(i) = shown.and_then(|id| corpus.index_of(id)) {
                if !out.contains(&i) {
                    out.push(i);
                }
            }
        }
        if !out.is_empty() {
            return out;
        }
    }
    let fixed = upper_section_letter(q).unwrap_or_else(|| q.to_string());
    let Some(id) = fixed
        .parse::<ProvisionId>()
        .ok()
        .or_else(|| bracket_roman(&fixed).and_then(|f| f.parse().ok()))
    else {
        return Vec::new();
    };
    // Only accept a repaired reading when it names something real: the
    // provision itself, or the title of a law whose text is not in the corpus.
    corpus
        .nearest(&id)
        .filter(|p| p.id == id || !p.in_corpus)
        .and_then(|p| corpus.index_of(&p.id))
        .into_iter()
        .collect()
}

/// True when the query is nothing but the found cites, cue words, list
/// words and punctuation: `lov 16B1a og 16B1b` is a citation query,
/// `meldinger etter 16C2` is not.
fn only_cites(query: &str, found: &[Resolved]) -> bool {
    let mut rest = String::with_capacity(query.len());
    let mut pos = 0;
    for r in found {
        if let Some(before) = query.get(pos..r.span.start) {
            rest.push_str(before);
            rest.push(' ');
        }
        pos = pos.max(r.span.end);
    }
    rest.push_str(query.get(pos..).unwrap_or(""));
    rest.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .all(|w| {
            let w = w.to_lowercase();
            CITE_CUES.contains(&w.as_str()) || LIST_WORDS.contains(&w.as_str())
        })
}

/// `20F5bii` → `20F5b(ii)`: a trailing roman numeral written without its
/// parentheses, after a sub-item letter or an item number.
fn bracket_roman(q: &str) -> Option<String> {
    let compact: String = q
        .trim_start_matches('§')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let digits_end = compact.rfind(|c: char| c.is_ascii_digit())?;
    let tail = &compact[digits_end + 1..];
    // After the item number: the numeral alone (`12C1ii`), else a sub-item
    // letter and the numeral (`20F5bii`).
    for split in [0, 1] {
        if tail.len() <= split || !tail.is_char_boundary(split) {
            continue;
        }
        let (sub, roman) = tail.split_at(split);
        if crate::corpus::id::from_roman(roman).is_some() {
            return Some(format!("{}{sub}({roman})", &compact[..=digits_end]));
        }
    }
    None
}

/// Removes a leading cue word (`lov`, `law`) and a following `§`.
fn strip_cue(q: &str) -> &str {
    let mut rest = q;
    if let Some((first, tail)) = q.split_once(char::is_whitespace) {
        let first = first.trim_end_matches('.').to_lowercase();
        if CITE_CUES.contains(&first.as_str()) {
            rest = tail.trim_start();
        }
    }
    rest
}

/// `16c2` → `16C2`, `x78b4` → `X78B4`: the first letter after the root
/// number in upper case. `None` when there is no such lower-case letter.
fn upper_section_letter(q: &str) -> Option<String> {
    let compact: String = q
        .trim_start_matches('§')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut out = String::with_capacity(compact.len());
    let mut chars = compact.chars().peekable();
    if let Some(&c) = chars.peek() {
        if c == 'x' || c == 'X' {
            out.push('X');
            chars.next();
        }
    }
    let mut digits = 0;
    while let Some(&c) = chars.peek() {
        if !c.is_ascii_digit() {
            break;
        }
        out.push(c);
        digits += 1;
        chars.next();
    }
    if digits == 0 {
        return None;
    }
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() => out.push(c.to_ascii_uppercase()),
        _ => return None,
    }
    out.extend(chars);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cue_words_and_case_are_forgiven() {
        assert_eq!(strip_cue("lov 16B1a"), "16B1a");
        assert_eq!(strip_cue("Law 16"), "16");
        assert_eq!(strip_cue("lovens"), "lovens");
        assert_eq!(upper_section_letter("16c2").as_deref(), Some("16C2"));
        assert_eq!(upper_section_letter("x78b4").as_deref(), Some("X78B4"));
        assert_eq!(upper_section_letter("§ 12 c 1 c").as_deref(), Some("12C1c"));
        assert_eq!(upper_section_letter("kort"), None);
        assert_eq!(upper_section_letter("16"), None);
        assert_eq!(bracket_roman("20F5bii").as_deref(), Some("20F5b(ii)"));
        assert_eq!(bracket_roman("12C1 ii").as_deref(), Some("12C1(ii)"));
        assert_eq!(bracket_roman("12C1c"), None);
        // Found by proptest: a multi-byte letter after the number.
        assert_eq!(bracket_roman("0Σ"), None);
    }
}
