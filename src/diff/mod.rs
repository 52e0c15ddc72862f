/*!
`lovbok diff OLD NEW`: two editions of a book, provision by provision.

Two parsed corpora go in ([`compare`]), an [`EditionDiff`] comes out: every
provision of the old edition is matched to the new one by its **text**, never
by a list of expected numbers, and each difference is a [`Change`] with its
[`Evidence`]:

- **renumbered**: the same text under a new cite (a subtree that moved as a
  whole is one change, its parts carried along);
- **changed**: the same cite, the text reworded (with a [`WordDiff`]);
- **split** / **merged**: one old provision's words are now in two or more
  new ones, or the other way round;
- **added** / **removed**: nothing on the other side holds the text.

The matching, in passes from the surest to the least sure (the thresholds
are constants in `matcher`, each with the measurement behind it):

1. same cite, text identical after whitespace normalisation (unchanged);
2. identical text under another cite (renumbered);
3. splits and merges: parts each at least 90 % contained, in order, in one
   whole, and together covering at least 90 % of it;
4. same place (the same cite, or the same place under a parent that moved),
   word similarity at least 0.5 (changed);
5. another cite, word similarity at least 0.8 (renumbered and reworded);
6. a provision with parts follows where most of them went (all there is
   for an item whose words are all in its sub-items, or a section whose
   title was rewritten whole);
7. pass 4 again, now that containers have moved.

[`concordance::draft`] writes the matches as a concordance of the old
edition (`laws/concordance-<old>.tsv`, the format of
`docs/corpus-format.md`) for an editor to confirm; [`render`] prints the
summary `lovbok diff` shows. [`edition`] reads a folder. This module uses
only `corpus`; the editions feature calls [`compare`] and
[`EditionDiff::change_of`] to mark a provision page.
*/

mod build;
pub mod concordance;
pub mod edition;
mod matcher;
pub mod render;
pub mod words;

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

use crate::corpus::{BookId, Corpus, ProvisionId};

pub use edition::{DiffError, Edition};
pub use matcher::{CONTAINED, COVERED, MIN_PART, MOVED, SAME_PLACE};
pub use words::{WordDiff, WordOp, Words};

/// Why two provisions are taken to be the same one (or why none is).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Evidence {
    /// The text is identical after whitespace normalisation.
    Identical,
    /// The words are this similar (0..=1, see [`words::similarity`]).
    Similar { similarity: f64 },
    /// The words of one provision (`whole`) are in several on the other side.
    Parts {
        /// True for a split (the whole is old), false for a merge.
        split: bool,
        whole: ProvisionId,
        /// Words of the whole.
        words: usize,
        parts: Vec<PartPlace>,
    },
    /// A provision matched by where its parts went (all there is for one
    /// with no text of its own, or whose title was rewritten whole).
    Structure {
        /// Parts of the old provision that are parts of the new one.
        parts: usize,
        /// Parts of the old provision.
        of: usize,
    },
    /// No provision on the other side holds the text.
    Unmatched {
        /// The most similar provision on the other side, if any shares a word.
        nearest: Option<Nearest>,
    },
}

/// Where one part of a split or merge lies in its whole.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PartPlace {
    pub cite: ProvisionId,
    /// First and last word of the whole the part holds (1-based).
    pub first: usize,
    pub last: usize,
}

/// The closest provision on the other side of an unmatched one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Nearest {
    pub cite: ProvisionId,
    pub similarity: f64,
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::Identical => write!(f, "text identical after whitespace normalisation"),
            Evidence::Similar { similarity } => write!(f, "word similarity {similarity:.2}"),
            Evidence::Parts {
                split,
                whole,
                words,
                parts,
            } => {
                let (w, p) = if *split { ("old", "new") } else { ("new", "old") };
                let each: Vec<String> = parts
                    .iter()
                    .map(|x| format!("{p} {} words {}-{}", x.cite, x.first, x.last))
                    .collect();
                write!(
                    f,
                    "the {words} words of {w} {whole} are {}",
                    each.join(" and ")
                )
            }
            Evidence::Structure { parts, of } => {
                write!(f, "followed its parts: {parts} of its {of} parts are below it")
            }
            Evidence::Unmatched { nearest: None } => {
                write!(f, "no provision of the other edition shares its words")
            }
            Evidence::Unmatched {
                nearest: Some(Nearest { cite, similarity }),
            } => write!(
                f,
                "no provision of the other edition holds its text (nearest: {cite}, word similarity {similarity:.2})"
            ),
        }
    }
}

/// One difference between the editions.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "change")]
pub enum Change {
    /// A provision only the new edition has (with the parts added with it).
    Added {
        new: ProvisionId,
        with: Vec<ProvisionId>,
        evidence: Evidence,
    },
    /// A provision only the old edition has (with the parts removed with it).
    Removed {
        old: ProvisionId,
        with: Vec<ProvisionId>,
        evidence: Evidence,
    },
    /// The same provision under a new cite; `carried` are its parts that
    /// moved with it to the same place below the new cite.
    Renumbered {
        old: ProvisionId,
        new: ProvisionId,
        carried: Vec<(ProvisionId, ProvisionId)>,
        evidence: Evidence,
        /// The word diff when the text was also reworded.
        words: Option<WordDiff>,
    },
    /// The same cite, the text reworded.
    Changed {
        cite: ProvisionId,
        evidence: Evidence,
        words: WordDiff,
    },
    /// One old provision's text is now in several new ones.
    Split {
        old: ProvisionId,
        new: Vec<ProvisionId>,
        evidence: Evidence,
    },
    /// Several old provisions' texts are now one new one.
    Merged {
        old: Vec<ProvisionId>,
        new: ProvisionId,
        evidence: Evidence,
    },
}

fn list(ids: &[ProvisionId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Change {
    /// The change in one line, without its evidence: `renumbered 8C → 8D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Added { new, .. } => write!(f, "added {new}"),
            Change::Removed { old, .. } => write!(f, "removed {old}"),
            Change::Renumbered { old, new, .. } => write!(f, "renumbered {old} → {new}"),
            Change::Changed { cite, .. } => write!(f, "changed {cite}"),
            Change::Split { old, new, .. } => write!(f, "split {old} → {}", list(new)),
            Change::Merged { old, new, .. } => write!(f, "merged {} → {new}", list(old)),
        }
    }
}

impl Change {
    /// The stable name of the kind of change (`renumbered`), as in the JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Change::Added { .. } => "added",
            Change::Removed { .. } => "removed",
            Change::Renumbered { .. } => "renumbered",
            Change::Changed { .. } => "changed",
            Change::Split { .. } => "split",
            Change::Merged { .. } => "merged",
        }
    }

    /// Why the change was read this way.
    pub fn evidence(&self) -> &Evidence {
        match self {
            Change::Added { evidence, .. }
            | Change::Removed { evidence, .. }
            | Change::Renumbered { evidence, .. }
            | Change::Changed { evidence, .. }
            | Change::Split { evidence, .. }
            | Change::Merged { evidence, .. } => evidence,
        }
    }

    /// Every new-edition cite the change touches.
    pub fn new_cites(&self) -> Vec<&ProvisionId> {
        match self {
            Change::Added { new, with, .. } => std::iter::once(new).chain(with).collect(),
            Change::Removed { .. } => Vec::new(),
            Change::Renumbered { new, carried, .. } => std::iter::once(new)
                .chain(carried.iter().map(|(_, n)| n))
                .collect(),
            Change::Changed { cite, .. } => vec![cite],
            Change::Split { new, .. } => new.iter().collect(),
            Change::Merged { new, .. } => vec![new],
        }
    }

    /// Every old-edition cite the change touches.
    pub fn old_cites(&self) -> Vec<&ProvisionId> {
        match self {
            Change::Added { .. } => Vec::new(),
            Change::Removed { old, with, .. } => std::iter::once(old).chain(with).collect(),
            Change::Renumbered { old, carried, .. } => std::iter::once(old)
                .chain(carried.iter().map(|(o, _)| o))
                .collect(),
            Change::Changed { cite, .. } => vec![cite],
            Change::Split { old, .. } => vec![old],
            Change::Merged { old, .. } => old.iter().collect(),
        }
    }
}

/// What became of an old provision, the line a concordance is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FateKind {
    Unchanged,
    Changed,
    Renumbered,
    Split,
    Merged,
    Removed,
}

impl FateKind {
    /// The stable name (`renumbered`).
    pub fn as_str(self) -> &'static str {
        match self {
            FateKind::Unchanged => "unchanged",
            FateKind::Changed => "changed",
            FateKind::Renumbered => "renumbered",
            FateKind::Split => "split",
            FateKind::Merged => "merged",
            FateKind::Removed => "removed",
        }
    }
}

/// One old provision and the new cite it reads as (the first part of a
/// split; none when removed).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fate {
    pub old: ProvisionId,
    pub new: Option<ProvisionId>,
    pub kind: FateKind,
    pub evidence: Evidence,
}

/// Every difference between two editions of the books both corpora hold.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EditionDiff {
    /// The books compared (those both editions hold).
    pub books: Vec<BookId>,
    /// Provisions of those books in the old and the new edition.
    pub old_provisions: usize,
    pub new_provisions: usize,
    /// Provisions with the same cite and the same text in both.
    pub unchanged: usize,
    /// The changes, in the old edition's reading order (an added provision
    /// after the old one before it).
    pub changes: Vec<Change>,
    /// Every old provision's fate, in the old edition's reading order.
    #[serde(skip)]
    pub fates: Vec<Fate>,
    #[serde(skip)]
    by_new: HashMap<ProvisionId, usize>,
    #[serde(skip)]
    by_old: HashMap<ProvisionId, usize>,
}

/// How many changes of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub added: usize,
    pub removed: usize,
    pub renumbered: usize,
    pub changed: usize,
    pub split: usize,
    pub merged: usize,
}

impl EditionDiff {
    /// The change a new-edition provision is part of (`None` when it is
    /// unchanged): what a page shows as "endret i 2027-utgaven".
    pub fn change_of(&self, new: &ProvisionId) -> Option<&Change> {
        self.by_new.get(new).map(|&i| &self.changes[i])
    }

    /// The change an old-edition provision is part of.
    pub fn change_of_old(&self, old: &ProvisionId) -> Option<&Change> {
        self.by_old.get(old).map(|&i| &self.changes[i])
    }

    /// How many changes of each kind.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for ch in &self.changes {
            let slot = match ch {
                Change::Added { .. } => &mut c.added,
                Change::Removed { .. } => &mut c.removed,
                Change::Renumbered { .. } => &mut c.renumbered,
                Change::Changed { .. } => &mut c.changed,
                Change::Split { .. } => &mut c.split,
                Change::Merged { .. } => &mut c.merged,
            };
            *slot += 1;
        }
        c
    }

    /// True when the editions hold the same provisions with the same texts.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    fn index(&mut self) {
        for (i, ch) in self.changes.iter().enumerate() {
            for n in ch.new_cites() {
                self.by_new.insert(n.clone(), i);
            }
            for o in ch.old_cites() {
                self.by_old.insert(o.clone(), i);
            }
        }
    }
}

/// The books both corpora hold, in lovbok's order.
pub fn books_in_common(old: &Corpus, new: &Corpus) -> Vec<BookId> {
    BookId::ALL
        .into_iter()
        .filter(|b| old.book(*b).next().is_some() && new.book(*b).next().is_some())
        .collect()
}

/// Compares two editions: every book both hold, provision by provision.
/// Never fails; a book only one of them holds is left out (see
/// [`EditionDiff::books`]).
pub fn compare(old: &Corpus, new: &Corpus) -> EditionDiff {
    let books = books_in_common(old, new);
    let mut out = EditionDiff {
        books: books.clone(),
        ..EditionDiff::default()
    };
    for book in books {
        let part = build::diff_book(old, new, book);
        out.old_provisions += part.old_provisions;
        out.new_provisions += part.new_provisions;
        out.unchanged += part.unchanged;
        out.changes.extend(part.changes);
        out.fates.extend(part.fates);
    }
    out.index();
    out
}

#[cfg(test)]
mod tests;
