//! The matching of one book's provisions between two editions, in passes
//! from the surest evidence to the least sure (see the module doc of
//! `diff`). Each pass only looks at provisions no earlier pass matched.
//!
//! The thresholds, and why:
//!
//! - [`SAME_PLACE`] 0.5: at the same cite, a text that keeps at least half
//!   its words in order is the same rule reworded; below, the number was
//!   given to another rule and the old one is removed.
//! - [`MOVED`] 0.8: under another cite the candidates are every unmatched
//!   provision, so the bar is higher: a moved provision reworded keeps at
//!   least four words in five. Of the 2017 Laws' different provisions only
//!   five pairs of parallel rules come that close (19A2/19B2, doubling and
//!   redoubling, 0.91; 84/85, two title-only laws, 0.86; 19A3/19B3,
//!   14A/14B, 83/92; measured by `tests/it/diff.rs`); the pass pairs the
//!   most similar first, so each takes its own counterpart when both are
//!   there.
//! - [`CONTAINED`] 0.9 and [`COVERED`] 0.9: a part of a split or merge may
//!   have a word or two changed where it was cut ("og" dropped, a new
//!   sentence start), and the parts together may drop as much.
//! - [`MIN_PART`] 3 words: shorter texts ("Se 12.") are found inside too
//!   many provisions to say which one they came from; and a part's words
//!   must lie together in the whole (spread over at most twice their
//!   number), not be gathered from all over it.

use std::collections::{HashMap, VecDeque};

use super::words::{self, Words};
use super::{Evidence, PartPlace};
use crate::corpus::{concordance::carry_down, BookId, Corpus, ProvisionId};

/// Least word similarity of a reworded provision at its old place.
pub const SAME_PLACE: f64 = 0.5;
/// Least word similarity of a provision that moved and was reworded.
pub const MOVED: f64 = 0.8;
/// Least share of a part's words that must be in its whole, in order.
pub const CONTAINED: f64 = 0.9;
/// Least share of a whole's words its parts must hold together.
pub const COVERED: f64 = 0.9;
/// Fewest words a part of a split or merge may have.
pub const MIN_PART: usize = 3;

/// One provision of one side.
pub struct Unit {
    pub id: ProvisionId,
    /// Index in the side's units.
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    pub depth: usize,
    pub words: Words,
}

/// One book of one edition as units, in reading order.
pub struct Side {
    pub units: Vec<Unit>,
    by_id: HashMap<ProvisionId, usize>,
}

impl Side {
    pub fn of(corpus: &Corpus, book: BookId) -> Side {
        let mut local = HashMap::new();
        let mut units = Vec::new();
        for (i, p) in corpus.book(book) {
            local.insert(i, units.len());
            units.push(Unit {
                id: p.id.clone(),
                parent: None,
                children: Vec::new(),
                depth: corpus.path_of(i).len(),
                words: Words::of(p),
            });
        }
        for (i, p) in corpus.book(book) {
            let u = local[&i];
            units[u].parent = p.parent.and_then(|x| local.get(&x).copied());
            units[u].children = p
                .children
                .iter()
                .filter_map(|c| local.get(c).copied())
                .collect();
        }
        let by_id = units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.id.clone(), i))
            .collect();
        Side { units, by_id }
    }

    pub fn find(&self, id: &ProvisionId) -> Option<usize> {
        self.by_id.get(id).copied()
    }
}

/// A match between the editions.
#[derive(Clone, Debug)]
pub enum Link {
    One {
        old: usize,
        new: usize,
        evidence: Evidence,
    },
    Split {
        old: usize,
        new: Vec<usize>,
        evidence: Evidence,
    },
    Merge {
        old: Vec<usize>,
        new: usize,
        evidence: Evidence,
    },
}

/// Every match found, with each unit's link.
pub struct Matching {
    pub links: Vec<Link>,
    pub old_link: Vec<Option<usize>>,
    pub new_link: Vec<Option<usize>>,
}

impl Matching {
    fn add(&mut self, link: Link) {
        let i = self.links.len();
        let (olds, news) = match &link {
            Link::One { old, new, .. } => (vec![*old], vec![*new]),
            Link::Split { old, new, .. } => (vec![*old], new.clone()),
            Link::Merge { old, new, .. } => (old.clone(), vec![*new]),
        };
        for o in olds {
            self.old_link[o] = Some(i);
        }
        for n in news {
            self.new_link[n] = Some(i);
        }
        self.links.push(link);
    }

    fn old_free(&self, o: usize) -> bool {
        self.old_link[o].is_none()
    }

    fn new_free(&self, n: usize) -> bool {
        self.new_link[n].is_none()
    }

    /// The new unit an old one reads as: its match, or the first part of
    /// its split.
    pub fn new_of(&self, o: usize) -> Option<usize> {
        match &self.links[self.old_link[o]?] {
            Link::One { new, .. } | Link::Merge { new, .. } => Some(*new),
            Link::Split { new, .. } => new.first().copied(),
        }
    }
}

/// Matches one book's provisions between the editions.
pub fn run(old: &Side, new: &Side) -> Matching {
    let mut m = Matching {
        links: Vec::new(),
        old_link: vec![None; old.units.len()],
        new_link: vec![None; new.units.len()],
    };
    identical_same_cite(&mut m, old, new);
    identical_elsewhere(&mut m, old, new);
    wholes_in_parts(&mut m, old, new, true);
    wholes_in_parts(&mut m, old, new, false);
    same_place(&mut m, old, new);
    moved(&mut m, old, new);
    structure(&mut m, old, new);
    same_place(&mut m, old, new);
    m
}

fn identical_same_cite(m: &mut Matching, old: &Side, new: &Side) {
    for (o, u) in old.units.iter().enumerate() {
        if u.words.is_empty() {
            continue;
        }
        if let Some(n) = new.find(&u.id) {
            if new.units[n].words.normal == u.words.normal {
                m.add(Link::One {
                    old: o,
                    new: n,
                    evidence: Evidence::Identical,
                });
            }
        }
    }
}

/// Identical texts under other cites; where a text occurs more than once,
/// the occurrences pair up in reading order.
fn identical_elsewhere(m: &mut Matching, old: &Side, new: &Side) {
    let mut by_text: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for (o, u) in old.units.iter().enumerate() {
        if m.old_free(o) && !u.words.is_empty() {
            by_text.entry(&u.words.normal).or_default().push_back(o);
        }
    }
    for (n, u) in new.units.iter().enumerate() {
        if !m.new_free(n) || u.words.is_empty() {
            continue;
        }
        if let Some(o) = by_text
            .get_mut(u.words.normal.as_str())
            .and_then(VecDeque::pop_front)
        {
            m.add(Link::One {
                old: o,
                new: n,
                evidence: Evidence::Identical,
            });
        }
    }
}

/// The parts among `candidates` (unmatched units of the other side) that
/// lie in `whole`, if there are two or more and they cover it: each with
/// the span of the whole's words it holds, in the whole's order.
fn parts_of(whole: &Words, candidates: &[(usize, &Unit)]) -> Option<Vec<(usize, PartPlace)>> {
    let mut parts = Vec::new();
    let mut covered = vec![false; whole.len()];
    for (i, u) in candidates {
        let part = &u.words;
        if part.len() < MIN_PART || part.len() >= whole.len() {
            continue;
        }
        // Cheap bound first: the words shared in any order.
        if (words::shared(part, whole) as f64) < CONTAINED * part.len() as f64 {
            continue;
        }
        let placed = words::place(part, whole);
        if placed.containment(part.len()) < CONTAINED {
            continue;
        }
        let Some((first, last)) = placed.span() else {
            continue;
        };
        // A part is a stretch of the whole, not words scattered over it.
        if last - first + 1 > 2 * placed.found {
            continue;
        }
        for &p in &placed.positions {
            covered[p] = true;
        }
        parts.push((
            *i,
            PartPlace {
                cite: u.id.clone(),
                first: first + 1,
                last: last + 1,
            },
        ));
    }
    let cover = covered.iter().filter(|c| **c).count() as f64 / whole.len().max(1) as f64;
    if parts.len() < 2 || cover < COVERED {
        return None;
    }
    parts.sort_by_key(|(_, p)| p.first);
    Some(parts)
}

/// Splits (`split`: one old provision's words now in several new ones) or
/// merges (several old ones' words now in one new one): the same search,
/// the two editions' roles swapped.
fn wholes_in_parts(m: &mut Matching, old: &Side, new: &Side, split: bool) {
    let (wholes, part_side) = if split { (old, new) } else { (new, old) };
    for (w, u) in wholes.units.iter().enumerate() {
        let whole_free = if split { m.old_free(w) } else { m.new_free(w) };
        if !whole_free || u.words.len() < 2 * MIN_PART {
            continue;
        }
        let free: Vec<(usize, &Unit)> = part_side
            .units
            .iter()
            .enumerate()
            .filter(|(p, _)| {
                if split {
                    m.new_free(*p)
                } else {
                    m.old_free(*p)
                }
            })
            .collect();
        if let Some(parts) = parts_of(&u.words, &free) {
            let evidence = Evidence::Parts {
                split,
                whole: u.id.clone(),
                words: u.words.len(),
                parts: parts.iter().map(|(_, p)| p.clone()).collect(),
            };
            let ids: Vec<usize> = parts.into_iter().map(|(i, _)| i).collect();
            m.add(if split {
                Link::Split {
                    old: w,
                    new: ids,
                    evidence,
                }
            } else {
                Link::Merge {
                    old: ids,
                    new: w,
                    evidence,
                }
            });
        }
    }
}

/// Word similarity rounded to two decimals, as shown and stored.
fn rounded(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The cite an old unit would have if nothing but its parent's number
/// changed: its own cite, or the same place below where its parent went.
fn expected_cite(m: &Matching, old: &Side, new: &Side, o: usize) -> Option<ProvisionId> {
    let u = &old.units[o];
    let Some(p) = u.parent else {
        return Some(u.id.clone());
    };
    match m.new_of(p) {
        Some(np) if new.units[np].id != old.units[p].id => {
            carry_down(&old.units[p].id, &new.units[np].id, &u.id)
        }
        _ => Some(u.id.clone()),
    }
}

fn same_place(m: &mut Matching, old: &Side, new: &Side) {
    for o in 0..old.units.len() {
        if !m.old_free(o) || old.units[o].words.is_empty() {
            continue;
        }
        let Some(n) = expected_cite(m, old, new, o).and_then(|id| new.find(&id)) else {
            continue;
        };
        if !m.new_free(n) || new.units[n].words.is_empty() {
            continue;
        }
        let s = words::similarity(&old.units[o].words, &new.units[n].words);
        if s >= SAME_PLACE {
            m.add(Link::One {
                old: o,
                new: n,
                evidence: Evidence::Similar {
                    similarity: rounded(s),
                },
            });
        }
    }
}

/// Reworded provisions under other cites: the most similar pairs first.
fn moved(m: &mut Matching, old: &Side, new: &Side) {
    let free_old: Vec<usize> = (0..old.units.len())
        .filter(|o| m.old_free(*o) && !old.units[*o].words.is_empty())
        .collect();
    let free_new: Vec<usize> = (0..new.units.len())
        .filter(|n| m.new_free(*n) && !new.units[*n].words.is_empty())
        .collect();
    let mut pairs = Vec::new();
    for &o in &free_old {
        for &n in &free_new {
            let (a, b) = (&old.units[o].words, &new.units[n].words);
            if words::similarity_bound(a, b) < MOVED {
                continue;
            }
            let s = words::similarity(a, b);
            if s >= MOVED {
                pairs.push((s, o, n));
            }
        }
    }
    pairs.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    for (s, o, n) in pairs {
        if m.old_free(o) && m.new_free(n) {
            m.add(Link::One {
                old: o,
                new: n,
                evidence: Evidence::Similar {
                    similarity: rounded(s),
                },
            });
        }
    }
}

/// Provisions with parts follow them: the new provision that holds most
/// of an old one's matched parts, if it holds at least half of them and is
/// not matched yet. This is all there is to go on for a provision with no
/// text of its own (an item whose words are all in its sub-items), and it
/// keeps a section whose title was rewritten whole the same section.
/// Deepest first, so that a container of containers can follow the ones
/// below it.
fn structure(m: &mut Matching, old: &Side, new: &Side) {
    let mut order: Vec<usize> = (0..old.units.len())
        .filter(|o| !old.units[*o].children.is_empty())
        .collect();
    order.sort_by_key(|o| std::cmp::Reverse(old.units[*o].depth));
    for o in order {
        if !m.old_free(o) {
            continue;
        }
        let u = &old.units[o];
        let mut tally: HashMap<usize, usize> = HashMap::new();
        let mut matched = 0;
        for &c in &u.children {
            let Some(nc) = m.new_of(c) else { continue };
            matched += 1;
            if let Some(np) = new.units[nc].parent {
                *tally.entry(np).or_default() += 1;
            }
        }
        let best = tally
            .into_iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)));
        let Some((n, count)) = best else { continue };
        if m.new_free(n) && 2 * count >= matched {
            m.add(Link::One {
                old: o,
                new: n,
                evidence: Evidence::Structure {
                    parts: count,
                    of: u.children.len(),
                },
            });
        }
    }
}
