/*!
Help for a search that finds nothing: the query with its misspelt words
corrected, and whether the query is a cite of a provision the corpus lacks.

The spelling table is the offline index's vocabulary (every word form the
books use, with its frequency), so a correction is always a word that is in
the books. Words the search itself already forgives (one typo in a short
word) rarely get here; this looks further, and a correction is offered only
when it finds something (the caller checks).
*/

use std::collections::{HashMap, HashSet};

use crate::corpus::ProvisionId;
use crate::kb::{Kb, TypedCite};
use crate::search::offline::{ascii_fold, OfflineTerms};

/// Shortest word that is corrected.
const MIN_CORRECTED_CHARS: usize = 4;

/// Typos a correction may repair in a word of `len` characters.
fn budget(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// The corpus vocabulary, for corrections.
#[derive(Debug, Default)]
pub(crate) struct Speller {
    /// Word forms with their frequency, by length in characters.
    by_len: HashMap<usize, Vec<(String, u32)>>,
    /// Every word form and its ascii spelling.
    known: HashSet<String>,
}

impl Speller {
    /// The table of the offline index's words.
    pub(crate) fn build(terms: &OfflineTerms) -> Speller {
        let mut s = Speller::default();
        for (w, wt) in &terms.words {
            s.known.insert(w.clone());
            s.known.insert(ascii_fold(w));
            if wt.freq > 0 && w.chars().all(char::is_alphabetic) {
                s.by_len
                    .entry(w.chars().count())
                    .or_default()
                    .push((w.clone(), wt.freq));
            }
        }
        s
    }

    /// The nearest corpus word to an unknown `word`, the most frequent of
    /// the nearest; `None` when `word` is known or nothing is near.
    fn correct_word(&self, word: &str) -> Option<String> {
        let n = word.chars().count();
        if n < MIN_CORRECTED_CHARS
            || !word.chars().all(char::is_alphabetic)
            || self.known.contains(word)
            || self.known.contains(&ascii_fold(word))
        {
            return None;
        }
        let max = budget(n);
        let folded = ascii_fold(word);
        let mut best: Option<(usize, u32, &str)> = None;
        for len in n.saturating_sub(max)..=n + max {
            for (cand, freq) in self.by_len.get(&len).into_iter().flatten() {
                let d = strsim::osa_distance(word, cand)
                    .min(strsim::osa_distance(&folded, &ascii_fold(cand)));
                if d > max {
                    continue;
                }
                let better = match best {
                    None => true,
                    Some((bd, bf, _)) => d < bd || (d == bd && *freq > bf),
                };
                if better {
                    best = Some((d, *freq, cand));
                }
            }
        }
        best.map(|(_, _, w)| w.to_string())
    }

    /// The query with each unknown word replaced by its nearest corpus
    /// word, or `None` when nothing changes.
    pub(crate) fn correct(&self, query: &str) -> Option<String> {
        let mut changed = false;
        let words: Vec<String> = query
            .split_whitespace()
            .map(|w| {
                let lower = w.to_lowercase();
                let core = lower.trim_matches(|c: char| !c.is_alphanumeric());
                match self.correct_word(core) {
                    Some(fixed) => {
                        changed = true;
                        lower.replacen(core, &fixed, 1)
                    }
                    None => w.to_string(),
                }
            })
            .collect();
        changed.then(|| words.join(" "))
    }
}

/// The cite a query consists of when the corpus has no such provision
/// (`12C9`, `lov 12 C 9`, `X99`): the query is one cite, after at most one
/// cue word, and it resolves to nothing in the corpus.
pub(crate) fn unknown_cite(kb: &Kb, query: &str) -> Option<ProvisionId> {
    let q = query.trim();
    if q.is_empty() || kb.jump(q).is_some() {
        return None;
    }
    // The citation grammar reads the query (one grammar everywhere).
    match kb.read_cite(q) {
        TypedCite::Missing(id) => Some(id),
        TypedCite::Found(_) | TypedCite::NotACite => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::offline::WordTerms;

    fn speller(words: &[(&str, u32)]) -> Speller {
        let mut terms = OfflineTerms::default();
        for (w, f) in words {
            terms.words.insert(
                w.to_string(),
                WordTerms {
                    terms: vec![format!("nb:{w}")],
                    parts: Vec::new(),
                    freq: *f,
                },
            );
        }
        Speller::build(&terms)
    }

    #[test]
    fn unknown_words_become_the_nearest_frequent_corpus_word() {
        let s = speller(&[("revoke", 30), ("etablert", 12), ("etablere", 2)]);
        assert_eq!(
            s.correct("revoek etabelrt").as_deref(),
            Some("revoke etablert")
        );
        assert_eq!(s.correct("revoke"), None, "known words stay");
        assert_eq!(s.correct("12C1"), None, "cites are not words");
        assert_eq!(s.correct("xyzzyq"), None, "nothing near");
    }
}
