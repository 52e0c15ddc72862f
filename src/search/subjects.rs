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

use std::cell::RefCell;

use super::analyzer::{fold, Analyzers, Lang};
use super::english;
use super::impact::{Impacts, QueryWord, TermId};
use super::stop_words::{is_query_stop_word, ENGLISH_HOMOGRAPHS};
use super::thesaurus;
use super::FastMap as HashMap;
use crate::corpus::{Corpus, Kind, TermLang};

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

    /// The weight of the query's words that the books lack and a term of
    /// the index has (`swore`, `banning`): each [`UNBOOKED_SHARE`] of the
    /// rarest word's. The books' hits do not have them, so they count
    /// towards the whole query a hit's coverage and heading are measured
    /// against: a heading that names one word of "player swore about the
    /// opponents" (`Motstander`) does not name the query.
    pub(crate) fn unbooked_weight(
        &self,
        typed: &[String],
        compiled: &[Vec<QueryWord>],
        rare: f32,
    ) -> f32 {
        let booked = |c: &[QueryWord]| {
            c.iter()
                .any(|q| q.variants.iter().any(|v| v.weight >= MIN_VARIANT_WEIGHT))
        };
        typed
            .iter()
            .zip(compiled)
            .filter(|(w, c)| !booked(c) && self.by_surface.contains_key(w.as_str()))
            .count() as f32
            * rare
            * UNBOOKED_SHARE
    }

    /// The text of a term.
    pub(crate) fn term_text(&self, term: u32) -> &str {
        self.texts.get(term as usize).map_or("", |t| t)
    }

    /// The corpus indexes an entry cites, most specific first.
    pub(crate) fn cites_of(&self, entry: u32) -> &[usize] {
        self.cites.get(entry as usize).map_or(&[], |c| c)
    }

    /// The entries a query meets, each by its best term. `typed` are the
    /// query's words and `compiled` each one's expansions against the
    /// impact table (empty for a word the books do not use); `rare` is
    /// the rarity a word the books lack gets when a term has it.
    pub(crate) fn lookup(
        &self,
        typed: &[String],
        compiled: &[Vec<QueryWord>],
        rare: f32,
        analyzers: &mut Analyzers,
    ) -> Vec<SubjectMatch> {
        if self.is_empty() || typed.is_empty() {
            return Vec::new();
        }
        SCRATCH.with(|cell| {
            let mut guard = cell.borrow_mut();
            let sc = &mut *guard;
            sc.prepare(self.terms.len(), self.cites.len());
            let out = self.lookup_in(sc, typed, compiled, rare, analyzers);
            sc.reset();
            out
        })
    }

    fn lookup_in(
        &self,
        sc: &mut Scratch,
        typed: &[String],
        compiled: &[Vec<QueryWord>],
        rare: f32,
        analyzers: &mut Analyzers,
    ) -> Vec<SubjectMatch> {
        let typed = &typed[..typed.len().min(64)];
        // A word the precomputed table lacks (rare: not a word of the
        // books or the index) is analysed here, once.
        let unlisted: Vec<Option<Vec<Slot>>> = typed
            .iter()
            .map(|w| {
                (!self.by_surface.contains_key(w.as_str()))
                    .then(|| self.slots_by_keys(w, analyzers))
            })
            .collect();
        // What each query word meets: lists of words (slots) with a weight.
        let mut met_by: Vec<Vec<(&[Slot], f32)>> = Vec::with_capacity(typed.len());
        let mut rarity: Vec<f32> = Vec::with_capacity(typed.len());
        for (i, word) in typed.iter().enumerate() {
            let mut lists: Vec<(&[Slot], f32)> = Vec::new();
            let own = compiled.get(i).map_or(&[][..], |c| c.as_slice());
            for q in own {
                for v in q.variants.iter().filter(|v| v.weight >= MIN_VARIANT_WEIGHT) {
                    if let Some(slots) = self.by_term.get(&v.id) {
                        lists.push((slots, v.weight));
                    }
                }
            }
            match (self.by_surface.get(word.as_str()), &unlisted[i]) {
                (Some(slots), _) => lists.push((slots, 1.0)),
                (None, Some(slots)) => lists.push((slots, 1.0)),
                (None, None) => {}
            }
            let last = i + 1 == typed.len();
            // Only a word still being typed is completed: one the books or
            // the index know as it stands names itself.
            let finished = lists.iter().any(|(l, _)| !l.is_empty())
                || own.iter().any(|q| q.exact.iter().any(Option::is_some));
            if last && !finished && word.chars().count() >= MIN_COMPLETION_CHARS {
                let f = fold(word);
                let from = self
                    .folded
                    .partition_point(|(w, _)| w.as_ref() < f.as_str());
                for (w, slots) in self.folded[from..]
                    .iter()
                    .take_while(|(w, _)| w.starts_with(f.as_str()))
                    .take(MAX_COMPLETIONS)
                {
                    let weight = if w.as_ref() == f.as_str() {
                        1.0
                    } else {
                        W_COMPLETED
                    };
                    lists.push((slots, weight));
                }
            }
            met_by.push(lists);
            rarity.push(own.iter().map(|q| q.rarity).fold(0.0f32, f32::max));
        }
        // Rare words first: a word that many terms have (`kort`) then only
        // adds to the terms a rarer word of the query met, unless it is
        // all there is; a term with none of the rarer words names less of
        // the query than one with them, so the best are the same, cheaper.
        let sizes: Vec<usize> = met_by
            .iter()
            .map(|l| l.iter().map(|(s, _)| s.len()).sum())
            .collect();
        let mut order: Vec<usize> = (0..met_by.len()).collect();
        order.sort_by_key(|&i| sizes[i]);
        // The entries a rarer word met: a common word adds to any of their
        // terms, so that an entry whose terms together have the query's
        // words (`huddle` in one, `bid` in another) is seen whole.
        let mut near_marked = false;
        for &i in &order {
            let bit = 1u64 << i;
            let common = sizes[i] > COMMON_WORD_SLOTS && !sc.touched.is_empty();
            if common && !near_marked {
                sc.mark_near(&self.terms);
                near_marked = true;
            }
            let only = common.then_some(self.terms.as_slice());
            let mut met = false;
            for &(slots, weight) in &met_by[i] {
                met |= sc.mark(slots, weight, bit, only);
            }
            if rarity[i] <= 0.0 && met {
                rarity[i] = rare;
            }
        }
        let total: f32 = rarity.iter().sum();
        if total <= 0.0 {
            return Vec::new();
        }
        let situation = rarity.iter().filter(|&&r| r > 0.0).count() >= SITUATION_WORDS;
        let share_of = |bits: u64| -> f32 {
            let found: f32 = rarity
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1u64 << i) != 0)
                .map(|(_, r)| r)
                .sum();
            (found / total).min(1.0)
        };
        // The share of each set of query words, once, when more terms were
        // met than there are sets: thousands of terms share a few sets.
        let shares: Vec<f32> =
            if rarity.len() <= SHARE_TABLE_WORDS && sc.touched.len() > 1 << rarity.len() {
                (0..1u64 << rarity.len()).map(share_of).collect()
            } else {
                Vec::new()
            };
        let share = |bits: u64| -> f32 {
            match usize::try_from(bits).ok().and_then(|b| shares.get(b)) {
                Some(&s) => s,
                None => share_of(bits),
            }
        };
        for k in 0..sc.touched.len() {
            let term = sc.touched[k];
            let Some(info) = self.terms.get(term as usize) else {
                continue;
            };
            let TermState { weights, bits } = sc.state[term as usize];
            let e = info.entry as usize;
            if sc.entry_bits[e] == 0 {
                sc.entries.push(info.entry);
            }
            sc.entry_bits[e] |= bits;
            let of_query = share(bits);
            let met: u32 = weights.iter().map(|&w| u32::from(w)).sum();
            let of_term = (met as f32 / WEIGHT_SCALE / f32::from(info.len)).min(1.0);
            let score = SUBJECT_MATCH * of_query.powi(QUERY_EXP) * of_term.powi(TERM_EXP);
            let b = &mut sc.entry_best[e];
            if score > b.0 || (score == b.0 && term < b.1) {
                *b = (score, term);
            }
        }
        // An entry whose terms together have the query's words names it
        // too (`slow pass` and `partner's hesitation` for "bid after
        // partner's slow pass"), a little less than one term that is it.
        let mut out: Vec<SubjectMatch> = sc
            .entries
            .iter()
            .map(|&entry| {
                let e = entry as usize;
                let whole = ENTRY_MATCH * share(sc.entry_bits[e]).powi(ENTRY_QUERY_EXP);
                let (score, term) = sc.entry_best[e];
                SubjectMatch {
                    entry,
                    term,
                    score: score.max(whole),
                    situation,
                }
            })
            .filter(|m| m.score > 0.0)
            .collect();
        // The few best name what the query is about; a long tail of weak
        // partial matches would only cost time.
        let order = |a: &SubjectMatch, b: &SubjectMatch| {
            b.score.total_cmp(&a.score).then(a.entry.cmp(&b.entry))
        };
        if out.len() > MAX_ENTRIES {
            out.select_nth_unstable_by(MAX_ENTRIES, order);
            out.truncate(MAX_ENTRIES);
        }
        out.sort_by(order);
        out
    }

    /// What each provision gets from the matched entries: (corpus index,
    /// share of the best match, entry, term), the best per provision.
    pub(crate) fn provision_scores(
        &self,
        matches: &[SubjectMatch],
    ) -> HashMap<usize, SubjectMatch> {
        let mut out: HashMap<usize, SubjectMatch> = HashMap::default();
        let top = matches.iter().map(|m| m.score).fold(0.0f32, f32::max);
        for m in matches {
            // Only subjects the query names well agree; a weak partial
            // match is no second opinion.
            let agree = if m.situation && m.score >= AGREEMENT_MIN_SHARE * top {
                AGREEMENT
            } else {
                0.0
            };
            let mut share = m.score;
            for &idx in self.cites_of(m.entry) {
                // The index leads from what happened to the rule: a
                // definition it names ranks a little below a provision,
                // unless the query met the defined term itself.
                let weight = match self.definitions.get(&idx) {
                    Some(term) if !term.eq_ignore_ascii_case(self.term_text(m.term)) => {
                        DEFINITION_SHARE
                    }
                    _ => 1.0,
                };
                let here = SubjectMatch {
                    score: share * weight,
                    ..*m
                };
                // Each further subject that names it adds a little: a
                // provision several of the query's subjects lead to is
                // more likely the one.
                out.entry(idx)
                    .and_modify(|b| {
                        if here.score > b.score {
                            let extra = b.score;
                            *b = here;
                            b.score += agree * extra;
                        } else {
                            b.score += agree * here.score;
                        }
                    })
                    .or_insert(here);
                share *= CITE_DECAY;
            }
        }
        out
    }
}

/// Per-thread buffers for a lookup, sized to the index and reset through
/// the lists of what a query touched, so a query costs what it touches.
#[derive(Default)]
struct Scratch {
    /// Per term: what the query met of it, in one 16-byte cell so that a
    /// word met costs one cache line.
    state: Vec<TermState>,
    touched: Vec<u32>,
    /// Per entry: the query words any of its terms met, and its best term.
    entry_bits: Vec<u64>,
    entry_best: Vec<(f32, u32)>,
    entries: Vec<u32>,
    /// Per entry: a rarer query word met one of its terms, which a common
    /// word may then add to; and the entries so marked, to reset.
    near: Vec<bool>,
    near_entries: Vec<u32>,
}

/// What a query met of one term.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct TermState {
    /// The best weight met at each of its words, in 1/250ths.
    weights: [u8; 8],
    /// The query words (bits) that met it; 0 = untouched.
    bits: u64,
}

// The sizes the lookup's cache use rests on (see [`TermInfo`], [`TermState`]).
const _: () = assert!(std::mem::size_of::<TermInfo>() == 8);
const _: () = assert!(std::mem::size_of::<TermState>() == 16);

impl Scratch {
    fn prepare(&mut self, terms: usize, entries: usize) {
        if self.state.len() < terms {
            self.state.resize(terms, TermState::default());
        }
        if self.entry_bits.len() < entries {
            self.entry_bits.resize(entries, 0);
            self.entry_best.resize(entries, (0.0, 0));
            self.near.resize(entries, false);
        }
    }

    /// Marks the entries of the terms met so far as near.
    fn mark_near(&mut self, terms: &[TermInfo]) {
        for &t in &self.touched {
            let Some(info) = terms.get(t as usize) else {
                continue;
            };
            if let Some(n) = self.near.get_mut(info.entry as usize) {
                if !*n {
                    *n = true;
                    self.near_entries.push(info.entry);
                }
            }
        }
    }

    /// Records that query word `bit` meets the words `slots` with `weight`;
    /// true when there were any.
    /// With `only_near` (the terms), only the terms of the entries
    /// [`Scratch::mark_near`] marked are added to.
    fn mark(
        &mut self,
        slots: &[Slot],
        weight: f32,
        bit: u64,
        only_near: Option<&[TermInfo]>,
    ) -> bool {
        for &(term, pos) in slots {
            let t = term as usize;
            let Some(cell) = self.state.get_mut(t) else {
                continue;
            };
            if cell.bits == 0 {
                if let Some(terms) = only_near {
                    let near = terms
                        .get(t)
                        .and_then(|info| self.near.get(info.entry as usize))
                        .copied()
                        .unwrap_or(false);
                    if !near {
                        continue;
                    }
                }
                self.touched.push(term);
            }
            if let Some(w) = cell.weights.get_mut(usize::from(pos)) {
                *w = (*w).max(to_byte(weight));
            }
            cell.bits |= bit;
        }
        !slots.is_empty()
    }

    fn reset(&mut self) {
        for &t in &self.touched {
            self.state[t as usize] = TermState::default();
        }
        self.touched.clear();
        for &e in &self.entries {
            self.entry_bits[e as usize] = 0;
            self.entry_best[e as usize] = (0.0, 0);
        }
        self.entries.clear();
        for &e in &self.near_entries {
            self.near[e as usize] = false;
        }
        self.near_entries.clear();
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// What a weight of 1 is in the scratch's bytes.
pub(crate) const WEIGHT_SCALE: f32 = 250.0;

/// A weight (0 to 1) as a byte of the scratch.
fn to_byte(weight: f32) -> u8 {
    (weight.clamp(0.0, 1.0) * WEIGHT_SCALE).round() as u8
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
