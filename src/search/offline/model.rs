//! The server's ranking, written out as data for the browser's ranker
//! (`src/web/static/ranker.js`).
//!
//! The browser cannot run tantivy or the Snowball stemmers, so it is given
//! what they produce: the impact table (every term's BM25 score per unit
//! and field, exactly as the server reads it), every word form's compiled
//! expansions (stems, ascii spellings, words of one root, synonyms, typos
//! the corpus allows, completions), the thesaurus phrases, and the subject
//! index's lookup tables. The ranker then does what
//! [`SearchIndex::search`] does with them: the same sums, the same
//! coverage and heading clauses, the same subject scores, the same dedupe.
//! What it cannot do is analyse a word no table lists; for that it falls
//! back on prefixes and typos over the listed words. The constants come in
//! [`RankConfig`], so the two rankers share one set of weights.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::search::analyzer::Analyzers;
use crate::search::cases::CaseColumns;
use crate::search::impact::{Impacts, QueryVariant, QueryWord, TermId};
use crate::search::index::{self, SearchIndex};
use crate::search::thesaurus::{glossary_english_words, lookup_words};
use crate::search::{english, query, stop_words, subjects, understand, vocab};

/// The server's ranking constants the browser's ranker uses, by name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankConfig {
    /// Field boosts: own heading, headings above, text, compound parts.
    pub boosts: [f32; 4],
    /// What a heading that is the query adds, as a share of the best score.
    pub title_match: f32,
    /// How steeply the heading clause falls with the query words it lacks.
    pub title_query_exp: i32,
    /// How gently it falls with the heading's other words.
    pub title_heading_exp: f32,
    /// Power of the share of the query's words a passage has.
    pub coverage_exp: i32,
    /// How well a part must match to share its whole's subject.
    pub part_min_share: f32,
    /// Weight of two query words the books write as one compound.
    pub joined: f32,
    /// Shortest word that joins its neighbour into a compound.
    pub min_joined_part_chars: usize,
    /// Shortest joined pair completed to the compounds it begins.
    pub min_joined_completion_chars: usize,
    /// Most words of a thesaurus phrase.
    pub max_phrase_words: usize,
    /// Query words used; the rest are ignored.
    pub max_query_words: usize,
    /// Question and function words dropped from a query with other words.
    pub query_stop_words: Vec<&'static str>,
    /// English function words (among the stop words): one makes a query
    /// English.
    pub english_function_words: Vec<&'static str>,
    /// Words an English query drops that another keeps (`to`).
    pub english_homographs: Vec<&'static str>,
    /// Weights of a synonym, a prefix completion, a word of the same root,
    /// an ascii spelling and a compound part.
    pub synonym: f32,
    pub prefix: f32,
    pub morph: f32,
    pub folded: f32,
    pub part: f32,
    /// Weight of a typo match by its cost (0, 1, 2 edits).
    pub typo: [f32; 3],
    /// Weight of two neighbouring query words found close together, and
    /// how far apart (in words) that is.
    pub near_boost: f32,
    pub near_slop: u32,
    /// tantivy's BM25 parameters (k1, b), which it does not export: the
    /// proximity bonus is scored with them.
    pub bm25: [f32; 2],
    /// Typos allowed in a word of n characters, at index n.
    pub typo_budget: Vec<u8>,
    /// Shortest word completed as a prefix, and most completions.
    pub min_completion_chars: usize,
    pub max_completions: usize,
    /// The subject index's clause (see `search::subjects`).
    pub subject: SubjectConfig,
    /// Each query word's role (see `search::understand`).
    pub roles: understand::RoleConfig,
}

/// The subject index's constants, by name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SubjectConfig {
    pub subject_match: f32,
    pub query_exp: i32,
    pub term_exp: i32,
    pub agreement_min_share: f32,
    pub situation_words: usize,
    pub agreement: f32,
    pub definition_share: f32,
    pub cite_decay: f32,
    pub min_variant_weight: f32,
    pub common_word_slots: usize,
    pub max_entries: usize,
    pub completed: f32,
    pub min_completion_chars: usize,
    pub max_completions: usize,
    pub entry_match: f32,
    pub entry_query_exp: i32,
    pub unbooked_share: f32,
    pub concentrated_entries: usize,
    pub concentration_boost: f32,
    /// Weights are kept in steps of 1/this (as the server's scratch does).
    pub weight_scale: f32,
}

/// tantivy's BM25 k1 and b (`tantivy::query::bm25`, private there).
const BM25: [f32; 2] = [1.2, 0.75];

/// Longest word the typo table covers; longer words get its budget.
const TYPO_TABLE_LEN: usize = 16;

/// The constants of the server's search, as the browser's ranker gets them.
pub fn rank_config() -> RankConfig {
    let scoring = index::score::scoring(&query::Features::ALL);
    RankConfig {
        boosts: scoring.boosts,
        title_match: index::score::TITLE_MATCH,
        title_query_exp: index::score::TITLE_QUERY_EXP,
        title_heading_exp: index::score::TITLE_HEADING_EXP,
        coverage_exp: index::score::COVERAGE_EXP,
        part_min_share: index::score::PART_MIN_SHARE,
        joined: index::words::W_JOINED,
        min_joined_part_chars: index::words::MIN_JOINED_PART_CHARS,
        min_joined_completion_chars: index::words::MIN_JOINED_COMPLETION_CHARS,
        max_phrase_words: index::MAX_PHRASE_WORDS,
        max_query_words: query::MAX_QUERY_WORDS,
        query_stop_words: stop_words::NORDIC_STOP_WORDS
            .iter()
            .chain(stop_words::ENGLISH_FUNCTION_WORDS)
            .copied()
            .collect(),
        english_function_words: stop_words::ENGLISH_FUNCTION_WORDS.to_vec(),
        english_homographs: stop_words::ENGLISH_HOMOGRAPHS.to_vec(),
        synonym: query::expand::W_SYNONYM,
        prefix: query::expand::W_PREFIX,
        morph: query::expand::W_MORPH,
        folded: query::expand::W_FOLDED,
        part: query::expand::W_PART,
        typo: query::expand::W_TYPO,
        near_boost: scoring.near_boost,
        near_slop: scoring.near_slop,
        bm25: BM25,
        typo_budget: (0..=TYPO_TABLE_LEN).map(vocab::typo_budget).collect(),
        min_completion_chars: vocab::MIN_COMPLETION_CHARS,
        max_completions: vocab::MAX_COMPLETIONS,
        subject: SubjectConfig {
            subject_match: subjects::SUBJECT_MATCH,
            query_exp: subjects::QUERY_EXP,
            term_exp: subjects::TERM_EXP,
            agreement_min_share: subjects::AGREEMENT_MIN_SHARE,
            situation_words: subjects::SITUATION_WORDS,
            agreement: subjects::AGREEMENT,
            definition_share: subjects::DEFINITION_SHARE,
            cite_decay: subjects::CITE_DECAY,
            min_variant_weight: subjects::MIN_VARIANT_WEIGHT,
            common_word_slots: subjects::COMMON_WORD_SLOTS,
            max_entries: subjects::MAX_ENTRIES,
            completed: subjects::W_COMPLETED,
            min_completion_chars: subjects::MIN_COMPLETION_CHARS,
            max_completions: subjects::MAX_COMPLETIONS,
            entry_match: subjects::ENTRY_MATCH,
            entry_query_exp: subjects::ENTRY_QUERY_EXP,
            unbooked_share: subjects::UNBOOKED_SHARE,
            concentrated_entries: subjects::CONCENTRATED_ENTRIES,
            concentration_boost: subjects::CONCENTRATION_BOOST,
            weight_scale: subjects::WEIGHT_SCALE,
        },
        roles: understand::role_config(),
    }
}

/// The impact table as columns: the occurrences of term (or phrase) `t`
/// are `start[t]..start[t + 1]` of `unit`, `field` and `score`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ImpactColumns {
    pub start: Vec<u32>,
    pub unit: Vec<u32>,
    pub field: Vec<u8>,
    /// BM25 score, rounded to 1/10 000.
    pub score: Vec<f64>,
    /// Per term or phrase: the number of units it occurs in.
    pub doc_freq: Vec<u32>,
}

/// The positions the proximity bonus reads, as columns. For term `t` and
/// field `f` (0 own heading, 1 headings above, 2 text), its occurrences
/// are `start[3t + f]..start[3t + f + 1]` of `unit`; occurrence `o` has
/// the positions `at[at_start[o]..at_start[o + 1]]`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PositionColumns {
    pub start: Vec<u32>,
    pub unit: Vec<u32>,
    pub at_start: Vec<u32>,
    pub at: Vec<u32>,
    /// Per unit, per field: its length as BM25 reads it.
    pub len: Vec<[u32; 3]>,
    /// Per field: the average length.
    pub avg: Vec<f32>,
}

/// One compiled query word (see `search::impact::QueryWord`), its
/// expansions as columns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompiledWord {
    pub term: Vec<TermId>,
    pub weight: Vec<f32>,
    /// Also scored among compound parts.
    pub in_parts: Vec<bool>,
    /// What it counts for in a unit's own heading.
    pub title: Vec<f32>,
    /// The word's exact term in Norwegian and in Danish, for proximity.
    pub exact: [Option<TermId>; 2],
    /// How much lacking the word costs a passage.
    pub rarity: f32,
}

/// What one word form is searched as: indexes into
/// [`OfflineModel::compiled`], as a non-last query word and, when that
/// differs, as the last (completed) one.
#[derive(Clone, Debug, Serialize)]
pub struct WordForm {
    pub inner: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<Vec<u32>>,
}

/// The subject index's lookup tables. A word of a term is a *slot*,
/// `term * 8 + position`; the lists of slots are stored once each, in
/// `lists`, and named by their position there.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SubjectColumns {
    /// Per term: its entry and its number of words.
    pub entry: Vec<u32>,
    pub len: Vec<u8>,
    /// Lists of slots.
    pub lists: Vec<Vec<u32>>,
    /// A word as typed → the list of slots it meets.
    pub by_surface: BTreeMap<String, u32>,
    /// A term id of the impact table → the list of slots it meets.
    pub by_term: BTreeMap<TermId, u32>,
    /// Every folded word, sorted, and its list (same order).
    pub folded: Vec<String>,
    pub folded_list: Vec<u32>,
    /// Per entry: the provisions it cites, most specific first.
    pub cites: Vec<Vec<usize>>,
    /// A definition an entry cites → the terms that name its defined
    /// term (case aside); through any other term it ranks a little lower.
    pub definitions: BTreeMap<usize, Vec<u32>>,
}

/// The server's search as data; see the module docs.
#[derive(Clone, Debug, Default, Serialize)]
pub struct OfflineModel {
    /// Per unit: the corpus index of its provision.
    pub unit_doc: Vec<usize>,
    /// Per unit: words in its own heading.
    pub title_len: Vec<u32>,
    pub impacts: ImpactColumns,
    pub positions: PositionColumns,
    /// Compiled query words, each once.
    pub compiled: Vec<CompiledWord>,
    /// Every word form the server has precomputed.
    pub words: BTreeMap<String, WordForm>,
    /// A thesaurus term of several words, as typed (`out turn`) → what
    /// its words also stand for together.
    pub phrases: BTreeMap<String, CompiledWord>,
    /// The Laws' English words the books do not use, sorted: one makes a
    /// query English, as on the server.
    pub english_words: Vec<String>,
    /// The listed words no book language indexes (`og`, `med`), sorted: in
    /// a query they are no content word, as on the server
    /// (`stop_words::is_books_stop_word`). A word no table lists is
    /// content offline.
    pub books_stop_words: Vec<String>,
    pub subjects: SubjectColumns,
    /// The published rulings' words, for the lift similar cases give the
    /// provisions they apply.
    pub cases: CaseColumns,
    /// Letters and their ascii spelling (`ø` → `o`).
    pub folds: BTreeMap<char, String>,
}

/// Which of `words` no book language indexes, sorted, each once.
fn books_stop_words<'w>(words: impl Iterator<Item = &'w str>) -> Vec<String> {
    let mut analyzers = Analyzers::new();
    let mut out: Vec<String> = words
        .filter(|w| stop_words::is_books_stop_word(w, &mut analyzers))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

fn compiled(word: &QueryWord) -> CompiledWord {
    let mut c = variants(&word.variants);
    c.exact = word.exact;
    c.rarity = word.rarity;
    c
}

fn variants(vs: &[QueryVariant]) -> CompiledWord {
    CompiledWord {
        term: vs.iter().map(|v| v.id).collect(),
        weight: vs.iter().map(|v| v.weight).collect(),
        in_parts: vs.iter().map(|v| v.in_parts).collect(),
        title: vs.iter().map(|v| v.title).collect(),
        exact: [None; 2],
        rarity: 0.0,
    }
}

fn slots(list: &[subjects::Slot]) -> Vec<u32> {
    list.iter().map(|&(t, p)| t * 8 + u32::from(p)).collect()
}

/// Compiled words, each stored once in [`OfflineModel::compiled`].
#[derive(Default)]
struct Interner {
    seen: BTreeMap<String, u32>,
}

impl Interner {
    fn id(&mut self, m: &mut OfflineModel, w: &QueryWord) -> u32 {
        let c = compiled(w);
        let key = serde_json::to_string(&c).unwrap_or_default();
        *self.seen.entry(key).or_insert_with(|| {
            m.compiled.push(c);
            (m.compiled.len() - 1) as u32
        })
    }

    /// Adds a word form with its compiled words as a non-last and as a
    /// last query word.
    fn add_form(&mut self, m: &mut OfflineModel, word: &str, both: &[Box<[QueryWord]>; 2]) {
        let [inner, last] = both;
        let inner: Vec<u32> = inner.iter().map(|w| self.id(m, w)).collect();
        let last: Vec<u32> = last.iter().map(|w| self.id(m, w)).collect();
        let last = (last != inner).then_some(last);
        m.words.insert(word.to_string(), WordForm { inner, last });
    }
}

/// Adds the forms of the words a query may use that the books do not:
/// the thesaurus's (the Laws' English among them), the subject index's and
/// the phrases', with their English inflections. Returns those words.
fn add_unbooked_forms(
    index: &SearchIndex,
    parts: &index::OfflineParts<'_>,
    subjects: &subjects::SubjectParts<'_>,
    interner: &mut Interner,
    m: &mut OfflineModel,
) -> Vec<String> {
    let mut extra: Vec<String> = lookup_words()
        .chain(glossary_english_words())
        .map(|w| w.split_once(':').map_or(w, |(_, rest)| rest).to_lowercase())
        .chain(subjects.by_surface.keys().map(|k| k.to_string()))
        .chain(
            parts
                .phrases
                .keys()
                .flat_map(|k| k.split(' ').map(str::to_string).collect::<Vec<_>>()),
        )
        .filter(|w| !parts.expansions.contains_key(w.as_str()))
        .collect();
    // The English inflections of those words (a browser cannot stem
    // English): each kept if the server's own analysis finds anything by it.
    extra.sort();
    extra.dedup();
    let mut inflected: Vec<String> = extra
        .iter()
        .flat_map(|w| english::inflections(w))
        .filter(|w| !parts.expansions.contains_key(w.as_str()) && extra.binary_search(w).is_err())
        .collect();
    inflected.sort();
    inflected.dedup();
    for (word, both) in extra.iter().zip(index.expansions_of(&extra)) {
        interner.add_form(m, word, &both);
    }
    for (word, both) in inflected.iter().zip(index.expansions_of(&inflected)) {
        if both.iter().any(|c| !c.is_empty()) {
            interner.add_form(m, word, &both);
        }
    }
    extra.extend(inflected);
    extra
}

/// Writes out the server's search tables; see the module docs.
pub fn offline_model(index: &SearchIndex) -> OfflineModel {
    let parts = index.offline_parts();
    let mut m = OfflineModel {
        unit_doc: parts.unit_corpus.clone(),
        impacts: impact_columns(parts.impacts),
        positions: position_columns(parts.impacts),
        ..OfflineModel::default()
    };
    m.title_len = per_unit(parts.impacts, |d| parts.impacts.title_len(d));
    let mut interner = Interner::default();
    let mut forms: Vec<&str> = parts.expansions.keys().map(|k| k.as_ref()).collect();
    forms.sort_unstable();
    for word in forms {
        if let Some(both) = parts.expansions.get(word) {
            interner.add_form(&mut m, word, both);
        }
    }
    let subjects = parts.subjects.parts();
    let extra = add_unbooked_forms(index, &parts, &subjects, &mut interner, &mut m);
    let unlisted: Vec<String> = extra
        .iter()
        .filter(|w| !subjects.by_surface.contains_key(w.as_str()))
        .cloned()
        .collect();
    m.phrases = parts
        .phrases
        .iter()
        .map(|(k, v)| (k.to_string(), variants(v)))
        .collect();
    m.subjects = subject_columns(&subjects);
    m.cases = parts.cases.offline(
        parts
            .expansions
            .keys()
            .map(|k| k.as_ref())
            .chain(extra.iter().map(String::as_str)),
    );
    m.english_words = parts.english.iter().map(|w| w.to_string()).collect();
    m.books_stop_words = books_stop_words(
        parts
            .expansions
            .keys()
            .map(|k| k.as_ref())
            .chain(extra.iter().map(String::as_str))
            .chain(stop_words::NORDIC_STOP_WORDS.iter().copied()),
    );
    for (word, found) in unlisted.iter().zip(index.subject_slots_of(&unlisted)) {
        if !found.is_empty() {
            let list = slots(&found);
            let id = match m.subjects.lists.iter().position(|l| *l == list) {
                Some(i) => i as u32,
                None => {
                    m.subjects.lists.push(list);
                    (m.subjects.lists.len() - 1) as u32
                }
            };
            m.subjects.by_surface.insert(word.clone(), id);
        }
    }
    m.folds = m
        .words
        .keys()
        .flat_map(|w| w.chars())
        .filter(|c| crate::search::analyzer::needs_fold(&c.to_string()))
        .map(|c| (c, crate::search::analyzer::fold(&c.to_string())))
        .collect();
    m
}

fn impact_columns(impacts: &Impacts) -> ImpactColumns {
    let mut cols = ImpactColumns::default();
    for id in 0..impacts.len() as TermId {
        cols.start.push(cols.unit.len() as u32);
        for (doc, field, score) in impacts.postings_of(id) {
            cols.unit
                .push(impacts.unit_of(doc).map_or(u32::MAX, |u| u as u32));
            cols.field.push(field);
            cols.score
                .push((f64::from(score) * 10_000.0).round() / 10_000.0);
        }
        cols.doc_freq.push(impacts.doc_freq(id));
    }
    cols.start.push(cols.unit.len() as u32);
    cols
}

/// A value of each document, placed at its unit.
fn per_unit<T: Default + Clone>(impacts: &Impacts, f: impl Fn(u32) -> T) -> Vec<T> {
    let mut out = vec![T::default(); impacts.docs()];
    for d in 0..impacts.docs() as u32 {
        if let Some(slot) = impacts.unit_of(d).and_then(|u| out.get_mut(u)) {
            *slot = f(d);
        }
    }
    out
}

fn position_columns(impacts: &Impacts) -> PositionColumns {
    let mut cols = PositionColumns {
        avg: impacts.near_avg().to_vec(),
        ..PositionColumns::default()
    };
    for id in 0..impacts.len() as TermId {
        for near in 0..3 {
            cols.start.push(cols.unit.len() as u32);
            for (doc, at) in impacts.positions_of(id, near) {
                cols.unit
                    .push(impacts.unit_of(doc).map_or(u32::MAX, |u| u as u32));
                cols.at_start.push(cols.at.len() as u32);
                cols.at.extend_from_slice(at);
            }
        }
    }
    cols.start.push(cols.unit.len() as u32);
    cols.at_start.push(cols.at.len() as u32);
    cols.len = per_unit(impacts, |d| [0, 1, 2].map(|near| impacts.near_len(d, near)));
    cols
}

fn subject_columns(st: &subjects::SubjectParts<'_>) -> SubjectColumns {
    let mut sc = SubjectColumns::default();
    let mut seen: BTreeMap<Vec<u32>, u32> = BTreeMap::new();
    let mut list = |sc: &mut SubjectColumns, v: &[subjects::Slot]| -> u32 {
        *seen.entry(slots(v)).or_insert_with_key(|k| {
            sc.lists.push(k.clone());
            (sc.lists.len() - 1) as u32
        })
    };
    for (entry, len, _) in &st.terms {
        sc.entry.push(*entry);
        sc.len.push(*len);
    }
    for (k, v) in st.by_surface.iter() {
        let id = list(&mut sc, v);
        sc.by_surface.insert(k.to_string(), id);
    }
    for (k, v) in st.by_term.iter() {
        let id = list(&mut sc, v);
        sc.by_term.insert(*k, id);
    }
    for (w, v) in st.folded {
        sc.folded.push(w.to_string());
        let id = list(&mut sc, v);
        sc.folded_list.push(id);
    }
    sc.cites = st.cites.iter().map(|c| c.to_vec()).collect();
    sc.definitions = st
        .definitions
        .iter()
        .map(|(idx, defined)| {
            let naming = st
                .terms
                .iter()
                .enumerate()
                .filter(|(_, (_, _, text))| defined.eq_ignore_ascii_case(text))
                .map(|(t, _)| t as u32)
                .collect();
            (*idx, naming)
        })
        .collect();
    sc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_is_the_servers_constants() {
        let c = rank_config();
        assert_eq!(c.synonym, query::expand::W_SYNONYM);
        assert_eq!(c.prefix, query::expand::W_PREFIX);
        assert_eq!(c.typo, query::expand::W_TYPO);
        assert_eq!(
            c.boosts,
            index::score::scoring(&query::Features::ALL).boosts
        );
        assert_eq!(c.title_match, index::score::TITLE_MATCH);
        assert_eq!(c.coverage_exp, index::score::COVERAGE_EXP);
        assert_eq!(c.subject.subject_match, subjects::SUBJECT_MATCH);
        assert_eq!(c.subject.cite_decay, subjects::CITE_DECAY);
        assert!(c
            .query_stop_words
            .iter()
            .all(|w| stop_words::is_query_stop_word(w)));
        assert_eq!(
            c.query_stop_words.len(),
            stop_words::NORDIC_STOP_WORDS.len() + stop_words::ENGLISH_FUNCTION_WORDS.len()
        );
        assert_eq!(c.english_function_words, stop_words::ENGLISH_FUNCTION_WORDS);
        assert_eq!(c.english_homographs, stop_words::ENGLISH_HOMOGRAPHS);
        for (n, b) in c.typo_budget.iter().enumerate() {
            assert_eq!(*b, vocab::typo_budget(n), "{n}");
        }
    }
}
