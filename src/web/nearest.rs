/*!
The provisions nearest to a cite the corpus does not have, for the pages
that say "12C9 does not exist" and offer where to go instead.

A numbered cite gets [`Kb::nearest_existing`] (the same answer the API's
404 gives): when some ancestor exists (`12C` for `12C9`), that ancestor and
its parts; when even the root is missing (`X99`), the roots of the same kind
just below and above. A missing definition gets the terms on either side in
alphabetical order.
*/

use crate::corpus::{Kind, ProvisionId};
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

/// The existing provisions nearest to `id`, nearest ancestor first; empty
/// when `id` exists or nothing is near.
pub(crate) fn nearest_provisions(kb: &Kb, id: &ProvisionId) -> Vec<usize> {
    let corpus = kb.corpus();
    if corpus.get(id).is_some() {
        return Vec::new();
    }
    match id {
        // One rule for the 404 page, the 404 problem and the search box:
        // the knowledge base's nearest existing provisions.
        ProvisionId::Numbered { .. } => kb
            .nearest_existing(id)
            .iter()
            .filter_map(|n| corpus.index_of(n))
            .collect(),
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
