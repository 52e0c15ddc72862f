//! From the matches of one book to its changes and its old provisions'
//! fates: a provision whose parent moved and that moved with it to the same
//! place is carried in its parent's change, and a provision added or
//! removed with its parent is listed with it, so a moved subtree is one
//! change.

use super::matcher::{self, Link, Matching, Side};
use super::words::{self, WordDiff, Words};
use super::{Change, Evidence, Fate, FateKind, Nearest};
use crate::corpus::{concordance::carry_down, BookId, Corpus};

/// The differences of one book.
pub struct BookDiff {
    pub old_provisions: usize,
    pub new_provisions: usize,
    pub unchanged: usize,
    pub changes: Vec<Change>,
    pub fates: Vec<Fate>,
}

/// The second half of the sort key of a change of an old provision (the
/// first is the old provision's place): after additions anchored there.
const OLD_SIDE: usize = usize::MAX;

/// Changes under construction, each with its place in reading order.
struct Builder<'a> {
    old: &'a Side,
    new: &'a Side,
    m: &'a Matching,
    changes: Vec<((usize, usize), Change)>,
    /// The change each old unit is part of.
    old_change: Vec<Option<usize>>,
    /// The change each new unit is part of.
    new_change: Vec<Option<usize>>,
    unchanged: usize,
}

/// Diffs one book both corpora hold.
pub fn diff_book(old: &Corpus, new: &Corpus, book: BookId) -> BookDiff {
    let old_side = Side::of(old, book);
    let new_side = Side::of(new, book);
    let m = matcher::run(&old_side, &new_side);
    let mut b = Builder {
        old: &old_side,
        new: &new_side,
        m: &m,
        changes: Vec::new(),
        old_change: vec![None; old_side.units.len()],
        new_change: vec![None; new_side.units.len()],
        unchanged: 0,
    };
    b.links();
    b.removed();
    b.added();
    let fates = b.fates();
    let unchanged = b.unchanged;
    let mut changes = b.changes;
    changes.sort_by_key(|(k, _)| *k);
    BookDiff {
        old_provisions: old_side.units.len(),
        new_provisions: new_side.units.len(),
        unchanged,
        changes: changes.into_iter().map(|(_, c)| c).collect(),
        fates,
    }
}

fn first_old(link: &Link) -> usize {
    match link {
        Link::One { old, .. } | Link::Split { old, .. } => *old,
        Link::Merge { old, .. } => old.iter().copied().min().unwrap_or_default(),
    }
}

impl Builder<'_> {
    fn push(&mut self, key: (usize, usize), change: Change) -> usize {
        self.changes.push((key, change));
        self.changes.len() - 1
    }

    /// The matched pairs, parents before children.
    fn links(&mut self) {
        let mut links: Vec<&Link> = self.m.links.iter().collect();
        links.sort_by_key(|l| first_old(l));
        for link in links {
            match link {
                Link::One { old, new, evidence } => self.one(*old, *new, evidence),
                Link::Split { old, new, evidence } => {
                    let c = self.push(
                        (*old, OLD_SIDE),
                        Change::Split {
                            old: self.old.units[*old].id.clone(),
                            new: new.iter().map(|n| self.new.units[*n].id.clone()).collect(),
                            evidence: evidence.clone(),
                        },
                    );
                    self.old_change[*old] = Some(c);
                    for n in new {
                        self.new_change[*n] = Some(c);
                    }
                }
                Link::Merge { old, new, evidence } => {
                    let c = self.push(
                        (first_old(link), OLD_SIDE),
                        Change::Merged {
                            old: old.iter().map(|o| self.old.units[*o].id.clone()).collect(),
                            new: self.new.units[*new].id.clone(),
                            evidence: evidence.clone(),
                        },
                    );
                    for o in old {
                        self.old_change[*o] = Some(c);
                    }
                    self.new_change[*new] = Some(c);
                }
            }
        }
    }

    fn one(&mut self, o: usize, n: usize, evidence: &Evidence) {
        let (ou, nu) = (&self.old.units[o], &self.new.units[n]);
        let reworded = ou.words.normal != nu.words.normal;
        if ou.id == nu.id {
            if reworded {
                let c = self.push(
                    (o, OLD_SIDE),
                    Change::Changed {
                        cite: ou.id.clone(),
                        evidence: evidence.clone(),
                        words: WordDiff::between(&ou.words, &nu.words),
                    },
                );
                self.old_change[o] = Some(c);
                self.new_change[n] = Some(c);
            } else {
                self.unchanged += 1;
            }
            return;
        }
        if let Some(top) = self.carrier(o, n).filter(|_| !reworded) {
            if let Change::Renumbered { carried, .. } = &mut self.changes[top].1 {
                carried.push((ou.id.clone(), nu.id.clone()));
            }
            self.old_change[o] = Some(top);
            self.new_change[n] = Some(top);
            return;
        }
        let words = reworded.then(|| WordDiff::between(&ou.words, &nu.words));
        let c = self.push(
            (o, OLD_SIDE),
            Change::Renumbered {
                old: ou.id.clone(),
                new: nu.id.clone(),
                carried: Vec::new(),
                evidence: evidence.clone(),
                words,
            },
        );
        self.old_change[o] = Some(c);
        self.new_change[n] = Some(c);
    }

    /// The renumbering that carries `o` → `n` along: its parent's, when the
    /// parent moved and `n` is the same place below where it went.
    fn carrier(&self, o: usize, n: usize) -> Option<usize> {
        let po = self.old.units[o].parent?;
        let top = self.old_change[po]?;
        if !matches!(self.changes[top].1, Change::Renumbered { .. }) {
            return None;
        }
        let pn = self.m.new_of(po)?;
        if self.new.units[n].parent != Some(pn) {
            return None;
        }
        let want = carry_down(
            &self.old.units[po].id,
            &self.new.units[pn].id,
            &self.old.units[o].id,
        )?;
        (want == self.new.units[n].id).then_some(top)
    }

    fn removed(&mut self) {
        for o in 0..self.old.units.len() {
            if self.m.old_link[o].is_some() {
                continue;
            }
            let parent_change = self.old.units[o].parent.and_then(|p| self.old_change[p]);
            if let Some(top) = parent_change {
                if let Change::Removed { with, .. } = &mut self.changes[top].1 {
                    with.push(self.old.units[o].id.clone());
                    self.old_change[o] = Some(top);
                    continue;
                }
            }
            let evidence = Evidence::Unmatched {
                nearest: nearest(&self.old.units[o].words, self.new),
            };
            let c = self.push(
                (o, OLD_SIDE),
                Change::Removed {
                    old: self.old.units[o].id.clone(),
                    with: Vec::new(),
                    evidence,
                },
            );
            self.old_change[o] = Some(c);
        }
    }

    /// Where an added provision goes in the old reading order: just before
    /// the old counterpart of the next matched new provision (at the end
    /// when none follows). Changes of old provisions sort after additions
    /// anchored at the same place.
    fn added_key(&self, n: usize) -> (usize, usize) {
        let next = (n + 1..self.new.units.len())
            .find_map(|p| self.m.new_link[p].map(|l| first_old(&self.m.links[l])));
        (next.unwrap_or(usize::MAX), n)
    }

    fn added(&mut self) {
        for n in 0..self.new.units.len() {
            if self.m.new_link[n].is_some() {
                continue;
            }
            let parent_change = self.new.units[n].parent.and_then(|p| self.new_change[p]);
            if let Some(top) = parent_change {
                if let Change::Added { with, .. } = &mut self.changes[top].1 {
                    with.push(self.new.units[n].id.clone());
                    self.new_change[n] = Some(top);
                    continue;
                }
            }
            let evidence = Evidence::Unmatched {
                nearest: nearest(&self.new.units[n].words, self.old),
            };
            let c = self.push(
                self.added_key(n),
                Change::Added {
                    new: self.new.units[n].id.clone(),
                    with: Vec::new(),
                    evidence,
                },
            );
            self.new_change[n] = Some(c);
        }
    }

    fn fates(&self) -> Vec<Fate> {
        (0..self.old.units.len())
            .map(|o| {
                let old = self.old.units[o].id.clone();
                let Some(l) = self.m.old_link[o] else {
                    let evidence = self.old_change[o]
                        .map(|c| self.changes[c].1.evidence().clone())
                        .unwrap_or(Evidence::Unmatched { nearest: None });
                    return Fate {
                        old,
                        new: None,
                        kind: FateKind::Removed,
                        evidence,
                    };
                };
                let new = self.m.new_of(o).map(|n| self.new.units[n].id.clone());
                let (kind, evidence) = match &self.m.links[l] {
                    Link::One {
                        evidence, new: n, ..
                    } => {
                        let kind = if new.as_ref() != Some(&old) {
                            FateKind::Renumbered
                        } else if self.old.units[o].words.normal != self.new.units[*n].words.normal
                        {
                            FateKind::Changed
                        } else {
                            FateKind::Unchanged
                        };
                        (kind, evidence)
                    }
                    Link::Split { evidence, .. } => (FateKind::Split, evidence),
                    Link::Merge { evidence, .. } => (FateKind::Merged, evidence),
                };
                Fate {
                    old,
                    new,
                    kind,
                    evidence: evidence.clone(),
                }
            })
            .collect()
    }
}

/// The most similar provision of the other side, if any shares a word.
fn nearest(w: &Words, other: &Side) -> Option<Nearest> {
    if w.is_empty() {
        return None;
    }
    let mut best: Option<(f64, usize)> = None;
    for (i, u) in other.units.iter().enumerate() {
        if u.words.is_empty() {
            continue;
        }
        let floor = best.map_or(0.0, |b| b.0);
        if words::similarity_bound(w, &u.words) <= floor {
            continue;
        }
        let s = words::similarity(w, &u.words);
        if s > floor {
            best = Some((s, i));
        }
    }
    best.map(|(s, i)| Nearest {
        cite: other.units[i].id.clone(),
        similarity: (s * 100.0).round() / 100.0,
    })
}
