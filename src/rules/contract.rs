/*!
Every score a deal of duplicate bridge can give, computed from the scoring
table of Law 77, so that a calculator refuses a score no table can have
produced (`10`, `30`, `7590`) instead of computing with it.

Law 77 has only its title in the corpus (the source transcript stops after
Law 20); the table is the WBF's 2017 Laws, Law 77 (the same in the 2007
edition): trick points (20 for clubs and diamonds, 30 for hearts and
spades, 40 for the first no-trump trick and 30 for each further one;
doubled ×2, redoubled ×4), a game bonus of 300 not vulnerable and 500
vulnerable for 100 trick points or more, else a part-score bonus of 50; the
slam bonuses (small 500/750, grand 1000/1500); 50 for making a doubled
contract and 100 a redoubled one; overtricks at trick value undoubled, 100
or 200 (not vulnerable or vulnerable) each doubled and twice that
redoubled; undertricks 50 or 100 each undoubled, doubled not vulnerable
100, 200, 200 and then 300 each, doubled vulnerable 200 and then 300 each,
and redoubled twice the doubled figures. A passed-out deal scores 0.
*/

use std::collections::BTreeSet;
use std::sync::LazyLock;

/// A denomination: its first trick's points and every further trick's.
const STRAINS: [(i64, i64); 5] = [(20, 20), (20, 20), (30, 30), (30, 30), (40, 30)];

/// The score of one contract's result for the declaring side: `level`
/// 1-7, `strain` an index into [`STRAINS`], `doubling` 0, 1 or 2, and
/// `tricks` the tricks taken (0-13).
fn score(level: i64, strain: usize, doubling: i64, vulnerable: bool, tricks: i64) -> i64 {
    let need = 6 + level;
    if tricks < need {
        return -undertricks(need - tricks, doubling, vulnerable);
    }
    let (first, rest) = STRAINS[strain];
    let factor = [1, 2, 4][doubling as usize];
    let trick_points = (first + rest * (level - 1)) * factor;
    let mut total = trick_points;
    total += match (trick_points >= 100, vulnerable) {
        (true, false) => 300,
        (true, true) => 500,
        (false, _) => 50,
    };
    total += match (level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    total += [0, 50, 100][doubling as usize];
    let over = tricks - need;
    let each = match doubling {
        0 => rest,
        1 if vulnerable => 200,
        1 => 100,
        _ if vulnerable => 400,
        _ => 200,
    };
    total + over * each
}

/// The penalty for going `down` tricks.
fn undertricks(down: i64, doubling: i64, vulnerable: bool) -> i64 {
    if doubling == 0 {
        return down * if vulnerable { 100 } else { 50 };
    }
    let doubled: i64 = (1..=down)
        .map(|n| match (vulnerable, n) {
            (true, 1) => 200,
            (true, _) => 300,
            (false, 1) => 100,
            (false, 2 | 3) => 200,
            (false, _) => 300,
        })
        .sum();
    doubled * if doubling == 2 { 2 } else { 1 }
}

/// Every score of one side (N/S positive when it scores): both signs of
/// every contract result, and 0.
static SCORES: LazyLock<BTreeSet<i64>> = LazyLock::new(|| {
    let mut all = BTreeSet::from([0]);
    for level in 1..=7 {
        for strain in 0..STRAINS.len() {
            for doubling in 0..=2 {
                for vulnerable in [false, true] {
                    for tricks in 0..=13 {
                        let s = score(level, strain, doubling, vulnerable, tricks);
                        all.insert(s);
                        all.insert(-s);
                    }
                }
            }
        }
    }
    all
});

/// Whether some deal scores `s` for one side.
pub fn is_score(s: i64) -> bool {
    SCORES.contains(&s)
}

/// The largest score a deal can give.
pub fn max_score() -> i64 {
    SCORES.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gives_the_known_scores() {
        // 4♠ vulnerable made: 120 + 500.
        assert_eq!(score(4, 3, 0, true, 10), 620);
        // 3NT not vulnerable with an overtrick: 100 + 300 + 30.
        assert_eq!(score(3, 4, 0, false, 10), 430);
        // 1♣ doubled made, not vulnerable: 40 + 50 + 50.
        assert_eq!(score(1, 0, 1, false, 7), 140);
        // 2♥ doubled made: 120 + 300 + 50 (a game).
        assert_eq!(score(2, 2, 1, false, 8), 470);
        // 7NT redoubled vulnerable: 880 + 500 + 1500 + 100.
        assert_eq!(score(7, 4, 2, true, 13), 2980);
        // Doubled, not vulnerable, down 4: 100 + 200 + 200 + 300.
        assert_eq!(score(4, 3, 1, false, 6), -800);
        // Redoubled, vulnerable, down 13 at 7NT.
        assert_eq!(score(7, 4, 2, true, 0), -2 * (200 + 12 * 300));
    }

    #[test]
    fn only_scores_a_deal_can_give_are_scores() {
        for s in [
            0, 50, -50, 70, 90, 110, 140, 420, 620, 1430, 2220, -1100, 7600,
        ] {
            assert!(is_score(s), "{s}");
        }
        for s in [10, 30, 60, 7590, 5, 2990, 420 + 1] {
            assert!(!is_score(s), "{s}");
        }
        assert_eq!(max_score(), 7600);
    }
}
