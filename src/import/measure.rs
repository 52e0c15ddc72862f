//! The import measured against a hand-made corpus, provision by provision:
//! ids found, missed and extra, and how many texts are identical after
//! whitespace normalisation. A text counts as a provision's heading title,
//! own text and footnotes.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::corpus::{Corpus, Provision, SourceFile};

/// The figures of one comparison.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Measurement {
    /// Provisions in the hand-made corpus.
    pub expected: usize,
    pub found: usize,
    pub missed: Vec<String>,
    pub extra: Vec<String>,
    /// Found provisions whose text is identical.
    pub identical: usize,
    /// Found provisions identical once the hand-made `[…]` (text the
    /// source lost, which no importer can know) is left out on both sides.
    pub identical_but_gaps: usize,
    /// Found provisions whose text differs: id, hand-made, imported.
    pub differences: Vec<(String, String, String)>,
}

impl Measurement {
    /// Share of the hand-made ids the import found, in percent.
    pub fn ids_pct(&self) -> f64 {
        pct(self.found, self.expected)
    }

    /// Share of the hand-made provisions whose text the import has exactly.
    pub fn identical_pct(&self) -> f64 {
        pct(self.identical, self.expected)
    }

    /// Share identical or differing only by a lost-text mark `[…]`.
    pub fn identical_or_gap_pct(&self) -> f64 {
        pct(self.identical + self.identical_but_gaps, self.expected)
    }

    /// The figures and every difference, as markdown.
    pub fn to_markdown(&self) -> String {
        let mut out = format!(
            "## Against the hand-made corpus\n\n{} provisions; ids found {} ({:.1} %), missed {}, extra {}; text identical {} ({:.1} %); identical or differing only by a lost-text mark […] {} ({:.1} %).\n\n",
            self.expected,
            self.found,
            self.ids_pct(),
            self.missed.len(),
            self.extra.len(),
            self.identical,
            self.identical_pct(),
            self.identical + self.identical_but_gaps,
            self.identical_or_gap_pct()
        );
        if !self.missed.is_empty() {
            out.push_str(&format!("Missed: {}\n\n", self.missed.join(", ")));
        }
        if !self.extra.is_empty() {
            out.push_str(&format!("Extra: {}\n\n", self.extra.join(", ")));
        }
        for (id, want, got) in &self.differences {
            out.push_str(&format!("- `{id}`\n  - hand: {want}\n  - import: {got}\n"));
        }
        out.push('\n');
        out
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

fn normal(p: &Provision) -> String {
    p.comparable_text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn without_gaps(s: &str) -> String {
    s.replace("[…]", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn by_id(sources: &[SourceFile]) -> BTreeMap<String, String> {
    let loaded = Corpus::build(sources);
    loaded
        .corpus
        .provisions()
        .iter()
        .map(|p| (p.id.to_string(), normal(p)))
        .collect()
}

/// Compares the imported files of one book (`laws/lov-01.md`, ...) with
/// the hand-made files of the same book.
pub fn measure(hand: &[SourceFile], imported: &[SourceFile]) -> Measurement {
    let want = by_id(hand);
    let got = by_id(imported);
    let mut m = Measurement {
        expected: want.len(),
        ..Measurement::default()
    };
    for (id, text) in &want {
        match got.get(id) {
            None => m.missed.push(id.clone()),
            Some(g) => {
                m.found += 1;
                if g == text {
                    m.identical += 1;
                } else if without_gaps(g) == without_gaps(text) {
                    m.identical_but_gaps += 1;
                    m.differences.push((id.clone(), text.clone(), g.clone()));
                } else {
                    m.differences.push((id.clone(), text.clone(), g.clone()));
                }
            }
        }
    }
    m.extra = got
        .keys()
        .filter(|k| !want.contains_key(*k))
        .cloned()
        .collect();
    m
}
