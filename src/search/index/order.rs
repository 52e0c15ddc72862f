//! The final order of a query's hits: the provisions it cites first, then
//! the scored candidates best first, each lineage once (a hit hides its
//! ancestors and descendants further down the list, so that the same text
//! is never shown at two levels, 12C1c and 12C), up to the limit.

use super::score::Candidate;
use crate::corpus::Corpus;
use crate::search::query::Features;
use crate::search::SearchOptions;

/// A hit chosen, before its snippet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Picked {
    /// The provision's index in the corpus.
    pub corpus: usize,
    /// Its candidate's score (0 for a citation).
    pub score: f32,
    /// The query cites it.
    pub via_citation: bool,
}

/// The hits of a query, in order: `cites` (in the book asked for), then
/// `candidates`, which this sorts best first (ties by document, then
/// provision).
pub(crate) fn order(
    corpus: &Corpus,
    cites: &[usize],
    candidates: &mut [Candidate],
    limit: usize,
    opts: &SearchOptions,
    features: &Features,
) -> Vec<Picked> {
    let mut picked: Vec<Picked> = Vec::with_capacity(limit);
    for &idx in cites {
        if picked.len() < limit && opts.book.is_none_or(|b| corpus.at(idx).book == b) {
            picked.push(Picked {
                corpus: idx,
                score: 0.0,
                via_citation: true,
            });
        }
    }
    candidates.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.doc.cmp(&b.doc))
            .then(a.corpus.cmp(&b.corpus))
    });
    for c in candidates.iter() {
        if picked.len() >= limit {
            break;
        }
        let clash = |p: &Picked| {
            if features.dedupe {
                same_lineage(corpus, c.corpus, p.corpus)
            } else {
                c.corpus == p.corpus
            }
        };
        if picked.iter().any(clash) {
            continue;
        }
        picked.push(Picked {
            corpus: c.corpus,
            score: c.score,
            via_citation: false,
        });
    }
    picked
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
