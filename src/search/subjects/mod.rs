//! The subject index as search evidence: a query that names a subject ranks
//! the provisions the entry lists as a heading that names it would.
//!
//! The books' words answer a TD who uses them; the subject index
//! (`corpus::subjects`) holds the words TDs use instead, in three languages,
//! and for Laws 21-93 it is most of what there is to find them by. Its terms
//! are not indexed with the books' text (that would make English a word the
//! books use, and shift every BM25 statistic); they get a small table of
//! their own, built once: every word of every term under the keys a query
//! word can meet it by (its Norwegian and Danish terms, as typed and without
//! æøå, and the corpus terms of the impact table), and the folded words in
//! order for completing the word being typed. A query costs a few lookups
//! per word.
//!
//! A term is scored like a heading ([`super::index`]'s title clause): the
//! share of the query's words (by rarity) it has, to the fourth power, times
//! the share of its own words the query has. An entry counts by its best
//! term, and its cites get that score times the query's best match, the
//! first cite fully and each later one a little less, as the entry lists
//! them most specific first.
//!
//! The table is built here; what a query meets of it, word by word, and the
//! entries and provisions that come of that are [`evidence`].

use super::analyzer::{fold, Analyzers, Lang};
use super::english;
use super::impact::{Impacts, TermId};
use super::stop_words::{is_query_stop_word, ENGLISH_HOMOGRAPHS};
use super::thesaurus;
use super::FastMap as HashMap;
use crate::corpus::{Corpus, Kind, TermLang};

mod evidence;

pub(crate) use evidence::{SubjectEvidence, WordEvidence};

/// What a term that is the query adds, as a share of the best score of the
/// query: as much as a heading that names it.
pub(crate) const SUBJECT_MATCH: f32 = 2.0;
/// How steeply a term's score falls with the share of the query it lacks.
pub(crate) const QUERY_EXP: i32 = 2;
/// How steeply it falls with the share of its own words the query lacks.
pub(crate) const TERM_EXP: i32 = 2;
/// How well (a share of the query's best subject) a subject must match to
/// count as agreeing.
pub(crate) const AGREEMENT_MIN_SHARE: f32 = 0.5;
/// Fewest words that mean something for a query to tell a situation.
pub(crate) const SITUATION_WORDS: usize = 3;
/// What a provision gets of each further subject that names it.
pub(crate) const AGREEMENT: f32 = 0.2;
/// What a definition an entry names gets of the entry's score.
pub(crate) const DEFINITION_SHARE: f32 = 0.75;
/// Each later cite of an entry gets this much of the one before it.
pub(crate) const CITE_DECAY: f32 = 0.92;
/// The least weight of an expansion that meets a subject's word: the
/// word's forms, spellings, synonyms and a near typo do; a compound part,
/// a completion or a narrower term (`feil` in `feilgiv`) names something
/// else.
pub(crate) const MIN_VARIANT_WEIGHT: f32 = 0.7;
/// A query word whose lists hold more words than this (`kort`, `spill`)
/// only adds to terms a rarer word of the query met.
pub(crate) const COMMON_WORD_SLOTS: usize = 600;
/// Most entries a word may meet and still be a word of a few subjects.
pub(crate) const CONCENTRATED_ENTRIES: usize = 12;
/// How much more a word of one subject weighs in the share of the query
/// a term has (a word of several subjects less).
pub(crate) const CONCENTRATION_BOOST: f32 = 1.0;
/// Most entries a query is taken to name (the best by score).
pub(crate) const MAX_ENTRIES: usize = 32;
/// Weight of a word completed from the last, unfinished query word.
pub(crate) const W_COMPLETED: f32 = 0.8;
/// Shortest unfinished word that is completed.
pub(crate) const MIN_COMPLETION_CHARS: usize = 3;
/// Most subject words one unfinished query word completes to.
pub(crate) const MAX_COMPLETIONS: usize = 24;
/// What an entry whose terms together have the query's words adds, at
/// most: less than one term that is the query.
pub(crate) const ENTRY_MATCH: f32 = 1.0;
/// How steeply an entry's score falls with the share of the query its
/// terms together lack: only an entry that has nearly all of it counts.
pub(crate) const ENTRY_QUERY_EXP: i32 = 4;
/// What a query word the books lack and the index has weighs, as a share
/// of the rarest word's weight: it is part of the query, less surely a
/// word of its subject than a word of the books is of theirs.
pub(crate) const UNBOOKED_SHARE: f32 = 0.5;
/// Most query words whose every subset's share is tabled per lookup.
const SHARE_TABLE_WORDS: usize = 8;
/// One word of one term: (term, position in it).
pub(crate) type Slot = (u32, u8);
/// What a weight of 1 is in the lookup's bytes.
pub(crate) const WEIGHT_SCALE: f32 = 250.0;

/// A term of the index, as a lookup reads it: 8 bytes, so that the terms a
/// query word meets are few cache lines even when the table is cold (the
/// first query after the server idled).
#[derive(Clone, Copy, Debug)]
struct TermInfo {
    entry: u32,
    /// Its words, stop words aside.
    len: u8,
}

/// The subject index's terms, keyed for lookup. See the module docs.
#[derive(Clone, Debug, Default)]
pub(crate) struct SubjectTable {
    terms: Vec<TermInfo>,
    /// Per term: its text (apart from [`TermInfo`], which lookups read).
    texts: Vec<Box<str>>,
    /// Analyzer term (`nb:utspill`, as typed or without æøå) → words.
    by_key: HashMap<Box<str>, Vec<Slot>>,
    /// A word as typed → the words its keys meet, precomputed for every
    /// word of the index and of the books (and their ascii spellings), so
    /// that most query words cost one lookup and no stemming.
    by_surface: HashMap<Box<str>, Box<[Slot]>>,
    /// Impact-table term → words: what a query word's expansions (stems,
    /// typos, words of one root, thesaurus) meet.
    by_term: HashMap<TermId, Vec<Slot>>,
    /// Every folded word, sorted, for completing the last query word.
    folded: Vec<(Box<str>, Vec<Slot>)>,
    /// Per entry: the corpus indexes of its cites, in its order.
    cites: Vec<Box<[usize]>>,
    /// The definitions the entries cite: corpus index → defined term.
    definitions: HashMap<usize, Box<str>>,
}

/// A subject that a query met: its entry and its best term.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SubjectMatch {
    pub entry: u32,
    pub term: u32,
    /// 0 to [`SUBJECT_MATCH`]: how well the term names the query.
    pub score: f32,
    /// The query has [`SITUATION_WORDS`] or more words that mean
    /// something: it tells a situation, where subjects that agree on a
    /// provision add up; a word or two name one thing (`straffe kort`).
    pub situation: bool,
}

/// A [`SubjectTable`]'s contents, borrowed: what the offline copy of the
/// table is written from.
pub(crate) struct SubjectParts<'a> {
    /// Per term: its entry, its number of words and its text.
    pub terms: Vec<(u32, u8, &'a str)>,
    /// A word as typed → the words of terms it meets.
    pub by_surface: &'a HashMap<Box<str>, Box<[Slot]>>,
    /// An impact-table term → the words of terms it meets.
    pub by_term: &'a HashMap<TermId, Vec<Slot>>,
    /// Every folded word, sorted, with the words of terms it is.
    pub folded: &'a [(Box<str>, Vec<Slot>)],
    /// Per entry: the corpus indexes of its cites.
    pub cites: &'a [Box<[usize]>],
    /// The definitions the entries cite: corpus index → defined term.
    pub definitions: &'a HashMap<usize, Box<str>>,
}

impl SubjectTable {
    pub(crate) fn build(
        corpus: &Corpus,
        analyzers: &mut Analyzers,
        impacts: &Impacts,
        book_words: impl Iterator<Item = String>,
    ) -> SubjectTable {
        let mut t = SubjectTable::default();
        let mut folded: HashMap<String, Vec<Slot>> = HashMap::default();
        for (e, entry) in corpus.subjects().entries().iter().enumerate() {
            let cites: Box<[usize]> = entry
                .cites
                .iter()
                .filter_map(|c| corpus.index_of(c))
                .collect();
            for &i in cites.iter() {
                let p = corpus.at(i);
                if p.kind == Kind::Definition {
                    let term = p.title.clone().unwrap_or_default().into_boxed_str();
                    t.definitions.entry(i).or_insert(term);
                }
            }
            t.cites.push(cites);
            for term in &entry.terms {
                let id = t.terms.len() as u32;
                let mut pos: u8 = 0;
                for word in analyzers.words(&term.text) {
                    if pos == u8::MAX || is_stop(term.lang, &word, analyzers) {
                        continue;
                    }
                    let slot = (id, pos);
                    let f = fold(&word);
                    let english = term.lang == TermLang::En;
                    let mut keys = keys_of(&word, english, analyzers);
                    if f != word {
                        keys.extend(keys_of(&f, english, analyzers));
                    }
                    keys.sort();
                    keys.dedup();
                    for k in keys {
                        if let Some(tid) = impacts.term(&k) {
                            t.by_term.entry(tid).or_default().push(slot);
                        }
                        t.by_key.entry(k.into_boxed_str()).or_default().push(slot);
                    }
                    folded.entry(f).or_default().push(slot);
                    pos += 1;
                }
                if pos > 0 {
                    t.terms.push(TermInfo {
                        entry: e as u32,
                        len: pos,
                    });
                    t.texts.push(term.text.clone().into_boxed_str());
                }
            }
        }
        let group_words = t.join_word_groups(analyzers, impacts);
        let mut surfaces: Vec<String> = folded.keys().cloned().collect();
        surfaces.extend(group_words);
        surfaces.extend(english::strong_verb_forms().map(str::to_string));
        for text in &t.texts {
            surfaces.extend(analyzers.words(text));
        }
        surfaces.extend(book_words);
        surfaces.sort();
        surfaces.dedup();
        for word in surfaces {
            let slots = t.slots_by_keys(&word, analyzers);
            if !slots.is_empty() {
                t.by_surface
                    .insert(word.into_boxed_str(), slots.into_boxed_slice());
            }
        }
        let mut folded: Vec<(Box<str>, Vec<Slot>)> = folded
            .into_iter()
            .map(|(k, v)| (k.into_boxed_str(), v))
            .collect();
        folded.sort_by(|a, b| a.0.cmp(&b.0));
        t.folded = folded;
        t
    }

    /// Lets every word of a thesaurus group meet the terms that have
    /// another word of it (`frekk`, `uforskammet` and `rude` meet `uhøflig
    /// spiller`): a player's everyday word finds the index's by the group,
    /// so each term need not list every synonym. Only groups of words the
    /// books never use are joined so: a group with a word of the books
    /// meets its terms by the thesaurus's expansions, at a synonym's
    /// weight. A member tagged with a
    /// language (`da:hold`) counts in that language only. Returns the
    /// groups' words as typed, for the precomputed surface table.
    fn join_word_groups(&mut self, analyzers: &mut Analyzers, impacts: &Impacts) -> Vec<String> {
        let mut words = Vec::new();
        for group in thesaurus::word_groups() {
            let mut member_keys: Vec<Vec<String>> = Vec::with_capacity(group.len());
            let mut slots: Vec<Slot> = Vec::new();
            for (langs, text) in group {
                let keys: Vec<String> = keys_of(text, true, analyzers)
                    .into_iter()
                    .filter(|k| {
                        k.starts_with("en:") && langs.len() == Lang::ALL.len()
                            || langs.iter().any(|l| k.starts_with(l.tag()))
                    })
                    .collect();
                for k in &keys {
                    if let Some(s) = self.by_key.get(k.as_str()) {
                        slots.extend_from_slice(s);
                    }
                }
                member_keys.push(keys);
                words.push(text.to_string());
                let f = fold(text);
                if f != text {
                    words.push(f);
                }
            }
            // A group with a word the books use is the thesaurus's: every
            // word of it already meets the group's terms through that
            // word's expansions, at a synonym's weight (`by_term`).
            let used = member_keys
                .iter()
                .flatten()
                .any(|k| impacts.term(k).is_some());
            if slots.is_empty() || used {
                continue;
            }
            slots.sort_unstable();
            slots.dedup();
            for k in member_keys.into_iter().flatten() {
                let entry = self.by_key.entry(k.into_boxed_str()).or_default();
                entry.extend_from_slice(&slots);
                entry.sort_unstable();
                entry.dedup();
            }
        }
        words
    }

    /// The words a word's keys meet (its Norwegian and Danish terms and
    /// its English stem), each once.
    pub(crate) fn slots_by_keys(&self, word: &str, analyzers: &mut Analyzers) -> Vec<Slot> {
        let mut out: Vec<Slot> = Vec::new();
        for k in keys_of(word, true, analyzers) {
            if let Some(slots) = self.by_key.get(k.as_str()) {
                out.extend_from_slice(slots);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The table's contents, for the offline copy ([`super::offline`]).
    pub(crate) fn parts(&self) -> SubjectParts<'_> {
        SubjectParts {
            terms: self
                .terms
                .iter()
                .zip(&self.texts)
                .map(|(t, text)| (t.entry, t.len, text.as_ref()))
                .collect(),
            by_surface: &self.by_surface,
            by_term: &self.by_term,
            folded: &self.folded,
            cites: &self.cites,
            definitions: &self.definitions,
        }
    }

    /// True when the corpus has no subject index.
    pub(crate) fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
    /// The text of a term.
    pub(crate) fn term_text(&self, term: u32) -> &str {
        self.texts.get(term as usize).map_or("", |t| t)
    }

    /// The corpus indexes an entry cites, most specific first.
    pub(crate) fn cites_of(&self, entry: u32) -> &[usize] {
        self.cites.get(entry as usize).map_or(&[], |c| c)
    }
}

/// The analyzer terms a word can be met by: its Norwegian and Danish
/// terms, and for an English term's word and any query word its English
/// stem (`revokes`, `revoked` → `en:revok`), since a third of what TDs
/// type is the Laws' English.
fn keys_of(word: &str, english: bool, analyzers: &mut Analyzers) -> Vec<String> {
    let mut keys: Vec<String> = Lang::ALL
        .iter()
        .filter_map(|&l| analyzers.term(l, word))
        .collect();
    if let Some(en) = english.then(|| english::stem(word)).flatten() {
        keys.push(en);
    }
    keys.sort();
    keys.dedup();
    keys
}

/// A word that names nothing in a term of its language.
fn is_stop(lang: TermLang, word: &str, analyzers: &mut Analyzers) -> bool {
    if is_query_stop_word(word) {
        return true;
    }
    match lang {
        TermLang::Nb => analyzers.term(Lang::Nb, word).is_none(),
        TermLang::Da => analyzers.term(Lang::Da, word).is_none(),
        TermLang::En => ENGLISH_HOMOGRAPHS.contains(&word),
    }
}
