//! The search index: built once from a corpus, then read by every query.
//!
//! Building analyses each unit in its book's language, gives each cited
//! unit the anchor text of the passages that cite it, collects the corpus
//! vocabulary (for typo, ascii, prefix, root and compound matching) and
//! analyses the thesaurus against it, and writes one tantivy document per
//! unit into a RAM directory. After the search, candidates are re-ranked by
//! the weighted share of query words they have. The index keeps a single
//! `IndexReader`; each search takes a cheap `Searcher` from it. Nothing here
//! does IO, so the same index serves the CLI, the server and the benches.

use std::collections::{HashMap, HashSet};

use tantivy::collector::TopDocs;
use tantivy::columnar::Column;
use tantivy::tokenizer::{PreTokenizedString, Token};
use tantivy::{DocAddress, Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument};

use super::analyzer::{register_all, Analyzers, Lang, Tok};
use super::irregular::Irregular;
use super::query::{self, Features, Lexicon, MatchKind, Plan, SearchQuery};
use super::schema::{self, Fields};
use super::snippet::{self, SNIPPET_CHARS};
use super::thesaurus::Thesaurus;
use super::vocab::Vocabulary;
use super::{Hit, SearchError, SearchOptions, MAX_LIMIT};
use crate::corpus::{BookId, Corpus, Provision};

/// Indexing arena of the single writer thread.
const WRITER_BUDGET_BYTES: usize = 64 * 1024 * 1024;
/// Candidates fetched per wanted hit, so that dedupe still fills the page.
const FETCH_FACTOR: usize = 4;
/// Extra candidates fetched on top of `FETCH_FACTOR * limit`.
const FETCH_EXTRA: usize = 20;
/// Candidates re-ranked by word coverage, at least.
const RERANK_POOL: usize = 100;
/// How hard a passage is penalised for each query word it lacks: its score
/// is multiplied by (words found / words in query) to this power.
const COVERAGE_EXP: i32 = 2;

/// A retrieval unit before analysis.
#[derive(Clone, Debug)]
pub(crate) struct UnitSource {
    /// Index of the provision in the corpus.
    pub corpus: usize,
    pub book: BookId,
    /// The provision's own heading, or empty.
    pub title: String,
    /// The headings of its ancestors, one per line.
    pub context: String,
    /// Its own text and footnotes.
    pub body: String,
}

/// The units of a corpus: every provision with a heading or text of its own.
/// (A numbered item whose text is all in its sub-items has nothing to show.)
pub(crate) fn unit_sources(corpus: &Corpus) -> Vec<UnitSource> {
    let mut out = Vec::new();
    for (idx, p) in corpus.provisions().iter().enumerate() {
        let title = p.title.clone().unwrap_or_default();
        let body = body_text(p);
        if title.trim().is_empty() && body.trim().is_empty() {
            continue;
        }
        let path = corpus.path_of(idx);
        let context = path[..path.len().saturating_sub(1)]
            .iter()
            .filter_map(|&i| corpus.at(i).title.clone())
            .collect::<Vec<_>>()
            .join("\n");
        out.push(UnitSource {
            corpus: idx,
            book: p.book,
            title,
            context,
            body,
        });
    }
    out
}

/// A provision's own text followed by its footnotes: what a unit's body is.
pub(crate) fn body_text(p: &Provision) -> String {
    let mut text = p.text();
    for f in &p.footnotes {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&f.text);
    }
    text
}

/// What the index remembers of a unit, to turn a tantivy doc into a hit.
#[derive(Clone, Debug)]
struct UnitMeta {
    corpus: usize,
    /// The text its snippet is cut from, analysed once at build time.
    shown: Shown,
}

/// A snippet source: the unit's body (or, without one, its heading) and
/// its words with the terms each stands for (its stem and compound parts).
#[derive(Clone, Debug)]
struct Shown {
    text: String,
    words: Vec<ShownWord>,
}

#[derive(Clone, Debug)]
struct ShownWord {
    from: usize,
    to: usize,
    /// Empty for a stop word.
    terms: Vec<String>,
}

impl Shown {
    fn new(text: &str, toks: &[Tok], lang: Lang, vocab: &Vocabulary) -> Shown {
        let words = toks
            .iter()
            .map(|t| {
                let mut terms: Vec<String> = t.term.iter().cloned().collect();
                if t.term.is_some() {
                    if let Some(parts) = vocab.parts(lang, &t.surface) {
                        terms.extend(parts.iter().cloned());
                    }
                }
                ShownWord {
                    from: t.from,
                    to: t.to,
                    terms,
                }
            })
            .collect();
        Shown {
            text: text.to_string(),
            words,
        }
    }
}

/// The in-memory search index of one corpus. See the module docs.
pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    units: Vec<UnitMeta>,
    vocab: Vocabulary,
    thesaurus: Thesaurus,
    irregular: Irregular,
    analyzers: Analyzers,
    corpus_len: usize,
    features: Features,
    /// The units each term occurs in (any field, compound parts
    /// included), ascending: how many query words a unit has is counted
    /// from these, and their lengths are document frequencies.
    units_with: HashMap<String, Vec<u32>>,
    /// The unit of each corpus provision, if it has one.
    unit_of_provision: Vec<Option<usize>>,
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
        let mut anchors = anchor_texts(corpus, &sources);
        let analysed: Vec<Analysed> = sources
            .iter()
            .map(|u| {
                let lang = Lang::of_book(u.book);
                let mut anchor: Vec<Tok> = Vec::new();
                for (from, text) in anchors.remove(&u.corpus).unwrap_or_default() {
                    // A gap of a few positions keeps two anchors from
                    // reading as one phrase.
                    let base = anchor.last().map_or(0, |t| t.position + ANCHOR_GAP);
                    anchor.extend(analyzers.analyze(from, &text).into_iter().map(|mut t| {
                        t.position += base;
                        t
                    }));
                }
                Analysed {
                    lang,
                    title: analyzers.analyze(lang, &u.title),
                    context: analyzers.analyze(lang, &u.context),
                    body: analyzers.analyze(lang, &u.body),
                    anchor,
                }
            })
            .collect();
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

        let (schema, fields) = schema::build();
        let index = Index::create_in_ram(schema);
        register_all(&index);
        let mut writer: IndexWriter<TantivyDocument> =
            index.writer_with_num_threads(1, WRITER_BUDGET_BYTES)?;
        let docs: Vec<TantivyDocument> = sources
            .iter()
            .zip(&analysed)
            .enumerate()
            .map(|(i, (u, a))| document(&fields, &vocab, i, u, a))
            .collect();
        for _ in 0..copies.max(1) {
            for doc in &docs {
                writer.add_document(doc.clone())?;
            }
        }
        let mut units_with: HashMap<String, Vec<u32>> = HashMap::new();
        for (i, a) in analysed.iter().enumerate() {
            for t in a.terms(&vocab) {
                units_with.entry(t).or_default().push(i as u32);
            }
        }
        let units: Vec<UnitMeta> = sources
            .iter()
            .zip(&analysed)
            .map(|(u, a)| UnitMeta {
                corpus: u.corpus,
                shown: if u.body.trim().is_empty() {
                    Shown::new(&u.title, &a.title, a.lang, &vocab)
                } else {
                    Shown::new(&u.body, &a.body, a.lang, &vocab)
                },
            })
            .collect();
        let mut unit_of_provision = vec![None; corpus.provisions().len()];
        for (i, u) in units.iter().enumerate() {
            if let Some(slot) = unit_of_provision.get_mut(u.corpus) {
                *slot = Some(i);
            }
        }
        writer.commit()?;
        writer.wait_merging_threads()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(SearchIndex {
            units_with,
            unit_of_provision,
            reader,
            fields,
            units,
            vocab,
            thesaurus,
            irregular,
            analyzers,
            corpus_len: corpus.provisions().len(),
            features: Features::ALL,
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
        let mut analyzers = self.analyzers.clone();
        let plan = query::plan(
            query,
            corpus,
            self.lexicon(),
            &mut analyzers,
            &self.features,
        );
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
        if corpus.provisions().len() != self.corpus_len {
            return Err(SearchError::CorpusMismatch {
                expected: self.corpus_len,
                got: corpus.provisions().len(),
            });
        }
        let features = self.features;
        let limit = opts.limit.clamp(1, MAX_LIMIT);
        let mut analyzers = self.analyzers.clone();
        let plan = query::plan(query, corpus, self.lexicon(), &mut analyzers, &features);

        let mut picked: Vec<(usize, f32, bool)> = Vec::with_capacity(limit);
        for &idx in &plan.cites {
            if picked.len() < limit && opts.book.is_none_or(|b| corpus.at(idx).book == b) {
                picked.push((idx, 0.0, true));
            }
        }
        if let Some(q) = query::build(&plan, &self.fields, opts.book, &features) {
            let searcher = self.reader.searcher();
            let fetch = (limit * FETCH_FACTOR + FETCH_EXTRA).max(RERANK_POOL);
            let top = searcher.search(q.as_ref(), &TopDocs::with_limit(fetch).order_by_score())?;
            let mut columns: Vec<Option<Column<u64>>> =
                vec![None; searcher.segment_readers().len()];
            let coverage = features
                .coverage
                .then(|| Coverage::new(&plan, &self.units_with, self.units.len()));
            let mut ranked: Vec<(f32, usize)> = Vec::with_capacity(top.len());
            for (score, addr) in top {
                let Some((i, unit)) = self.unit_of(&searcher, &mut columns, addr)? else {
                    continue;
                };
                let factor = coverage
                    .as_ref()
                    .map_or(1.0, |c| c.share(i).powi(COVERAGE_EXP));
                ranked.push((score * factor, unit.corpus));
            }
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (score, idx) in ranked {
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
        }
        // A citation outranks every word hit.
        let top_score = picked
            .iter()
            .filter(|p| !p.2)
            .map(|p| p.1)
            .fold(0.0f32, f32::max);
        let terms = plan.terms();
        Ok(picked
            .into_iter()
            .map(|(idx, score, via_citation)| Hit {
                id: corpus.at(idx).id.clone(),
                index: idx,
                score: if via_citation { top_score + 1.0 } else { score },
                snippet: self.snippet(corpus, idx, &terms),
                via_citation,
            })
            .collect())
    }

    /// What query words are expanded against.
    fn lexicon(&self) -> Lexicon<'_> {
        Lexicon {
            vocab: &self.vocab,
            thesaurus: &self.thesaurus,
            irregular: &self.irregular,
        }
    }

    /// The unit of a tantivy document, through the `unit` fast field.
    fn unit_of(
        &self,
        searcher: &tantivy::Searcher,
        columns: &mut [Option<Column<u64>>],
        addr: DocAddress,
    ) -> Result<Option<(usize, &UnitMeta)>, SearchError> {
        let seg = addr.segment_ord as usize;
        let Some(slot) = columns.get_mut(seg) else {
            return Ok(None);
        };
        if slot.is_none() {
            *slot = Some(
                searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .u64("unit")?,
            );
        }
        let unit = slot.as_ref().and_then(|c| c.first(addr.doc_id));
        Ok(unit
            .and_then(|u| usize::try_from(u).ok())
            .and_then(|u| Some((u, self.units.get(u)?))))
    }

    /// The snippet of a hit: its text (or its heading, or, for a provision
    /// whose text is all in its sub-items, the first of those) with marks.
    fn snippet(&self, corpus: &Corpus, idx: usize, terms: &HashSet<&str>) -> String {
        if let Some(shown) = self.shown_of(idx) {
            let marks: Vec<bool> = shown
                .words
                .iter()
                .map(|w| w.terms.iter().any(|t| terms.contains(t.as_str())))
                .collect();
            let spans: Vec<(usize, usize)> = shown.words.iter().map(|w| (w.from, w.to)).collect();
            return snippet::render(&shown.text, &spans, &marks, SNIPPET_CHARS);
        }
        // A cited provision with no text or title of its own (`12C1`, whose
        // text is all in its sub-items) shows its first descendant's.
        let Some(shown) = corpus
            .descendants(idx)
            .into_iter()
            .find_map(|i| self.shown_of(i))
        else {
            return String::new();
        };
        let spans: Vec<(usize, usize)> = shown.words.iter().map(|w| (w.from, w.to)).collect();
        snippet::render(
            &shown.text,
            &spans,
            &vec![false; spans.len()],
            SNIPPET_CHARS,
        )
    }

    /// What the unit of corpus provision `idx` shows, if it is a unit.
    fn shown_of(&self, idx: usize) -> Option<&Shown> {
        let unit = (*self.unit_of_provision.get(idx)?)?;
        self.units.get(unit).map(|u| &u.shown)
    }
}

/// Most characters of a parenthesis taken as anchor text.
const MAX_ANCHOR_CHARS: usize = 60;
/// Most words of a parenthesis taken as anchor text.
const MAX_ANCHOR_WORDS: usize = 8;
/// Positions between two anchor texts of one unit.
const ANCHOR_GAP: usize = 10;

/// Anchor texts: for each cited provision (corpus index), the names other
/// passages give it, with their language. A name is the parenthesis right
/// after a cite, when it is a few plain words (`14 (manglende kort)`,
/// `jf. X78B (Neubergs formel)`): how the handbook refers to a rule by its
/// subject. This is the anchor text of web search: a citing passage says
/// what the cited one is about, often in the other book's language.
/// Quotations, numbers and cross-references in the parenthesis disqualify it.
fn anchor_texts(corpus: &Corpus, sources: &[UnitSource]) -> HashMap<usize, Vec<(Lang, String)>> {
    let mut out: HashMap<usize, Vec<(Lang, String)>> = HashMap::new();
    for u in sources {
        let context = &corpus.at(u.corpus).id;
        for r in crate::cite::link(&u.body, Some(context), corpus) {
            let Some(name) = u.body.get(r.span.end..).and_then(parenthesis) else {
                continue;
            };
            for t in &r.targets {
                if let Some(target) = t.shown().and_then(|id| corpus.index_of(id)) {
                    if target != u.corpus {
                        out.entry(target)
                            .or_default()
                            .push((Lang::of_book(u.book), name.to_string()));
                    }
                }
            }
        }
    }
    out
}

/// The plain words of a parenthesis that opens `text` (after at most one
/// space), or `None`.
fn parenthesis(text: &str) -> Option<&str> {
    let rest = text.strip_prefix(' ').unwrap_or(text).strip_prefix('(')?;
    let end = rest.find(')')?;
    let inner = rest[..end].trim();
    let plain = inner
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '.');
    let words = inner.split_whitespace().count();
    (plain && (1..=MAX_ANCHOR_WORDS).contains(&words) && inner.chars().count() <= MAX_ANCHOR_CHARS)
        .then_some(inner)
}

/// A unit's text fields, analysed.
struct Analysed {
    lang: Lang,
    title: Vec<Tok>,
    context: Vec<Tok>,
    body: Vec<Tok>,
    /// Anchor texts, each in the language of the passage it comes from,
    /// indexed after the context (see `schema.rs`).
    anchor: Vec<Tok>,
}

impl Analysed {
    /// Every term of the unit, compound parts included.
    fn terms(&self, vocab: &Vocabulary) -> HashSet<String> {
        let mut out = HashSet::new();
        for tok in self
            .title
            .iter()
            .chain(&self.context)
            .chain(&self.body)
            .chain(&self.anchor)
        {
            if let Some(t) = &tok.term {
                out.insert(t.clone());
            }
            if let Some(parts) = vocab.parts(self.lang, &tok.surface) {
                out.extend(parts.iter().cloned());
            }
        }
        out
    }
}

/// How much of a query each unit has: per query word, its weight and the
/// units that have it (through any of its variants; a phrase needs all its
/// terms). Built once per query from the term → units table, so scoring a
/// candidate is a lookup per word, not a search through its terms.
struct Coverage {
    weights: Vec<f32>,
    /// Per word, per unit: does the unit have the word?
    has: Vec<Vec<bool>>,
}

impl Coverage {
    fn new(plan: &Plan, units_with: &HashMap<String, Vec<u32>>, units: usize) -> Coverage {
        let empty: &[u32] = &[];
        let with = |t: &str| units_with.get(t).map_or(empty, Vec::as_slice);
        let mut has = Vec::with_capacity(plan.words.len());
        for w in &plan.words {
            let mut row = vec![false; units];
            for v in &w.variants {
                let rest: Vec<&[u32]> = v.rest.iter().map(|(_, t)| with(t)).collect();
                for &u in with(&v.term) {
                    if rest.iter().all(|r| r.binary_search(&u).is_ok()) {
                        if let Some(slot) = row.get_mut(u as usize) {
                            *slot = true;
                        }
                    }
                }
            }
            has.push(row);
        }
        Coverage {
            weights: word_weights(plan, units_with, units),
            has,
        }
    }

    /// The weighted share of the query's words unit `unit` has (1.0 when
    /// the query has no words).
    fn share(&self, unit: usize) -> f32 {
        let (mut found, mut total) = (0.0f32, 0.0f32);
        for (row, weight) in self.has.iter().zip(&self.weights) {
            total += weight;
            if row.get(unit).copied().unwrap_or(false) {
                found += weight;
            }
        }
        if total > 0.0 {
            found / total
        } else {
            1.0
        }
    }
}

/// Each query word's weight for [`Coverage`]: its rarity (BM25 idf over
/// units), since lacking a rare word costs more than lacking a common one.
/// A word is as rare as its own terms (stems, ascii spellings); only a word
/// without any in the index takes the rarity of its rarest expansion. A
/// common word must not weigh like a rare synonym or neighbour of it.
fn word_weights(plan: &Plan, units_with: &HashMap<String, Vec<u32>>, units: usize) -> Vec<f32> {
    let df = |t: &str| units_with.get(t).map(Vec::len);
    let idf = |n: usize| {
        let n = n as f32;
        (1.0 + (units as f32 - n + 0.5) / (n + 0.5)).ln()
    };
    plan.words
        .iter()
        .map(|w| {
            let own = w
                .variants
                .iter()
                .filter(|v| matches!(v.kind, MatchKind::Exact | MatchKind::Folded))
                .filter_map(|v| df(&v.term))
                .map(idf)
                .fold(0.0f32, f32::max);
            if own > 0.0 {
                return own;
            }
            w.variants
                .iter()
                .map(|v| idf(df(&v.term).unwrap_or(0)))
                .fold(0.0f32, f32::max)
        })
        .collect()
}

/// The tantivy document of unit `i`.
fn document(
    fields: &Fields,
    vocab: &Vocabulary,
    i: usize,
    u: &UnitSource,
    a: &Analysed,
) -> TantivyDocument {
    let mut doc = TantivyDocument::new();
    doc.add_u64(fields.unit, i as u64);
    doc.add_text(fields.book, u.book.as_str());
    doc.add_pre_tokenized_text(fields.title, pre_tokenized(&u.title, &a.title));
    // Anchor texts follow the headings, a few positions apart, and come
    // from other passages: no offsets into this one.
    let mut context = pre_tokenized(&u.context, &a.context);
    let base = a.context.last().map_or(0, |t| t.position + ANCHOR_GAP);
    context.tokens.extend(
        pre_tokenized("", &a.anchor)
            .tokens
            .into_iter()
            .map(|mut t| {
                t.position += base;
                t.offset_from = u.context.len();
                t.offset_to = u.context.len();
                t
            }),
    );
    doc.add_pre_tokenized_text(fields.context, context);
    doc.add_pre_tokenized_text(fields.body, pre_tokenized(&u.body, &a.body));

    // Compound parts one after another: the field is matched term by term,
    // never as a phrase, so their positions carry no meaning.
    let mut parts = Vec::new();
    for tok in a.title.iter().chain(&a.body) {
        if let Some(ps) = vocab.parts(a.lang, &tok.surface) {
            for p in ps {
                parts.push(Token {
                    offset_from: 0,
                    offset_to: 0,
                    position: parts.len(),
                    text: p.clone(),
                    position_length: 1,
                });
            }
        }
    }
    doc.add_pre_tokenized_text(
        fields.parts,
        PreTokenizedString {
            text: String::new(),
            tokens: parts,
        },
    );
    doc
}

/// The tokens of an analysed text as tantivy wants them (stop words out).
fn pre_tokenized(text: &str, toks: &[Tok]) -> PreTokenizedString {
    PreTokenizedString {
        text: text.to_string(),
        tokens: toks
            .iter()
            .filter_map(|t| {
                t.term.as_ref().map(|term| Token {
                    offset_from: t.from,
                    offset_to: t.to,
                    position: t.position,
                    text: term.clone(),
                    position_length: 1,
                })
            })
            .collect(),
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
