/*!
Adjusted scores: the weighted score of Law 12C1c, the artificial adjusted
scores of Law 12C2, non-balancing adjusted scores in a knockout (12C4), and
the handbook's values for them under imps across the field (203A), butler
(204C) and board-a-match (206A).
*/

use num_traits::Zero;

use super::limits::Limits;
use super::number::{int, ratio, show, Q};
use super::scoring::{step, BOARD_IMPS, IMPS, MAX_TABLES, PERCENTAGE};
use super::weights::{check_weights, COMPONENTS};
pub use super::weights::{MAX_COMPONENTS, WEIGHT_DECIMALS};
use super::{cite, Bound, Label, Outcome, Output, RuleError, Unit};

/// A session average in imps (`average`, 12C2c); in pairs it is a
/// percentage.
pub(crate) const IMP_AVERAGE: Limits = Limits::symmetric(1000);

/// The comparisons a pair has in imps across the field (`comparisons`,
/// 203A): one with each other table where the board was played.
pub(crate) const COMPARISONS: Limits = Limits::new(1, MAX_TABLES - 1);

/// Law 12C1c: a weighted adjusted score, the sum of each result times its
/// weight. `components` are (result, weight in per cent); the results are
/// what each possible score gives (in imps or matchpoints: X78A1 weights the
/// results of the comparisons, not the bridge scores). Weights must be
/// above 0 %, have at most two decimals and sum to exactly 100 %.
pub fn weighted(components: &[(Q, Q)]) -> Result<Outcome, RuleError> {
    COMPONENTS.check("weight1", components.len())?;
    for (i, (value, _)) in components.iter().enumerate() {
        IMPS.check(&format!("result{}", i + 1), *value)?;
    }
    check_weights(components.iter().map(|(_, w)| w))?;
    let total: Q = components
        .iter()
        .map(|(v, w)| v * w / int(100))
        .fold(Q::zero(), |a, b| a + b);
    let terms: Vec<String> = components
        .iter()
        .map(|(v, w)| {
            let v = show(v);
            let v = if v.starts_with('-') {
                format!("({v})")
            } else {
                v
            };
            format!("{} % × {v}", show(w))
        })
        .collect();
    let steps = vec![
        step(
            "12C1c",
            Label::EachPossibleResultTimesWeight,
            format!("{} = {}", terms.join(" + "), show(&total)),
        ),
        step("X78A1", Label::ResultsWeightedAreThoseComparisons, ""),
    ];
    Ok(Outcome {
        cite: cite("12C1c"),
        results: vec![Output::new(
            "weighted",
            Label::WeightedScore,
            total,
            Unit::Same,
        )],
        steps,
    })
}

/// How a contest is scored, for Law 12C2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Matchpoints, in per cent (12C2a).
    Pairs,
    /// Imps (12C2b).
    Imp,
}

/// A contestant's share of the responsibility for the irregularity (12C2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Responsibility {
    /// Not at all at fault: average plus.
    None,
    /// Only partly at fault: average.
    Partial,
    /// Directly at fault: average minus.
    Full,
}

/// 12C2a/b's case: its cite, value, bound, the 12C2c threshold a session
/// average is compared with, the unit and the step's words.
type Case = (&'static str, Q, Bound, Option<Q>, Unit, Label);

fn artificial_case(scoring: Scoring, side: Responsibility) -> Result<Case, RuleError> {
    Ok(match (scoring, side) {
        (Scoring::Pairs, Responsibility::Full) => (
            "12C2a",
            int(40),
            Bound::AtMost,
            Some(int(40)),
            Unit::Percent,
            Label::DirectlyFaultAverageMinusMost,
        ),
        (Scoring::Pairs, Responsibility::Partial) => (
            "12C2a",
            int(50),
            Bound::Exact,
            None,
            Unit::Percent,
            Label::PartlyFaultAverage50,
        ),
        (Scoring::Pairs, Responsibility::None) => (
            "12C2a",
            int(60),
            Bound::AtLeast,
            Some(int(60)),
            Unit::Percent,
            Label::NotFaultAveragePlusLeast,
        ),
        (Scoring::Imp, Responsibility::Full) => (
            "12C2b",
            int(-3),
            Bound::Exact,
            Some(int(-3)),
            Unit::Imp,
            Label::AverageMinusImpScoringMinus,
        ),
        (Scoring::Imp, Responsibility::None) => (
            "12C2b",
            int(3),
            Bound::Exact,
            Some(int(3)),
            Unit::Imp,
            Label::AveragePlusImpScoringPlus,
        ),
        (Scoring::Imp, Responsibility::Partial) => {
            return Err(RuleError::NotInText {
                cite: cite("12C2b"),
                what: Label::ImpValueAverageGivesOnly,
            })
        }
    })
}

/// Law 12C2: the artificial adjusted score when no result can be obtained.
/// Pairs: average minus (at most 40 %), average (50 %), average plus (at
/// least 60 %); imps: plus or minus 3 imps (12C2b, which gives no imp value
/// for average). 12C2c: a non-offending contestant whose session average is
/// better than 60 % (an offending one worse than 40 %) gets that average;
/// in imps "the equivalent" is read as the 12C2b values, ±3 imps.
pub fn artificial(
    scoring: Scoring,
    side: Responsibility,
    session_average: Option<Q>,
) -> Result<Outcome, RuleError> {
    let (c, value, bound, threshold, unit, what) = artificial_case(scoring, side)?;
    let mut steps = vec![step(c, what, show(&value))];
    let mut result = (c, value, bound);
    if let (Some(avg), Some(limit)) = (session_average, threshold) {
        let range = match scoring {
            Scoring::Pairs => PERCENTAGE,
            Scoring::Imp => IMP_AVERAGE,
        };
        range.check("average", avg)?;
        let better = side == Responsibility::None && avg > limit;
        let worse = side == Responsibility::Full && avg < limit;
        if better || worse {
            result = ("12C2c", avg, Bound::Exact);
            steps.push(step(
                "12C2c",
                if better {
                    Label::SessionAverageBetterThanAverage
                } else {
                    Label::SessionAverageWorseThanAverage
                },
                format!(
                    "{} {} {} → {}",
                    show(&avg),
                    if better { ">" } else { "<" },
                    show(&limit),
                    show(&avg)
                ),
            ));
        } else {
            steps.push(step(
                "12C2c",
                Label::SessionAverageDoesNotChange,
                show(&avg),
            ));
        }
        steps.push(step("X12B", Label::SessionEachMatchTeamsEach, ""));
    }
    let (c, value, bound) = result;
    Ok(Outcome {
        cite: cite(c),
        results: vec![
            Output::new("score", Label::ArtificialAdjustedScore, value, unit).bound(bound),
        ],
        steps,
    })
}

/// Average plus or average minus, the two artificial scores the handbook's
/// scoring sections give values for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlusMinus {
    Plus,
    Minus,
}

fn plus_minus_label(pm: PlusMinus) -> Label {
    match pm {
        PlusMinus::Plus => Label::AveragePlus,
        PlusMinus::Minus => Label::AverageMinus,
    }
}

const ARTIFICIAL: Label = Label::ArtificialScore;

/// 203A: in imps across the field an artificial score is +2 imps (average
/// plus) or −2 imps (average minus) for each comparison the pair has.
pub fn iaf_artificial(pm: PlusMinus, comparisons: i64) -> Result<Outcome, RuleError> {
    COMPARISONS.check_whole("comparisons", comparisons)?;
    let each = match pm {
        PlusMinus::Plus => int(2),
        PlusMinus::Minus => int(-2),
    };
    let total = each * int(comparisons.into());
    Ok(Outcome {
        cite: cite("203A"),
        results: vec![
            Output::new("imp", ARTIFICIAL, total, Unit::Imp),
            Output::new("per_comparison", Label::PerComparison, each, Unit::Imp),
        ],
        steps: vec![step(
            "203A",
            plus_minus_label(pm),
            format!("{} × {comparisons} = {}", show(&each), show(&total)),
        )],
    })
}

/// Law 12C4: in a knockout, when the adjusted scores the TD awards do not
/// balance, each side's score is worked out separately and their average
/// given to both. `first` is the first side's imps from its own adjusted
/// score, `second` the second side's imps from its own (each as that side
/// sees it); the first side gets (first − second) / 2, the second its
/// negative.
pub fn knockout_average(first: Q, second: Q) -> Result<Outcome, RuleError> {
    // A knockout board's imps: one comparison, the imp scale's range.
    BOARD_IMPS.check("first", first)?;
    BOARD_IMPS.check("second", second)?;
    let average = (first - second) / int(2);
    Ok(Outcome {
        cite: cite("12C4"),
        results: vec![
            Output::new("first", Label::FirstSide, average, Unit::Imp),
            Output::new("second", Label::SecondSide, -average, Unit::Imp),
        ],
        steps: vec![step(
            "12C4",
            Label::EachSideScoreWorkedOut,
            format!(
                "({} − ({})) / 2 = {}",
                show(&first),
                show(&second),
                show(&average)
            ),
        )],
    })
}

/// 204C: in butler scoring an artificial score is +2 imps (average plus) or
/// −2 imps (average minus).
pub fn butler_artificial(pm: PlusMinus) -> Result<Outcome, RuleError> {
    let v = match pm {
        PlusMinus::Plus => int(2),
        PlusMinus::Minus => int(-2),
    };
    Ok(Outcome {
        cite: cite("204C"),
        results: vec![Output::new("imp", ARTIFICIAL, v, Unit::Imp)],
        steps: vec![step("204C", plus_minus_label(pm), show(&v))],
    })
}

/// 206A: in board-a-match an artificial score is 1,2 points (average plus)
/// or 0,8 points (average minus), used without rounding.
pub fn bam_artificial(pm: PlusMinus) -> Result<Outcome, RuleError> {
    let v = match pm {
        PlusMinus::Plus => ratio(6, 5),
        PlusMinus::Minus => ratio(4, 5),
    };
    Ok(Outcome {
        cite: cite("206A"),
        results: vec![Output::new("points", ARTIFICIAL, v, Unit::Points)],
        steps: vec![step("206A", Label::UsedWithoutRounding, show(&v))],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use proptest::prelude::*;

    fn w(rows: &[(&str, &str)]) -> Result<Outcome, RuleError> {
        let rows: Vec<(Q, Q)> = rows.iter().map(|(v, wt)| (q(v), q(wt))).collect();
        weighted(&rows)
    }

    #[test]
    fn weighted_score_is_the_weighted_sum() {
        // 40 % of +4 imps and 60 % of −1: 1,6 − 0,6 = 1.
        assert_eq!(value(&w(&[("4", "40"), ("-1", "60")]), "weighted"), q("1"));
        // Thirds to two decimals: 33,33 % × 10 + 33,33 % × 20 + 33,34 % × 30
        // = 3,333 + 6,666 + 10,002 = 20,001.
        let o = w(&[("10", "33.33"), ("20", "33.33"), ("30", "33.34")]);
        assert_eq!(value(&o, "weighted"), q("20.001"));
        assert_eq!(cite_of(&o), "12C1c");
        // Five results at 20 %: (1 + 2 + 3 + 4 + 5) / 5 = 3.
        let o = w(&[
            ("1", "20"),
            ("2", "20"),
            ("3", "20"),
            ("4", "20"),
            ("5", "20"),
        ]);
        assert_eq!(value(&o, "weighted"), q("3"));
        // Matchpoints: 25 % of 17,4 and 75 % of 6,2 = 4,35 + 4,65 = 9.
        assert_eq!(
            value(&w(&[("17.4", "25"), ("6.2", "75")]), "weighted"),
            q("9")
        );
    }

    #[test]
    fn weights_must_be_positive_two_decimals_and_sum_to_100() {
        assert_eq!(blamed(&w(&[("4", "40"), ("-1", "59.99")])), "weights");
        assert_eq!(blamed(&w(&[("4", "40"), ("-1", "60.01")])), "weights");
        assert_eq!(blamed(&w(&[("4", "100"), ("-1", "0")])), "weight2");
        assert_eq!(blamed(&w(&[("4", "-10"), ("-1", "110")])), "weight1");
        assert_eq!(blamed(&w(&[("4", "33.333"), ("-1", "66.667")])), "weight1");
        let six = [
            ("1", "10"),
            ("1", "10"),
            ("1", "10"),
            ("1", "10"),
            ("1", "10"),
            ("1", "50"),
        ];
        assert_eq!(blamed(&w(&six)), "weight1");
        assert_eq!(blamed(&w(&[])), "weight1");
        // One result at 100 % is that result.
        assert_eq!(value(&w(&[("7", "100")]), "weighted"), q("7"));
    }

    #[test]
    fn artificial_scores_in_pairs_are_40_50_60() {
        // 12C2a: average minus at most 40 %, average 50 %, average plus at
        // least 60 %.
        let full = artificial(Scoring::Pairs, Responsibility::Full, None);
        assert_eq!(value(&full, "score"), q("40"));
        assert_eq!(
            full.as_ref().map(|o| o.results[0].bound).ok(),
            Some(Bound::AtMost)
        );
        assert_eq!(
            value(
                &artificial(Scoring::Pairs, Responsibility::Partial, None),
                "score"
            ),
            q("50")
        );
        let none = artificial(Scoring::Pairs, Responsibility::None, None);
        assert_eq!(value(&none, "score"), q("60"));
        assert_eq!(
            none.as_ref().map(|o| o.results[0].bound).ok(),
            Some(Bound::AtLeast)
        );
        assert_eq!(cite_of(&none), "12C2a");
    }

    #[test]
    fn artificial_scores_in_imps_are_plus_or_minus_3() {
        // 12C2b: plus 3 or minus 3 imps; it names no value for average.
        assert_eq!(
            value(
                &artificial(Scoring::Imp, Responsibility::None, None),
                "score"
            ),
            q("3")
        );
        assert_eq!(
            value(
                &artificial(Scoring::Imp, Responsibility::Full, None),
                "score"
            ),
            q("-3")
        );
        assert_eq!(
            blamed(&artificial(Scoring::Imp, Responsibility::Partial, None)),
            "not in text: 12C2b"
        );
    }

    #[test]
    fn a_better_session_average_replaces_the_artificial_score() {
        // 12C2c: non-offending with 63,5 % > 60 % gets 63,5 %.
        let o = artificial(Scoring::Pairs, Responsibility::None, Some(q("63.5")));
        assert_eq!(value(&o, "score"), q("63.5"));
        assert_eq!(cite_of(&o), "12C2c");
        // 55 % is not better than 60 %: 60 % stands.
        assert_eq!(
            value(
                &artificial(Scoring::Pairs, Responsibility::None, Some(q("55"))),
                "score"
            ),
            q("60")
        );
        // Offending with 35 % < 40 % gets 35 %; with 45 % stays at 40 %.
        assert_eq!(
            value(
                &artificial(Scoring::Pairs, Responsibility::Full, Some(q("35"))),
                "score"
            ),
            q("35")
        );
        assert_eq!(
            value(
                &artificial(Scoring::Pairs, Responsibility::Full, Some(q("45"))),
                "score"
            ),
            q("40")
        );
        // Exactly 60 % is not "better than 60 %".
        assert_eq!(
            cite_of(&artificial(
                Scoring::Pairs,
                Responsibility::None,
                Some(q("60"))
            )),
            "12C2a"
        );
        // Imps: +4,2 a board > +3.
        assert_eq!(
            value(
                &artificial(Scoring::Imp, Responsibility::None, Some(q("4.2"))),
                "score"
            ),
            q("4.2")
        );
        assert_eq!(
            blamed(&artificial(
                Scoring::Pairs,
                Responsibility::None,
                Some(q("101"))
            )),
            "average"
        );
    }

    #[test]
    fn handbook_artificial_scores() {
        // 203A: ±2 imps per comparison. 12 comparisons: +24; 5: −10; 1: +2.
        assert_eq!(value(&iaf_artificial(PlusMinus::Plus, 12), "imp"), q("24"));
        assert_eq!(value(&iaf_artificial(PlusMinus::Minus, 5), "imp"), q("-10"));
        assert_eq!(value(&iaf_artificial(PlusMinus::Plus, 1), "imp"), q("2"));
        assert_eq!(blamed(&iaf_artificial(PlusMinus::Plus, 0)), "comparisons");
        // At most one comparison for each other table of the largest board.
        assert_eq!(
            blamed(&iaf_artificial(PlusMinus::Plus, 1000)),
            "comparisons"
        );
        // 204C: ±2 imps.
        assert_eq!(value(&butler_artificial(PlusMinus::Plus), "imp"), q("2"));
        assert_eq!(value(&butler_artificial(PlusMinus::Minus), "imp"), q("-2"));
        // 206A: 1,2 and 0,8 points, not rounded.
        assert_eq!(value(&bam_artificial(PlusMinus::Plus), "points"), q("1.2"));
        assert_eq!(value(&bam_artificial(PlusMinus::Minus), "points"), q("0.8"));
    }

    /// Up to five weights in hundredths of a per cent that sum to 100 %.
    fn weights() -> impl Strategy<Value = Vec<i64>> {
        proptest::collection::vec(1i64..10_000, 0..4).prop_map(|mut cuts| {
            cuts.sort_unstable();
            cuts.dedup();
            let mut prev = 0;
            let mut out = Vec::new();
            for c in cuts.into_iter().chain(std::iter::once(10_000)) {
                out.push(c - prev);
                prev = c;
            }
            out
        })
    }

    proptest! {
        #[test]
        fn a_weighted_score_lies_between_its_smallest_and_largest_result(
            ws in weights(),
            vs in proptest::collection::vec(-100_000i64..100_000, 5),
        ) {
            let rows: Vec<(Q, Q)> = ws
                .iter()
                .zip(&vs)
                .map(|(w, v)| (Q::new((*v).into(), 10), Q::new((*w).into(), 100)))
                .collect();
            let o = weighted(&rows);
            let got = value(&o, "weighted");
            let lo = rows.iter().map(|r| r.0).min().unwrap_or_default();
            let hi = rows.iter().map(|r| r.0).max().unwrap_or_default();
            prop_assert!(lo <= got && got <= hi, "{lo} <= {got} <= {hi}");
        }

        #[test]
        fn pairs_artificial_scores_stay_within_0_and_100(avg in 0i64..=10_000, side in 0u8..3) {
            let side = [Responsibility::None, Responsibility::Partial, Responsibility::Full][side as usize];
            let o = artificial(Scoring::Pairs, side, Some(Q::new(avg.into(), 100)));
            let v = value(&o, "score");
            prop_assert!(v >= Q::zero() && v <= int(100));
        }
    }

    #[test]
    fn knockout_scores_that_do_not_balance_are_averaged() {
        // 12C4: the first side's adjusted score gives it +6 imps, the second
        // side's own gives the second side −2 (so +2 to the first): each
        // gets the average, (6 − (−2)) / 2 = +4 and −4.
        let o = knockout_average(q("6"), q("-2"));
        assert_eq!(value(&o, "first"), q("4"));
        assert_eq!(value(&o, "second"), q("-4"));
        // Balancing scores stay as they are: +5 and −5.
        assert_eq!(value(&knockout_average(q("5"), q("-5")), "first"), q("5"));
        // Both sides gaining: +3 and +1 → +1 and −1.
        assert_eq!(value(&knockout_average(q("3"), q("1")), "first"), q("1"));
        assert_eq!(blamed(&knockout_average(q("100001"), q("0"))), "first");
        // A board gives at most 24 imps a side (the imp scale's top).
        assert_eq!(blamed(&knockout_average(q("30"), q("0"))), "first");
        assert_eq!(blamed(&knockout_average(q("0"), q("-24.5"))), "second");
        assert_eq!(
            value(&knockout_average(q("24"), q("-24")), "first"),
            q("24")
        );
    }

    proptest::proptest! {
        #[test]
        fn a_knockout_average_balances(a in -24i64..=24, b in -24i64..=24) {
            let o = knockout_average(int(a.into()), int(b.into()));
            proptest::prop_assert_eq!(value(&o, "first") + value(&o, "second"), Q::zero());
            // Balancing scores (b = −a) are kept as awarded.
            let kept = knockout_average(int(a.into()), int((-a).into()));
            proptest::prop_assert_eq!(value(&kept, "first"), int(a.into()));
        }
    }
}
