//! Full-text search over both books, built in memory at start-up with tantivy.
//!
//! A *unit* is one passage a TD can read: a provision's own heading and text,
//! with the headings above it as context ([`units`]). A query goes through
//! [`SearchQuery::parse`] at the edge; [`SearchIndex::search`] answers a
//! citation first, then ranks units by BM25 over words expanded against the
//! corpus vocabulary (stems, words of the same root, typos, ascii spellings,
//! compound parts, prefix) and a bilingual TD thesaurus, re-ranks them by how
//! many of the query's words each has, and never shows the same text at two
//! levels (12C1c and 12C). What other passages call a provision when they
//! cite it (`X78B (Neubergs formel)`) is indexed with it. [`evaluate`]
//! measures it against judged queries.

/// The hash map of the query path's tables: FxHash, several times faster
/// than std's SipHash on the short words a query looks up. Its keys are
/// the corpus's words and ids (a query's own maps key provisions by their
/// corpus index); a request's text is only looked up, never inserted, so a
/// crafted query cannot fill a table with collisions.
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;

mod analyzer;
mod anchors;
mod cases;
mod citation;
mod english;
mod eval;
mod glossary;
mod impact;
mod index;
mod irregular;
pub mod offline;
mod parallel;
mod query;
mod schema;
mod snippet;
mod stop_words;
mod subjects;
mod thesaurus;
pub mod understand;
mod vocab;

use serde::Serialize;

use crate::corpus::{BookId, Corpus, Provision, ProvisionId};

pub use analyzer::{register_all, WordForms};
pub use cases::{CaseColumns, CaseHit, ShownCase, MAX_CASE_HITS};
pub use eval::{
    evaluate, evaluate_rankings, parse_judgments, question_urls, same_page, split_by_source,
    EvalError, EvalReport, Judgment, SourceSplit, StrictScores, CUTOFF, MISS_RANK,
};
pub use index::{
    ExplainedHit, ExplainedSubject, ExplainedWord, Explanation, IndexStats, SearchIndex, Stages,
};
pub use parallel::{search_parallels, ParallelHit, MAX_PARALLEL_HITS};
#[doc(hidden)]
pub use query::Features;
pub use query::{QueryError, SearchQuery, MAX_QUERY_CHARS};

/// Most hits one search returns.
pub const MAX_LIMIT: usize = 50;

/// How many hits, from which book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of hits wanted, 1..=[`MAX_LIMIT`]; values outside are clamped.
    pub limit: usize,
    /// Only hits from this book (citations included).
    pub book: Option<BookId>,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            limit: 10,
            book: None,
        }
    }
}

/// One result: a provision, why it ranks, and a marked-up excerpt.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    pub id: ProvisionId,
    /// Index of the provision in [`Corpus::provisions`].
    pub index: usize,
    /// Ranking score; a citation hit scores above every word hit.
    pub score: f32,
    /// About 200 characters of the passage, HTML-escaped, with the words the
    /// query matched (also through stems, typos, ascii spellings and
    /// compounds) in `<mark>…</mark>`.
    pub snippet: String,
    /// True when the query was a citation of this provision.
    pub via_citation: bool,
    /// The term of lovbok's subject index that the query met, when that is
    /// most of why the hit ranks: shown as lovbok's own words, apart from
    /// the books' text.
    pub subject: Option<String>,
}

/// Why a search could not run.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// tantivy failed while building or reading the in-memory index.
    #[error("search index failure: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// `search` was given another corpus than the one the index was built from.
    #[error("the index was built from a corpus of {expected} provisions, not {got}")]
    CorpusMismatch { expected: usize, got: usize },
}

/// A retrieval unit as exported (`lovbok export --jsonl`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    pub id: ProvisionId,
    /// Language of the text (`nb` or `da`).
    pub lang: &'static str,
    /// The headings from the top of the book down to this provision, each
    /// as `<cite> <title>`, joined by ` › `.
    pub title: String,
    /// The provision's own text, then its footnotes.
    pub body: String,
}

/// Every retrieval unit of the corpus, in reading order.
pub fn units(corpus: &Corpus) -> Vec<Unit> {
    index::unit_sources(corpus)
        .into_iter()
        .map(|u| {
            let p = corpus.at(u.corpus);
            Unit {
                id: p.id.clone(),
                lang: p.lang(),
                title: heading_trail(corpus, u.corpus),
                body: u.body,
            }
        })
        .collect()
}

/// `12 Turneringslederens myndighet … › 12C Fastsettelse av justert resultat`.
fn heading_trail(corpus: &Corpus, idx: usize) -> String {
    corpus
        .path_of(idx)
        .into_iter()
        .map(|i| corpus.at(i))
        .filter_map(|p: &Provision| {
            let title = p.title.as_deref()?;
            Some(match &p.id {
                ProvisionId::Numbered { .. } => format!("{} {title}", p.id),
                _ => title.to_string(),
            })
        })
        .collect::<Vec<_>>()
        .join(" › ")
}
