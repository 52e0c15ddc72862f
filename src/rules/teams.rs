/*!
Team and imp methods: imps across the field (203B), butler scoring (204A–B:
the datum and the difference) and carry-over between matches (207A, with
the penalty points of the teams' own match turned into imps by 207A2). They
share the bounds and the X78 rounding of [`super::scoring`], not its
matchpoint tables.
*/

use num_traits::Zero;

use super::limits::{Count, Limits};
use super::number::{int, ratio, round_away_from, show, Q};
use super::penalties::{BOARDS, MAX_BOARDS};
use super::scoring::{
    check_group, check_scores, show_score, step, IMP_SCALE_TOP, MAX_TABLES, SCORE,
};
use super::{cite, Label, Outcome, Output, Problem, RuleError, Step, Unit};

/// The most KP a team can be penalised in one match here: far above any
/// table of 212-213, low enough to keep every product small.
const MAX_PENALTY_KP: i64 = 100;

/// Every score on a board from one direction (`scores`, 204A, 204A2): two
/// at least (204A3b averages two), one for each table.
pub(crate) const BOARD_SCORES: Count = Count::new(2, MAX_TABLES as usize);

/// The KP a team was penalised in one match (`first`, `second`, 207A2).
pub(crate) const PENALTY_KP: Limits = Limits::new(0, MAX_PENALTY_KP);

/// How many scores 204A1 removes at each end (`drop`): one, or two as its
/// footnote lets an organiser decide.
pub(crate) const DROP: Limits = Limits::new(1, 2);

/// A frequency in 204A2's table: above 0, up to every table.
pub(crate) const FREQUENCY: Limits = Limits::above(0, MAX_TABLES);

/// The imp difference of a match (207A2), each board at most the imp
/// scale's top; the match's own boards bound it further.
pub(crate) const MATCH_IMPS: Limits = Limits::symmetric(MAX_BOARDS * IMP_SCALE_TOP);

/// The imp difference carried over (207A), of the team with the positive one.
pub(crate) const CARRIED: Limits = Limits::new(0, MAX_BOARDS * IMP_SCALE_TOP);

/// The boards of the match a carry-over goes into (207A).
pub(crate) const COMING_BOARDS: Limits = Limits::new(1, MAX_TABLES * 10);

/// 203B: in imps across the field, a group's imps (P) on a larger number of
/// tables are A / G × P, rounded to 0,1 imp per X78C2 (imps across the
/// field is neither scored in victory points nor butler).
pub fn iaf_convert(tables: i64, results: i64, imp: Q) -> Result<Outcome, RuleError> {
    check_group(tables, results)?;
    // P is the sum of the pair's G − 1 comparisons in the group, each at
    // most the 24 imps at the top of the imp scale (78B): a group of one has
    // no comparisons, so P is 0 and so is A / G × P.
    Limits::symmetric((results - 1) * IMP_SCALE_TOP).check("imp", imp)?;
    let exact = int(tables.into()) / int(results.into()) * imp;
    let rounded = round_away_from(exact, ratio(1, 10), Q::zero());
    let mut steps = vec![step(
        "203B",
        Label::ImpsTablesGP,
        format!("{tables} / {results} × {} = {}", show(&imp), show(&exact)),
    )];
    if rounded != exact {
        steps.push(step(
            "X78C2",
            Label::Rounded01ImpHalves,
            format!("{} → {}", show(&exact), show(&rounded)),
        ));
    }
    Ok(Outcome {
        cite: cite("203B"),
        results: vec![Output::new("imp", Label::ImpsTables, rounded, Unit::Imp)],
        steps,
    })
}

/// 204A: the butler datum, the average of the scores left when the highest
/// and the lowest are removed (204A1; `drop` = 2 removes the two best and
/// the two worst, as footnote 1 lets an organiser decide). `simplified`:
/// whether special scores are computed by X78D's simplified method (204A3),
/// which removes them first; two scores left then average both (204A3b),
/// more than two are 204A1's datum again (204A3c). With two scores the
/// method decides, so it is asked for, never assumed.
pub fn datum(scores: &[i64], drop: i64, simplified: Option<bool>) -> Result<Outcome, RuleError> {
    check_scores(scores)?;
    DROP.check_whole("drop", drop)?;
    let n = scores.len();
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let (c, kept, what) = match (n, simplified) {
        (2, None) => return Err(RuleError::unchosen("method")),
        (2, Some(true)) => ("204A3b", sorted.clone(), Label::TwoScoresDatumTheirAverage),
        _ => {
            let d = drop as usize;
            // The scores left once `drop` are removed at each end.
            Count::new(2 * d + 1, BOARD_SCORES.max).check("scores", n)?;
            let (c, what) = if simplified == Some(true) {
                ("204A3c", Label::SimplifiedMoreThanTwoScores)
            } else {
                ("204A1", Label::HighestLowestRemovedDatumAverage)
            };
            (c, sorted[d..n - d].to_vec(), what)
        }
    };
    let sum: i64 = kept.iter().sum();
    let avg = ratio(sum.into(), kept.len() as i128);
    let shown: Vec<String> = kept.iter().map(|s| show_score(*s)).collect();
    let steps = vec![step(
        c,
        what,
        format!("({}) / {} = {}", shown.join(" + "), kept.len(), show(&avg)),
    )];
    Ok(Outcome {
        cite: cite(c),
        results: vec![datum_output(avg)],
        steps,
    })
}

/// 204B1–2: a pair's score minus the datum, rounded to the nearest multiple
/// of 10 (a difference divisible by 5 away from 0). 204B3 then turns it
/// into imps by the imp scale of Law 78B, whose text is not in the corpus,
/// so the result stops at the rounded difference and says so.
pub fn butler_difference(score: i64, datum: Q) -> Result<Outcome, RuleError> {
    check_scores(&[score])
        .map_err(|_| RuleError::input("score", Problem::NotAScore(score.to_string())))?;
    SCORE.check("datum", datum)?;
    let diff = int(score.into()) - datum;
    let rounded = round_away_from(diff, int(10), Q::zero());
    let steps = vec![
        step(
            "204B1",
            Label::PairScoreMinusDatum,
            format!("{} − {} = {}", show_score(score), show(&datum), show(&diff)),
        ),
        step(
            "204B2",
            Label::RoundedNearest105Away,
            format!("{} → {}", show(&diff), show(&rounded)),
        ),
        step("204B3", Label::ImpsImpScaleLaw78b, ""),
    ];
    Ok(Outcome {
        cite: cite("204B2"),
        results: vec![Output::new(
            "difference",
            Label::RoundedDifference,
            rounded,
            Unit::Score,
        )],
        steps,
    })
}

/// The datum a butler board is scored against (204A).
fn datum_output(avg: Q) -> Output {
    Output::new("datum", Label::DatumScore, avg, Unit::Score)
}

/// 204A2: the butler datum from a frequency table whose frequencies may be
/// fractions (weighted scores under X78A, groups scaled by A / G under
/// X78B). The highest and the lowest score are removed as 204A1 says, one
/// whole occurrence at each end: where the highest score's frequency is
/// under 1, it goes entirely and a part of the next goes too, until 1,0
/// occurrence is removed (the section's footnote 2), and likewise at the
/// bottom. The datum is the average of what is left, weighted by frequency.
pub fn datum_from_frequencies(table: &[(i64, Q)]) -> Result<Outcome, RuleError> {
    let scores: Vec<i64> = table.iter().map(|(s, _)| *s).collect();
    check_scores(&scores)?;
    for (_, f) in table {
        FREQUENCY.check("frequencies", *f)?;
    }
    let total = table.iter().fold(Q::zero(), |a, (_, f)| a + f);
    if total <= int(2) {
        return Err(RuleError::input(
            "frequencies",
            Problem::NotAbove { min: int(2) },
        ));
    }
    let mut rows: Vec<(i64, Q)> = table.to_vec();
    rows.sort_by_key(|(s, _)| *s);
    // Remove one whole occurrence from the bottom, then from the top.
    let remove = |rows: &mut Vec<(i64, Q)>, from_top: bool| {
        let mut left = int(1);
        let order: Vec<usize> = if from_top {
            (0..rows.len()).rev().collect()
        } else {
            (0..rows.len()).collect()
        };
        for i in order {
            if left.is_zero() {
                break;
            }
            let take = if rows[i].1 < left { rows[i].1 } else { left };
            rows[i].1 -= take;
            left -= take;
        }
    };
    remove(&mut rows, false);
    remove(&mut rows, true);
    let kept: Vec<(i64, Q)> = rows.into_iter().filter(|(_, f)| !f.is_zero()).collect();
    let weight = kept.iter().fold(Q::zero(), |a, (_, f)| a + f);
    let sum = kept
        .iter()
        .fold(Q::zero(), |a, (s, f)| a + int((*s).into()) * f);
    let avg = sum / weight;
    let shown: Vec<String> = kept
        .iter()
        .map(|(s, f)| format!("{} × {}", show_score(*s), show(f)))
        .collect();
    Ok(Outcome {
        cite: cite("204A2"),
        results: vec![datum_output(avg)],
        steps: vec![
            step("204A2c", Label::OneWholeOccurrenceRemovedEach, ""),
            step(
                "204A2c",
                Label::DatumFrequencyWeightedAverageRest,
                format!(
                    "({}) / {} = {}",
                    shown.join(" + "),
                    show(&weight),
                    show(&avg)
                ),
            ),
        ],
    })
}

/// 207A2: penalty points given in the teams' own round-robin match count in
/// its imp difference: each team's KP deduction is turned into standard
/// deductions by 211B1 (the size of one on the round robin's KP scale of
/// `boards` boards) and those into imps by 211B1d (1½ imps each).
/// `difference` is the first team's imp difference, `first_kp` and
/// `second_kp` the KP each team was penalised; the result is the first
/// team's difference with the penalties counted.
pub fn penalties_in_imps(
    difference: Q,
    first_kp: Q,
    second_kp: Q,
    boards: i64,
) -> Result<Outcome, RuleError> {
    BOARDS.check_whole("boards", boards)?;
    // The difference of a match of `boards` boards: at most 24 imps each.
    Limits::symmetric(boards * IMP_SCALE_TOP).check("difference", difference)?;
    PENALTY_KP.check("first", first_kp)?;
    PENALTY_KP.check("second", second_kp)?;
    let size = super::penalties::standard_deduction(super::penalties::Form::TeamVp { boards })?;
    let Some(kp_each) = size.results.first().map(|o| o.value) else {
        return Err(RuleError::input("boards", Problem::Missing));
    };
    let imps_each = ratio(3, 2);
    let in_imps = |kp: Q| kp / kp_each * imps_each;
    let (i1, i2) = (in_imps(first_kp), in_imps(second_kp));
    let adjusted = difference - i1 + i2;
    let mut steps = size.steps;
    steps.push(step(
        "207A2",
        Label::EachTeamKpPenaltyStandard,
        format!(
            "{} / {} × 1,5 = {}; {} / {} × 1,5 = {}",
            show(&first_kp),
            show(&kp_each),
            show(&i1),
            show(&second_kp),
            show(&kp_each),
            show(&i2)
        ),
    ));
    steps.push(step(
        "207A2",
        Label::ImpDifferencePenaltiesCounted,
        format!(
            "{} − {} + {} = {}",
            show(&difference),
            show(&i1),
            show(&i2),
            show(&adjusted)
        ),
    ));
    Ok(Outcome {
        cite: cite("207A2"),
        results: vec![Output::new(
            "difference",
            Label::ImpDifferencePenaltiesCounted2,
            adjusted,
            Unit::Imp,
        )],
        steps,
    })
}

/// 207A3–4: the imps carried over from a round robin into a later match: a
/// half of the imp difference of the teams' own match if the team with the
/// positive difference finished higher, a third if it finished lower, used
/// without rounding, capped by the boards of the coming match: 8 imps up to
/// 32 boards (207A4a), 24 above 128 (207A4e). The board ranges for 12, 16
/// and 20 imps (207A4b–d) are lost in the source (`[…]`), so between 33 and
/// 128 boards a carry-over above 12 imps cannot be capped and is
/// [`RuleError::NotInText`]; up to 12 imps no cap in b–d can bite.
pub fn carry_over(difference: Q, finished_higher: bool, boards: i64) -> Result<Outcome, RuleError> {
    CARRIED.check("difference", difference)?;
    COMING_BOARDS.check_whole("boards", boards)?;
    let (part, part_text) = if finished_higher {
        (ratio(1, 2), "1 / 2")
    } else {
        (ratio(1, 3), "1 / 3")
    };
    let share = difference * part;
    let mut steps = vec![step(
        "207A3",
        if finished_higher {
            Label::TeamPositiveDifferenceFinishedHigher
        } else {
            Label::TeamPositiveDifferenceFinishedLower
        },
        format!("{part_text} × {} = {}", show(&difference), show(&share)),
    )];
    let (c, cap) = if boards <= 32 {
        ("207A4a", int(8))
    } else if boards > 128 {
        ("207A4e", int(24))
    } else if share <= int(12) {
        steps.push(step(
            "207A4",
            Label::BoardsCapOfThe33To128Table,
            format!("{} ≤ 12", show(&share)),
        ));
        return Ok(carry_outcome("207A3", share, steps));
    } else {
        return Err(RuleError::NotInText {
            cite: cite("207A4"),
            what: Label::CapMatch33128Boards,
        });
    };
    let value = share.min(cap);
    steps.push(step(
        c,
        Label::MostCapBoardsComingMatch,
        format!("min({}, {}) = {}", show(&share), show(&cap), show(&value)),
    ));
    let c = if value < share { c } else { "207A3" };
    Ok(carry_outcome(c, value, steps))
}

fn carry_outcome(c: &'static str, value: Q, steps: Vec<Step>) -> Outcome {
    Outcome {
        cite: cite(c),
        results: vec![Output::new("imp", Label::ImpsCarriedOver, value, Unit::Imp)],
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};

    // --- 203B, 204A–B, 207A ----------------------------------------------------------

    #[test]
    fn iaf_group_stays_on_the_board() {
        // A group of one has no comparisons: P is 0, and so is A / G × P
        // (13 / 1 × 0); any other P is more than a group of one gives.
        let o = iaf_convert(13, 1, q("0"));
        assert_eq!(value(&o, "imp"), q("0"));
        assert_eq!(cite_of(&o), "203B");
        assert_eq!(blamed(&iaf_convert(13, 1, q("5"))), "imp");
        // P is at most 24 imps for each of the G − 1 comparisons.
        assert_eq!(blamed(&iaf_convert(13, 6, q("100000"))), "imp");
        assert_eq!(blamed(&iaf_convert(13, 6, q("121"))), "imp");
        assert_eq!(value(&iaf_convert(13, 6, q("120")), "imp"), q("260"));
    }

    #[test]
    fn iaf_group_scales_by_tables_over_results() {
        // 203B: A / G × P. 13 / 6 × 7 = 91 / 6 = 15,1666… → 15,2 (X78C2).
        assert_eq!(value(&iaf_convert(13, 6, q("7")), "imp"), q("15.2"));
        // 10 / 4 × (−9) = −22,5, already a tenth.
        assert_eq!(value(&iaf_convert(10, 4, q("-9")), "imp"), q("-22.5"));
        // 9 / 8 × 2 = 2,25 → 2,3; and −2,25 → −2,3 (away from 0).
        assert_eq!(value(&iaf_convert(9, 8, q("2")), "imp"), q("2.3"));
        assert_eq!(value(&iaf_convert(9, 8, q("-2")), "imp"), q("-2.3"));
        assert_eq!(blamed(&iaf_convert(8, 9, q("2"))), "tables");
    }

    #[test]
    fn butler_datum_drops_the_extremes() {
        // 204A1: 420, 450, -50, 420, 400 without 450 and -50:
        // (400 + 420 + 420) / 3 = 413,33…
        let o = datum(&[420, 450, -50, 420, 400], 1, None);
        assert_eq!(value(&o, "datum"), Q::new(1240, 3));
        // Footnote 1, two of each removed: only 420 is left.
        assert_eq!(
            value(&datum(&[420, 450, -50, 420, 400], 2, None), "datum"),
            q("420")
        );
        // 100, 200, 300, 400 → (200 + 300) / 2 = 250.
        let o = datum(&[100, 200, 300, 400], 1, None);
        assert_eq!(value(&o, "datum"), q("250"));
        // 204A3c: the simplified method with more than two scores left is
        // the same datum, under its own provision.
        let o = datum(&[100, 200, 300, 400], 1, Some(true));
        assert_eq!(value(&o, "datum"), q("250"));
        assert_eq!(cite_of(&o), "204A3c");
        // Two scores: the method decides, and is asked for.
        assert_eq!(
            datum(&[420, -50], 1, None),
            Err(RuleError::unchosen("method"))
        );
        // 204A3b: the simplified method, two scores left → their average.
        let o = datum(&[420, -50], 1, Some(true));
        assert_eq!(value(&o, "datum"), q("185"));
        assert_eq!(cite_of(&o), "204A3b");
        // 204A1 needs a score left once the highest and lowest are removed.
        assert_eq!(blamed(&datum(&[420, -50], 1, Some(false))), "scores");
        assert_eq!(blamed(&datum(&[420], 1, Some(true))), "scores");
        assert_eq!(blamed(&datum(&[420, 400, 100, 50], 2, None)), "scores");
    }

    #[test]
    fn butler_difference_rounds_to_tens_and_stops_before_imps() {
        // 204B2: 450 − 425 = 25 → 30 (a 5 away from 0); 400 − 425 = −25 → −30.
        assert_eq!(
            value(&butler_difference(450, q("425")), "difference"),
            q("30")
        );
        assert_eq!(
            value(&butler_difference(400, q("425")), "difference"),
            q("-30")
        );
        // 420 − 413,33… = 6,66… → 10; −50 − 412 = −462 → −460.
        assert_eq!(
            value(&butler_difference(420, Q::new(1240, 3)), "difference"),
            q("10")
        );
        assert_eq!(
            value(&butler_difference(-50, q("412")), "difference"),
            q("-460")
        );
        // 204B3's imp scale (Law 78B) is not in the corpus: a step says so.
        let o = butler_difference(450, q("425")).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.steps.iter().any(|s| s.cite.to_string() == "204B3"));
    }

    #[test]
    fn carry_over_takes_a_half_or_a_third_under_the_cap() {
        // 207A3: half if the team with the positive difference finished
        // higher, a third if lower; 207A4a: at most 8 imps up to 32 boards.
        assert_eq!(value(&carry_over(q("30"), true, 24), "imp"), q("8"));
        assert_eq!(value(&carry_over(q("12"), true, 32), "imp"), q("6"));
        // 207A4e: at most 24 imps above 128 boards: 60 / 2 = 30 → 24.
        assert_eq!(value(&carry_over(q("60"), true, 140), "imp"), q("24"));
        // 30 / 2 = 15 < 24 stays.
        assert_eq!(value(&carry_over(q("30"), true, 140), "imp"), q("15"));
        // 33–128 boards: the caps of 207A4b–d are lost, but all are at least
        // 12: 30 / 3 = 10 is under each.
        assert_eq!(value(&carry_over(q("30"), false, 48), "imp"), q("10"));
        // A third, not rounded: 10 / 3.
        assert_eq!(value(&carry_over(q("10"), false, 16), "imp"), Q::new(10, 3));
        // 30 / 2 = 15 on 48 boards: the cap is 12, 16 or 20; the text lost which.
        assert_eq!(blamed(&carry_over(q("30"), true, 48)), "not in text: 207A4");
    }

    #[test]
    fn penalty_points_count_in_the_carried_difference() {
        // 207A2 on a 16-board KP scale (211B1a: ½ KP per standard
        // deduction): 1 KP against the first team is 2 deductions, 3 imps;
        // +10 − 3 = +7.
        let o = penalties_in_imps(q("10"), q("1"), q("0"), 16);
        assert_eq!(value(&o, "difference"), q("7"));
        // On a 12-board scale (211B1b: 1 KP per deduction) 2 KP against the
        // second team is 2 deductions, 3 imps for the first: −4 + 3 = −1.
        let o = penalties_in_imps(q("-4"), q("0"), q("2"), 12);
        assert_eq!(value(&o, "difference"), q("-1"));
        // 13 boards: 211B1 gives no size.
        assert_eq!(
            blamed(&penalties_in_imps(q("5"), q("1"), q("0"), 13)),
            "not in text: 211B1"
        );
        assert_eq!(
            blamed(&penalties_in_imps(q("5"), q("-1"), q("0"), 16)),
            "first"
        );
    }

    proptest::proptest! {
        #[test]
        fn a_penalty_never_helps_the_team_that_got_it(d in -200i64..200, kp in 0i64..20, boards in 14i64..64) {
            let none = value(&penalties_in_imps(int(d.into()), int(0), int(0), boards), "difference");
            let first = value(&penalties_in_imps(int(d.into()), int(kp.into()), int(0), boards), "difference");
            let second = value(&penalties_in_imps(int(d.into()), int(0), int(kp.into()), boards), "difference");
            proptest::prop_assert!(first <= none && second >= none);
            proptest::prop_assert_eq!(none - first, second - none);
        }
    }

    #[test]
    fn a_fractional_top_is_removed_with_part_of_the_next() {
        // 204A2, footnote 2: +620 × 0,4, +170 × 0,6 (a weighted score),
        // +140 × 2, −100 × 1. The top removes all of +620 (0,4) and 0,6 of
        // +170; the bottom removes −100. Left: +140 × 2 = datum +140.
        let o = datum_from_frequencies(&[
            (620, q("0.4")),
            (170, q("0.6")),
            (140, q("2")),
            (-100, q("1")),
        ]);
        assert_eq!(value(&o, "datum"), q("140"));
        // Whole frequencies give 204A1's datum: 420, 420, 450, −50, 400 →
        // (400 + 420 + 420) / 3.
        let o =
            datum_from_frequencies(&[(420, q("2")), (450, q("1")), (-50, q("1")), (400, q("1"))]);
        let whole = datum(&[420, 450, -50, 420, 400], 1, None);
        assert_eq!(value(&o, "datum"), value(&whole, "datum"));
        assert_eq!(
            blamed(&datum_from_frequencies(&[(420, q("1")), (400, q("1"))])),
            "frequencies"
        );
        assert_eq!(blamed(&datum_from_frequencies(&[(425, q("3"))])), "scores");
    }

    proptest::proptest! {
        #[test]
        fn the_fractional_datum_lies_within_the_scores(
            rows in proptest::collection::vec((-20i64..20, 1u32..400), 3..12)
        ) {
            let table: Vec<(i64, Q)> = rows.iter().map(|(s, f)| (s * 10, Q::new((*f).into(), 100))).collect();
            let table: Vec<(i64, Q)> = table.into_iter().filter(|(s, _)| crate::rules::scoring::is_score(*s)).collect();
            let total = table.iter().fold(Q::zero(), |a, (_, f)| a + f);
            proptest::prop_assume!(total > int(2));
            let d = value(&datum_from_frequencies(&table), "datum");
            let lo = table.iter().map(|(s, _)| *s).min().unwrap_or(0);
            let hi = table.iter().map(|(s, _)| *s).max().unwrap_or(0);
            proptest::prop_assert!(int(lo.into()) <= d && d <= int(hi.into()));
        }
    }
}
