/*!
X78B: a group of results converted to more tables — the provision's
percentages for one to three results (X78B1–B3), Neuberg's formula (X78B4)
and the choice between them by the size of the group (X78B). X78A3's
artificial score converts its tables' group here too.
*/

use num_traits::{One, Zero};

use super::limits::{Count, Limits};
use super::number::{int, ratio, show, Q};
use super::scoring::{
    check_group, check_group_mp, check_group_of, check_scores, check_tables, of_prefix, pct_to_mp,
    round_board_mp, show_score, step, top, MATCHPOINTS, MAX_TABLES, PERCENT, ROUNDED_MP,
};
use super::{cite, Label, Outcome, Output, RuleError, Step, Unit};

/// The scores of a group converted to more tables (`scores`, X78B, X78A3):
/// at least one, fewer than the tables (checked with them).
pub(crate) const GROUP_SCORES: Count = Count::new(1, MAX_TABLES as usize - 1);

/// X78B1: the only result of a group gets 60 % on the board.
pub fn one_result(tables: i64) -> Result<Outcome, RuleError> {
    check_group(tables, 1)?;
    let pct = int(60);
    let mut steps = vec![step("X78B1", Label::OneResultGroup60, "60 %")];
    let mp = pct_to_mp(pct, tables, &mut steps, "");
    Ok(Outcome {
        cite: cite("X78B1"),
        results: vec![
            Output::new("percent", PERCENT, pct, Unit::Percent),
            Output::new("mp", MATCHPOINTS, mp, Unit::Matchpoints),
        ],
        steps,
    })
}

/// The percentages of `slots` (best first) shared out to `scores`: each
/// score gets the average of the slots its ties occupy. This is X78B3's
/// "identical results share the points of the stated percentages", and
/// gives X78B2's 60 % for two identical results.
pub(crate) fn share(slots: &[i64], scores: &[i64]) -> Vec<Q> {
    scores
        .iter()
        .map(|s| {
            let better = scores.iter().filter(|o| *o > s).count();
            let same = scores.iter().filter(|o| *o == s).count();
            let sum: i64 = slots.iter().skip(better).take(same).sum();
            ratio(sum.into(), same as i128)
        })
        .collect()
}

pub(crate) fn shared_outcome(
    c: &'static str,
    what: Label,
    slots: &[i64],
    tables: i64,
    scores: &[i64],
) -> Result<Outcome, RuleError> {
    check_group(tables, scores.len() as i64)?;
    check_scores(scores)?;
    let pcts = share(slots, scores);
    let mut steps = Vec::new();
    let mut results = Vec::new();
    let slot_text: Vec<String> = slots.iter().map(|s| format!("{s} %")).collect();
    steps.push(step(c, what, slot_text.join(", ")));
    for (i, (s, p)) in scores.iter().zip(&pcts).enumerate() {
        let of = show_score(*s);
        steps.push(step(c, Label::PairScore, format!("{of}: {} %", show(p))));
        let mp = pct_to_mp(*p, tables, &mut steps, &of);
        let n = i + 1;
        results
            .push(Output::new(&format!("percent_{n}"), PERCENT, *p, Unit::Percent).of(of.clone()));
        results.push(Output::new(&format!("mp_{n}"), MATCHPOINTS, mp, Unit::Matchpoints).of(of));
    }
    Ok(Outcome {
        cite: cite(c),
        results,
        steps,
    })
}

/// X78B2: of two results the better scoring pair gets 65 %, the worse 55 %;
/// identical results 60 % each. `scores` are both from the same direction.
pub fn two_results(tables: i64, scores: [i64; 2]) -> Result<Outcome, RuleError> {
    shared_outcome(
        "X78B2",
        Label::TwoResults65Better55,
        &[65, 55],
        tables,
        &scores,
    )
}

/// X78B3: three results get 70 %, 60 % and 50 %; identical results share
/// the percentages of the places they take.
pub fn three_results(tables: i64, scores: [i64; 3]) -> Result<Outcome, RuleError> {
    shared_outcome(
        "X78B3",
        Label::ThreeResults706050,
        &[70, 60, 50],
        tables,
        &scores,
    )
}

pub(crate) const NEUBERG: Label = Label::NeubergFormulaGP;

/// The results of a group Neuberg's formula converts (`results`, G ≥ 4).
pub(crate) const NEUBERG_RESULTS: Limits = Limits::new(4, MAX_TABLES - 1);

/// X78B4, Neuberg's formula: a pair with `mp` matchpoints (P) within a group
/// of `results` (G ≥ 4) results gets A / G × (P + 1) − 1 on `tables` (A)
/// tables, rounded to 0,1 matchpoint per X78C1.
pub fn neuberg(tables: i64, results: i64, mp: Q) -> Result<Outcome, RuleError> {
    check_group_of(tables, results, NEUBERG_RESULTS.min)?;
    check_group_mp(mp, results)?;
    let mut steps = Vec::new();
    let (exact, rounded) = neuberg_steps(tables, results, mp, &mut steps, "");
    let pct = rounded / top(tables) * int(100);
    Ok(Outcome {
        cite: cite("X78B4"),
        results: vec![
            Output::new("mp", MATCHPOINTS, rounded, Unit::Matchpoints),
            Output::new("mp_exact", Label::BeforeRounding, exact, Unit::Matchpoints),
            Output::new("percent", PERCENT, pct, Unit::Percent),
        ],
        steps,
    })
}

pub(crate) fn neuberg_steps(
    tables: i64,
    results: i64,
    mp: Q,
    steps: &mut Vec<Step>,
    of: &str,
) -> (Q, Q) {
    let a = int(tables.into());
    let g = int(results.into());
    let exact = a / g * (mp + Q::one()) - Q::one();
    let rounded = round_board_mp(exact, tables);
    let prefix = of_prefix(of);
    steps.push(step(
        "X78B4",
        NEUBERG,
        format!(
            "{prefix}{tables} / {results} × ({} + 1) − 1 = {}",
            show(&mp),
            show(&exact)
        ),
    ));
    if rounded != exact {
        steps.push(step(
            "X78C1",
            ROUNDED_MP,
            format!("{prefix}{} → {}", show(&exact), show(&rounded)),
        ));
    }
    (exact, rounded)
}

/// A score's matchpoints within its group: 2 for each score it beats, 1
/// for each other score it ties with.
pub fn group_mp(scores: &[i64], i: usize) -> Q {
    let Some(s) = scores.get(i) else {
        return Q::zero();
    };
    let beaten = scores.iter().filter(|o| *o < s).count() as i128;
    let tied = scores.iter().filter(|o| *o == s).count() as i128 - 1;
    int(2 * beaten + tied)
}

/// X78B: a group of results (the scores, all from the same direction)
/// converted to `tables` tables, by the case the group's size selects:
/// one result (B1), two (B2), three (B3), or four and more (B4, with each
/// pair's matchpoints within the group).
pub fn convert_group(tables: i64, scores: &[i64]) -> Result<Outcome, RuleError> {
    check_tables(tables)?;
    check_group(tables, scores.len().max(1) as i64)?;
    check_scores(scores)?;
    // At least one score; fewer than the tables, as `check_group` said.
    Count::new(GROUP_SCORES.min, (tables - 1) as usize).check("scores", scores.len())?;
    let mut outcome = match *scores {
        [s] => {
            // Named like the other cases' per-score results.
            let mut o = one_result(tables)?;
            for r in &mut o.results {
                r.name.push_str("_1");
                r.of = Some(show_score(s));
            }
            o
        }
        [a, b] => two_results(tables, [a, b])?,
        [a, b, c] => three_results(tables, [a, b, c])?,
        // Four and more (none is refused above).
        _ => {
            let g = scores.len() as i64;
            let mut steps = vec![step(
                "X78B4",
                Label::MatchpointsWithinGroupP2,
                scores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{}: {}", show_score(*s), show(&group_mp(scores, i))))
                    .collect::<Vec<_>>()
                    .join("; "),
            )];
            let mut results = Vec::new();
            for (i, s) in scores.iter().enumerate() {
                let of = show_score(*s);
                let (_, rounded) = neuberg_steps(tables, g, group_mp(scores, i), &mut steps, &of);
                let n = i + 1;
                results.push(
                    Output::new(&format!("mp_{n}"), MATCHPOINTS, rounded, Unit::Matchpoints)
                        .of(of.clone()),
                );
                results.push(
                    Output::new(
                        &format!("percent_{n}"),
                        PERCENT,
                        rounded / top(tables) * int(100),
                        Unit::Percent,
                    )
                    .of(of),
                );
            }
            Outcome {
                cite: cite("X78B4"),
                results,
                steps,
            }
        }
    };
    outcome.steps.insert(
        0,
        step(
            "X78B",
            Label::ResultsGroupGTablesConvert,
            format!("G = {}, A = {tables}", scores.len()),
        ),
    );
    Ok(outcome)
}

/// X78A1 in a pairs event: the matchpoints on a board where one table has
/// a weighted score (Law 12C1c). `others` are the bridge scores of the
/// other tables, `components` the weighted score's (score, weight in per
/// cent), all from the same direction.
///
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use proptest::prelude::*;

    // --- X78B1–B3: the provision's percentages --------------------------------

    #[test]
    fn one_result_gets_60_percent() {
        // X78B1: "opnår det pågældende par 60% på spillet".
        let o = one_result(13);
        assert_eq!(value(&o, "percent"), q("60"));
        assert_eq!(cite_of(&o), "X78B1");
        // Hand-worked: 13 tables, top 2 × 12 = 24; 60 % × 24 = 14,4.
        assert_eq!(value(&o, "mp"), q("14.4"));
        // 2 tables, top 2; 60 % × 2 = 1,2.
        assert_eq!(value(&one_result(2), "mp"), q("1.2"));
        // 11 tables, top 20; 60 % × 20 = 12.
        assert_eq!(value(&one_result(11), "mp"), q("12"));
    }

    #[test]
    fn two_results_get_65_and_55_percent_and_60_when_identical() {
        // X78B2: better 65 %, worse 55 %, identical 60 % each.
        let o = two_results(13, [420, -50]);
        assert_eq!(value(&o, "percent_1"), q("65"));
        assert_eq!(value(&o, "percent_2"), q("55"));
        // Hand-worked: top 24; 65 % × 24 = 15,6 and 55 % × 24 = 13,2.
        assert_eq!(value(&o, "mp_1"), q("15.6"));
        assert_eq!(value(&o, "mp_2"), q("13.2"));
        // Order does not matter: 10 tables, top 18; +140 beats -200:
        // 65 % × 18 = 11,7 and 55 % × 18 = 9,9.
        let o = two_results(10, [-200, 140]);
        assert_eq!(value(&o, "mp_1"), q("9.9"));
        assert_eq!(value(&o, "mp_2"), q("11.7"));
        // Identical: 7 tables, top 12; 60 % × 12 = 7,2 each.
        let o = two_results(7, [100, 100]);
        assert_eq!(value(&o, "percent_1"), q("60"));
        assert_eq!(value(&o, "mp_2"), q("7.2"));
    }

    #[test]
    fn three_results_get_70_60_50_and_ties_share() {
        // X78B3: 70 %, 60 %, 50 %.
        let o = three_results(9, [50, 420, 170]);
        assert_eq!(value(&o, "percent_1"), q("50"));
        assert_eq!(value(&o, "percent_2"), q("70"));
        assert_eq!(value(&o, "percent_3"), q("60"));
        // Hand-worked: 9 tables, top 16: 70 % × 16 = 11,2; 60 % → 9,6; 50 % → 8.
        assert_eq!(value(&o, "mp_2"), q("11.2"));
        assert_eq!(value(&o, "mp_3"), q("9.6"));
        assert_eq!(value(&o, "mp_1"), q("8"));
        // Two tie for the top: (70 + 60) / 2 = 65 % each; 13 tables → 15,6.
        let o = three_results(13, [420, 420, 50]);
        assert_eq!(value(&o, "percent_1"), q("65"));
        assert_eq!(value(&o, "mp_2"), q("15.6"));
        assert_eq!(value(&o, "percent_3"), q("50"));
        // Two tie at the bottom: (60 + 50) / 2 = 55 %.
        let o = three_results(13, [420, 50, 50]);
        assert_eq!(value(&o, "percent_2"), q("55"));
        // All three identical: (70 + 60 + 50) / 3 = 60 %.
        let o = three_results(13, [0, 0, 0]);
        assert_eq!(value(&o, "percent_1"), q("60"));
    }

    // --- X78B4: Neuberg -----------------------------------------------------------

    #[test]
    fn neuberg_matches_the_formula_and_the_cli_example() {
        // 13 / 6 × (7,5 + 1) − 1 = 110,5 / 6 − 1 = 17,41666… → 17,4 (X78C1).
        let o = neuberg(13, 6, q("7.5"));
        assert_eq!(value(&o, "mp_exact"), Q::new(209, 12));
        assert_eq!(value(&o, "mp"), q("17.4"));
        // 17,4 of a top of 24 is 72,5 %.
        assert_eq!(value(&o, "percent"), q("72.5"));
        assert_eq!(cite_of(&o), "X78B4");
    }

    #[test]
    fn neuberg_agrees_with_the_ebu_worked_example() {
        // EBU "The Neuberg Formula – the Principle": 10 results where 11
        // were expected. A sole top, 18 of 18: 11/10 × 19 − 1 = 19,9;
        // the second, 16: 11/10 × 17 − 1 = 17,7; a sole bottom:
        // 11/10 × 1 − 1 = 0,1.
        assert_eq!(value(&neuberg(11, 10, q("18")), "mp"), q("19.9"));
        assert_eq!(value(&neuberg(11, 10, q("16")), "mp"), q("17.7"));
        assert_eq!(value(&neuberg(11, 10, q("0")), "mp"), q("0.1"));
    }

    #[test]
    fn neuberg_hand_worked_cases() {
        // A middle stays a middle: 20 / 8 × (7 + 1) − 1 = 19 = 20 − 1.
        assert_eq!(value(&neuberg(20, 8, q("7")), "mp"), q("19"));
        // 12 / 5 × (3 + 1) − 1 = 9,6 − 1 = 8,6.
        assert_eq!(value(&neuberg(12, 5, q("3")), "mp"), q("8.6"));
        // Halves go away from the middle (X78C): 10 / 8 = 1,25.
        // Bottom: 1,25 × 1 − 1 = 0,25, below the middle 9 → 0,2.
        assert_eq!(value(&neuberg(10, 8, q("0")), "mp"), q("0.2"));
        // Top: 1,25 × 15 − 1 = 17,75, above the middle 9 → 17,8.
        assert_eq!(value(&neuberg(10, 8, q("14")), "mp"), q("17.8"));
        // A weighted frequency gives decimal P (X78A1): 13 / 6 × 4,35 − 1
        // = 56,55 / 6 − 1 = 8,425 → 8,4 (not a half).
        assert_eq!(value(&neuberg(13, 6, q("3.35")), "mp"), q("8.4"));
    }

    #[test]
    fn neuberg_refuses_impossible_groups() {
        // Fewer than four results: B1–B3 apply, not B4.
        assert_eq!(blamed(&neuberg(13, 3, q("2"))), "results");
        // More results than tables, and as many: nothing to convert.
        assert_eq!(blamed(&neuberg(6, 8, q("2"))), "tables");
        assert_eq!(blamed(&neuberg(6, 6, q("2"))), "tables");
        // More matchpoints than the group's top 2 × (6 − 1) = 10.
        assert_eq!(blamed(&neuberg(13, 6, q("10.5"))), "mp");
        assert_eq!(blamed(&neuberg(13, 6, q("-1"))), "mp");
        assert_eq!(blamed(&neuberg(-3, 6, q("1"))), "tables");
        assert_eq!(blamed(&neuberg(0, 6, q("1"))), "tables");
    }

    // --- X78B: choosing the case ------------------------------------------------

    #[test]
    fn the_group_size_chooses_the_case() {
        assert_eq!(cite_of(&convert_group(13, &[420])), "X78B1");
        assert_eq!(cite_of(&convert_group(13, &[420, -50])), "X78B2");
        assert_eq!(cite_of(&convert_group(13, &[420, -50, 100])), "X78B3");
        // Five results on 13 tables. P within the group: 420 (twice) beats
        // 170, 100, -50 and ties once: 3 × 2 + 1 = 7; 170: 4; 100: 2; -50: 0.
        // 420: 13/5 × 8 − 1 = 19,8; 170: 13/5 × 5 − 1 = 12;
        // 100: 13/5 × 3 − 1 = 6,8; -50: 13/5 × 1 − 1 = 1,6.
        let o = convert_group(13, &[420, 420, 170, -50, 100]);
        assert_eq!(cite_of(&o), "X78B4");
        assert_eq!(value(&o, "mp_1"), q("19.8"));
        assert_eq!(value(&o, "mp_2"), q("19.8"));
        assert_eq!(value(&o, "mp_3"), q("12"));
        assert_eq!(value(&o, "mp_4"), q("1.6"));
        assert_eq!(value(&o, "mp_5"), q("6.8"));
        // The group's points on 13 tables add up to G × (A − 1) = 5 × 12.
        let total = ["mp_1", "mp_2", "mp_3", "mp_4", "mp_5"]
            .iter()
            .fold(Q::zero(), |a, n| a + value(&o, n));
        assert_eq!(total, int(60));
    }

    #[test]
    fn a_group_must_be_smaller_than_the_field() {
        assert_eq!(blamed(&convert_group(3, &[420, 420, 170, -50])), "tables");
        assert_eq!(blamed(&convert_group(2, &[420, 170])), "tables");
        assert_eq!(blamed(&convert_group(13, &[])), "scores");
        assert_eq!(blamed(&convert_group(13, &[425])), "scores");
        assert_eq!(blamed(&convert_group(13, &[7610])), "scores");
    }

    proptest! {
        #[test]
        fn neuberg_stays_within_the_board_and_is_monotone(
            tables in 5i64..300,
            g in 4i64..300,
            p1 in 0i64..=5980,
            p2 in 0i64..=5980,
        ) {
            let g = 4 + g % (tables - 4);
            let max = 20 * (g - 1); // P in tenths, up to 2 × (G − 1)
            let (p1, p2) = (p1 % (max + 1), p2 % (max + 1));
            let (lo, hi) = (p1.min(p2), p1.max(p2));
            let a = neuberg(tables, g, Q::new(lo.into(), 10));
            let b = neuberg(tables, g, Q::new(hi.into(), 10));
            for o in [&a, &b] {
                let pct = value(o, "percent");
                prop_assert!(pct >= Q::zero() && pct <= int(100), "{pct}");
                let mp = value(o, "mp");
                prop_assert!(mp >= Q::zero() && mp <= top(tables));
            }
            prop_assert!(value(&a, "mp") <= value(&b, "mp"));
            prop_assert!(value(&a, "mp_exact") <= value(&b, "mp_exact"));
            if lo < hi {
                prop_assert!(value(&a, "mp_exact") < value(&b, "mp_exact"));
            }
        }

        #[test]
        fn converted_groups_stay_in_range_and_rank_like_the_scores(
            tables in 2i64..60,
            raw in proptest::collection::vec(-20i64..20, 1..40),
        ) {
            let scores: Vec<i64> = raw.iter().map(|s| s * 50).collect();
            let o = convert_group(tables, &scores);
            if scores.len() as i64 >= tables {
                prop_assert_eq!(blamed(&o), "tables");
                return Ok(());
            }
            let pct: Vec<Q> = (1..=scores.len()).map(|n| value(&o, &format!("percent_{n}"))).collect();
            for p in &pct {
                prop_assert!(*p >= Q::zero() && *p <= int(100));
            }
            for i in 0..scores.len() {
                for j in 0..scores.len() {
                    if scores[i] > scores[j] {
                        prop_assert!(pct[i] >= pct[j]);
                    }
                    if scores[i] == scores[j] {
                        prop_assert_eq!(pct[i], pct[j]);
                    }
                }
            }
        }

    }
}
