//! Texts as words: the normal form two editions are compared in, word
//! similarity, containment, and the word diff an editor reads.
//!
//! A provision's text for comparison is its title, own text and footnotes
//! (as `import::measure` counts it). Two forms are kept: the text with its
//! whitespace normalised, which decides "identical", and one key per word
//! (lower case, punctuation off its ends), which decides "similar", so that
//! a changed comma or a capital does not make two paragraphs different
//! words. Sequences of keys are diffed with `similar`'s Myers diff.

use serde::Serialize;
use similar::{capture_diff_slices, Algorithm, DiffOp};

use crate::corpus::Provision;

/// One provision's text, ready to compare.
#[derive(Clone, Debug, Default)]
pub struct Words {
    /// The text with runs of whitespace as one space: identical texts are
    /// identical strings.
    pub normal: String,
    /// The words as printed (punctuation kept), for the word diff.
    pub shown: Vec<String>,
    /// One comparison key per word of `shown`.
    pub keys: Vec<String>,
    /// The keys sorted, for [`similarity_bound`].
    bag: Vec<String>,
}

impl Words {
    /// The comparable text of a provision: title, own text, footnotes.
    pub fn of(p: &Provision) -> Words {
        Words::from_text(&p.comparable_text())
    }

    /// The comparable form of any text.
    pub fn from_text(text: &str) -> Words {
        let shown: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let keys: Vec<String> = shown.iter().map(|w| key(w)).collect();
        let mut bag = keys.clone();
        bag.sort_unstable();
        Words {
            normal: shown.join(" "),
            shown,
            keys,
            bag,
        }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when the provision has no text of its own (a container such as
    /// an item whose words are all in its sub-items).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// A word's comparison key: lower case, without the punctuation around it.
/// A word that is nothing but punctuation (`–`) keeps itself.
fn key(word: &str) -> String {
    let trimmed = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '§');
    if trimmed.is_empty() {
        word.to_string()
    } else {
        trimmed.to_lowercase()
    }
}

fn ops(a: &Words, b: &Words) -> Vec<DiffOp> {
    capture_diff_slices(Algorithm::Myers, &a.keys, &b.keys)
}

/// How many words the two texts share, in order (the length of the diff's
/// common subsequence).
pub fn common(a: &Words, b: &Words) -> usize {
    equal_ranges(&ops(a, b)).map(|(_, _, len)| len).sum()
}

fn equal_ranges(ops: &[DiffOp]) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    ops.iter().filter_map(|op| match *op {
        DiffOp::Equal {
            old_index,
            new_index,
            len,
        } => Some((old_index, new_index, len)),
        _ => None,
    })
}

/// Word similarity in 0..=1: twice the shared words over both lengths
/// (difflib's ratio, on words). 1 for the same words in the same order; a
/// paragraph with 2 of 25 words replaced scores 0.92.
pub fn similarity(a: &Words, b: &Words) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    2.0 * common(a, b) as f64 / total as f64
}

/// An upper bound of [`similarity`] from the words alone, ignoring their
/// order: cheap, so that pairs that cannot reach a threshold are skipped
/// before they are diffed.
pub fn similarity_bound(a: &Words, b: &Words) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    2.0 * shared(a, b) as f64 / total as f64
}

/// How many words two texts share, ignoring their order: an upper bound of
/// [`common`].
pub fn shared(a: &Words, b: &Words) -> usize {
    let (x, y) = (&a.bag, &b.bag);
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    shared
}

/// Where a part's words lie in a whole: how many of the part's words are
/// in the whole, in order, and which of the whole's word positions they
/// are.
#[derive(Clone, Debug, Default)]
pub struct Placement {
    /// The part's words found in the whole.
    pub found: usize,
    /// The whole's word positions that hold them.
    pub positions: Vec<usize>,
    /// The runs of consecutive words found: start in the whole, start in
    /// the part, length.
    runs: Vec<(usize, usize, usize)>,
    part_len: usize,
    whole_len: usize,
}

/// Shortest run of shared words that anchors a part's span in its whole: a
/// word or two ("når", "en") also occurs elsewhere in it by chance.
pub const ANCHOR: usize = 3;

impl Placement {
    /// The first and last word of the whole (0-based) the part spans: its
    /// first and last run of at least [`ANCHOR`] words (all runs when none
    /// is that long), stretched by the part's own words before and after
    /// them, which a changed word at the cut may have kept from matching.
    pub fn span(&self) -> Option<(usize, usize)> {
        let long: Vec<&(usize, usize, usize)> = self
            .runs
            .iter()
            .filter(|(_, _, len)| *len >= ANCHOR)
            .collect();
        let runs: Vec<&(usize, usize, usize)> = if long.is_empty() {
            self.runs.iter().collect()
        } else {
            long
        };
        let (w, p, _) = runs.first()?;
        let (lw, lp, len) = runs.last()?;
        let after = self.part_len.saturating_sub(lp + len);
        let last = (lw + len - 1 + after).min(self.whole_len.saturating_sub(1));
        Some((w.saturating_sub(*p), last))
    }

    /// Share of the part's words found in the whole.
    pub fn containment(&self, part_len: usize) -> f64 {
        if part_len == 0 {
            0.0
        } else {
            self.found as f64 / part_len as f64
        }
    }
}

/// Places `part` in `whole` (for splits and merges).
pub fn place(part: &Words, whole: &Words) -> Placement {
    let mut out = Placement {
        part_len: part.len(),
        whole_len: whole.len(),
        ..Placement::default()
    };
    for (w, p, len) in equal_ranges(&ops(whole, part)) {
        out.found += len;
        out.positions.extend(w..w + len);
        out.runs.push((w, p, len));
    }
    out
}

/// One step of a word diff: words kept, taken out or put in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "op")]
pub enum WordOp {
    /// Words both editions have.
    Equal { text: String },
    /// Words only the old edition has.
    Delete { text: String },
    /// Words only the new edition has.
    Insert { text: String },
}

/// The word diff of one provision between two editions: every word of both,
/// in order, as runs kept, deleted and inserted. Words compare as printed,
/// so a changed comma or capital shows too (similarity ignores them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct WordDiff {
    pub ops: Vec<WordOp>,
}

/// Words of context kept on each side of a change in [`WordDiff::compact`].
const CONTEXT: usize = 4;

impl WordDiff {
    /// The word diff from `old` to `new`.
    pub fn between(old: &Words, new: &Words) -> WordDiff {
        let join = |w: &[String]| w.join(" ");
        let mut out = Vec::new();
        for op in capture_diff_slices(Algorithm::Myers, &old.shown, &new.shown) {
            match op {
                DiffOp::Equal { new_index, len, .. } => out.push(WordOp::Equal {
                    text: join(&new.shown[new_index..new_index + len]),
                }),
                DiffOp::Delete {
                    old_index, old_len, ..
                } => out.push(WordOp::Delete {
                    text: join(&old.shown[old_index..old_index + old_len]),
                }),
                DiffOp::Insert {
                    new_index, new_len, ..
                } => out.push(WordOp::Insert {
                    text: join(&new.shown[new_index..new_index + new_len]),
                }),
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => {
                    out.push(WordOp::Delete {
                        text: join(&old.shown[old_index..old_index + old_len]),
                    });
                    out.push(WordOp::Insert {
                        text: join(&new.shown[new_index..new_index + new_len]),
                    });
                }
            }
        }
        WordDiff { ops: out }
    }

    /// True when no word was deleted or inserted.
    pub fn is_unchanged(&self) -> bool {
        self.ops.iter().all(|o| matches!(o, WordOp::Equal { .. }))
    }

    /// One line for a terminal: `[-old words-]{+new words+}` with a few
    /// words of context, and `…` where unchanged words are left out.
    pub fn compact(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let last = self.ops.len().saturating_sub(1);
        for (i, op) in self.ops.iter().enumerate() {
            match op {
                WordOp::Delete { text } => parts.push(format!("[-{text}-]")),
                WordOp::Insert { text } => parts.push(format!("{{+{text}+}}")),
                WordOp::Equal { text } => {
                    let words: Vec<&str> = text.split(' ').collect();
                    let head = if i == 0 { 0 } else { CONTEXT };
                    let tail = if i == last { 0 } else { CONTEXT };
                    if words.len() <= head + tail {
                        parts.push(text.clone());
                        continue;
                    }
                    let mut kept = Vec::new();
                    if head > 0 {
                        kept.push(words[..head].join(" "));
                    }
                    kept.push("…".to_string());
                    if tail > 0 {
                        kept.push(words[words.len() - tail..].join(" "));
                    }
                    parts.push(kept.join(" "));
                }
            }
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Words {
        Words::from_text(s)
    }

    #[test]
    fn case_and_punctuation_do_not_make_words_differ() {
        assert_eq!(
            similarity(&w("Fixture: en regel."), &w("fixture en Regel")),
            1.0
        );
    }

    #[test]
    fn similarity_counts_shared_words_in_order() {
        // Fixture sentences, invented for this test.
        let a = w("spilleren skal melde før han spiller ut");
        let b = w("spilleren må melde før han spiller ut");
        assert!((similarity(&a, &b) - 6.0 / 7.0).abs() < 1e-9);
        assert!(similarity_bound(&a, &b) >= similarity(&a, &b));
        assert_eq!(similarity(&a, &w("helt andre ord her")), 0.0);
    }

    #[test]
    fn a_part_is_placed_in_its_whole() {
        let whole = w("en to tre fire fem seks");
        let p = place(&w("fire fem seks"), &whole);
        assert_eq!(p.found, 3);
        assert_eq!(p.positions, vec![3, 4, 5]);
        assert_eq!(p.span(), Some((3, 5)));
        assert_eq!(p.containment(3), 1.0);
        // The part's first word matched by chance at the whole's start does
        // not stretch its span there: the span is the run, with the one
        // word of the part before it.
        let whole = w("når en to tre fire fem seks sju");
        let p = place(&w("når fire fem seks sju"), &whole);
        assert_eq!(p.found, 5);
        assert_eq!(p.span(), Some((3, 7)));
    }

    #[test]
    fn the_word_diff_marks_what_changed_with_context() {
        let old = w("a b c d e f g h i j k l m n");
        let new = w("a b c d e f g X i j k l m n");
        let d = WordDiff::between(&old, &new);
        assert_eq!(d.compact(), "… d e f g [-h-] {+X+} i j k l …");
        assert!(!d.is_unchanged());
        assert!(WordDiff::between(&old, &old).is_unchanged());
    }
}
