//! Reading a query: what a TD typed, and what it says, citation first,
//! then words.
//!
//! A query that is a citation (`12C1c`, `§ 12 C 1 c`, `lov 16B1a`, `16c2`)
//! goes straight to its provision (see `citation.rs`). Otherwise its words
//! are read (question and function words dropped, at most
//! [`MAX_QUERY_WORDS`]), and each is then planned by [`expand`]: its
//! expansions against the corpus vocabulary and the thesaurus. User input
//! never reaches tantivy's query parser, so `AND`, `field:x` or `"` are
//! words.

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use super::analyzer::Analyzers;
use super::stop_words::{
    is_books_stop_word, is_english_function_word, is_query_stop_word, ENGLISH_HOMOGRAPHS,
};
use super::thesaurus::Thesaurus;
use super::understand::{self, Role};
use crate::corpus::Corpus;

pub(crate) mod expand;

use expand::{Lexicon, WordPlan};

/// Longest query accepted, in characters. A TD's question is a few words, a
/// player's a paragraph with its story (real questions run to 150 words);
/// a 10 000-character paste is almost surely a mistake, and refusing it
/// keeps query cost bounded.
pub const MAX_QUERY_CHARS: usize = 2000;
/// Most words of a query read as a citation (`lov 20 F 5 b ii`, a list of
/// a few cites): a longer text is a question, and only its unframed part
/// is tried as a cite.
const MAX_CITE_WORDS: usize = 12;
/// Query words used; the rest of a long query is ignored (documented cap on
/// the cost of expansion).
pub(crate) const MAX_QUERY_WORDS: usize = 24;

/// The words of a query (or of a phrase keyed as a query reads it) that
/// are searched: question and function words dropped, unless nothing
/// else is left, and in an English query the words English shares with
/// the books' languages ([`ENGLISH_HOMOGRAPHS`]) too.
pub(crate) fn content_words(words: Vec<String>, thesaurus: &Thesaurus) -> Vec<String> {
    let keep = searched_mask(&words, thesaurus);
    words
        .into_iter()
        .zip(keep)
        .filter_map(|(w, k)| k.then_some(w))
        .collect()
}

/// Which of `words` [`content_words`] keeps, in order: all of them when
/// every one is a function word.
fn searched_mask(words: &[String], thesaurus: &Thesaurus) -> Vec<bool> {
    let english = words
        .iter()
        .any(|w| is_english_function_word(w) || thesaurus.is_english(w));
    let keep = |w: &String| {
        !(is_query_stop_word(w) || english && ENGLISH_HOMOGRAPHS.contains(&w.as_str()))
    };
    let mask: Vec<bool> = words.iter().map(keep).collect();
    if mask.contains(&true) {
        mask
    } else {
        vec![true; words.len()]
    }
}

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
    /// A unit whose own heading is the query ranks higher.
    pub title_match: bool,
    /// A hit hides its ancestors and descendants further down the list.
    pub dedupe: bool,
    /// Passages with more of the query's words rank higher.
    pub coverage: bool,
    /// Neighbouring query words found close together rank higher.
    pub proximity: bool,
    /// A word also matches words of the same root (`nølte` → `nøling`).
    pub morphology: bool,
    /// A word also matches its synonyms in the TD thesaurus.
    pub thesaurus: bool,
    /// Question words (`hvor`, `hvornår`) are dropped.
    pub query_stop_words: bool,
    /// A term of lovbok's subject index ranks its provisions as a heading
    /// that names the query would.
    pub subjects: bool,
    /// Each word's role in the question ([`understand`]): framing dropped,
    /// the table's circumstances weighed as context.
    pub query_roles: bool,
    /// A published case the query's words meet well lifts the provisions
    /// it applies (`search::cases`).
    pub cases: bool,
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
        title_match: true,
        dedupe: true,
        coverage: true,
        proximity: true,
        morphology: true,
        thesaurus: true,
        query_stop_words: true,
        subjects: true,
        query_roles: true,
        cases: true,
    };
    /// Stemmed words only: the baseline the matchers are measured against.
    pub const NONE: Features = Features {
        citations: false,
        compounds: false,
        typos: false,
        folding: false,
        prefix: false,
        field_boosts: false,
        title_match: false,
        dedupe: false,
        coverage: false,
        proximity: false,
        morphology: false,
        thesaurus: false,
        query_stop_words: false,
        subjects: false,
        query_roles: false,
        cases: false,
    };
}

/// A query read but not yet planned: what it cites, or else its words.
#[derive(Clone, Debug, Default)]
pub(crate) struct Read {
    /// The provisions a citation query names (corpus indexes), in order.
    pub cites: Vec<usize>,
    /// Otherwise: the words to plan, in order (framing, question and
    /// function words dropped, at most [`MAX_QUERY_WORDS`]).
    pub words: Vec<String>,
    /// What each of [`Read::words`] weighs by its role (see
    /// [`understand::weight_of`]): 1 for content.
    pub weights: Vec<f32>,
    /// What lacking each of [`Read::words`] costs a passage, by its role
    /// (see [`understand::rarity_share`]): 1 for content.
    pub rarity_shares: Vec<f32>,
    /// The words as typed, each with its role, framing and function words
    /// included (for `--explain`).
    pub typed: Vec<(String, Role)>,
}

/// Reads a query, citation first: the provisions it cites, if it is a
/// citation, or else the words it searches for.
pub(crate) fn read(
    query: &SearchQuery,
    corpus: &Corpus,
    thesaurus: &Thesaurus,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Read {
    let short = query.as_str().split_whitespace().count() <= MAX_CITE_WORDS;
    let mut cites = if features.citations && short && may_cite(query.as_str()) {
        super::citation::cites_of(query.as_str(), corpus)
    } else {
        Vec::new()
    };
    if cites.is_empty() && features.citations && features.query_roles && may_cite(query.as_str()) {
        // A clause that is a cite first: it is read whole, where the words
        // of a question are read without its context words.
        cites = cite_clause(query, corpus, thesaurus, analyzers);
        if cites.is_empty() {
            cites = cite_in_question(query, corpus, analyzers);
        }
    }
    if !cites.is_empty() {
        return Read {
            cites,
            ..Read::default()
        };
    }
    read_words(query, thesaurus, analyzers, features)
}

/// A number written as a share: `50%`, `60 %`, `42,5%`.
static PERCENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[0-9]+(?:[.,][0-9]+)?\s*%").expect("static regex"));

/// The provisions a question cites when all it says besides is framing,
/// or the table's context: "Hvem har rett når paragraf 9B1? Stemmer det?"
/// and "Playing in a multiple teams event, Law 73" go to 9B1 and 73 as the
/// cites alone do. Nothing when the question says more.
fn cite_in_question(query: &SearchQuery, corpus: &Corpus, analyzers: &mut Analyzers) -> Vec<usize> {
    // A share ("middels 50%", "60 %") is a score, never a cite.
    let words = analyzers.words(&PERCENT.replace_all(query.as_str(), " "));
    let roles = understand::roles_of(&words);
    let kept = |keep: fn(&Role) -> bool| -> Vec<&str> {
        words
            .iter()
            .zip(&roles)
            .filter(|(_, r)| keep(r))
            .map(|(w, _)| w.as_str())
            .collect()
    };
    if roles.contains(&Role::Framing) {
        // A word or two may stand before the cite ("når paragraf 9B1").
        let found = cite_after(&kept(|r| *r != Role::Framing), 3, corpus);
        if !found.is_empty() {
            return found;
        }
    }
    if roles.iter().any(|r| matches!(r, Role::Context(_))) {
        // The table's circumstances around a cite ("1NT doblet, 16C2"):
        // only the content words can be the cite, and one word before it;
        // a word no book indexes ("med") is none.
        let content: Vec<&str> = kept(|r| *r == Role::Content)
            .into_iter()
            .filter(|w| !is_books_stop_word(w, analyzers))
            .collect();
        return cite_after(&content, 2, corpus);
    }
    Vec::new()
}

/// The provisions of a clause that is one cite when every other clause
/// only sets the table or frames the question: "4 spar doblet i sonen,
/// § 12 C 1 c" and "15 hp i nord, 211 B 1 d" go to 12C1c and 211B1d.
/// A clause of digits alone is no cite here ("Runde 10, spill 28").
fn cite_clause(
    query: &SearchQuery,
    corpus: &Corpus,
    thesaurus: &Thesaurus,
    analyzers: &mut Analyzers,
) -> Vec<usize> {
    let clauses = clauses_of(query.as_str());
    if clauses.len() < 2 {
        return Vec::new();
    }
    let mut found = Vec::new();
    for clause in clauses {
        let named = clause.chars().any(|c| c.is_alphabetic() || c == '§');
        let cites = if named && clause.split_whitespace().count() <= MAX_CITE_WORDS {
            super::citation::cites_of(clause, corpus)
        } else {
            Vec::new()
        };
        if !cites.is_empty() {
            if !found.is_empty() {
                return Vec::new();
            }
            found = cites;
            continue;
        }
        let words = analyzers.words(clause);
        // A clause's own roles, not promoted: "4 spar doblet" alone is
        // still only the table's circumstances.
        let roles = understand::roles_as_said(&words);
        let mask = searched_mask(&words, thesaurus);
        let says_more = (0..words.len()).any(|i| {
            mask[i] && roles[i] == Role::Content && !is_books_stop_word(&words[i], analyzers)
        });
        if says_more {
            return Vec::new();
        }
    }
    found
}

/// A query's clauses: its text split at commas, semicolons, question and
/// exclamation marks, and at a full stop that ends a sentence (not the one
/// inside `45.4`).
fn clauses_of(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ends = match c {
            ',' | ';' | '?' | '!' => true,
            '.' => chars.peek().is_none_or(|(_, n)| n.is_whitespace()),
            _ => false,
        };
        if ends {
            out.push(&text[start..i]);
            start = i + c.len_utf8();
        }
    }
    out.push(&text[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// The provisions `words` cite once up to `skips - 1` words before the
/// cite are dropped, the fewest first.
fn cite_after(words: &[&str], skips: usize, corpus: &Corpus) -> Vec<usize> {
    if words.len() > MAX_CITE_WORDS {
        return Vec::new();
    }
    (0..words.len().min(skips))
        .map(|skip| super::citation::cites_of(&words[skip..].join(" "), corpus))
        .find(|cites| !cites.is_empty())
        .unwrap_or_default()
}

/// The words of a query that is not a citation, each with its role (see
/// [`understand`]): framing dropped, then question and function words (see
/// [`content_words`]), at most [`MAX_QUERY_WORDS`], context words the
/// first to go when there are more.
fn read_words(
    query: &SearchQuery,
    thesaurus: &Thesaurus,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Read {
    let (typed_words, starts): (Vec<String>, Vec<usize>) =
        analyzers.words_at(query.as_str()).into_iter().unzip();
    let roles = if features.query_roles {
        understand::roles_of(&typed_words)
    } else {
        vec![Role::Content; typed_words.len()]
    };
    let mut roles = roles;
    let searched = if features.query_stop_words {
        let not_framing: Vec<String> = typed_words
            .iter()
            .zip(&roles)
            .filter(|(_, r)| **r != Role::Framing)
            .map(|(w, _)| w.clone())
            .collect();
        let mut mask = searched_mask(&not_framing, thesaurus).into_iter();
        roles
            .iter()
            .map(|r| *r != Role::Framing && mask.next().unwrap_or(true))
            .collect()
    } else {
        roles
            .iter()
            .map(|r| *r != Role::Framing)
            .collect::<Vec<bool>>()
    };
    // A word no book indexes ("med", "om") is searched (a phrase may hold
    // it) but says nothing: it is no content word.
    let says: Vec<bool> = typed_words
        .iter()
        .zip(&searched)
        .map(|(w, s)| *s && !is_books_stop_word(w, analyzers))
        .collect();
    understand::promote_context(&mut roles, &says);
    let scenery = scenery_clauses(query.as_str(), &starts, &roles, &says);
    let typed: Vec<(String, Role)> = typed_words.into_iter().zip(roles).collect();
    let mut kept: Vec<Kept> = typed
        .iter()
        .zip(searched.iter().zip(&says))
        .zip(&scenery)
        .filter(|((_, (s, _)), _)| **s)
        .map(|(((w, r), (_, says)), scenery)| Kept {
            word: w.clone(),
            role: *r,
            says: *says,
            scenery: *scenery,
        })
        .collect();
    cap_words(&mut kept);
    let content = kept
        .iter()
        .filter(|k| k.says && k.role == Role::Content)
        .count();
    let weights = kept
        .iter()
        .map(|k| understand::weight_of(k.role, content))
        .collect();
    let rarity_shares = kept
        .iter()
        .map(|k| understand::rarity_share(k.role, content, k.scenery))
        .collect();
    let words = kept.into_iter().map(|k| k.word).collect();
    Read {
        cites: Vec::new(),
        words,
        weights,
        rarity_shares,
        typed,
    }
}

/// A searched word of a query, as [`read_words`] weighs it.
struct Kept {
    word: String,
    role: Role,
    /// Whether a book indexes it (a function word says nothing).
    says: bool,
    /// Whether its clause only sets the table (see [`scenery_clauses`]).
    scenery: bool,
}

/// Keeps at most [`MAX_QUERY_WORDS`] of a long question's words, in order:
/// its context words are dropped first (last first), then its words from
/// the start, since a story's question tends to come last.
fn cap_words(words: &mut Vec<Kept>) {
    while words.len() > MAX_QUERY_WORDS {
        let drop = words
            .iter()
            .rposition(|k| matches!(k.role, Role::Context(_)))
            .unwrap_or(0);
        words.remove(drop);
    }
}

/// For each word of the query, whether its clause only sets the table:
/// a clause with no content word that says something ("I en holdkamp,",
/// "Runde 10, spill 28,", "Game all, dealer North,"). Such a clause is the
/// question's scenery, so a passage that lacks it loses nothing; a context
/// word in the clause that says what happened ("utslagsturnering justerte
/// resultater") may be what it is about. `starts` is where each word of
/// the query begins in `text`; `roles` and `says` are per word.
fn scenery_clauses(text: &str, starts: &[usize], roles: &[Role], says: &[bool]) -> Vec<bool> {
    // Each clause's byte range in `text` (`clauses_of` gives slices of it).
    let ranges: Vec<(usize, usize)> = clauses_of(text)
        .into_iter()
        .map(|c| {
            let at = c.as_ptr() as usize - text.as_ptr() as usize;
            (at, at + c.len())
        })
        .collect();
    let clause_of = |start: usize| ranges.iter().position(|&(a, b)| start >= a && start < b);
    let clauses: Vec<Option<usize>> = starts.iter().map(|&s| clause_of(s)).collect();
    let mut content = vec![false; ranges.len()];
    for ((clause, role), says) in clauses.iter().zip(roles).zip(says) {
        if let Some(c) = clause {
            content[*c] |= *says && *role == Role::Content;
        }
    }
    clauses
        .iter()
        .map(|c| c.is_some_and(|c| !content[c]))
        .collect()
}

/// True when a query could be a citation: every cite has a digit (a law,
/// section or item number) or a colon (`def:Alert`, `laws:forord`). The
/// rest of the queries, most of them, skip the citation parser.
pub(crate) fn may_cite(query: &str) -> bool {
    query.contains(|c: char| c.is_ascii_digit() || c == ':')
}

/// What a query will search for (for [`crate::search::SearchIndex::explain`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// The provisions a citation query names (corpus indexes), in order.
    pub cites: Vec<usize>,
    /// The words to search for, with their expansions.
    pub words: Vec<WordPlan>,
}

/// Turns a query into a plan: a cited provision and/or expanded words.
pub(crate) fn plan(
    query: &SearchQuery,
    corpus: &Corpus,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Plan {
    let read = read(query, corpus, lexicon.thesaurus, analyzers, features);
    let mut plan = Plan {
        words: expand::cite_tokens(&read.cites, corpus, lexicon.vocab, analyzers),
        cites: read.cites,
    };
    let n = read.words.len();
    for (i, word) in read.words.iter().enumerate() {
        plan.words.extend(expand::expand_word(
            word,
            i + 1 == n,
            lexicon,
            analyzers,
            features,
        ));
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cite_of_the_corpus_may_be_a_citation() {
        // The citation parser is skipped for queries `may_cite` rejects:
        // it must accept every provision's canonical cite.
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        for p in corpus.provisions() {
            let cite = p.id.to_string();
            assert!(may_cite(&cite), "{cite}");
        }
        assert!(!may_cite("melding utenfor tur"));
    }

    #[test]
    fn parse_trims_and_rejects_empty_and_long() {
        assert_eq!(
            SearchQuery::parse("  kort \n").map(|q| q.0),
            Ok("kort".into())
        );
        assert_eq!(SearchQuery::parse(" \t\u{0} "), Err(QueryError::Empty));
        let long = "a".repeat(MAX_QUERY_CHARS + 1);
        assert!(matches!(
            SearchQuery::parse(&long),
            Err(QueryError::TooLong { .. })
        ));
        assert!(SearchQuery::parse(&"ø".repeat(MAX_QUERY_CHARS)).is_ok());
    }

    /// Whether each word of `text` is read as scenery, with the roles
    /// query reading gives them.
    fn scenery(text: &str) -> Vec<(String, bool)> {
        let mut analyzers = Analyzers::new();
        let (words, starts): (Vec<String>, Vec<usize>) =
            analyzers.words_at(text).into_iter().unzip();
        let roles = understand::roles_of(&words);
        let says: Vec<bool> = words
            .iter()
            .map(|w| !is_books_stop_word(w, &mut analyzers))
            .collect();
        let scenery = scenery_clauses(text, &starts, &roles, &says);
        words.into_iter().zip(scenery).collect()
    }

    #[test]
    fn a_clause_that_only_sets_the_table_is_scenery() {
        for (text, set) in [
            ("Runde 10, spill 28, fjorten kort etter spillet", 4),
            ("I en holdkamp, feil forklaring", 3),
            ("Game all, dealer North, revoke", 4),
        ] {
            let read = scenery(text);
            let (first, rest) = read.split_at(set);
            assert!(first.iter().all(|(_, s)| *s), "{text}: {read:?}");
            assert!(rest.iter().all(|(_, s)| !*s), "{text}: {read:?}");
        }
        // The table's circumstances in the clause that says what happened
        // may be what it is about.
        for text in [
            "utslagsturnering justerte resultater",
            "butler scoring, average plus",
        ] {
            let read = scenery(text);
            assert!(read.iter().all(|(_, s)| !*s), "{text}: {read:?}");
        }
    }
}
