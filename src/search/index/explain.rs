//! Why a query finds what it finds: each word's role and weight, the
//! subjects it named, and each top hit's score by its parts. The tool to
//! tune with (`lovbok search --explain`, `GET /api/search?explain=true`):
//! it runs the same stages as a search and reads what they made.

use std::fmt::Write as _;

use serde::Serialize;

use super::score::word_score;
use super::{Run, SearchIndex};
use crate::corpus::Corpus;
use crate::search::cases::{CaseHit, MAX_CASE_HITS};
use crate::search::impact::MAX_WORDS;
use crate::search::query::SearchQuery;
use crate::search::{SearchError, SearchOptions};

/// A search, explained.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// The provisions the query cites (a citation query, or a question
    /// that is a citation and framing).
    pub cites: Vec<String>,
    /// Every word as typed, in order.
    pub words: Vec<ExplainedWord>,
    /// The subject index's entries the words name, best first.
    pub subjects: Vec<ExplainedSubject>,
    /// The hits, in order, each with why it ranks there.
    pub hits: Vec<ExplainedHit>,
    /// The published cases the words meet, as the search shows them.
    pub cases: Vec<CaseHit>,
}

/// One typed word: what the query-understanding stage made of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplainedWord {
    pub word: String,
    /// `framing`, `content`, or the kind of context (`seat`, `event`, …).
    pub role: &'static str,
    /// What it weighs beside a content word (0 when not searched).
    pub weight: f32,
    /// What a passage without it loses, beside a content word of the same
    /// rarity: 0 for the scenery of a clause that only sets the table.
    pub lacking: f32,
    /// False for framing and for question and function words.
    pub searched: bool,
}

/// A term of the subject index the query met.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplainedSubject {
    pub term: String,
    /// 0 to 1 (the index's scale): how well the term names the query.
    pub score: f32,
    /// The provisions its entry cites, most specific first.
    pub cites: Vec<String>,
}

/// One hit and the parts of its score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplainedHit {
    pub rank: usize,
    pub id: String,
    pub score: f32,
    pub via_citation: bool,
    /// The query words the passage has (any field, any expansion).
    pub words: Vec<String>,
    /// The passage's best match of the words, before coverage.
    pub matched: f32,
    /// The share of the query (by rarity) the passage has, as it scales
    /// the match.
    pub coverage: f32,
    /// What its own heading naming the query adds.
    pub title: f32,
    /// The subject-index term that ranks it, and its share.
    pub subject: Option<String>,
    pub subject_share: Option<f32>,
    /// What similar published cases give it, as a share of the query's
    /// best match (see `search::cases`).
    pub case_lift: Option<f32>,
}

impl SearchIndex {
    /// A search with its explanation (same hits as [`SearchIndex::search`]).
    pub fn explain_search(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
    ) -> Result<Explanation, SearchError> {
        let run = self.run(corpus, query, opts, &mut None)?;
        Ok(Explanation {
            cites: run
                .read
                .cites
                .iter()
                .map(|&i| corpus.at(i).id.to_string())
                .collect(),
            words: explained_words(&run),
            subjects: self.explained_subjects(corpus, &run),
            hits: self.explained_hits(&run),
            cases: self.cases.hits(&run.cases, MAX_CASE_HITS),
        })
    }

    fn explained_subjects(&self, corpus: &Corpus, run: &Run) -> Vec<ExplainedSubject> {
        run.subjects
            .matches
            .iter()
            .take(5)
            .map(|m| ExplainedSubject {
                term: self.subjects.term_text(m.term).to_string(),
                score: m.score,
                cites: self
                    .subjects
                    .cites_of(m.entry)
                    .iter()
                    .map(|&i| corpus.at(i).id.to_string())
                    .collect(),
            })
            .collect()
    }

    fn explained_hits(&self, run: &Run) -> Vec<ExplainedHit> {
        let owner = word_owners(run);
        run.hits
            .iter()
            .enumerate()
            .map(|(rank, hit)| {
                let doc = run
                    .scored
                    .candidates
                    .iter()
                    .find(|c| c.corpus == hit.index)
                    .map(|c| c.doc);
                let m = doc.and_then(|d| run.matched.iter().find(|m| m.doc == d));
                let parts = m.map(|m| word_score(m, &run.words, &run.scored.scale, &self.features));
                let mut words: Vec<String> = Vec::new();
                if let Some(m) = m {
                    for (bit, owner) in owner.iter().enumerate().take(MAX_WORDS) {
                        let word = owner.and_then(|j| run.read.words.get(j));
                        if let Some(w) = word.filter(|_| m.words & (1u64 << bit) != 0) {
                            if !words.contains(w) {
                                words.push(w.clone());
                            }
                        }
                    }
                }
                let by_subject = run.scored.by_subject.get(&hit.index);
                ExplainedHit {
                    rank: rank + 1,
                    id: hit.id.to_string(),
                    score: hit.score,
                    via_citation: hit.via_citation,
                    words,
                    matched: parts.map_or(0.0, |p| p.matched),
                    coverage: parts.map_or(0.0, |p| p.coverage),
                    title: parts.map_or(0.0, |p| p.title),
                    subject: by_subject.map(|s| self.subjects.term_text(s.term).to_string()),
                    subject_share: by_subject.map(|s| s.score),
                    case_lift: run.scored.by_case.get(&hit.index).copied(),
                }
            })
            .collect()
    }
}

/// Which read word each searched word (bit of [`crate::search::impact::Matched::words`])
/// came from: none for a cite's own tokens.
fn word_owners(run: &Run) -> Vec<Option<usize>> {
    let planned: usize = run.per_word.iter().sum();
    let cite_tokens = run.words.len().saturating_sub(planned);
    let mut owners = vec![None; cite_tokens];
    for (j, &n) in run.per_word.iter().enumerate() {
        owners.extend(std::iter::repeat_n(Some(j), n));
    }
    owners
}

/// The typed words with their roles; a word is searched when query reading
/// kept it (the read words are the typed ones in order, less those dropped).
fn explained_words(run: &Run) -> Vec<ExplainedWord> {
    let mut kept = run
        .read
        .words
        .iter()
        .zip(run.read.weights.iter().zip(&run.read.rarity_shares))
        .peekable();
    run.read
        .typed
        .iter()
        .map(|(word, role)| {
            let searched = kept.peek().is_some_and(|(w, _)| *w == word);
            let (weight, lacking) = if searched {
                kept.next().map_or((0.0, 0.0), |(_, (&w, &l))| (w, l))
            } else {
                (0.0, 0.0)
            };
            ExplainedWord {
                word: word.clone(),
                role: role.name(),
                weight,
                lacking,
                searched,
            }
        })
        .collect()
}

impl Explanation {
    /// The explanation as `lovbok search --explain` prints it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if !self.cites.is_empty() {
            let _ = writeln!(out, "cites: {}", self.cites.join(", "));
        }
        let _ = writeln!(out, "words:");
        for w in &self.words {
            let weight = if w.searched {
                format!("{:.2}  lacking {:.2}", w.weight, w.lacking)
            } else {
                "-".to_string()
            };
            let _ = writeln!(out, "  {:<18} {:<14} {}", w.word, w.role, weight);
        }
        if !self.subjects.is_empty() {
            let _ = writeln!(out, "subjects:");
            for s in &self.subjects {
                let _ = writeln!(
                    out,
                    "  {:.2}  {}  → {}",
                    s.score,
                    s.term,
                    s.cites.join(", ")
                );
            }
        }
        if !self.cases.is_empty() {
            let _ = writeln!(out, "cases:");
            for c in &self.cases {
                let cites: Vec<String> = c.cites.iter().map(ToString::to_string).collect();
                let _ = writeln!(out, "  {:.2}  {}  → {}", c.share, c.id, cites.join(", "));
            }
        }
        let _ = writeln!(out, "hits:");
        for h in &self.hits {
            let why = if h.via_citation {
                "cited".to_string()
            } else {
                let subject = match (&h.subject, h.subject_share) {
                    (Some(t), Some(s)) => format!("  subject {s:.2} «{t}»"),
                    _ => String::new(),
                };
                let case = h
                    .case_lift
                    .map_or(String::new(), |l| format!("  cases {l:.2}"));
                format!(
                    "match {:.2} × coverage {:.2} + title {:.2}{subject}{case}  [{}]",
                    h.matched,
                    h.coverage,
                    h.title,
                    h.words.join(" ")
                )
            };
            let _ = writeln!(out, "  {:>2}. {:<12} {:>7.2}  {why}", h.rank, h.id, h.score);
        }
        out
    }
}
