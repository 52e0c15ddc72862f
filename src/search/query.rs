//! From what a TD typed to a tantivy query: citation first, then words.
//!
//! A query that is a citation (`12C1c`, `§ 12 C 1 c`, `lov 16B1a`, `16c2`)
//! goes straight to its provision. Otherwise every word is expanded against
//! the corpus vocabulary (stems in both languages, ascii spellings, typos,
//! compound parts, and completions of the last word), each expansion weighted
//! below an exact match, and the query is built programmatically: user input
//! never reaches tantivy's query parser, so `AND`, `field:x` or `"` are words.

use std::collections::HashSet;
use std::fmt;

use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, Occur, Query, TermQuery,
};
use tantivy::schema::{IndexRecordOption, Term};

use super::analyzer::{needs_fold, Analyzers, Lang};
use super::schema::Fields;
use super::vocab::{Cost, Vocabulary};
use crate::corpus::{BookId, Corpus, ProvisionId};

/// Longest query accepted, in characters. A TD's question is a few words; a
/// 10 000-character paste is almost surely a mistake, and refusing it keeps
/// query cost bounded.
pub const MAX_QUERY_CHARS: usize = 500;
/// Query words used; the rest of a long query is ignored (documented cap on
/// the cost of expansion).
pub(crate) const MAX_QUERY_WORDS: usize = 24;
/// Most completions the last word of a query expands to.
const MAX_COMPLETIONS: usize = 24;
/// Shortest last word that is completed as a prefix.
const MIN_PREFIX_CHARS: usize = 3;

/// Words that may introduce a citation typed as a query ("law", "the law's",
/// "paragraph", "point"): `lov 16B1a` is the cite `16B1a`.
const CITE_CUES: &[&str] = &[
    "lov", "loven", "lovens", "lovbestemmelse", "law", "paragraf", "pkt", "punkt",
];

/// A query as the user typed it: trimmed, control characters removed,
/// non-empty and at most [`MAX_QUERY_CHARS`] long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchQuery(String);

/// Why a query string cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// Nothing but white space.
    #[error("the query is empty")]
    Empty,
    /// Longer than [`MAX_QUERY_CHARS`].
    #[error("the query is {chars} characters long; at most {max} are allowed")]
    TooLong { chars: usize, max: usize },
}

impl SearchQuery {
    /// Validates a raw query: control characters become spaces, the ends are
    /// trimmed; an empty or over-long query is an error (never truncated, so
    /// the user sees why a pasted text finds nothing).
    pub fn parse(raw: &str) -> Result<SearchQuery, QueryError> {
        let chars = raw.chars().count();
        if chars > MAX_QUERY_CHARS {
            return Err(QueryError::TooLong {
                chars,
                max: MAX_QUERY_CHARS,
            });
        }
        let cleaned: String = raw
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let trimmed = cleaned.trim();
        if trimmed.is_empty() {
            return Err(QueryError::Empty);
        }
        Ok(SearchQuery(trimmed.to_string()))
    }

    /// The query text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for SearchQuery {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SearchQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which of the forgiving matchers are on. All are on in production; the
/// switches exist so that each one's effect can be measured by `eval`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// A query that is a citation returns its provision first.
    pub citations: bool,
    /// Compound parts are searched (index side) and unknown query words split.
    pub compounds: bool,
    /// Words of 5+ letters match corpus words within the typo budget.
    pub typos: bool,
    /// A query without æ, ø, å matches words that have them.
    pub folding: bool,
    /// The last word matches as a prefix.
    pub prefix: bool,
    /// Title and headings weigh more than body text.
    pub field_boosts: bool,
    /// A hit hides its ancestors and descendants further down the list.
    pub dedupe: bool,
    /// Passages with more of the query's words rank higher.
    pub coverage: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}

impl Features {
    /// Everything on.
    pub const ALL: Features = Features {
        citations: true,
        compounds: true,
        typos: true,
        folding: true,
        prefix: true,
        field_boosts: true,
        dedupe: true,
        coverage: true,
    };
    /// Stemmed words only: the baseline the matchers are measured against.
    pub const NONE: Features = Features {
        citations: false,
        compounds: false,
        typos: false,
        folding: false,
        prefix: false,
        field_boosts: false,
        dedupe: false,
        coverage: false,
    };
}

/// Weight of each kind of match relative to an exact (stemmed) match.
const W_EXACT: f32 = 1.0;
const W_FOLDED: f32 = 0.9;
const W_SPLIT: f32 = 0.6;
const W_PREFIX: f32 = 0.6;
const W_TYPO: [f32; 3] = [1.0, 0.5, 0.3];

/// Field weights: a word in a title or definition term says more about a
/// provision than the same word in its text; a compound part says less.
const B_TITLE: f32 = 3.0;
const B_CONTEXT: f32 = 1.0;
const B_BODY: f32 = 1.0;
const B_PARTS: f32 = 0.5;

/// How a query word reached an index term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchKind {
    Exact,
    Folded,
    Split,
    Prefix,
    Typo(Cost),
}

/// One index term a query word stands for.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    pub term: String,
    pub weight: f32,
    pub kind: MatchKind,
}

/// One query word and its expansions.
#[derive(Clone, Debug, Default)]
pub(crate) struct WordPlan {
    pub text: String,
    pub variants: Vec<Variant>,
}

impl WordPlan {
    fn add(&mut self, term: &str, weight: f32, kind: MatchKind) {
        match self.variants.iter_mut().find(|v| v.term == term) {
            Some(v) if v.weight < weight => {
                v.weight = weight;
                v.kind = kind;
            }
            Some(_) => {}
            None => self.variants.push(Variant {
                term: term.to_string(),
                weight,
                kind,
            }),
        }
    }
}

/// What a query will search for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// The provision a citation query names (corpus index).
    pub cite: Option<usize>,
    /// The words to search for, with their expansions.
    pub words: Vec<WordPlan>,
}

impl Plan {
    /// Every term the query may match, for highlighting.
    pub(crate) fn terms(&self) -> HashSet<&str> {
        self.words
            .iter()
            .flat_map(|w| w.variants.iter().map(|v| v.term.as_str()))
            .collect()
    }
}

/// Turns a query into a plan: a cited provision and/or expanded words.
pub(crate) fn plan(
    query: &SearchQuery,
    corpus: &Corpus,
    vocab: &Vocabulary,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Plan {
    let mut plan = Plan::default();
    if features.citations {
        if let Some((idx, id)) = cite_of(query.as_str(), corpus) {
            plan.cite = Some(idx);
            // The cite's own token finds passages that cite it (`12c1c`);
            // a bare number would only find numbers, so it searches nothing.
            let token = id.to_string().to_lowercase();
            if token.chars().any(|c| c.is_alphabetic()) {
                let mut w = WordPlan {
                    text: token.clone(),
                    variants: Vec::new(),
                };
                for lang in Lang::ALL {
                    if let Some(t) = analyzers.term(lang, &token) {
                        w.add(&t, W_EXACT, MatchKind::Exact);
                    }
                }
                plan.words.push(w);
            }
        }
    }
    if plan.cite.is_none() {
        let words = analyzers.words(query.as_str());
        let n = words.len().min(MAX_QUERY_WORDS);
        for (i, word) in words.into_iter().take(n).enumerate() {
            let is_last = i + 1 == n;
            plan.words
                .extend(expand(&word, is_last, vocab, analyzers, features));
        }
    }
    // A term the corpus never uses cannot match: dropping it keeps the
    // coverage count (how many query words a passage has) honest.
    for w in &mut plan.words {
        w.variants.retain(|v| vocab.has_term(&v.term));
    }
    plan.words.retain(|w| !w.variants.is_empty());
    plan
}

/// The expansions of one query word; more than one plan when an unknown
/// compound is split into words the corpus knows.
fn expand(
    word: &str,
    is_last: bool,
    vocab: &Vocabulary,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Vec<WordPlan> {
    let mut w = WordPlan {
        text: word.to_string(),
        variants: Vec::new(),
    };
    let stems: Vec<String> = Lang::ALL
        .iter()
        .filter_map(|&lang| analyzers.term(lang, word))
        .collect();
    let is_stop_word = stems.is_empty();
    for stem in &stems {
        w.add(stem, W_EXACT, MatchKind::Exact);
    }
    // Numbers and cites are matched exactly or not at all.
    if is_stop_word || word.chars().any(|c| c.is_ascii_digit()) {
        return vec![w];
    }
    let mut known = stems.iter().any(|t| vocab.has_term(t));
    if features.folding && !needs_fold(word) {
        for &id in vocab.unfold(word) {
            if let Some(found) = vocab.word(id) {
                for t in &found.terms {
                    w.add(t, W_FOLDED, MatchKind::Folded);
                    known = true;
                }
            }
        }
        // Fold after stemming: the ascii stem `ubefoj` is the stem `ubeføj`.
        for stem in &stems {
            for t in vocab.unfold_term(stem) {
                w.add(t, W_FOLDED, MatchKind::Folded);
                known = true;
            }
        }
    }
    if features.typos && !known {
        for (id, cost) in vocab.typos(word) {
            if let Some(found) = vocab.word(id) {
                let weight = W_TYPO.get(cost as usize).copied().unwrap_or(0.0);
                for t in &found.terms {
                    w.add(t, weight, MatchKind::Typo(cost));
                }
            }
        }
    }
    // The last word may be unfinished (search as you type); any other word
    // the corpus does not know, not even with a typo, may be a stem the
    // corpus only uses in longer forms (`syg` → `sygdom`).
    let unknown = !known && w.variants.iter().all(|v| !vocab.has_term(&v.term));
    if features.prefix && (is_last || unknown) && word.chars().count() >= MIN_PREFIX_CHARS {
        for id in vocab.completions(word, MAX_COMPLETIONS) {
            if let Some(found) = vocab.word(id) {
                for t in &found.terms {
                    w.add(t, W_PREFIX, MatchKind::Prefix);
                }
            }
        }
    }
    let mut out = vec![w];
    if features.compounds && !known {
        for lang in Lang::ALL {
            if let Some(parts) = vocab.split(word, lang, analyzers) {
                for part in parts {
                    let mut p = WordPlan {
                        text: part.clone(),
                        variants: Vec::new(),
                    };
                    p.add(&part, W_SPLIT, MatchKind::Split);
                    out.push(p);
                }
                break;
            }
        }
    }
    out
}

/// The tantivy query for a plan's words, or `None` when there is nothing to
/// search for (a citation without letters, only stop words, only punctuation).
pub(crate) fn build(
    plan: &Plan,
    fields: &Fields,
    book: Option<BookId>,
    features: &Features,
) -> Option<Box<dyn Query>> {
    let env = |k: &str, d: f32| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let boosts: [(tantivy::schema::Field, f32); 4] = if features.field_boosts {
        [
            (fields.title, env("LB_TITLE", B_TITLE)),
            (fields.context, env("LB_CONTEXT", B_CONTEXT)),
            (fields.body, B_BODY),
            (fields.parts, env("LB_PARTS", B_PARTS)),
        ]
    } else {
        [
            (fields.title, 1.0),
            (fields.context, 1.0),
            (fields.body, 1.0),
            (fields.parts, B_PARTS),
        ]
    };
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for word in &plan.words {
        let mut per_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (field, boost) in boosts {
            if field == fields.parts && !features.compounds {
                continue;
            }
            let mut disjuncts: Vec<Box<dyn Query>> = word
                .variants
                .iter()
                .map(|v| {
                    let tq = TermQuery::new(
                        Term::from_field_text(field, &v.term),
                        IndexRecordOption::WithFreqs,
                    );
                    Box::new(BoostQuery::new(Box::new(tq), v.weight)) as Box<dyn Query>
                })
                .collect();
            let q: Box<dyn Query> = if disjuncts.len() == 1 {
                disjuncts.remove(0)
            } else {
                Box::new(DisjunctionMaxQuery::new(disjuncts))
            };
            per_field.push((Occur::Should, Box::new(BoostQuery::new(q, boost))));
        }
        clauses.push((Occur::Should, Box::new(BooleanQuery::new(per_field))));
    }
    if clauses.is_empty() {
        return None;
    }
    let words: Box<dyn Query> = Box::new(BooleanQuery::new(clauses));
    Some(match book {
        None => words,
        Some(book) => {
            let only = TermQuery::new(
                Term::from_field_text(fields.book, book.as_str()),
                IndexRecordOption::Basic,
            );
            Box::new(BooleanQuery::new(vec![
                (Occur::Must, words),
                (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(only), 0.0))),
            ]))
        }
    })
}

/// The provision a query cites, if the whole query is a citation.
///
/// Tries the canonical parser first (it accepts `§ 12 C 1 c`), after an
/// optional cue word (`lov 16B1a`), then the same with the section letter
/// in upper case (`16c2` → `16C2`) when that names a provision the corpus
/// holds. A cite below a law whose text is absent resolves to the law's
/// title entry.
pub(crate) fn cite_of(query: &str, corpus: &Corpus) -> Option<(usize, ProvisionId)> {
    let q = strip_cue(query.trim());
    if q.is_empty() {
        return None;
    }
    if let Ok(id) = q.parse::<ProvisionId>() {
        if let Some(p) = corpus.nearest(&id) {
            let id = p.id.clone();
            return corpus.index_of(&id).map(|i| (i, id));
        }
    }
    let fixed = upper_section_letter(q).unwrap_or_else(|| q.to_string());
    let id: ProvisionId = fixed
        .parse()
        .ok()
        .or_else(|| bracket_roman(&fixed).and_then(|f| f.parse().ok()))?;
    let p = corpus.nearest(&id)?;
    // Only accept the case-fixed reading when it names something real: the
    // provision itself, or the title of a law whose text is not in the corpus.
    (p.id == id || !p.in_corpus).then(|| corpus.index_of(&p.id).map(|i| (i, p.id.clone())))?
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
    // After the item number: an optional sub-item letter, then the numeral.
    for split in [1, 0] {
        if tail.len() <= split {
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
    fn parse_trims_and_rejects_empty_and_long() {
        assert_eq!(SearchQuery::parse("  kort \n").map(|q| q.0), Ok("kort".into()));
        assert_eq!(SearchQuery::parse(" \t\u{0} "), Err(QueryError::Empty));
        let long = "a".repeat(MAX_QUERY_CHARS + 1);
        assert!(matches!(SearchQuery::parse(&long), Err(QueryError::TooLong { .. })));
        assert!(SearchQuery::parse(&"ø".repeat(MAX_QUERY_CHARS)).is_ok());
    }

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
    }
}
