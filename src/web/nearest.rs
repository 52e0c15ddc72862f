/*!
The provisions nearest to a cite the corpus does not have, for the pages
that say "12C9 does not exist" and offer where to go instead.

When some ancestor of the cite exists (`12C` for `12C9`), that ancestor and
its parts on either side of the missing number are nearest; when even the
root is missing (`X99`), the roots of the same kind on either side are.
A missing definition gets the terms on either side in alphabetical order.
*/

use crate::corpus::{Kind, ProvisionId, Root};
use crate::kb::Kb;

/// How many existing provisions are offered on each side of a missing one.
const EACH_SIDE: usize = 2;

/// The `EACH_SIDE` items of `sorted` before `key` and after it.
fn around<K: Ord>(sorted: &[(K, usize)], key: &K) -> Vec<usize> {
    let at = sorted.partition_point(|(k, _)| k < key);
    let before = sorted[..at].iter().rev().take(EACH_SIDE).rev();
    let after = sorted[at..]
        .iter()
        .filter(|(k, _)| k != key)
        .take(EACH_SIDE);
    before.chain(after).map(|(_, i)| *i).collect()
}

fn same_kind(a: &Root, b: &Root) -> bool {
    matches!(
        (a, b),
        (Root::Law(_), Root::Law(_))
            | (Root::Extension(_), Root::Extension(_))
            | (Root::Section(_), Root::Section(_))
    )
}

/// The existing provisions nearest to `id`, nearest ancestor first; empty
/// when `id` exists or nothing is near.
pub(crate) fn nearest_provisions(kb: &Kb, id: &ProvisionId) -> Vec<usize> {
    let corpus = kb.corpus();
    if corpus.get(id).is_some() {
        return Vec::new();
    }
    match id {
        ProvisionId::Numbered { root, .. } => {
            if let Some(anc) = corpus.nearest(id).and_then(|p| corpus.index_of(&p.id)) {
                let children: Vec<(ProvisionId, usize)> = corpus
                    .at(anc)
                    .children
                    .iter()
                    .map(|&c| (corpus.at(c).id.clone(), c))
                    .collect();
                let mut out = vec![anc];
                out.extend(around(&children, id));
                return out;
            }
            let roots: Vec<(ProvisionId, usize)> = corpus
                .provisions()
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.parent.is_none() && p.id.numbered_root().is_some_and(|r| same_kind(&r, root))
                })
                .map(|(i, p)| (p.id.clone(), i))
                .collect();
            around(&roots, &ProvisionId::root(*root))
        }
        ProvisionId::Definition(term) => {
            let mut defs: Vec<(String, usize)> = corpus
                .provisions()
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == Kind::Definition)
                .filter_map(|(i, p)| match &p.id {
                    ProvisionId::Definition(t) => Some((t.to_lowercase(), i)),
                    _ => None,
                })
                .collect();
            defs.sort();
            around(&defs, &term.to_lowercase())
        }
        ProvisionId::Front { .. } => Vec::new(),
    }
}
