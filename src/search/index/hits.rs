//! The hits of a query: each picked provision with its score, the subject
//! that is most of why it ranks, and its snippet, whose marks are the terms
//! the query's expansions stand for. What a unit shows is analysed once,
//! at build ([`Shown`]).

use super::order::Picked;
use super::score::Scored;
use super::SearchIndex;
use crate::corpus::Corpus;
use crate::search::analyzer::{Lang, Tok};
use crate::search::impact::{Impacts, QueryWord, TermId};
use crate::search::snippet::{self, Span, SNIPPET_CHARS};
use crate::search::vocab::Vocabulary;
use crate::search::Hit;

/// The share of a hit's score its subject must give for the hit to name
/// it ("Stikkord: …").
const SUBJECT_SHOWN: f32 = 0.5;

/// A snippet source: the unit's body (or, without one, its heading) and
/// its words with the terms each stands for (its stem and compound parts).
#[derive(Clone, Debug)]
pub(crate) struct Shown {
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
    /// What a unit shows: `text`, analysed as `toks` in `lang`, each word
    /// with the ids of its term and compound parts in the impact table.
    pub(crate) fn new(
        text: &str,
        toks: &[Tok],
        lang: Lang,
        vocab: &Vocabulary,
        impacts: &Impacts,
    ) -> Shown {
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

impl SearchIndex {
    /// The hits, in the order picked. A citation outranks every word hit.
    pub(super) fn hits(
        &self,
        corpus: &Corpus,
        picked: &[Picked],
        scored: &Scored,
        words: &[QueryWord],
    ) -> Vec<Hit> {
        let top_score = picked
            .iter()
            .filter(|p| !p.via_citation)
            .map(|p| p.score)
            .fold(0.0f32, f32::max);
        let marked = self.marked_terms(words);
        picked
            .iter()
            .map(|p| Hit {
                id: corpus.at(p.corpus).id.clone(),
                index: p.corpus,
                score: if p.via_citation {
                    top_score + 1.0
                } else {
                    p.score
                },
                snippet: self.snippet(corpus, p.corpus, &marked),
                via_citation: p.via_citation,
                subject: self.subject_shown(p, scored),
            })
            .collect()
    }

    /// The term of the subject index a hit was found through, when the
    /// subject is most of why it ranks.
    fn subject_shown(&self, p: &Picked, scored: &Scored) -> Option<String> {
        scored
            .by_subject
            .get(&p.corpus)
            .filter(|s| !p.via_citation && s.score * scored.scale.base >= SUBJECT_SHOWN * p.score)
            .map(|s| self.subjects.term_text(s.term).to_string())
    }

    /// Every term a query's expansions stand for, as a set of term ids:
    /// what a snippet marks.
    fn marked_terms(&self, words: &[QueryWord]) -> TermSet {
        let mut set = TermSet::new(self.impacts.len());
        for v in words.iter().flat_map(|w| w.variants.iter()) {
            self.impacts.for_each_term(v.id, |t| set.insert(t));
        }
        set
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

/// A set of term ids, one bit each.
struct TermSet(Vec<u64>);

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
