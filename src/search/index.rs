//! The search index: built once from a corpus, then read by every query.
//!
//! Building analyses each unit in its book's language, gives each cited
//! unit the anchor text of the passages that cite it ([`units`]), collects
//! the corpus vocabulary (for typo, ascii, prefix, root and compound
//! matching) and analyses the thesaurus against it, and writes one tantivy
//! document per unit into a RAM directory. After the search, candidates are re-ranked by
//! the weighted share of query words they have. The index keeps a single
//! `IndexReader`; each search takes a cheap `Searcher` from it. Nothing here
//! does IO, so the same index serves the CLI, the server and the benches.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tantivy::IndexReader;

use super::analyzer::{with_analyzers, Analyzers, Lang, Tok};
use super::impact::{Impacts, Matched, QueryVariant, QueryWord, TermId, MAX_WORDS};
use super::irregular::Irregular;
use super::query::{self, scoring, Features, SearchQuery};
use super::snippet::{self, Span, SNIPPET_CHARS};
use super::subjects::{SubjectMatch, SubjectTable};
use super::thesaurus::Thesaurus;
use super::vocab::Vocabulary;
use super::FastMap as HashMap;
use super::{Hit, SearchError, SearchOptions, MAX_LIMIT};
use crate::corpus::{BookId, Corpus};

mod units;
pub(crate) mod words;

pub(crate) use units::unit_sources;

/// Most words of a term of several words (`sit out`, `break in tempo`).
pub(crate) const MAX_PHRASE_WORDS: usize = 3;
/// What a heading that is the query adds to a unit's score, as a share of
/// the best score of the query (see [`title_match`]): twice the best
/// match, so that a heading naming the query outranks a passage that only
/// mentions it, however often.
pub(crate) const TITLE_MATCH: f32 = 2.0;
/// How steeply the title clause falls with the share of the query a
/// heading lacks (see [`title_match`]): a heading must have (nearly) all
/// of a query's words to name it.
pub(crate) const TITLE_QUERY_EXP: i32 = 4;
/// How gently it falls with the heading's other words: `Krav på eller
/// avståelse av stikk` still names `krav`.
pub(crate) const TITLE_HEADING_EXP: f32 = 0.8;
/// How hard a passage is penalised for each query word it lacks: its score
/// is multiplied by (words found / words in query) to this power.
pub(crate) const COVERAGE_EXP: i32 = 2;

/// What the index remembers of a unit, to turn a tantivy doc into a hit.
#[derive(Clone, Debug)]
struct UnitMeta {
    corpus: usize,
    book: BookId,
    /// The text its snippet is cut from, analysed once at build time.
    shown: Shown,
}

/// A snippet source: the unit's body (or, without one, its heading) and
/// its words with the terms each stands for (its stem and compound parts).
#[derive(Clone, Debug)]
struct Shown {
    text: String,
    /// Characters in `text`.
    chars: usize,
    spans: Vec<Span>,
    /// Every word's term and compound parts (none for a stop word), one
    /// word after another; word `i`'s are `terms[ends[i - 1]..ends[i]]`.
    terms: Vec<TermId>,
    ends: Vec<u32>,
}

impl Shown {
    fn new(text: &str, toks: &[Tok], lang: Lang, vocab: &Vocabulary, impacts: &Impacts) -> Shown {
        let mut terms: Vec<TermId> = Vec::new();
        let mut ends: Vec<u32> = Vec::with_capacity(toks.len());
        for t in toks {
            if let Some(term) = &t.term {
                terms.extend(impacts.term(term));
                if let Some(parts) = vocab.parts(lang, &t.surface) {
                    terms.extend(parts.iter().filter_map(|p| impacts.term(p)));
                }
            }
            ends.push(terms.len() as u32);
        }
        Shown {
            text: text.to_string(),
            chars: text.chars().count(),
            spans: snippet::spans(text, toks.iter().map(|t| (t.from, t.to))),
            terms,
            ends,
        }
    }

    /// The snippet, marking the words that stand for a term in `marked`.
    fn render(&self, marked: Option<&TermSet>) -> String {
        let marks: Vec<bool> = match marked {
            Some(set) => {
                let mut from = 0usize;
                self.ends
                    .iter()
                    .map(|&end| {
                        let ts = self.terms.get(from..end as usize).unwrap_or(&[]);
                        from = end as usize;
                        ts.iter().any(|&t| set.contains(t))
                    })
                    .collect()
            }
            None => vec![false; self.spans.len()],
        };
        snippet::render(&self.text, self.chars, &self.spans, &marks, SNIPPET_CHARS)
    }
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
}

/// Time spent in each stage of one search (see [`SearchIndex::search_timed`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Stages {
    /// Query words to expansions (citation check included).
    pub plan: Duration,
    /// Scoring every document the expansions occur in.
    pub score: Duration,
    /// Coverage re-rank and dedupe.
    pub rerank: Duration,
    /// Hits with their snippets.
    pub snippets: Duration,
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
        let units: Vec<UnitMeta> = sources
            .iter()
            .zip(&analysed)
            .map(|(u, a)| UnitMeta {
                corpus: u.corpus,
                book: u.book,
                shown: if u.body.trim().is_empty() {
                    Shown::new(&u.title, &a.title, a.lang, &vocab, &impacts)
                } else {
                    Shown::new(&u.body, &a.body, a.lang, &vocab, &impacts)
                },
            })
            .collect();
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

    fn search_staged(
        &self,
        corpus: &Corpus,
        query: &SearchQuery,
        opts: &SearchOptions,
        stages: &mut Option<Stages>,
    ) -> Result<Vec<Hit>, SearchError> {
        if corpus.provisions().len() != self.corpus_len {
            return Err(SearchError::CorpusMismatch {
                expected: self.corpus_len,
                got: corpus.provisions().len(),
            });
        }
        let mut clock = stages.as_ref().map(|_| Instant::now());
        let mut lap = |slot: fn(&mut Stages) -> &mut Duration| {
            if let (Some(s), Some(c)) = (stages.as_mut(), clock.as_mut()) {
                let now = Instant::now();
                *slot(s) += now - *c;
                *c = now;
            }
        };
        let features = self.features;
        let limit = opts.limit.clamp(1, MAX_LIMIT);
        let (cites, words, subjects) =
            with_analyzers(|a| self.query_words(query, corpus, a, &features));
        let unbooked = subjects.unbooked;
        lap(|s| &mut s.plan);

        let mut picked: Vec<(usize, f32, bool)> = Vec::with_capacity(limit);
        for &idx in &cites {
            if picked.len() < limit && opts.book.is_none_or(|b| corpus.at(idx).book == b) {
                picked.push((idx, 0.0, true));
            }
        }
        let mut matched = self.impacts.score(&words, &scoring(&features));
        matched.retain(|m| {
            m.score > 0.0
                && opts.book.is_none_or(|b| {
                    self.impacts
                        .unit_of(m.doc)
                        .and_then(|u| self.units.get(u))
                        .is_some_and(|u| u.book == b)
                })
        });
        lap(|s| &mut s.score);
        // Every candidate is re-ranked by how much of the query it has,
        // and by how well its own heading names the query.
        let booked: f32 = words.iter().map(|w| w.rarity).sum();
        let total_weight = if booked > 0.0 { booked + unbooked } else { 0.0 };
        let best = matched.iter().map(|m| m.score).fold(0.0f32, f32::max);
        // What the subject index adds to each provision it names, as a
        // share of the query's best match (or of 1 when only a subject
        // matched).
        let mut by_subject = self.subjects.provision_scores(&subjects.matches);
        let base = if best > 0.0 { best } else { 1.0 };
        let mut ranked: Vec<(f32, u32, usize)> = matched
            .iter()
            .filter_map(|m| {
                let unit = self.units.get(self.impacts.unit_of(m.doc)?)?;
                let mut factor = 1.0;
                if features.coverage && total_weight > 0.0 {
                    let found: f32 = words
                        .iter()
                        .take(MAX_WORDS)
                        .enumerate()
                        .filter(|(i, _)| m.words & (1u64 << i) != 0)
                        .map(|(_, w)| w.rarity)
                        .sum();
                    factor *= (found / total_weight).powi(COVERAGE_EXP);
                }
                // A separate clause, added: a heading that names the query
                // weighs more than the best match of the query's words, so
                // the provision headed by a subject outranks one that
                // mentions it (see `title_match`).
                let title = if features.title_match && total_weight > 0.0 && m.title_len > 0 {
                    title_match(m, total_weight) * best
                } else {
                    0.0
                };
                Some((m.score * factor + title, m.doc, unit.corpus))
            })
            .collect();
        if !by_subject.is_empty() {
            self.share_with_parts(&mut by_subject, &ranked, best);
            for r in &mut ranked {
                if let Some(s) = by_subject.get(&r.2) {
                    r.0 += s.score * base;
                }
            }
        }
        // A provision that only a subject names (a law whose text is not
        // in the corpus, met by an English or everyday word) ranks by it.
        if !by_subject.is_empty() {
            let mut present = vec![false; self.corpus_len];
            for r in &ranked {
                if let Some(p) = present.get_mut(r.2) {
                    *p = true;
                }
            }
            for (&idx, s) in &by_subject {
                let in_book = opts.book.is_none_or(|b| corpus.at(idx).book == b);
                if in_book && !present.get(idx).copied().unwrap_or(true) {
                    ranked.push((s.score * base, u32::MAX, idx));
                }
            }
        }
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        for (score, _, idx) in ranked {
            if picked.len() >= limit {
                break;
            }
            let clash = |&(other, _, _): &(usize, f32, bool)| {
                if features.dedupe {
                    same_lineage(corpus, idx, other)
                } else {
                    idx == other
                }
            };
            if picked.iter().any(clash) {
                continue;
            }
            picked.push((idx, score, false));
        }
        lap(|s| &mut s.rerank);
        // A citation outranks every word hit.
        let top_score = picked
            .iter()
            .filter(|p| !p.2)
            .map(|p| p.1)
            .fold(0.0f32, f32::max);
        let marked = self.marked_terms(&words);
        let hits = picked
            .into_iter()
            .map(|(idx, score, via_citation)| {
                // The hit says it was found through the index when the
                // subject is most of why it ranks.
                let subject = by_subject
                    .get(&idx)
                    .filter(|s| !via_citation && s.score * base >= SUBJECT_SHOWN * score)
                    .map(|s| self.subjects.term_text(s.term).to_string());
                Hit {
                    id: corpus.at(idx).id.clone(),
                    index: idx,
                    score: if via_citation { top_score + 1.0 } else { score },
                    snippet: self.snippet(corpus, idx, &marked),
                    via_citation,
                    subject,
                }
            })
            .collect();
        lap(|s| &mut s.snippets);
        Ok(hits)
    }

    /// A subject names a provision as a whole (`212`, late arrival); a
    /// part of it that the query's words also meet well (`212A1a(iv)`,
    /// twenty minutes) is named by it too, so the part the TD wants is not
    /// hidden under its whole. Parts are contiguous in reading order, so
    /// each subject's provision costs a range lookup.
    fn share_with_parts(
        &self,
        by_subject: &mut HashMap<usize, SubjectMatch>,
        ranked: &[(f32, u32, usize)],
        best: f32,
    ) {
        let min = PART_MIN_SHARE * best;
        let mut strong: Vec<usize> = ranked.iter().filter(|r| r.0 >= min).map(|r| r.2).collect();
        strong.sort_unstable();
        strong.dedup();
        let mut shared: Vec<(usize, SubjectMatch)> = Vec::new();
        for (&idx, s) in by_subject.iter() {
            let end = self.subtree_end.get(idx).copied().unwrap_or(idx);
            let from = strong.partition_point(|&x| x <= idx);
            for &part in strong[from..].iter().take_while(|&&x| x <= end) {
                shared.push((part, *s));
            }
        }
        for (part, s) in shared {
            let here = by_subject
                .entry(part)
                .or_insert(SubjectMatch { score: 0.0, ..s });
            if s.score > here.score {
                *here = s;
            }
        }
    }

    /// The snippet of a hit: its text (or its heading, or, for a provision
    /// whose text is all in its sub-items, the first of those) with marks.
    fn snippet(&self, corpus: &Corpus, idx: usize, terms: &TermSet) -> String {
        if let Some(shown) = self.shown_of(idx) {
            return shown.render(Some(terms));
        }
        // A cited provision with no text or title of its own (`12C1`, whose
        // text is all in its sub-items) shows its first descendant's.
        corpus
            .descendants(idx)
            .into_iter()
            .find_map(|i| self.shown_of(i))
            .map_or_else(String::new, |shown| shown.render(None))
    }

    /// What the unit of corpus provision `idx` shows, if it is a unit.
    fn shown_of(&self, idx: usize) -> Option<&Shown> {
        let unit = (*self.unit_of_provision.get(idx)?)?;
        self.units.get(unit).map(|u| &u.shown)
    }
}

/// How well a part must match the query's words, as a share of the best
/// match, to share its whole's subject (see `share_with_parts`).
pub(crate) const PART_MIN_SHARE: f32 = 0.5;

/// The share of a hit's score its subject must give for the hit to name
/// it ("Stikkord: …").
const SUBJECT_SHOWN: f32 = 0.5;

/// How well a unit's own heading (or a definition's term) names the
/// query, 0 to [`TITLE_MATCH`]: the share of the query's words (by rarity)
/// the heading has, to the power [`TITLE_QUERY_EXP`] (so that only a
/// heading with nearly all of the query counts), times the share of the
/// heading those words make up, to the power [`TITLE_HEADING_EXP`]. A
/// heading that is the query (`Melding` for `melding`, `Bud utenfor tur`)
/// scores the most; a heading the query is one subject of (`Krav på eller
/// avståelse av stikk` for `krav`) a good part of it; a heading that has
/// one word of a longer question, little. A word counts in a heading by
/// its own forms, not by a synonym (see `compile`). This is the evidence a
/// TD reads first: the provision about a subject is headed by its name,
/// while one that mentions it in passing is not.
fn title_match(m: &Matched, total_weight: f32) -> f32 {
    let of_query = (m.title_rarity / total_weight).min(1.0);
    let of_title = (m.title_words / m.title_len as f32).min(1.0);
    TITLE_MATCH * of_query.powi(TITLE_QUERY_EXP) * of_title.powf(TITLE_HEADING_EXP)
}

/// BM25's inverse document frequency of a term in `df` of `docs` documents.
fn idf(df: u64, docs: u64) -> f32 {
    let (n, df) = (docs.max(df) as f32, df as f32);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// A set of term ids, one bit each.
pub(crate) struct TermSet(Vec<u64>);

impl TermSet {
    fn new(ids: usize) -> TermSet {
        TermSet(vec![0; ids.div_ceil(64)])
    }

    fn insert(&mut self, id: TermId) {
        if let Some(w) = self.0.get_mut(id as usize / 64) {
            *w |= 1 << (id % 64);
        }
    }

    fn contains(&self, id: TermId) -> bool {
        self.0
            .get(id as usize / 64)
            .is_some_and(|w| w & (1 << (id % 64)) != 0)
    }
}

/// True when `a` and `b` are the same provision or one contains the other.
fn same_lineage(corpus: &Corpus, a: usize, b: usize) -> bool {
    is_ancestor_or_self(corpus, a, b) || is_ancestor_or_self(corpus, b, a)
}

fn is_ancestor_or_self(corpus: &Corpus, anc: usize, idx: usize) -> bool {
    let mut cur = Some(idx);
    while let Some(i) = cur {
        if i == anc {
            return true;
        }
        cur = corpus.provisions().get(i).and_then(|p| p.parent);
    }
    false
}
