//! The impact table: tantivy's postings with their BM25 scores precomputed,
//! read directly at query time.
//!
//! Asking tantivy a query costs a fixed price per clause that dwarfs the
//! work on a corpus of a few hundred passages: each term clause builds a
//! BM25 weight (a 256-entry length-normalisation table), and each
//! disjunction allocates and clears a buffer for 4096 documents. A query
//! word here is a handful of expansions over four fields, so that price was
//! most of a search. Everything those clauses compute depends only on the
//! corpus, so it is computed once, when the index is built, from tantivy's
//! own postings and with tantivy's own BM25 ([`Bm25Weight`]): per term, the
//! documents it occurs in with its score in each field. A thesaurus phrase
//! (`ukorrekt gitt`) gets an entry of its own, scored as tantivy scores a
//! phrase. At query time a word costs one pass over the postings of its
//! expansions, so a search costs what its words have, and nothing more.
//! Positions are kept for headings and text, for the proximity bonus.

use std::cell::RefCell;
use std::sync::Arc;

use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::Postings;
use tantivy::query::{Bm25StatisticsProvider, Bm25Weight};
use tantivy::schema::{Field, IndexRecordOption, Term};
use tantivy::{DocSet, Searcher, SegmentReader, TantivyError, TERMINATED};

use super::schema::Fields;
use super::FastMap as HashMap;

/// The text fields, as the table numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Title = 0,
    Context = 1,
    Body = 2,
    Parts = 3,
}

/// Number of text fields.
pub(crate) const SLOTS: usize = 4;

impl Slot {
    const ALL: [Slot; SLOTS] = [Slot::Title, Slot::Context, Slot::Body, Slot::Parts];

    fn field(self, fields: &Fields) -> Field {
        match self {
            Slot::Title => fields.title,
            Slot::Context => fields.context,
            Slot::Body => fields.body,
            Slot::Parts => fields.parts,
        }
    }
}

/// The fields the proximity bonus looks at: the unit's heading, the
/// headings above it, and its text (not compound parts, whose positions
/// mean nothing).
const NEAR_SLOTS: [Slot; NEAR] = [Slot::Title, Slot::Context, Slot::Body];
/// Number of [`NEAR_SLOTS`].
const NEAR: usize = 3;

/// An index term, or a thesaurus phrase.
pub(crate) type TermId = u32;

/// One occurrence of a term: a document, a field, and its BM25 score there.
#[derive(Clone, Copy, Debug)]
struct Impact {
    doc: u32,
    slot: u8,
    score: f32,
}

/// The positions of a term in one document's field.
#[derive(Clone, Debug)]
struct Occurrence {
    doc: u32,
    at: Box<[u32]>,
}

/// A query word, compiled against the table. Cheap to clone: the
/// precomputed expansions of a word are shared by every query that has it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct QueryWord {
    pub variants: Arc<[QueryVariant]>,
    /// The word's exact term in each language (for the proximity bonus).
    pub exact: [Option<TermId>; 2],
    /// How much lacking the word costs a passage (its idf).
    pub rarity: f32,
}

/// One expansion of a query word.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct QueryVariant {
    pub id: TermId,
    pub weight: f32,
    /// Also searched among compound parts (the word itself, not its
    /// neighbours, synonyms or completions).
    pub in_parts: bool,
    /// What it counts for when found in a unit's own heading (see
    /// [`Matched::title_words`]): its weight, or nothing for a synonym of
    /// a word the books use.
    pub title: f32,
}

/// How a query is scored: field boosts, and the proximity bonus.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scoring {
    pub boosts: [f32; SLOTS],
    /// Weight of two neighbouring query words found close together; 0 for none.
    pub near_boost: f32,
    /// How far apart (in words, stop words counted) "close together" is.
    pub near_slop: u32,
}

/// A document that matched, with its score and which query words it has.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matched {
    pub doc: u32,
    pub score: f32,
    /// Bit `i` set: the document has query word `i` (any field, any
    /// expansion, compound parts included).
    pub words: u64,
    /// The query words its own heading (or a definition's term) has, each
    /// counted by the weight of its best expansion found there: summed
    /// plain, and weighted by the words' rarity.
    pub title_words: f32,
    pub title_rarity: f32,
    /// Words (stop words aside) in its own heading.
    pub title_len: u32,
}

/// Most query words whose presence [`Matched::words`] records.
pub(crate) const MAX_WORDS: usize = 64;

/// The impact table of one index. See the module docs.
#[derive(Default)]
pub(crate) struct Impacts {
    ids: HashMap<Box<str>, TermId>,
    names: Vec<Box<str>>,
    phrases: HashMap<Vec<(u32, TermId)>, TermId>,
    /// Per phrase (id − number of terms): its terms.
    phrase_terms: Vec<Box<[TermId]>>,
    /// Per term or phrase: its occurrences, by document.
    postings: Vec<Box<[Impact]>>,
    /// Per term or phrase: the number of documents it occurs in.
    doc_freq: Vec<u32>,
    /// Per term, per field of [`NEAR_SLOTS`]: its positions, by document.
    positions: Vec<[Box<[Occurrence]>; NEAR]>,
    /// Per term, per field of [`NEAR_SLOTS`]: its idf there.
    idf: Vec<[f32; NEAR]>,
    /// Per document: its unit.
    doc_unit: Box<[u32]>,
    /// Per document, per field: its length code (tantivy's fieldnorm id).
    norm_ids: Box<[[u8; SLOTS]]>,
    /// Per field of [`NEAR_SLOTS`]: a BM25 weight and its idf, rescaled to
    /// score a pair of words found close together.
    near_weight: Vec<(Bm25Weight, f32)>,
    /// Per field of [`NEAR_SLOTS`]: its average length (BM25's).
    near_avg: Vec<f32>,
}

impl std::fmt::Debug for Impacts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Impacts")
            .field("terms", &self.names.len())
            .field("phrases", &self.phrase_terms.len())
            .field("docs", &self.doc_unit.len())
            .finish()
    }
}

/// Positions of the terms of the positional fields while building:
/// per term, (field, document, positions).
type AllPositions = HashMap<TermId, Vec<(Slot, u32, Vec<u32>)>>;

/// What reading tantivy's postings gives while building: per term, its
/// scored occurrences, and the positions of the positional fields.
#[derive(Default)]
struct ReadPostings {
    postings: Vec<Vec<Impact>>,
    positions: AllPositions,
}

/// Where each segment's documents start in the table's numbering.
fn segment_bases(searcher: &Searcher) -> Vec<u32> {
    let mut bases: Vec<u32> = Vec::new();
    let mut docs = 0u32;
    for seg in searcher.segment_readers() {
        bases.push(docs);
        docs += seg.max_doc();
    }
    bases
}

/// Per document: its unit, and per field its length code (tantivy's
/// fieldnorm id).
fn read_docs(
    searcher: &Searcher,
    fields: &Fields,
    bases: &[u32],
) -> Result<(Vec<u32>, Vec<[u8; SLOTS]>), TantivyError> {
    let docs: u32 = searcher.segment_readers().iter().map(|s| s.max_doc()).sum();
    let mut doc_unit = vec![0u32; docs as usize];
    let mut norm_ids = vec![[0u8; SLOTS]; docs as usize];
    for (seg, &base) in searcher.segment_readers().iter().zip(bases) {
        let units = seg.fast_fields().u64("unit")?;
        for doc in 0..seg.max_doc() {
            if let Some(u) = doc_unit.get_mut((base + doc) as usize) {
                *u = units
                    .first(doc)
                    .and_then(|u| u32::try_from(u).ok())
                    .unwrap_or(0);
            }
        }
        for slot in Slot::ALL {
            let norms = seg.get_fieldnorms_reader(slot.field(fields))?;
            for doc in 0..seg.max_doc() {
                if let Some(n) = norm_ids.get_mut((base + doc) as usize) {
                    n[slot as usize] = norms.fieldnorm_id(doc);
                }
            }
        }
    }
    Ok((doc_unit, norm_ids))
}

/// Per term of `terms`, per field of [`NEAR_SLOTS`]: its positions, by
/// document.
fn positions_by_term(terms: usize, all: &AllPositions) -> Vec<[Box<[Occurrence]>; NEAR]> {
    (0..terms)
        .map(|id| {
            let mut out: [Vec<Occurrence>; NEAR] = Default::default();
            for (slot, doc, at) in all.get(&(id as TermId)).into_iter().flatten() {
                if let Some(p) = NEAR_SLOTS.iter().position(|s| s == slot) {
                    out[p].push(Occurrence {
                        doc: *doc,
                        at: at.clone().into_boxed_slice(),
                    });
                }
            }
            out.map(|mut v| {
                v.sort_by_key(|o| o.doc);
                v.into_boxed_slice()
            })
        })
        .collect()
}

impl Impacts {
    /// Reads every term of the four text fields out of tantivy, with its
    /// BM25 score per document and field, and scores the thesaurus
    /// `phrases` (each a list of (offset, term)) the way a phrase query
    /// would.
    pub(crate) fn build(
        searcher: &Searcher,
        fields: &Fields,
        phrases: &[Vec<(usize, String)>],
    ) -> Result<Impacts, TantivyError> {
        let mut t = Impacts::default();
        let num_docs = searcher.num_docs().max(1);
        let bases = segment_bases(searcher);
        let (doc_unit, norm_ids) = read_docs(searcher, fields, &bases)?;
        let mut read = ReadPostings::default();
        for (seg, &base) in searcher.segment_readers().iter().zip(&bases) {
            for slot in Slot::ALL {
                t.read_field(searcher, seg, base, slot.field(fields), slot, &mut read)?;
            }
        }
        t.norm_ids = norm_ids.into_boxed_slice();
        t.doc_unit = doc_unit.into_boxed_slice();
        t.read_near_statistics(searcher, fields, num_docs)?;
        t.positions = positions_by_term(t.names.len(), &read.positions);
        let ReadPostings {
            mut postings,
            positions,
        } = read;
        for phrase in phrases {
            if let Some(impacts) = t.score_phrase(searcher, fields, phrase, &positions)? {
                postings.push(impacts);
            }
        }
        t.doc_freq = postings.iter().map(|list| distinct_docs(list)).collect();
        t.postings = postings
            .into_iter()
            .map(|mut list| {
                list.sort_by_key(|i| (i.doc, i.slot));
                list.into_boxed_slice()
            })
            .collect();
        Ok(t)
    }

    /// Every term of one field of one segment, interned in the order the
    /// segment lists them, with its scored occurrences and (but for
    /// compound parts) their positions.
    fn read_field(
        &mut self,
        searcher: &Searcher,
        seg: &SegmentReader,
        base: u32,
        field: Field,
        slot: Slot,
        read: &mut ReadPostings,
    ) -> Result<(), TantivyError> {
        let inverted = seg.inverted_index(field)?;
        let norms = seg.get_fieldnorms_reader(field)?;
        let mut stream = inverted.terms().stream()?;
        let mut at: Vec<u32> = Vec::new();
        while stream.advance() {
            let Ok(text) = std::str::from_utf8(stream.key()) else {
                continue;
            };
            let id = self.intern(text);
            if read.postings.len() <= id as usize {
                read.postings.resize_with(id as usize + 1, Vec::new);
            }
            let weight = Bm25Weight::for_terms(searcher, &[Term::from_field_text(field, text)])?;
            let mut found = inverted.read_postings_from_terminfo(
                stream.value(),
                IndexRecordOption::WithFreqsAndPositions,
            )?;
            while found.doc() != TERMINATED {
                let doc = found.doc();
                read.postings[id as usize].push(Impact {
                    doc: base + doc,
                    slot: slot as u8,
                    score: weight.score(norms.fieldnorm_id(doc), found.term_freq()),
                });
                if slot != Slot::Parts {
                    found.positions(&mut at);
                    read.positions
                        .entry(id)
                        .or_default()
                        .push((slot, base + doc, at.clone()));
                }
                found.advance();
            }
        }
        Ok(())
    }

    /// Per term, per field of [`NEAR_SLOTS`], its idf; and per field the
    /// average length and the BM25 weight the proximity bonus scores by.
    fn read_near_statistics(
        &mut self,
        searcher: &Searcher,
        fields: &Fields,
        num_docs: u64,
    ) -> Result<(), TantivyError> {
        self.idf = vec![[0.0; NEAR]; self.names.len()];
        for (p, slot) in NEAR_SLOTS.into_iter().enumerate() {
            let field = slot.field(fields);
            for (id, name) in self.names.iter().enumerate() {
                let df = searcher.doc_freq(&Term::from_field_text(field, name))?;
                self.idf[id][p] = idf(df, num_docs);
            }
            let avg = average_fieldnorm(searcher, field)?;
            self.near_avg.push(avg);
            self.near_weight
                .push((Bm25Weight::for_one_term(0, num_docs, avg), idf(0, num_docs)));
        }
        Ok(())
    }

    fn intern(&mut self, text: &str) -> TermId {
        if let Some(&id) = self.ids.get(text) {
            return id;
        }
        let id = self.names.len() as TermId;
        self.names.push(text.into());
        self.ids.insert(text.into(), id);
        id
    }

    /// Registers a phrase and returns its occurrences, scored in each field
    /// as tantivy scores a phrase: BM25 over the summed idf of its terms,
    /// with the number of times the terms stand at their offsets as its
    /// frequency. `None` when a term is not in the index, or the phrase is
    /// already registered.
    fn score_phrase(
        &mut self,
        searcher: &Searcher,
        fields: &Fields,
        phrase: &[(usize, String)],
        positions: &AllPositions,
    ) -> Result<Option<Vec<Impact>>, TantivyError> {
        let mut key: Vec<(u32, TermId)> = Vec::with_capacity(phrase.len());
        for (offset, term) in phrase {
            let Some(&id) = self.ids.get(term.as_str()) else {
                return Ok(None);
            };
            key.push((*offset as u32, id));
        }
        if key.len() < 2 || self.phrases.contains_key(&key) {
            return Ok(None);
        }
        let mut impacts = Vec::new();
        for slot in [Slot::Title, Slot::Context, Slot::Body] {
            let field = slot.field(fields);
            // Per term: its positions in this field, by document.
            let per_term: Vec<HashMap<u32, &[u32]>> = key
                .iter()
                .map(|(_, id)| {
                    positions
                        .get(id)
                        .into_iter()
                        .flatten()
                        .filter(|(s, _, _)| *s == slot)
                        .map(|(_, doc, at)| (*doc, at.as_slice()))
                        .collect()
                })
                .collect();
            let Some((first, rest)) = per_term.split_first() else {
                continue;
            };
            let mut found: Vec<(u32, u32)> = Vec::new();
            for (&doc, &starts) in first {
                let count = starts
                    .iter()
                    .filter(|&&p| {
                        key[1..].iter().zip(rest).all(|((offset, _), at)| {
                            at.get(&doc)
                                .is_some_and(|at| at.binary_search(&(p + offset)).is_ok())
                        })
                    })
                    .count();
                if count > 0 {
                    found.push((doc, count as u32));
                }
            }
            if found.is_empty() {
                continue;
            }
            let terms: Vec<Term> = key
                .iter()
                .map(|(_, id)| Term::from_field_text(field, &self.names[*id as usize]))
                .collect();
            let weight = Bm25Weight::for_terms(searcher, &terms)?;
            for (doc, count) in found {
                let norm = self
                    .norm_ids
                    .get(doc as usize)
                    .map_or(0, |n| n[slot as usize]);
                impacts.push(Impact {
                    doc,
                    slot: slot as u8,
                    score: weight.score(norm, count),
                });
            }
        }
        let pid = (self.names.len() + self.phrase_terms.len()) as TermId;
        self.phrase_terms
            .push(key.iter().map(|(_, id)| *id).collect());
        self.phrases.insert(key, pid);
        Ok(Some(impacts))
    }

    /// The id of an index term.
    pub(crate) fn term(&self, text: &str) -> Option<TermId> {
        self.ids.get(text).copied()
    }

    /// The id of a registered phrase: its first term and the rest, each
    /// with its offset from the first.
    pub(crate) fn phrase(&self, first: &str, rest: &[(usize, String)]) -> Option<TermId> {
        let mut key = vec![(0u32, self.term(first)?)];
        for (offset, t) in rest {
            key.push((*offset as u32, self.term(t)?));
        }
        self.phrases.get(&key).copied()
    }

    /// Number of term and phrase ids.
    pub(crate) fn len(&self) -> usize {
        self.postings.len()
    }

    /// Calls `f` with each term an id stands for: the term itself, or
    /// each term of a phrase.
    pub(crate) fn for_each_term(&self, id: TermId, mut f: impl FnMut(TermId)) {
        match (id as usize).checked_sub(self.names.len()) {
            Some(p) => self
                .phrase_terms
                .get(p)
                .into_iter()
                .flatten()
                .for_each(|&t| f(t)),
            None => f(id),
        }
    }

    /// Number of documents a term or phrase occurs in.
    pub(crate) fn doc_freq(&self, id: TermId) -> u32 {
        self.doc_freq.get(id as usize).copied().unwrap_or(0)
    }

    /// Number of documents.
    pub(crate) fn docs(&self) -> usize {
        self.doc_unit.len()
    }

    /// The unit of a document.
    pub(crate) fn unit_of(&self, doc: u32) -> Option<usize> {
        self.doc_unit.get(doc as usize).map(|&u| u as usize)
    }

    /// The occurrences of a term or phrase: (document, field, BM25 score),
    /// for the offline copy of the table ([`super::offline`]).
    pub(crate) fn postings_of(&self, id: TermId) -> impl Iterator<Item = (u32, u8, f32)> + '_ {
        self.postings
            .get(id as usize)
            .into_iter()
            .flatten()
            .map(|i| (i.doc, i.slot, i.score))
    }

    /// The positions of a term in field `near` of the proximity bonus (0
    /// own heading, 1 the headings above, 2 text), by document.
    pub(crate) fn positions_of(
        &self,
        id: TermId,
        near: usize,
    ) -> impl Iterator<Item = (u32, &[u32])> + '_ {
        self.positions
            .get(id as usize)
            .and_then(|p| p.get(near))
            .into_iter()
            .flatten()
            .map(|o| (o.doc, &o.at[..]))
    }

    /// A document's length in field `near` (as BM25 reads it), and the
    /// field's average length.
    pub(crate) fn near_len(&self, doc: u32, near: usize) -> u32 {
        let slot = NEAR_SLOTS.get(near).map_or(Slot::Body, |s| *s);
        self.norm_ids
            .get(doc as usize)
            .map_or(0, |n| FieldNormReader::id_to_fieldnorm(n[slot as usize]))
    }

    /// The average length of each field of the proximity bonus.
    pub(crate) fn near_avg(&self) -> &[f32] {
        &self.near_avg
    }

    /// Words (stop words aside) in a document's own heading, as
    /// [`Matched::title_len`] counts them.
    pub(crate) fn title_len(&self, doc: u32) -> u32 {
        self.norm_ids.get(doc as usize).map_or(0, |n| {
            FieldNormReader::id_to_fieldnorm(n[Slot::Title as usize])
        })
    }

    /// Every document that has a query word, with its score: per word, per
    /// field, the best of its expansions (weight × BM25), the fields summed
    /// with their boosts; the words summed; plus, for two neighbouring
    /// words whose exact terms stand close together in a heading or text, a
    /// bonus scored like a phrase. Unordered.
    pub(crate) fn score(&self, words: &[QueryWord], scoring: &Scoring) -> Vec<Matched> {
        SCRATCH.with(|cell| {
            let mut guard = cell.borrow_mut();
            let s = &mut *guard;
            s.prepare(self.docs());
            for (w, word) in words.iter().enumerate() {
                let bit = if w < MAX_WORDS { 1u64 << w } else { 0 };
                s.stamp = s.stamp.wrapping_add(1);
                if s.stamp == 0 {
                    s.seen.iter_mut().for_each(|x| *x = 0);
                    s.stamp = 1;
                }
                s.word_docs.clear();
                for v in word.variants.iter() {
                    let Some(list) = self.postings.get(v.id as usize) else {
                        continue;
                    };
                    for imp in list.iter() {
                        let d = imp.doc as usize;
                        let Some(seen) = s.seen.get_mut(d) else {
                            continue;
                        };
                        if *seen != s.stamp {
                            *seen = s.stamp;
                            s.best[d] = [0.0; SLOTS];
                            s.in_title[d] = 0.0;
                            s.word_docs.push(imp.doc);
                        }
                        if imp.slot == Slot::Title as u8 {
                            s.in_title[d] = s.in_title[d].max(v.title);
                        }
                        // Presence counts in any field; compound parts
                        // are scored for the word itself only.
                        s.words[d] |= bit;
                        if imp.slot == Slot::Parts as u8 && !v.in_parts {
                            continue;
                        }
                        let b = &mut s.best[d][imp.slot as usize];
                        *b = b.max(v.weight * imp.score);
                    }
                }
                for i in 0..s.word_docs.len() {
                    let d = s.word_docs[i] as usize;
                    let best = s.best[d];
                    let add: f32 = (0..SLOTS).map(|f| scoring.boosts[f] * best[f]).sum();
                    if !s.touched_flag[d] {
                        s.touched_flag[d] = true;
                        s.touched.push(d as u32);
                    }
                    s.total[d] += add;
                    s.title_words[d] += s.in_title[d];
                    s.title_rarity[d] += s.in_title[d] * word.rarity;
                }
            }
            if scoring.near_boost > 0.0 {
                for pair in words.windows(2) {
                    for lang in 0..2 {
                        let (Some(a), Some(b)) = (pair[0].exact[lang], pair[1].exact[lang]) else {
                            continue;
                        };
                        if a != b {
                            self.near(a, b, scoring, s);
                        }
                    }
                }
            }
            let out = s
                .touched
                .iter()
                .filter(|&&d| s.total[d as usize] > 0.0)
                .map(|&d| Matched {
                    doc: d,
                    score: s.total[d as usize],
                    words: s.words[d as usize],
                    title_words: s.title_words[d as usize],
                    title_rarity: s.title_rarity[d as usize],
                    title_len: self.norm_ids.get(d as usize).map_or(0, |n| {
                        FieldNormReader::id_to_fieldnorm(n[Slot::Title as usize])
                    }),
                })
                .collect();
            s.finish();
            out
        })
    }

    /// Adds the bonus for terms `a` then `b` standing within the slop of
    /// each other, in headings and texts.
    fn near(&self, a: TermId, b: TermId, scoring: &Scoring, s: &mut Scratch) {
        let (Some(pa), Some(pb)) = (
            self.positions.get(a as usize),
            self.positions.get(b as usize),
        ) else {
            return;
        };
        let (Some(ia), Some(ib)) = (self.idf.get(a as usize), self.idf.get(b as usize)) else {
            return;
        };
        for (p, slot) in NEAR_SLOTS.into_iter().enumerate() {
            let Some((weight, base_idf)) = self.near_weight.get(p) else {
                continue;
            };
            if *base_idf <= 0.0 {
                continue;
            }
            let weight = weight.boost_by(scoring.near_boost * (ia[p] + ib[p]) / base_idf);
            let (xs, ys) = (&pa[p], &pb[p]);
            let (mut i, mut j) = (0, 0);
            while i < xs.len() && j < ys.len() {
                match xs[i].doc.cmp(&ys[j].doc) {
                    std::cmp::Ordering::Less => i += 1,
                    std::cmp::Ordering::Greater => j += 1,
                    std::cmp::Ordering::Equal => {
                        let d = xs[i].doc as usize;
                        let n = near_count(&xs[i].at, &ys[j].at, scoring.near_slop);
                        if n > 0 && s.touched_flag.get(d).copied().unwrap_or(false) {
                            let norm = self.norm_ids.get(d).map_or(0, |n| n[slot as usize]);
                            s.total[d] += weight.score(norm, n);
                        }
                        i += 1;
                        j += 1;
                    }
                }
            }
        }
    }
}

/// How often `b` follows `a` within `slop` words: each position of `b`,
/// one word after a position of `a` give or take the slop, counts once,
/// against the nearest `a` before it that is not yet used.
fn near_count(a: &[u32], b: &[u32], slop: u32) -> u32 {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        // `b` one word after `a` is distance 0.
        let want = a[i] + 1;
        let got = b[j];
        if want.abs_diff(got) <= slop {
            // A later `a` that is still not past `b` is a closer pair.
            while i + 1 < a.len() && a[i + 1] < got {
                i += 1;
            }
            n += 1;
            i += 1;
            j += 1;
        } else if want < got {
            i += 1;
        } else {
            j += 1;
        }
    }
    n
}

/// BM25's inverse document frequency, as tantivy computes it.
fn idf(doc_freq: u64, docs: u64) -> f32 {
    let n = docs.max(doc_freq) as f32;
    let df = doc_freq as f32;
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// The average length of a field, as BM25 normalises by it.
fn average_fieldnorm(searcher: &Searcher, field: Field) -> Result<f32, TantivyError> {
    let tokens = searcher.total_num_tokens(field)?;
    let docs = searcher.total_num_docs()?.max(1);
    Ok(tokens as f32 / docs as f32)
}

/// Number of distinct documents in a list sorted by document or not.
fn distinct_docs(list: &[Impact]) -> u32 {
    let mut docs: Vec<u32> = list.iter().map(|i| i.doc).collect();
    docs.sort_unstable();
    docs.dedup();
    docs.len() as u32
}

/// Per-thread buffers for scoring, sized to the largest index seen and
/// reset after each query through the list of documents it touched, so a
/// query costs what it touches.
#[derive(Default)]
struct Scratch {
    /// Per document: the best score of the current word in each field.
    best: Vec<[f32; SLOTS]>,
    /// Per document: the word it was last seen for (its stamp).
    seen: Vec<u32>,
    stamp: u32,
    /// Per document: the query words it has, as bits.
    words: Vec<u64>,
    /// Per document: the best weight of the current word's expansions in
    /// its heading, and the sums of [`Matched::title_words`] and
    /// [`Matched::title_rarity`].
    in_title: Vec<f32>,
    title_words: Vec<f32>,
    title_rarity: Vec<f32>,
    total: Vec<f32>,
    touched_flag: Vec<bool>,
    /// Documents the query touched, and those the current word touched.
    touched: Vec<u32>,
    word_docs: Vec<u32>,
}

impl Scratch {
    fn prepare(&mut self, docs: usize) {
        if self.total.len() < docs {
            self.best.resize(docs, [0.0; SLOTS]);
            self.seen.resize(docs, 0);
            self.words.resize(docs, 0);
            self.in_title.resize(docs, 0.0);
            self.title_words.resize(docs, 0.0);
            self.title_rarity.resize(docs, 0.0);
            self.total.resize(docs, 0.0);
            self.touched_flag.resize(docs, false);
        }
    }

    fn finish(&mut self) {
        for &d in &self.touched {
            let d = d as usize;
            self.total[d] = 0.0;
            self.words[d] = 0;
            self.title_words[d] = 0.0;
            self.title_rarity[d] = 0.0;
            self.touched_flag[d] = false;
        }
        self.touched.clear();
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_counts_pairs_within_the_slop() {
        // `a b`: adjacent.
        assert_eq!(near_count(&[3], &[4], 2), 1);
        // `a x x b`: two words between, within a slop of 2.
        assert_eq!(near_count(&[3], &[6], 2), 1);
        assert_eq!(near_count(&[3], &[7], 2), 0);
        // `b a`: reversed, one word off.
        assert_eq!(near_count(&[4], &[3], 2), 1);
        // Each position pairs once.
        assert_eq!(near_count(&[1, 2], &[3], 2), 1);
        assert_eq!(near_count(&[1, 10], &[2, 11], 0), 2);
    }
}
