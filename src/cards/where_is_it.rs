//! The *Hvor står det?* deck: a numbered provision's text, its cite
//! hidden, to be placed among four cites of the same kind in the same book.

use std::collections::{HashMap, HashSet};

use super::{
    full_sentences, is_numbered, normalized, pick, quality, Builder, CardKind, Choice, Face,
    CHOICES,
};
use crate::corpus::Provision;

impl Builder<'_> {
    /// Hvor står det?: every numbered provision with a full sentence.
    ///
    /// Distractors are provisions of the same kind in the same book whose
    /// text is in the corpus, never the provision itself, an ancestor or a
    /// descendant, nor any provision that holds the same text (or is an
    /// ancestor of one that does): each would be a right answer too.
    pub(super) fn where_is_it(&mut self) {
        let corpus = self.corpus;
        let kind = CardKind::WhereIsIt;
        let mut by_text: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in corpus.provisions().iter().enumerate() {
            let t = normalized(&p.text());
            if !t.is_empty() {
                by_text.entry(t).or_default().push(i);
            }
        }
        let pool: Vec<(usize, &Provision)> = corpus
            .provisions()
            .iter()
            .enumerate()
            .filter(|(_, p)| is_numbered(p.kind) && p.in_corpus)
            .collect();
        for &(i, p) in &pool {
            if full_sentences(p).is_empty() {
                continue;
            }
            let text = p.text();
            if quality::needs_unseen_text(&text) {
                self.skip(kind, i, quality::NEEDS_UNSEEN_TEXT);
                continue;
            }
            if quality::quotes_its_place(corpus, &p.id, &text) {
                self.skip(kind, i, quality::QUOTES_ITS_PLACE);
                continue;
            }
            let id = format!("{}@{}", p.id, kind.slug());
            let same = by_text
                .get(&normalized(&p.text()))
                .cloned()
                .unwrap_or_else(|| vec![i]);
            // Every provision that holds this text, and everything above them.
            let holders: HashSet<usize> = same.iter().flat_map(|&s| corpus.path_of(s)).collect();
            let others: Vec<(usize, Face)> = pool
                .iter()
                .filter(|(j, q)| {
                    q.kind == p.kind
                        && q.book == p.book
                        && !holders.contains(j)
                        && !corpus.path_of(*j).contains(&i)
                })
                .map(|(j, q)| (*j, Face::cite(&q.id, q.lang())))
                .collect();
            // The same law or section first, so that the letter and number
            // are what is tested, not the law.
            let root = p.id.numbered_root();
            let tier = |(j, _): &(usize, Face)| u8::from(corpus.at(*j).id.numbered_root() != root);
            let d: Vec<Choice> = pick::choose(&id, &others, CHOICES - 1, |(_, f)| f.key(), tier)
                .into_iter()
                .map(|(source, face)| Choice { source, face })
                .collect();
            let answer = Choice {
                source: i,
                face: Face::cite(&p.id, p.lang()),
            };
            self.push(kind, i, Face::text(p.text(), p.lang()), answer, d);
        }
    }
}
