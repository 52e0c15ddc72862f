/*!
X78A1–A3: a pairs board with one special score computed — a weighted
score (X78A1), an unbalanced one (X78A2) and an artificial one (X78A3, the
other tables converted by X78B). The frequency tables and checks here are
shared with the hand method of X78D ([`super::simplified`]).
*/

use num_traits::{One, Zero};

use super::conversion::convert_group;
use super::limits::Count;
use super::number::{int, show, Q};
use super::scoring::{
    check_scores, is_score, round_board_mp, show_score, step, top, MAX_TABLES, PERCENT, ROUNDED_MP,
};
use super::{cite, Label, Outcome, Output, Problem, RuleError, Step, Unit};

/// Each comparison with the weighted score is the weighted sum of the
/// comparisons with its scores, so the frequency table counts each of its
/// scores with its weight as a decimal frequency: a table's matchpoints are
/// 2 × the frequency of lower scores plus the frequency of equal ones less
/// its own 1. The weighted table's are the weighted sum of each of its
/// scores' matchpoints against the other tables. Every result is rounded
/// by X78C1; before rounding they add up to A(A − 1) like any board's.
pub fn weighted_board(others: &[i64], components: &[(i64, Q)]) -> Result<Outcome, RuleError> {
    check_weighted(others, components)?;
    let tables = others.len() as i64 + 1;
    let freq = frequency_table(
        others
            .iter()
            .map(|s| (*s, Q::one()))
            .chain(components.iter().map(|(s, w)| (*s, w / int(100)))),
    );
    let mut steps = vec![step(
        "X78A1",
        Label::FrequencyTableEachScoreWeighted,
        show_table(&freq),
    )];
    let mut results = Vec::new();
    let mut explained: Vec<i64> = Vec::new();
    for (i, s) in others.iter().enumerate() {
        let (lower, equal) = below_and_equal(*s, &freq);
        let same = equal - Q::one();
        let exact = int(2) * lower + same;
        if !explained.contains(s) {
            explained.push(*s);
            steps.push(step(
                "X78A1",
                Label::TableMatchpoints2LowerScores,
                format!(
                    "{}: 2 × {} + {} = {}",
                    show_score(*s),
                    show(&lower),
                    show(&same),
                    show(&exact)
                ),
            ));
        }
        results.extend(board_outputs(
            &format!("{}", i + 1),
            exact,
            tables,
            show_score(*s),
            &mut steps,
        ));
    }
    let (exact, terms) = weighted_against(&plain_table(others), components);
    steps.push(step(
        "X78A1",
        Label::WeightedScoreMatchpointsWeightedSum,
        format!("{terms} = {}", show(&exact)),
    ));
    results.extend(board_outputs(
        "weighted",
        exact,
        tables,
        weighted_name(components),
        &mut steps,
    ));
    Ok(Outcome {
        cite: cite("X78A1"),
        results,
        steps,
    })
}

/// A board's frequency table: each score with how often it stands there
/// (a decimal for the scores of a weighted score), highest first.
pub(crate) fn frequency_table(entries: impl IntoIterator<Item = (i64, Q)>) -> Vec<(i64, Q)> {
    let mut table: Vec<(i64, Q)> = Vec::new();
    for (score, f) in entries {
        match table.iter_mut().find(|(s, _)| *s == score) {
            Some((_, g)) => *g += f,
            None => table.push((score, f)),
        }
    }
    table.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    table
}

/// The frequency table of the ordinary tables alone.
pub(crate) fn plain_table(others: &[i64]) -> Vec<(i64, Q)> {
    frequency_table(others.iter().map(|s| (*s, Q::one())))
}

pub(crate) fn show_table(table: &[(i64, Q)]) -> String {
    table
        .iter()
        .map(|(s, f)| format!("{} × {}", show_score(*s), show(f)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// How much of `table` lies below `score`, and how much equals it.
pub(crate) fn below_and_equal(score: i64, table: &[(i64, Q)]) -> (Q, Q) {
    let (mut lower, mut equal) = (Q::zero(), Q::zero());
    for (s, f) in table {
        if *s < score {
            lower += f;
        } else if *s == score {
            equal += f;
        }
    }
    (lower, equal)
}

/// A table's matchpoints among `table`'s scores: 2 for each score below, 1
/// for each equal one, less the table's own tie with itself when it is one
/// of them.
pub(crate) fn mp_among(score: i64, table: &[(i64, Q)], own: bool) -> Q {
    let (lower, equal) = below_and_equal(score, table);
    let own = if own { Q::one() } else { Q::zero() };
    int(2) * lower + equal - own
}

/// The scores of the other tables on a board with one special table
/// (`scores`): at least one, every other table of the largest field.
pub(crate) const OTHER_TABLES: Count = Count::new(1, MAX_TABLES as usize - 1);

pub(crate) fn check_board_scores(others: &[i64]) -> Result<(), RuleError> {
    OTHER_TABLES.check("scores", others.len())?;
    check_scores(others)
}

pub(crate) fn check_one_score(name: &str, score: i64) -> Result<(), RuleError> {
    if !is_score(score) {
        return Err(RuleError::input(
            name,
            Problem::NotAScore(score.to_string()),
        ));
    }
    Ok(())
}

/// The inputs of a board with a weighted score: the other tables' scores,
/// and one to [`MAX_COMPONENTS`](super::weights::MAX_COMPONENTS) scores
/// with weights as Law 12C1c takes them.
pub(crate) fn check_weighted(others: &[i64], components: &[(i64, Q)]) -> Result<(), RuleError> {
    check_board_scores(others)?;
    super::weights::COMPONENTS.check("weight1", components.len())?;
    for (i, (score, _)) in components.iter().enumerate() {
        check_one_score(&format!("score{}", i + 1), *score)?;
    }
    super::weights::check_weights(components.iter().map(|(_, w)| w))
}

/// A weighted score named by its weights and scores (`60 % +420, 40 %
/// -100`), the same in every language.
pub(crate) fn weighted_name(components: &[(i64, Q)]) -> String {
    components
        .iter()
        .map(|(s, w)| format!("{} % {}", show(w), show_score(*s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The weighted table's N/S matchpoints against the ordinary tables (X78A1,
/// X78D1a): the weighted sum of each of its scores', with the terms that
/// show it.
pub(crate) fn weighted_against(plain: &[(i64, Q)], components: &[(i64, Q)]) -> (Q, String) {
    let mut total = Q::zero();
    let mut terms = Vec::new();
    for (s, w) in components {
        let mp = mp_among(*s, plain, false);
        total += w / int(100) * mp;
        terms.push(format!(
            "{} % × {} ({})",
            show(w),
            show(&mp),
            show_score(*s)
        ));
    }
    (total, terms.join(" + "))
}

pub(crate) const BOARD_MP: Label = Label::MatchpointsBoard;

pub(crate) const NS_MP: Label = Label::NSMatchpoints;

pub(crate) const EW_MP: Label = Label::EWMatchpoints;

pub(crate) const NS_PERCENT: Label = Label::NSPercentage;

pub(crate) const EW_PERCENT: Label = Label::EWPercentage;

/// X78A2 in a pairs event: the matchpoints on a board where one table has
/// an unbalanced adjusted score (2007 Law 12C1e, "traditionel justeret
/// score"): `ns` is what N/S are scored, `ew` what E/W are scored, both
/// written from N/S's direction like the other tables' `others`. N/S and
/// E/W are compared in separate frequency tables, so the two sides of the
/// adjusted table need not add up to a top.
pub fn unbalanced_board(others: &[i64], ns: i64, ew: i64) -> Result<Outcome, RuleError> {
    check_board_scores(others)?;
    check_one_score("ns", ns)?;
    check_one_score("ew", ew)?;
    let tables = others.len() as i64 + 1;
    let top = top(tables);
    let table_of = |adjusted: i64| {
        frequency_table(
            others
                .iter()
                .chain([adjusted].iter())
                .map(|s| (*s, Q::one())),
        )
    };
    let (ns_table, ew_table) = (table_of(ns), table_of(ew));
    let mut steps = vec![
        step("X78A2", Label::NSFrequencyTableN, show_table(&ns_table)),
        step(
            "X78A2",
            Label::EWFrequencyTableScores,
            show_table(&ew_table),
        ),
    ];
    let mut results = Vec::new();
    let mut push = |name: &str, of: String, ns_mp: Q, ew_mp: Q, explain: bool| {
        if explain {
            steps.push(step(
                "X78A2",
                Label::NS2LowerEqual,
                format!(
                    "{of}: N/S {}, Ø/V {} − {} = {}",
                    show(&ns_mp),
                    show(&top),
                    show(&(top - ew_mp)),
                    show(&ew_mp)
                ),
            ));
        }
        results.push(
            Output::new(&format!("mp_ns_{name}"), NS_MP, ns_mp, Unit::Matchpoints).of(of.clone()),
        );
        results.push(Output::new(&format!("mp_ew_{name}"), EW_MP, ew_mp, Unit::Matchpoints).of(of));
    };
    let mut shown: Vec<i64> = Vec::new();
    for (i, s) in others.iter().enumerate() {
        let ns_mp = mp_among(*s, &ns_table, true);
        let ew_mp = top - mp_among(*s, &ew_table, true);
        push(
            &format!("{}", i + 1),
            show_score(*s),
            ns_mp,
            ew_mp,
            !shown.contains(s),
        );
        shown.push(*s);
    }
    let adjusted_ns = mp_among(ns, &ns_table, true);
    let adjusted_ew = top - mp_among(ew, &ew_table, true);
    let of = format!("N/S {} / Ø/V {}", show_score(ns), show_score(ew));
    push("adjusted", of.clone(), adjusted_ns, adjusted_ew, true);
    let percent = |side: &str, value: Q, label: Label| {
        Output::new(
            &format!("percent_{side}_adjusted"),
            label,
            value / top * int(100),
            Unit::Percent,
        )
        .of(of.clone())
    };
    results.push(percent("ns", adjusted_ns, NS_PERCENT));
    results.push(percent("ew", adjusted_ew, EW_PERCENT));
    Ok(Outcome {
        cite: cite("X78A2"),
        results,
        steps,
    })
}

/// X78A3 in a pairs event: with an artificial score at one or more tables,
/// the other tables are scored among themselves and converted to all the
/// board's tables by X78B (`tables` is every table on the board, `scores`
/// those without an artificial score).
pub fn artificial_board(tables: i64, scores: &[i64]) -> Result<Outcome, RuleError> {
    let mut outcome = convert_group(tables, scores)?;
    outcome.steps.insert(
        0,
        step(
            "X78A3",
            Label::OtherResultsAreNotCompared,
            format!("{} / {tables}", scores.len()),
        ),
    );
    Ok(outcome)
}

/// One table's matchpoints rounded by X78C1 and its percentage, as
/// results named `mp_{name}` and `percent_{name}`.
pub(crate) fn board_outputs(
    name: &str,
    exact: Q,
    tables: i64,
    of: String,
    steps: &mut Vec<Step>,
) -> [Output; 2] {
    let rounded = round_board_mp(exact, tables);
    if rounded != exact {
        steps.push(step(
            "X78C1",
            ROUNDED_MP,
            format!("{of}: {} → {}", show(&exact), show(&rounded)),
        ));
    }
    [
        Output::new(&format!("mp_{name}"), BOARD_MP, rounded, Unit::Matchpoints).of(of.clone()),
        Output::new(
            &format!("percent_{name}"),
            PERCENT,
            rounded / top(tables) * int(100),
            Unit::Percent,
        )
        .of(of),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use num_traits::Signed;
    use proptest::prelude::*;

    // --- X78A1: a weighted score on a pairs board ------------------------------

    fn weights(rows: &[(i64, &str)]) -> Vec<(i64, Q)> {
        rows.iter().map(|(s, w)| (*s, q(w))).collect()
    }

    #[test]
    fn weighted_board_by_hand() {
        // Four tables (top 6): +420, +450, -50, and a weighted score of
        // 60 % +420 and 40 % -100. Frequencies: +450 × 1, +420 × 1,6,
        // -50 × 1, -100 × 0,4.
        // +420: beats -50 and 0,4 of -100: 2 × 1,4 = 2,8; ties 0,6 of
        //       itself beside its own 1: + 0,6 = 3,4.
        // +450: beats everything else (3): 6.
        // -50:  beats 0,4 of -100: 0,8.
        // weighted: +420 beats -50 and ties +420 (2 + 1 = 3), -100 beats
        //       nobody (0): 0,6 × 3 + 0,4 × 0 = 1,8.
        // Sum 3,4 + 6 + 0,8 + 1,8 = 12 = A(A − 1).
        let o = weighted_board(&[420, 450, -50], &weights(&[(420, "60"), (-100, "40")]));
        assert_eq!(value(&o, "mp_1"), q("3.4"));
        assert_eq!(value(&o, "mp_2"), q("6"));
        assert_eq!(value(&o, "mp_3"), q("0.8"));
        assert_eq!(value(&o, "mp_weighted"), q("1.8"));
        assert_eq!(value(&o, "percent_weighted"), q("30"));
        assert_eq!(cite_of(&o), "X78A1");
    }

    #[test]
    fn weighted_board_with_ties_inside_the_weighted_score() {
        // Three tables (top 4): +420, +420, and 50 % +420, 50 % +450.
        // Frequencies +450 × 0,5, +420 × 2,5.
        // Each +420: 2 × 0 + (2,5 − 1) = 1,5.
        // weighted: +420 ties both (2), +450 beats both (4):
        //       0,5 × 2 + 0,5 × 4 = 3. Sum 1,5 + 1,5 + 3 = 6 = A(A − 1).
        let o = weighted_board(&[420, 420], &weights(&[(420, "50"), (450, "50")]));
        assert_eq!(value(&o, "mp_1"), q("1.5"));
        assert_eq!(value(&o, "mp_2"), q("1.5"));
        assert_eq!(value(&o, "mp_weighted"), q("3"));
    }

    #[test]
    fn weighted_board_rounds_each_result_by_x78c1() {
        // Three tables (top 4, middle 2): +100, +200, and 33,33 % +150,
        // 66,67 % +50.
        // +100: beats 0,6667 of +50: 2 × 0,6667 = 1,3334 → 1,3.
        // +200: beats 1 + 0,3333 + 0,6667 = 2: 4.
        // weighted: +150 beats +100 (2), +50 nobody (0):
        //       0,3333 × 2 = 0,6666 → 0,7.
        let o = weighted_board(&[100, 200], &weights(&[(150, "33.33"), (50, "66.67")]));
        assert_eq!(value(&o, "mp_1"), q("1.3"));
        assert_eq!(value(&o, "mp_2"), q("4"));
        assert_eq!(value(&o, "mp_weighted"), q("0.7"));
        let steps: Vec<&str> = o
            .as_ref()
            .map(|o| o.steps.iter().map(|s| s.expr.as_str()).collect())
            .unwrap_or_default();
        assert!(
            steps.iter().any(|s| s.contains("1,3334 → 1,3")),
            "{steps:?}"
        );
    }

    #[test]
    fn weighted_board_rejects_impossible_input() {
        let ok = weights(&[(420, "60"), (-100, "40")]);
        assert_eq!(blamed(&weighted_board(&[], &ok)), "scores");
        assert_eq!(blamed(&weighted_board(&[425], &ok)), "scores");
        assert_eq!(
            blamed(&weighted_board(&[420], &weights(&[(425, "100")]))),
            "score1"
        );
        assert_eq!(
            blamed(&weighted_board(
                &[420],
                &weights(&[(420, "60"), (50, "30")])
            )),
            "weights"
        );
        assert_eq!(
            blamed(&weighted_board(
                &[420],
                &weights(&[(420, "100.5"), (50, "-0.5")])
            )),
            "weight1"
        );
        assert_eq!(
            blamed(&weighted_board(
                &[420],
                &weights(&[(420, "33.333"), (50, "66.667")])
            )),
            "weight1"
        );
        assert_eq!(blamed(&weighted_board(&[420], &[])), "weight1");
    }

    // --- X78A2: an unbalanced score on a pairs board ---------------------------

    #[test]
    fn unbalanced_board_by_hand() {
        // Four tables (top 6): +420, +450, -50; the adjusted table gives
        // N/S +420 and E/W -450 (+450 from N/S's direction).
        // N/S table +450, +420 × 2, -50: each +420 beats -50 and ties the
        //   other +420: 2 + 1 = 3 (the adjusted N/S too); +450 6; -50 0.
        // E/W table +450 × 2, +420, -50 (N/S's direction): +420 2, each
        //   +450 4 + 1 = 5, -50 0; E/W get the top less that: 4, 1, 6,
        //   and the adjusted E/W 6 − 5 = 1.
        let o = unbalanced_board(&[420, 450, -50], 420, 450);
        let mp = |n: &str| value(&o, n);
        assert_eq!([mp("mp_ns_1"), mp("mp_ew_1")], [q("3"), q("4")]);
        assert_eq!([mp("mp_ns_2"), mp("mp_ew_2")], [q("6"), q("1")]);
        assert_eq!([mp("mp_ns_3"), mp("mp_ew_3")], [q("0"), q("6")]);
        assert_eq!(
            [mp("mp_ns_adjusted"), mp("mp_ew_adjusted")],
            [q("3"), q("1")]
        );
        assert_eq!(mp("percent_ns_adjusted"), q("50"));
        assert_eq!(cite_of(&o), "X78A2");
    }

    #[test]
    fn a_balanced_score_scores_like_any_table() {
        // Three tables (top 4): +100, +200 and +150 for both sides:
        // N/S 0, 4, 2; E/W 4, 0, 2: the same as an ordinary board.
        let o = unbalanced_board(&[100, 200], 150, 150);
        let mp = |n: &str| value(&o, n);
        assert_eq!(
            [mp("mp_ns_1"), mp("mp_ns_2"), mp("mp_ns_adjusted")],
            [q("0"), q("4"), q("2")]
        );
        assert_eq!(
            [mp("mp_ew_1"), mp("mp_ew_2"), mp("mp_ew_adjusted")],
            [q("4"), q("0"), q("2")]
        );
    }

    #[test]
    fn both_sides_of_an_unbalanced_score_can_get_a_bottom() {
        // Four tables (top 6): +100, +200, +300; N/S scored -500, E/W
        // scored -600 (+600 from N/S's direction).
        // N/S: -500 beats nobody: 0. E/W: +600 beats all three from N/S's
        // direction (6), so E/W get 6 − 6 = 0. The others: N/S 2, 4, 6 in
        // the N/S table; E/W 6 − 0, 6 − 2, 6 − 4 = 6, 4, 2.
        let o = unbalanced_board(&[100, 200, 300], -500, 600);
        let mp = |n: &str| value(&o, n);
        assert_eq!(
            [mp("mp_ns_adjusted"), mp("mp_ew_adjusted")],
            [q("0"), q("0")]
        );
        assert_eq!(
            [mp("mp_ns_1"), mp("mp_ns_2"), mp("mp_ns_3")],
            [q("2"), q("4"), q("6")]
        );
        assert_eq!(
            [mp("mp_ew_1"), mp("mp_ew_2"), mp("mp_ew_3")],
            [q("6"), q("4"), q("2")]
        );
    }

    #[test]
    fn unbalanced_board_rejects_impossible_input() {
        assert_eq!(blamed(&unbalanced_board(&[], 420, 450)), "scores");
        assert_eq!(blamed(&unbalanced_board(&[420], 425, 450)), "ns");
        assert_eq!(blamed(&unbalanced_board(&[420], 420, 9000)), "ew");
    }

    // --- X78A3: an artificial score on a pairs board ---------------------------

    #[test]
    fn artificial_board_is_the_group_converted_by_x78b() {
        // Eight tables, one with an artificial score: the seven others are
        // Neuberg-converted from G = 7 to A = 8. The top +450 has P = 12
        // in the group: 8 / 7 × 13 − 1 = 13,857… → 13,9.
        let scores = [420, 450, -50, 420, 100, 170, 400];
        let o = artificial_board(8, &scores);
        assert_eq!(value(&o, "mp_2"), q("13.9"));
        let steps = o.as_ref().map(|o| o.steps.clone()).unwrap_or_default();
        assert_eq!(
            steps.first().map(|s| s.cite.to_string()),
            Some("X78A3".to_string())
        );
        let same = convert_group(8, &scores);
        for n in 1..=scores.len() {
            assert_eq!(
                value(&o, &format!("mp_{n}")),
                value(&same, &format!("mp_{n}"))
            );
        }
        // The group must be smaller than the board.
        assert_eq!(blamed(&artificial_board(3, &[420, 450, -50])), "tables");
    }

    proptest! {
        #[test]
        fn unbalanced_boards_stay_on_the_board_and_each_side_adds_up(
            raw in proptest::collection::vec(-20i64..20, 1..30),
            ns in -20i64..20,
            ew in -20i64..20,
        ) {
            let others: Vec<i64> = raw.iter().map(|s| s * 50).collect();
            let o = unbalanced_board(&others, ns * 50, ew * 50);
            let tables = others.len() as i64 + 1;
            let names: Vec<String> = (1..=others.len()).map(|n| n.to_string()).chain(["adjusted".to_string()]).collect();
            for side in ["ns", "ew"] {
                let mut sum = Q::zero();
                for n in &names {
                    let mp = value(&o, &format!("mp_{side}_{n}"));
                    prop_assert!(mp >= Q::zero() && mp <= top(tables), "{mp}");
                    sum += mp;
                }
                // Each side's table is an ordinary board: A(A − 1) in all.
                prop_assert_eq!(sum, int(i128::from(tables) * i128::from(tables - 1)));
            }
            let ns_mp: Vec<Q> = (1..=others.len()).map(|n| value(&o, &format!("mp_ns_{n}"))).collect();
            let ew_mp: Vec<Q> = (1..=others.len()).map(|n| value(&o, &format!("mp_ew_{n}"))).collect();
            for i in 0..others.len() {
                for j in 0..others.len() {
                    if others[i] < others[j] {
                        prop_assert!(ns_mp[i] <= ns_mp[j]);
                        prop_assert!(ew_mp[i] >= ew_mp[j]);
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn weighted_boards_stay_on_the_board_add_up_and_rank_like_the_scores(
            raw in proptest::collection::vec(-20i64..20, 1..30),
            comps in proptest::collection::vec((-20i64..20, 1u32..100), 1..=5),
        ) {
            let others: Vec<i64> = raw.iter().map(|s| s * 50).collect();
            // Weights in hundredths of a per cent, scaled to sum to 100 %.
            let total: u32 = comps.iter().map(|(_, w)| w).sum();
            let mut hundredths: Vec<i64> = comps.iter().map(|(_, w)| i64::from(*w) * 10_000 / i64::from(total)).collect();
            let short = 10_000 - hundredths.iter().sum::<i64>();
            hundredths[0] += short;
            prop_assume!(hundredths.iter().all(|h| *h > 0));
            let components: Vec<(i64, Q)> = comps.iter().zip(&hundredths).map(|((s, _), h)| (s * 50, Q::new((*h).into(), 100))).collect();
            let o = weighted_board(&others, &components);
            let tables = others.len() as i64 + 1;
            let mut sum = Q::zero();
            let mps: Vec<Q> = (1..=others.len()).map(|n| value(&o, &format!("mp_{n}"))).collect();
            for mp in mps.iter().chain([value(&o, "mp_weighted")].iter()) {
                prop_assert!(*mp >= Q::zero() && *mp <= top(tables), "{mp}");
                sum += mp;
            }
            // Rounded to 0,1 each, so within 0,05 per table of A(A − 1).
            let exact_sum = int(i128::from(tables) * i128::from(tables - 1));
            prop_assert!((sum - exact_sum).abs() <= Q::new(i128::from(tables) * 5, 100), "{sum} vs {exact_sum}");
            for i in 0..others.len() {
                for j in 0..others.len() {
                    if others[i] < others[j] {
                        prop_assert!(mps[i] <= mps[j]);
                    }
                }
            }
            // The weighted score lies between its best and worst score's.
            let alone = |s: i64| int(2) * int(others.iter().filter(|o| **o < s).count() as i128) + int(others.iter().filter(|o| **o == s).count() as i128);
            let lo = components.iter().map(|(s, _)| alone(*s)).min().unwrap_or_default();
            let hi = components.iter().map(|(s, _)| alone(*s)).max().unwrap_or_default();
            let w = value(&o, "mp_weighted");
            prop_assert!(w >= round_board_mp(lo, tables) && w <= round_board_mp(hi, tables), "{w} not in {lo}..{hi}");
        }
    }
}
