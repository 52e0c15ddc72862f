//! Scoring: what each passage gets from the query's words, its own
//! heading and the subject index.
//!
//! Two steps. The words' matches ([`SearchIndex::match_words`]): every
//! document with a query word, its BM25 sums over the fields with their
//! boosts and the proximity bonus, read from the impact table. Then each
//! candidate's score as its parts ([`SearchIndex::score`]): the matches
//! times the share of the query the passage has ([`WordScore::coverage`]),
//! plus a clause for a heading that names the query, the strongest
//! evidence ([`WordScore::title`]), plus what the subject index gives its
//! provision; and the provisions only a subject names. The parts are plain
//! data, so that what each gives a hit can be told.

use super::SearchIndex;
use crate::corpus::Corpus;
use crate::search::impact::{Matched, QueryWord, Scoring, MAX_WORDS};
use crate::search::query::Features;
use crate::search::subjects::{SubjectEvidence, SubjectMatch};
use crate::search::FastMap as HashMap;
use crate::search::SearchOptions;

/// Field weights: a word in a heading (the unit's own, or one above it) or
/// a definition's term says more about a provision than the same word in
/// its text; a compound part says less. Headings are short, so BM25's length
/// normalisation already favours them; the boost adds to that.
const B_TITLE: f32 = 1.3;
const B_CONTEXT: f32 = 1.3;
const B_BODY: f32 = 1.0;
const B_PARTS: f32 = 0.5;
/// Weight of two neighbouring query words found close together: as much
/// as one more word of the query.
const B_PHRASE: f32 = 1.0;
/// How far apart (in words, stop words counted) "close together" is.
const PHRASE_SLOP: u32 = 2;
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
/// How well a part must match the query's words, as a share of the best
/// match, to share its whole's subject (see `share_with_parts`).
pub(crate) const PART_MIN_SHARE: f32 = 0.5;

/// How a query's words are scored: the field boosts and the proximity
/// bonus, as the features say.
pub(crate) fn scoring(features: &Features) -> Scoring {
    let boosts = if features.field_boosts {
        [B_TITLE, B_CONTEXT, B_BODY, B_PARTS]
    } else {
        [1.0, 1.0, 1.0, B_PARTS]
    };
    Scoring {
        boosts,
        near_boost: if features.proximity { B_PHRASE } else { 0.0 },
        near_slop: PHRASE_SLOP,
    }
}

/// A provision in the running, with its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Candidate {
    pub score: f32,
    /// The document that matched; `u32::MAX` for a provision only a
    /// subject names.
    pub doc: u32,
    /// The provision's index in the corpus.
    pub corpus: usize,
}

/// What every candidate of a query is measured against.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct QueryScale {
    /// The whole query's weight: its words' rarities, and those the
    /// subject index alone knows; 0 when no word of the books is in it.
    pub total_weight: f32,
    /// The best score of the words' matches.
    pub best: f32,
    /// What a subject's share is a share of: `best`, or 1 when only
    /// subjects matched.
    pub base: f32,
}

impl QueryScale {
    fn of(words: &[QueryWord], matched: &[Matched], unbooked: f32) -> QueryScale {
        let booked: f32 = words.iter().map(|w| w.rarity).sum();
        let total_weight = if booked > 0.0 { booked + unbooked } else { 0.0 };
        let best = matched.iter().map(|m| m.score).fold(0.0f32, f32::max);
        QueryScale {
            total_weight,
            best,
            base: if best > 0.0 { best } else { 1.0 },
        }
    }
}

/// A matched passage's score by what the query's words give it, before
/// the subject index adds to it: `matched × coverage + title`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WordScore {
    /// The words' BM25 sums over the fields, and the proximity bonus.
    pub matched: f32,
    /// The share of the query's words (by rarity) the passage has, to
    /// [`COVERAGE_EXP`]; 1 without the coverage feature.
    pub coverage: f32,
    /// The heading clause: how well its own heading names the query,
    /// times the best match (see [`title_match`]).
    pub title: f32,
}

impl WordScore {
    /// The score the parts make.
    pub(crate) fn total(&self) -> f32 {
        self.matched * self.coverage + self.title
    }
}

/// What the query's evidence beside the books' own words gives the
/// provisions: the subject index's entries, and the published cases' lifts
/// (a share of the best match per provision, see `search::cases`).
pub(crate) struct Evidence<'a> {
    pub subjects: &'a SubjectEvidence,
    pub cases: &'a HashMap<usize, f32>,
}

/// A query's candidates, scored (not yet in order), and what their scores
/// were measured against.
#[derive(Clone, Debug)]
pub(crate) struct Scored {
    pub scale: QueryScale,
    pub candidates: Vec<Candidate>,
    /// What the subject index gives each provision it names, as a share
    /// of the scale's base.
    pub by_subject: HashMap<usize, SubjectMatch>,
    /// What the published cases give each provision they apply, as a
    /// share of the scale's base.
    pub by_case: HashMap<usize, f32>,
}

impl SearchIndex {
    /// The words' matches: every document that has a query word, with its
    /// score, in the book asked for.
    pub(super) fn match_words(
        &self,
        words: &[QueryWord],
        opts: &SearchOptions,
        features: &Features,
    ) -> Vec<Matched> {
        let mut matched = self.impacts.score(words, &scoring(features));
        matched.retain(|m| {
            m.score > 0.0
                && opts.book.is_none_or(|b| {
                    self.impacts
                        .unit_of(m.doc)
                        .and_then(|u| self.units.get(u))
                        .is_some_and(|u| u.book == b)
                })
        });
        matched
    }

    /// Every candidate's score: how much of the query it has and how well
    /// its own heading names it, and what the subject index gives its
    /// provision; with the provisions only a subject names.
    pub(super) fn score(
        &self,
        corpus: &Corpus,
        words: &[QueryWord],
        matched: &[Matched],
        evidence: &Evidence<'_>,
        opts: &SearchOptions,
        features: &Features,
    ) -> Scored {
        let subjects = evidence.subjects;
        let scale = QueryScale::of(words, matched, subjects.unbooked);
        let mut by_subject = self.subjects.provision_scores(&subjects.matches);
        let mut candidates: Vec<Candidate> = matched
            .iter()
            .filter_map(|m| {
                let unit = self.units.get(self.impacts.unit_of(m.doc)?)?;
                Some(Candidate {
                    score: word_score(m, words, &scale, features).total(),
                    doc: m.doc,
                    corpus: unit.corpus,
                })
            })
            .collect();
        if !by_subject.is_empty() {
            self.share_with_parts(&mut by_subject, &candidates, scale.best);
            for c in &mut candidates {
                if let Some(s) = by_subject.get(&c.corpus) {
                    c.score += s.score * scale.base;
                }
            }
            self.add_subject_only(corpus, &mut candidates, &by_subject, &scale, opts);
        }
        let by_case = evidence.cases.clone();
        if !by_case.is_empty() {
            lift_by_cases(corpus, &mut candidates, &by_case, &scale, opts);
        }
        Scored {
            scale,
            candidates,
            by_subject,
            by_case,
        }
    }

    /// A subject names a provision as a whole (`212`, late arrival); a
    /// part of it that the query's words also meet well (`212A1a(iv)`,
    /// twenty minutes) is named by it too, so the part the TD wants is not
    /// hidden under its whole. Parts are contiguous in reading order, so
    /// each subject's provision costs a range lookup.
    fn share_with_parts(
        &self,
        by_subject: &mut HashMap<usize, SubjectMatch>,
        candidates: &[Candidate],
        best: f32,
    ) {
        let min = PART_MIN_SHARE * best;
        let mut strong: Vec<usize> = candidates
            .iter()
            .filter(|c| c.score >= min)
            .map(|c| c.corpus)
            .collect();
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

    /// A provision that only a subject names (a law whose text is not in
    /// the corpus, met by an English or everyday word) ranks by it.
    fn add_subject_only(
        &self,
        corpus: &Corpus,
        candidates: &mut Vec<Candidate>,
        by_subject: &HashMap<usize, SubjectMatch>,
        scale: &QueryScale,
        opts: &SearchOptions,
    ) {
        let mut present = vec![false; self.corpus_len];
        for c in candidates.iter() {
            if let Some(p) = present.get_mut(c.corpus) {
                *p = true;
            }
        }
        for (&idx, s) in by_subject {
            let in_book = opts.book.is_none_or(|b| corpus.at(idx).book == b);
            if in_book && !present.get(idx).copied().unwrap_or(true) {
                candidates.push(Candidate {
                    score: s.score * scale.base,
                    doc: u32::MAX,
                    corpus: idx,
                });
            }
        }
    }
}

/// The published cases' lift, added to each provision they apply, and a
/// provision only a case names (a law whose text the source lacks, told
/// in a player's words) ranked by it, as a subject's provision is.
fn lift_by_cases(
    corpus: &Corpus,
    candidates: &mut Vec<Candidate>,
    by_case: &HashMap<usize, f32>,
    scale: &QueryScale,
    opts: &SearchOptions,
) {
    let mut present: HashMap<usize, ()> = HashMap::default();
    for c in candidates.iter_mut() {
        if let Some(l) = by_case.get(&c.corpus) {
            c.score += l * scale.base;
        }
        present.insert(c.corpus, ());
    }
    let mut only: Vec<(usize, f32)> = by_case
        .iter()
        .filter(|(idx, _)| !present.contains_key(idx))
        .filter(|(&idx, _)| {
            idx < corpus.provisions().len() && opts.book.is_none_or(|b| corpus.at(idx).book == b)
        })
        .map(|(&idx, &l)| (idx, l))
        .collect();
    only.sort_unstable_by_key(|(idx, _)| *idx);
    for (idx, l) in only {
        candidates.push(Candidate {
            score: l * scale.base,
            doc: u32::MAX,
            corpus: idx,
        });
    }
}

/// What the query's words give a matched passage: its matches, how much
/// of the query it has, and how well its own heading names it. The
/// heading clause is added, not multiplied: a heading that names the
/// query weighs more than the best match of the query's words, so the
/// provision headed by a subject outranks one that mentions it.
pub(crate) fn word_score(
    m: &Matched,
    words: &[QueryWord],
    scale: &QueryScale,
    features: &Features,
) -> WordScore {
    let total_weight = scale.total_weight;
    let mut coverage = 1.0;
    if features.coverage && total_weight > 0.0 {
        let found: f32 = words
            .iter()
            .take(MAX_WORDS)
            .enumerate()
            .filter(|(i, _)| m.words & (1u64 << i) != 0)
            .map(|(_, w)| w.rarity)
            .sum();
        coverage *= (found / total_weight).powi(COVERAGE_EXP);
    }
    let title = if features.title_match && total_weight > 0.0 && m.title_len > 0 {
        title_match(m, total_weight) * scale.best
    } else {
        0.0
    };
    WordScore {
        matched: m.score,
        coverage,
        title,
    }
}

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
