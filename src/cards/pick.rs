/*!
Deterministic choice: which distractors a card gets and in which order its
choices stand.

Nothing here is random. A candidate's rank is a hash of the card's id and the
candidate's own key, so the choice depends only on the card and the
candidate, not on the order the corpus lists them in or on a `HashMap`'s
seed: the same corpus gives the same deck byte for byte, and adding a
provision elsewhere changes a card's distractors only where the new one
outranks them.
*/

/// 64-bit FNV-1a: a small, stable hash (never for anything adversarial).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The hash of several parts, each ended by a separator that no corpus text
/// holds (so `("ab", "c")` and `("a", "bc")` differ).
pub fn hash_parts(parts: &[&str]) -> u64 {
    let mut bytes = Vec::new();
    for p in parts {
        bytes.extend_from_slice(p.as_bytes());
        bytes.push(0x1f);
    }
    fnv1a(&bytes)
}

/// A 64-bit finaliser (splitmix64's): every input bit moves every output
/// bit, which FNV's last bytes do not, so a hash taken modulo a small
/// number is spread evenly.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Where a card's answer stands among its `n` choices: a seeded draw from
/// the card's id alone, the same for every position, so each deck has its
/// answers spread evenly and a card keeps its order while its id stays.
pub fn position(card_id: &str, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    (mix(hash_parts(&[card_id, "position"])) % n as u64) as usize
}

/// The seeded rank of a candidate for one card: lower comes first.
pub fn rank(card_id: &str, key: &str) -> u64 {
    hash_parts(&[card_id, key])
}

/// Up to `n` candidates, in the order of their seeded rank for `card_id`,
/// those with a smaller `tier` first. `key` must tell candidates apart.
pub fn choose<T: Clone>(
    card_id: &str,
    candidates: &[T],
    n: usize,
    key: impl Fn(&T) -> String,
    tier: impl Fn(&T) -> u8,
) -> Vec<T> {
    let mut ranked: Vec<(u8, u64, String, &T)> = candidates
        .iter()
        .map(|c| {
            let k = key(c);
            (tier(c), rank(card_id, &k), k, c)
        })
        .collect();
    // The key breaks a tie between two equal hashes, so the order is total.
    ranked.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
    ranked
        .into_iter()
        .take(n)
        .map(|(.., c)| c.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_depends_on_the_card_not_on_the_input_order() {
        let a = ["12", "13", "14", "15", "16", "17"];
        let mut b = a;
        b.reverse();
        let key = |s: &&str| s.to_string();
        let pick_a = choose("1@where", &a, 3, key, |_| 0);
        let pick_b = choose("1@where", &b, 3, key, |_| 0);
        assert_eq!(pick_a, pick_b);
        assert_eq!(pick_a.len(), 3);
        assert_ne!(
            choose("1@where", &a, 6, key, |_| 0),
            choose("2@where", &a, 6, key, |_| 0),
            "another card shuffles differently"
        );
    }

    #[test]
    fn a_lower_tier_comes_first() {
        let xs = ["a", "b", "c", "d"];
        let got = choose("x", &xs, 2, |s| s.to_string(), |s| u8::from(*s != "d"));
        assert_eq!(got[0], "d");
    }

    #[test]
    fn positions_are_spread_evenly() {
        let mut counts = [0usize; 4];
        for i in 0..4000 {
            counts[position(&format!("{i}@where"), 4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn parts_are_separated() {
        assert_ne!(hash_parts(&["ab", "c"]), hash_parts(&["a", "bc"]));
    }
}
