//! The search index: built once from a corpus, then read by every query.
//!
//! Building analyses each unit in its book's language, gives each cited
//! unit the anchor text of the passages that cite it ([`units`]), collects
//! the corpus vocabulary (for typo, ascii, prefix, root and compound
//! matching) and analyses the thesaurus against it, and writes one tantivy
//! document per unit into a RAM directory; then reads tantivy's postings
//! into the impact table and compiles every word's expansions against it.
//! The index keeps a single `IndexReader`. Nothing here does IO, so the
//! same index serves the CLI, the server and the benches.
//!
//! A search is a pipeline of stages, each a function from plain data to
//! plain data ([`SearchIndex::search`]): reading the query, citation first,
//! then words ([`query::read`]); planning each word's expansions
//! ([`words`]); the subject index's evidence, word by word and then for
//! the query ([`crate::search::subjects`]); scoring: the words' matches in
//! the impact table, then each candidate's score by its parts ([`score`]);
//! the final order ([`order`]); and the hits with their snippets
//! ([`hits`]).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tantivy::IndexReader;

use super::analyzer::{with_analyzers, Analyzers};
use super::cases::{CaseHit, CaseMatch, CaseTable, MAX_CASE_HITS};
use super::impact::{Impacts, Matched, QueryVariant, QueryWord};
use super::irregular::Irregular;
use super::query::{self, Features, Read, SearchQuery};
use super::subjects::{SubjectEvidence, SubjectTable, WordEvidence};
use super::thesaurus::Thesaurus;
use super::vocab::Vocabulary;
use super::FastMap as HashMap;
use super::{Hit, SearchError, SearchOptions, MAX_LIMIT};
use crate::corpus::{BookId, Corpus};

mod explain;
mod hits;
mod order;
pub(crate) mod score;
mod units;
pub(crate) mod words;

use hits::Shown;
use units::Analysed;
use words::PlannedWords;

pub use explain::{ExplainedHit, ExplainedSubject, ExplainedWord, Explanation};
pub(crate) use units::{unit_sources, UnitSource};

/// Most words of a term of several words (`sit out`, `break in tempo`).
pub(crate) const MAX_PHRASE_WORDS: usize = 3;

/// What the index remembers of a unit, to turn a tantivy doc into a hit.
#[derive(Clone, Debug)]
struct UnitMeta {
    corpus: usize,
    book: BookId,
    /// The text its snippet is cut from, analysed once at build time.
    shown: Shown,
}

/// The in-memory search index of one corpus. See the module docs.
pub struct SearchIndex {
    reader: IndexReader,
    units: Vec<UnitMeta>,
    vocab: Vocabulary,
    thesaurus: Thesaurus,
    irregular: Irregular,
    corpus_len: usize,
    features: Features,
    /// Every term's postings with their BM25 scores, read at query time.
    impacts: Impacts,
    /// Every word the corpus uses, and each of its ascii spellings, with
    /// its expansions compiled against the impact table, when it is not
    /// the last word of a query and when it is (then it is also
    /// completed): most query words cost one lookup.
    expansions: HashMap<Box<str>, [Box<[QueryWord]>; 2]>,
    /// A term of several words (`penalty card`) as typed → what its words
    /// also stand for when they come together in a query (`straffekort`).
    phrases: HashMap<Box<str>, Arc<[QueryVariant]>>,
    /// The unit of each corpus provision, if it has one.
    unit_of_provision: Vec<Option<usize>>,
    /// lovbok's subject index, keyed for query words (see `subjects`).
    subjects: SubjectTable,
    /// Per provision: the index of its last descendant (itself for a leaf).
    subtree_end: Vec<usize>,
    /// The published rulings' own words, for similar cases (`cases`).
    cases: CaseTable,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("units", &self.units.len())
            .field("words", &self.vocab.len())
            .field("compounds", &self.vocab.compound_count())
            .finish()
    }
}

/// A [`SearchIndex`]'s tables, borrowed (see [`SearchIndex::offline_parts`]).
pub(crate) struct OfflineParts<'a> {
    pub impacts: &'a Impacts,
    /// Word → its compiled words as a non-last and as a last query word.
    pub expansions: &'a HashMap<Box<str>, [Box<[QueryWord]>; 2]>,
    /// A term of several words as typed → what its words also stand for.
    pub phrases: &'a HashMap<Box<str>, Arc<[QueryVariant]>>,
    pub subjects: &'a SubjectTable,
    /// Per unit: its provision's corpus index.
    pub unit_corpus: Vec<usize>,
    /// The Laws' English words the books do not use: they make a query
    /// English.
    pub english: Vec<&'a str>,
    /// The published rulings' table (similar cases).
    pub cases: &'a CaseTable,
}

/// Time spent in each stage of one search (see [`SearchIndex::search_timed`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Stages {
    /// Reading the query: the citation check, then its words.
    pub read: Duration,
    /// Each word's expansions, compiled against the impact table.
    pub plan: Duration,
    /// The subject index's evidence, word by word and for the query.
    pub subjects: Duration,
    /// The words' matches: every document their expansions occur in.
    pub matches: Duration,
    /// Each candidate's score: coverage, heading clause, subject shares.
    pub scores: Duration,
    /// Citations first, then best first, each lineage once.
    pub order: Duration,
    /// Hits with their snippets.
    pub hits: Duration,
}

/// Sizes of a built index, for `lovbok` diagnostics and the benches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexStats {
    /// Documents in the tantivy index.
    pub docs: u64,
    /// Distinct retrieval units.
    pub units: usize,
    /// Distinct word forms of the corpus.
    pub words: usize,
    /// Word forms split as compounds.
    pub compounds: usize,
    /// Bytes of the tantivy index (postings, positions, norms, fast fields).
    pub index_bytes: u64,
}

impl SearchIndex {
    /// Builds the index of a corpus in memory.
    pub fn build(corpus: &Corpus) -> Result<SearchIndex, SearchError> {
        SearchIndex::build_repeated(corpus, 1)
    }

    /// Builds an index with every unit added `copies` times as distinct
    /// documents: the scale benchmark's corpus. Hits of copies share the
    /// provision, so dedupe shows each once.
    #[doc(hidden)]
    pub fn build_repeated(corpus: &Corpus, copies: usize) -> Result<SearchIndex, SearchError> {
        let sources = unit_sources(corpus);
        let mut analyzers = Analyzers::new();
        let analysed = units::analyse(corpus, &sources, &mut analyzers);
        let vocab = Vocabulary::build(
            analysed.iter().flat_map(|a| {
                [
                    (a.lang, a.title.as_slice()),
                    (a.lang, a.context.as_slice()),
                    (a.lang, a.body.as_slice()),
                ]
            }),
            &mut analyzers,
        );
        let thesaurus = Thesaurus::build(&vocab, &mut analyzers);
        let irregular = Irregular::build(&vocab, &mut analyzers);
        let (reader, fields) = units::write_index(&sources, &analysed, &vocab, copies)?;
        let phrases: Vec<Vec<(usize, String)>> = thesaurus.phrases().cloned().collect();
        let impacts = Impacts::build(&reader.searcher(), &fields, &phrases)?;
        let units = unit_metas(&sources, &analysed, &vocab, &impacts);
        let mut unit_of_provision = vec![None; corpus.provisions().len()];
        for (i, u) in units.iter().enumerate() {
            if let Some(slot) = unit_of_provision.get_mut(u.corpus) {
                *slot = Some(i);
            }
        }
        let subjects = SubjectTable::build(corpus, &mut analyzers, &impacts, vocab.typed_forms());
        let subtree_end = (0..corpus.provisions().len())
            .map(|i| corpus.descendants(i).into_iter().max().unwrap_or(i))
            .collect();
        let mut index = SearchIndex {
            cases: CaseTable::build(corpus),
            subtree_end,
            subjects,
            impacts,
            expansions: HashMap::default(),
            phrases: HashMap::default(),
            unit_of_provision,
            reader,
            units,
            vocab,
            thesaurus,
            irregular,
            corpus_len: corpus.provisions().len(),
            features: Features::ALL,
        };
        index.expansions = index.precompute_expansions(&mut analyzers);
        index.phrases = index.precompute_phrases();
        Ok(index)
    }

    /// What the offline copy of the search is written from
    /// ([`super::offline`]): the impact table, every word's compiled
    /// expansions, the phrases, the subject table and each unit's provision.
    pub(crate) fn offline_parts(&self) -> OfflineParts<'_> {
        OfflineParts {
            impacts: &self.impacts,
            expansions: &self.expansions,
            phrases: &self.phrases,
            subjects: &self.subjects,
            unit_corpus: self.units.iter().map(|u| u.corpus).collect(),
            english: self.thesaurus.english_words(),
            cases: &self.cases,
        }
    }

    /// The words of the subject index's terms a word meets, as a query
    /// word the precomputed table lacks is looked up (stemmed in each
    /// language, English too): for the offline copy's table.
    pub(crate) fn subject_slots_of(&self, words: &[String]) -> Vec<Vec<(u32, u8)>> {
        with_analyzers(|a| {
            words
                .iter()
                .map(|w| self.subjects.slots_by_keys(w, a))
                .collect()
        })
    }

    /// Sizes of the index.
    pub fn stats(&self) -> Result<IndexStats, SearchError> {
        let searcher = self.reader.searcher();
        let bytes = searcher
            .space_usage()
            .map_err(|e| SearchError::Index(e.into()))?
            .total()
            .get_bytes();
        Ok(IndexStats {
            docs: searcher.num_docs(),
            units: self.units.len(),
            words: self.vocab.len(),
            compounds: self.vocab.compound_count(),
            index_bytes: bytes,
        })
    }

    /// Switches forgiving matchers on or off, for measuring each one.
    #[doc(hidden)]
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// What a query searches for, one line per word: its expansions with
    /// their weights and kinds (for `lovbok search --explain` and tuning).
    #[doc(hidden)]
    pub fn explain(&self, corpus: &Corpus, query: &SearchQuery) -> String {
        let plan =
            with_analyzers(|a| query::plan(query, corpus, self.lexicon(), a, &self.features));
        let mut out = String::new();
        for &idx in &plan.cites {
            out.push_str(&format!("cite {}\n", corpus.at(idx).id));
        }
        for w in &plan.words {
            let vs: Vec<String> = w
                .variants
                .iter()
                .map(|v| {
                    let text: Vec<&str> = v.terms().collect();
                    format!("{} {:.2} {:?}", text.join(" "), v.weight, v.kind)
                })
                .collect();
            out.push_str(&format!("{}: {}\n", w.text, vs.join(", ")));
        }
        out
    }

    /// Ranked hits for a query, the cited provision first, and the
    /// published cases most like it (none for a citation), which are shown
    /// apart from the provisions (see `cases`).
    pub fn search_with_cases(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
    ) -> Result<(Vec<Hit>, Vec<CaseHit>), SearchError> {
        let run = self.run(corpus, query, opts, &mut None)?;
        let cases = self.cases.hits(&run.cases, MAX_CASE_HITS);
        Ok((run.hits, cases))
    }

    /// Ranked hits for a query, the cited provision first.
    ///
    /// Never panics on any query: a query with nothing searchable (only
    /// punctuation or stop words) gives no hits. `corpus` must be the corpus
    /// the index was built from.
    pub fn search(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
    ) -> Result<Vec<Hit>, SearchError> {
        self.search_staged(corpus, query, opts, &mut None)
    }

    /// [`SearchIndex::search`], with the time each stage took (for the
    /// bench's profile of the query path).
    #[doc(hidden)]
    pub fn search_timed(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
    ) -> (Result<Vec<Hit>, SearchError>, Stages) {
        let mut stages = Some(Stages::default());
        let hits = self.search_staged(corpus, query, opts, &mut stages);
        (hits, stages.unwrap_or_default())
    }

    /// The stages of a search, in order, each reading the plain data the
    /// ones before it made: a stage that weighs each query word (by what it
    /// is to the query) goes after the word-level evidence of the subject
    /// index, before the entries the words name and the scores.
    fn search_staged(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
        stages: &mut Option<Stages>,
    ) -> Result<Vec<Hit>, SearchError> {
        Ok(self.run(corpus, query, opts, stages)?.hits)
    }

    /// Every stage of a search, keeping what each made (for
    /// [`SearchIndex::explain_search`]; a search keeps only the hits).
    fn run(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
        stages: &mut Option<Stages>,
    ) -> Result<Run, SearchError> {
        if corpus.provisions().len() != self.corpus_len {
            return Err(SearchError::CorpusMismatch {
                expected: self.corpus_len,
                got: corpus.provisions().len(),
            });
        }
        let mut clock = Clock::start(stages);
        let features = self.features;
        let limit = opts.limit.clamp(1, MAX_LIMIT);
        let (read, per_word, words, subjects) = with_analyzers(|a| {
            let read = query::read(query, corpus, &self.thesaurus, a, &features);
            clock.lap(|s| &mut s.read);
            let mut planned = self.plan_words(&read, corpus, a, &features);
            words::weigh_by_role(&read.weights, &read.rarity_shares, &mut planned.per_word);
            clock.lap(|s| &mut s.plan);
            let mut evidence = self.word_evidence(&read, &planned, a, &features);
            words::weigh_evidence_by_role(&read.weights, &mut evidence);
            let subjects = self.subject_evidence(&read, &planned, &evidence, &features);
            clock.lap(|s| &mut s.subjects);
            let per_word: Vec<usize> = planned.per_word.iter().map(Vec::len).collect();
            (read, per_word, planned.into_searched(), subjects)
        });
        let cases = if features.cases && read.cites.is_empty() {
            self.cases.meet(&read.words, &read.weights)
        } else {
            Vec::new()
        };
        let lifts = self.cases.lifts(&cases);
        clock.lap(|s| &mut s.subjects);
        let matched = self.match_words(&words, opts, &features);
        clock.lap(|s| &mut s.matches);
        let evidence = score::Evidence {
            subjects: &subjects,
            cases: &lifts,
        };
        let mut scored = self.score(corpus, &words, &matched, &evidence, opts, &features);
        clock.lap(|s| &mut s.scores);
        let picked = order::order(
            corpus,
            &read.cites,
            &mut scored.candidates,
            limit,
            opts,
            &features,
        );
        clock.lap(|s| &mut s.order);
        let hits = self.hits(corpus, &picked, &scored, &words);
        clock.lap(|s| &mut s.hits);
        Ok(Run {
            read,
            per_word,
            words,
            subjects,
            cases,
            matched,
            scored,
            hits,
        })
    }

    /// The subject index's word-level evidence: what each query word meets
    /// of its terms (none without the subjects feature).
    fn word_evidence(
        &self,
        read: &Read,
        planned: &PlannedWords,
        analyzers: &mut Analyzers,
        features: &Features,
    ) -> Vec<WordEvidence<'_>> {
        if !features.subjects {
            return Vec::new();
        }
        self.subjects.word_evidence(
            &read.words,
            &planned.per_word,
            self.unbooked_rarity(),
            analyzers,
        )
    }

    /// The subject index's evidence for the query as a whole: the entries
    /// its words name together, and the weight of its words only the index
    /// knows.
    fn subject_evidence(
        &self,
        read: &Read,
        planned: &PlannedWords,
        words: &[WordEvidence<'_>],
        features: &Features,
    ) -> SubjectEvidence {
        if !features.subjects {
            return SubjectEvidence::default();
        }
        let rare = self.unbooked_rarity();
        SubjectEvidence {
            unbooked: self
                .subjects
                .unbooked_weight(&read.words, &planned.per_word, rare),
            matches: self.subjects.entries_named(words),
        }
    }

    /// The rarity of a word the books lack when a term of the subject
    /// index has it: as rare as a word of one passage.
    fn unbooked_rarity(&self) -> f32 {
        idf(1, self.impacts.docs() as u64)
    }
}

/// What the index remembers of each unit.
fn unit_metas(
    sources: &[UnitSource],
    analysed: &[Analysed],
    vocab: &Vocabulary,
    impacts: &Impacts,
) -> Vec<UnitMeta> {
    sources
        .iter()
        .zip(analysed)
        .map(|(u, a)| UnitMeta {
            corpus: u.corpus,
            book: u.book,
            shown: if u.body.trim().is_empty() {
                Shown::new(&u.title, &a.title, a.lang, vocab, impacts)
            } else {
                Shown::new(&u.body, &a.body, a.lang, vocab, impacts)
            },
        })
        .collect()
}

/// What every stage of one search made, in order.
pub(crate) struct Run {
    pub read: Read,
    /// How many of [`Run::words`] each of the read words planned into
    /// (after the cites' own tokens).
    pub per_word: Vec<usize>,
    pub words: Vec<QueryWord>,
    pub subjects: SubjectEvidence,
    /// The published cases the query's words meet, best first.
    pub cases: Vec<CaseMatch>,
    pub matched: Vec<Matched>,
    pub scored: score::Scored,
    pub hits: Vec<Hit>,
}

/// The time a search's stages take, when it is asked for.
struct Clock<'s> {
    stages: &'s mut Option<Stages>,
    at: Option<Instant>,
}

impl<'s> Clock<'s> {
    fn start(stages: &'s mut Option<Stages>) -> Clock<'s> {
        let at = stages.as_ref().map(|_| Instant::now());
        Clock { stages, at }
    }

    /// Adds the time since the last lap to the stage `slot`.
    fn lap(&mut self, slot: fn(&mut Stages) -> &mut Duration) {
        if let (Some(s), Some(at)) = (self.stages.as_mut(), self.at.as_mut()) {
            let now = Instant::now();
            *slot(s) += now - *at;
            *at = now;
        }
    }
}

/// BM25's inverse document frequency of a term in `df` of `docs` documents.
fn idf(df: u64, docs: u64) -> f32 {
    let (n, df) = (docs.max(df) as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}
