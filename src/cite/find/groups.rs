//! Stage 4 of [`find`](super::find), the groups: the candidates joined into
//! lists and ranges (`61, 62 og 64`, `16–18`, `12C1b, c og e`), each group
//! judged as one by the next stage. A blocked candidate ends a group and
//! belongs to none, except one followed by a unit (`90 eller 180 grader`),
//! which stays to make its list quantities.

use super::candidates::Candidate;
use super::context::Block;
use super::joins;

/// One member of a group: a candidate, or a range of two (indexes into the
/// candidates).
#[derive(Clone, Copy, Debug)]
pub(super) enum Item {
    One(usize),
    Range(usize, usize),
}

impl Item {
    pub(super) fn first(self) -> usize {
        match self {
            Item::One(i) | Item::Range(i, _) => i,
        }
    }
    pub(super) fn last(self) -> usize {
        match self {
            Item::One(i) | Item::Range(_, i) => i,
        }
    }
}

/// The members of one list, range or lone candidate, in order; never empty.
pub(super) type Group = Vec<Item>;

/// The candidates joined into groups, in order.
pub(super) fn group(text: &str, candidates: &[Candidate]) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut group: Group = Vec::new();
    let mut last_end: Option<usize> = None;
    for (i, c) in candidates.iter().enumerate() {
        if matches!(c.block, Some(b) if b != Block::Unit) {
            close(&mut group, &mut groups);
            last_end = None;
            continue;
        }
        let gap = last_end.and_then(|end| text.get(end..c.span.start));
        let linked = gap.filter(|g| g.len() <= joins::MAX_GAP);
        match (linked, group.last().copied()) {
            // `61-62-63-64`: a fourth member after a dashed list is one more.
            (Some(g), Some(Item::One(_)))
                if joins::is_dash(g) && dashed_list(text, candidates, &group) =>
            {
                group.push(Item::One(i));
            }
            (Some(g), Some(Item::One(prev)))
                if joins::is_range(g) && candidates[prev].ranges_to(c) =>
            {
                if let Some(last) = group.last_mut() {
                    *last = Item::Range(prev, i);
                }
            }
            // A third member after a dash makes a dashed range a list:
            // `Law 30 – 31 – 32` names three laws, not a range and a stray.
            (Some(g), Some(Item::Range(a, b)))
                if joins::is_dash(g) && candidates[b].ranges_to(c) =>
            {
                group.pop();
                group.extend([Item::One(a), Item::One(b), Item::One(i)]);
            }
            (Some(g), Some(_)) if joins::is_list(g) => group.push(Item::One(i)),
            _ => {
                close(&mut group, &mut groups);
                group.push(Item::One(i));
            }
        }
        last_end = Some(c.span.end);
    }
    close(&mut group, &mut groups);
    groups
}

/// Ends the group being built, if it has members.
fn close(group: &mut Group, groups: &mut Vec<Group>) {
    if !group.is_empty() {
        groups.push(std::mem::take(group));
    }
}

/// True when the last two members of `group` are single candidates joined
/// by a dash: the group is a list written with dashes (`30 – 31 – 32`).
fn dashed_list(text: &str, candidates: &[Candidate], group: &[Item]) -> bool {
    match group {
        [.., Item::One(a), Item::One(b)] => text
            .get(candidates[*a].span.end..candidates[*b].span.start)
            .is_some_and(joins::is_dash),
        _ => false,
    }
}
