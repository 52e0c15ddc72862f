//! What the subject index says of a query, in two steps. First each query
//! word on its own: the words of terms it meets, through its expansions
//! against the books (stems, spellings, words of one root, thesaurus), as
//! typed, and, for the last word while it is still being typed, completed
//! ([`SubjectTable::word_evidence`]). Then the words together: each term
//! met is scored by the share of the query it has and the share of itself
//! the query has, each entry by its best term, or by its terms together
//! ([`SubjectTable::entries_named`]); and each provision an entry cites
//! gets its share ([`SubjectTable::provision_scores`]).
//!
//! The second step works in per-thread buffers sized to the table and
//! reset through the lists of what a query touched, so that a query costs
//! what it touches.

use std::borrow::Cow;
use std::cell::RefCell;

use super::{
    Slot, SubjectMatch, SubjectTable, TermInfo, AGREEMENT, AGREEMENT_MIN_SHARE, CITE_DECAY,
    COMMON_WORD_SLOTS, CONCENTRATED_ENTRIES, CONCENTRATION_BOOST, DEFINITION_SHARE, ENTRY_MATCH,
    ENTRY_QUERY_EXP, MAX_COMPLETIONS, MAX_ENTRIES, MIN_COMPLETION_CHARS, MIN_VARIANT_WEIGHT,
    QUERY_EXP, SHARE_TABLE_WORDS, SITUATION_WORDS, SUBJECT_MATCH, TERM_EXP, UNBOOKED_SHARE,
    WEIGHT_SCALE, W_COMPLETED,
};
use crate::search::analyzer::{fold, Analyzers};
use crate::search::impact::QueryWord;
use crate::search::FastMap as HashMap;

/// Most query words one lookup tells apart (one bit each).
const MAX_WORDS: usize = 64;

/// What the subject index says of a query as a whole, as the ranking
/// reads it (from each word's [`WordEvidence`]).
#[derive(Debug, Default)]
pub(crate) struct SubjectEvidence {
    /// The entries the query names, best first.
    pub matches: Vec<SubjectMatch>,
    /// The weight of the query's words that only the index knows
    /// ([`SubjectTable::unbooked_weight`]).
    pub unbooked: f32,
}

/// What one query word meets of the index: the word-level evidence.
#[derive(Debug)]
pub(crate) struct WordEvidence<'t> {
    /// Lists of words of terms (slots), each with the weight the query word
    /// meets them by: through each of its expansions, as typed, and
    /// completed.
    pub lists: Vec<(Cow<'t, [Slot]>, f32)>,
    /// What lacking the word costs a term: its rarity in the books, or,
    /// for a word only the index has, the rarity of a word the books lack.
    pub rarity: f32,
    /// The word sets the table (`understand`'s context): it adds to the
    /// terms the query's content words met, and never picks terms of its
    /// own while they met any.
    pub context: bool,
}

impl SubjectTable {
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
        typed
            .iter()
            .zip(compiled)
            .filter(|(w, c)| self.is_unbooked(w, c))
            .count() as f32
            * rare
            * UNBOOKED_SHARE
    }

    /// True when the books lack a query word (none of its expansions
    /// `compiled` is near enough to it) and a term of the index has it.
    pub(crate) fn is_unbooked(&self, typed: &str, compiled: &[QueryWord]) -> bool {
        let booked = compiled
            .iter()
            .any(|q| q.variants.iter().any(|v| v.weight >= MIN_VARIANT_WEIGHT));
        !booked && self.by_surface.contains_key(typed)
    }

    /// What each query word meets of the index, on its own. `typed` are
    /// the query's words and `compiled` each one's expansions against the
    /// impact table (empty for a word the books do not use); `rare` is
    /// the rarity a word the books lack gets when a term has it.
    pub(crate) fn word_evidence(
        &self,
        typed: &[String],
        compiled: &[Vec<QueryWord>],
        rare: f32,
        analyzers: &mut Analyzers,
    ) -> Vec<WordEvidence<'_>> {
        if self.is_empty() {
            return Vec::new();
        }
        let typed = &typed[..typed.len().min(MAX_WORDS)];
        typed
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let own = compiled.get(i).map_or(&[][..], |c| c.as_slice());
                let last = i + 1 == typed.len();
                self.evidence_of(word, own, last, rare, analyzers)
            })
            .collect()
    }

    /// What one query word meets: the words of terms its expansions
    /// `own` meet, those it meets as typed (a word the precomputed table
    /// lacks, rare, is analysed here), and, when it is the `last` word and
    /// neither the books nor the index know it as it stands, the words it
    /// begins.
    fn evidence_of(
        &self,
        word: &str,
        own: &[QueryWord],
        last: bool,
        rare: f32,
        analyzers: &mut Analyzers,
    ) -> WordEvidence<'_> {
        let mut lists: Vec<(Cow<'_, [Slot]>, f32)> = Vec::new();
        for q in own {
            for v in q.variants.iter().filter(|v| v.weight >= MIN_VARIANT_WEIGHT) {
                if let Some(slots) = self.by_term.get(&v.id) {
                    lists.push((Cow::Borrowed(slots), v.weight));
                }
            }
        }
        let typed = match self.by_surface.get(word) {
            Some(slots) => Cow::Borrowed(&slots[..]),
            None => Cow::Owned(self.slots_by_keys(word, analyzers)),
        };
        lists.push((typed, 1.0));
        // Only a word still being typed is completed: one the books or
        // the index know as it stands names itself.
        let finished = lists.iter().any(|(l, _)| !l.is_empty())
            || own.iter().any(|q| q.exact.iter().any(Option::is_some));
        if last && !finished && word.chars().count() >= MIN_COMPLETION_CHARS {
            self.add_completions(&mut lists, word);
        }
        let mut rarity = own.iter().map(|q| q.rarity).fold(0.0f32, f32::max);
        if rarity <= 0.0 && lists.iter().any(|(l, _)| !l.is_empty()) {
            rarity = rare;
        }
        WordEvidence {
            lists,
            rarity,
            context: false,
        }
    }

    /// The folded words of terms an unfinished word begins: itself in
    /// full, the rest a little below it.
    fn add_completions<'t>(&'t self, lists: &mut Vec<(Cow<'t, [Slot]>, f32)>, word: &str) {
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
            lists.push((Cow::Borrowed(&slots[..]), weight));
        }
    }

    /// The entries the query's words name together, each by its best
    /// term, the best [`MAX_ENTRIES`] best first.
    pub(crate) fn entries_named(&self, words: &[WordEvidence<'_>]) -> Vec<SubjectMatch> {
        if words.is_empty() {
            return Vec::new();
        }
        SCRATCH.with(|cell| {
            let mut guard = cell.borrow_mut();
            let sc = &mut *guard;
            sc.prepare(self.terms.len(), self.cites.len());
            let out = self.entries_in(sc, words);
            sc.reset();
            out
        })
    }

    fn entries_in(&self, sc: &mut Scratch, words: &[WordEvidence<'_>]) -> Vec<SubjectMatch> {
        self.mark_words(sc, words);
        let rarity: Vec<f32> = words
            .iter()
            .zip(&sc.concentration)
            .map(|(w, &c)| w.rarity * (1.0 + CONCENTRATION_BOOST * c))
            .collect();
        let total: f32 = rarity.iter().sum();
        if total <= 0.0 {
            return Vec::new();
        }
        let situation = rarity.iter().filter(|&&r| r > 0.0).count() >= SITUATION_WORDS;
        let shares = Shares::new(&rarity, total, sc.touched.len());
        self.score_terms(sc, &shares);
        best_entries(sc, &shares, situation)
    }

    /// Marks the words of terms each query word meets, content words
    /// first, rare words first among them: a word that many terms have
    /// (`kort`) then only adds to the terms a rarer word of the query met,
    /// unless it is all there is; a term with none of the rarer words names
    /// less of the query than one with them, so the best are the same,
    /// cheaper. A context word, however rare (`Øst`, `giver`), only adds
    /// to the terms the content words met: it may choose between the
    /// subjects of what happened, never replace them.
    fn mark_words(&self, sc: &mut Scratch, words: &[WordEvidence<'_>]) {
        let sizes: Vec<usize> = words
            .iter()
            .map(|w| w.lists.iter().map(|(s, _)| s.len()).sum())
            .collect();
        let mut order: Vec<usize> = (0..words.len()).collect();
        order.sort_by_key(|&i| (words[i].context, sizes[i]));
        // The entries a rarer word met: a common word adds to any of their
        // terms, so that an entry whose terms together have the query's
        // words (`huddle` in one, `bid` in another) is seen whole.
        let mut near_marked = false;
        sc.concentration.clear();
        sc.concentration.extend(
            words
                .iter()
                .zip(&sizes)
                .map(|(w, &size)| self.concentration(w, size, &mut sc.seen)),
        );
        for &i in &order {
            let bit = 1u64 << i;
            let common =
                (words[i].context || sizes[i] > COMMON_WORD_SLOTS) && !sc.touched.is_empty();
            if common && !near_marked {
                sc.mark_near(&self.terms);
                near_marked = true;
            }
            let only = common.then_some(self.terms.as_slice());
            for (slots, weight) in &words[i].lists {
                sc.mark(slots, *weight, bit, only);
            }
        }
    }

    /// How much of one subject or a few a query word is, measured from the
    /// index: 1 for a word of one entry's terms, falling as the square root
    /// of the number of entries it meets up to [`CONCENTRATED_ENTRIES`],
    /// and 0 beyond (or for a word met by more than
    /// [`COMMON_WORD_SLOTS`] words of terms).
    fn concentration(&self, word: &WordEvidence<'_>, size: usize, seen: &mut Vec<u32>) -> f32 {
        if size == 0 || size > COMMON_WORD_SLOTS {
            return 0.0;
        }
        seen.clear();
        for (slots, weight) in &word.lists {
            if *weight < MIN_VARIANT_WEIGHT {
                continue;
            }
            seen.extend(
                slots
                    .iter()
                    .filter_map(|&(t, _)| self.terms.get(t as usize).map(|i| i.entry)),
            );
        }
        seen.sort_unstable();
        seen.dedup();
        let n = seen.len();
        if n == 0 || n > CONCENTRATED_ENTRIES {
            return 0.0;
        }
        1.0 / (n as f32).sqrt()
    }

    /// Scores every term met (the share of the query it has, and of itself
    /// the query has), and keeps each entry's best term and the query
    /// words its terms together have.
    fn score_terms(&self, sc: &mut Scratch, shares: &Shares<'_>) {
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
            let of_query = shares.of(bits);
            let met: u32 = weights.iter().map(|&w| u32::from(w)).sum();
            let of_term = (met as f32 / WEIGHT_SCALE / f32::from(info.len)).min(1.0);
            let score = SUBJECT_MATCH * of_query.powi(QUERY_EXP) * of_term.powi(TERM_EXP);
            let b = &mut sc.entry_best[e];
            if score > b.0 || (score == b.0 && term < b.1) {
                *b = (score, term);
            }
        }
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

/// An entry's score: its best term's, or, for an entry whose terms
/// together have the query's words (`slow pass` and `partner's
/// hesitation` for "bid after partner's slow pass"), a little less than
/// one term that is it. The few best name what the query is about; a long
/// tail of weak partial matches would only cost time.
fn best_entries(sc: &Scratch, shares: &Shares<'_>, situation: bool) -> Vec<SubjectMatch> {
    let mut out: Vec<SubjectMatch> = sc
        .entries
        .iter()
        .map(|&entry| {
            let e = entry as usize;
            let whole = ENTRY_MATCH * shares.of(sc.entry_bits[e]).powi(ENTRY_QUERY_EXP);
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

/// The share of the query (by rarity) each set of its words (bits) has;
/// tabled once when more terms were met than there are sets: thousands of
/// terms share a few sets.
struct Shares<'r> {
    rarity: &'r [f32],
    total: f32,
    table: Vec<f32>,
}

impl<'r> Shares<'r> {
    fn new(rarity: &'r [f32], total: f32, terms_met: usize) -> Shares<'r> {
        let mut s = Shares {
            rarity,
            total,
            table: Vec::new(),
        };
        if rarity.len() <= SHARE_TABLE_WORDS && terms_met > 1 << rarity.len() {
            s.table = (0..1u64 << rarity.len()).map(|b| s.compute(b)).collect();
        }
        s
    }

    fn of(&self, bits: u64) -> f32 {
        match usize::try_from(bits).ok().and_then(|b| self.table.get(b)) {
            Some(&s) => s,
            None => self.compute(bits),
        }
    }

    fn compute(&self, bits: u64) -> f32 {
        let found: f32 = self
            .rarity
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1u64 << i) != 0)
            .map(|(_, r)| r)
            .sum();
        (found / self.total).min(1.0)
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
    /// Per query word: how concentrated it is on few entries.
    concentration: Vec<f32>,
    /// The entries one word meets, while its concentration is measured.
    seen: Vec<u32>,
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

    /// Records that query word `bit` meets the words `slots` with `weight`.
    /// With `only_near` (the terms), only the terms of the entries
    /// [`Scratch::mark_near`] marked are added to.
    fn mark(&mut self, slots: &[Slot], weight: f32, bit: u64, only_near: Option<&[TermInfo]>) {
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

/// A weight (0 to 1) as a byte of the scratch.
fn to_byte(weight: f32) -> u8 {
    (weight.clamp(0.0, 1.0) * WEIGHT_SCALE).round() as u8
}
