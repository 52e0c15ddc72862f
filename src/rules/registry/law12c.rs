/*!
Law 12C: adjusted scores — a weighted score (12C1c), an artificial adjusted
score (12C2) and the knockout average of 12C4.
*/

use super::inputs::{
    choices, decimal, result_row, weight_row, weighted_rows, Args, Calculator, Chosen, Input,
    InputKind,
};
use crate::rules::adjusted::{self, Responsibility, Scoring, IMP_AVERAGE};
use crate::rules::scoring::BOARD_IMPS;
use crate::rules::Label;

/// 12C1c: Weighted score.
pub(crate) const LAW_12C1C: Calculator = Calculator {
    cite: "12C1c",
    title: Label::WeightedScore,
    descendants: false,
    example: &[
        ("result1", "4"),
        ("weight1", "40"),
        ("result2", "-1"),
        ("weight2", "60"),
    ],
    inputs: &[
        result_row("result1", Label::Result1),
        weight_row("weight1", Label::Weight1),
        result_row("result2", Label::Result2),
        weight_row("weight2", Label::Weight2),
        result_row("result3", Label::Result3),
        weight_row("weight3", Label::Weight3),
        result_row("result4", Label::Result4),
        weight_row("weight4", Label::Weight4),
        result_row("result5", Label::Result5),
        weight_row("weight5", Label::Weight5),
    ],
    run: |a| adjusted::weighted(&weighted_rows(a, "result", Args::decimal)?),
};

choices!(Scoring {
    Scoring::Pairs => "pairs", Label::PairsPerCent, Some("12C2a");
    Scoring::Imp => "imp", Label::Imps, Some("12C2b");
});

choices!(Responsibility {
    Responsibility::None => "none", Label::NoneAveragePlus, None;
    Responsibility::Partial => "partial", Label::PartlyAverage, None;
    Responsibility::Full => "full", Label::ResponsibleAverageMinus, None;
});

/// 12C2: Artificial adjusted score.
pub(crate) const LAW_12C2: Calculator = Calculator {
    cite: "12C2",
    title: Label::ArtificialAdjustedScore,
    descendants: true,
    example: &[("scoring", "pairs"), ("side", "none")],
    inputs: &[
        Input {
            name: "scoring",
            label: Label::Scoring,
            kind: InputKind::Choice(Scoring::OPTIONS),
            required: true,
        },
        Input {
            name: "side",
            label: Label::ResponsibilityIrregularity,
            kind: InputKind::Choice(Responsibility::OPTIONS),
            required: true,
        },
        // The wider of its two ranges: a percentage in pairs is checked
        // once the scoring is known.
        decimal(
            "average",
            Label::SessionAverageOptionalImps,
            IMP_AVERAGE,
            2,
            false,
        ),
    ],
    run: |a| adjusted::artificial(a.pick("scoring")?, a.pick("side")?, a.decimal("average")),
};

/// 12C4: Knockout: adjusted scores that do not balance.
pub(crate) const LAW_12C4: Calculator = Calculator {
    cite: "12C4",
    title: Label::KnockoutAdjustedScoresDoNot,
    descendants: false,
    example: &[("first", "6"), ("second", "-2")],
    inputs: &[
        decimal(
            "first",
            Label::FirstSideImpsOwnAdjusted,
            BOARD_IMPS,
            2,
            true,
        ),
        decimal(
            "second",
            Label::SecondSideImpsOwnAdjusted,
            BOARD_IMPS,
            2,
            true,
        ),
    ],
    run: |a| adjusted::knockout_average(a.req_decimal("first")?, a.req_decimal("second")?),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::{blamed, cite_of, q, value};

    #[test]
    fn each_12c2_choice_is_its_case() {
        let run = |scoring: &str, side: &str| {
            LAW_12C2.compute(&raw(&[("scoring", scoring), ("side", side)]))
        };
        // 12C2a: average minus at most 40 %, average 50 %, average plus at
        // least 60 %; 12C2b: ±3 imps and no imp value for average.
        for (side, variant) in [
            ("full", Responsibility::Full),
            ("partial", Responsibility::Partial),
            ("none", Responsibility::None),
        ] {
            assert_eq!(
                run("pairs", side),
                adjusted::artificial(Scoring::Pairs, variant, None),
                "{side}"
            );
            assert_eq!(
                run("imp", side),
                adjusted::artificial(Scoring::Imp, variant, None),
                "{side}"
            );
        }
        assert_eq!(value(&run("pairs", "full"), "score"), q("40"));
        assert_eq!(value(&run("imp", "none"), "score"), q("3"));
        assert_eq!(blamed(&run("imp", "partial")), "not in text: 12C2b");
        assert_eq!(cite_of(&run("pairs", "none")), "12C2a");
    }

    #[test]
    fn a_weighted_score_and_the_knockout_average_by_hand() {
        // 40 % × 4 + 60 % × (−1) = 1,6 − 0,6 = 1.
        let o = LAW_12C1C.compute(&raw(&[
            ("result1", "4"),
            ("weight1", "40"),
            ("result2", "-1"),
            ("weight2", "60"),
        ]));
        assert_eq!(o.map(|o| o.results[0].value), Ok(q("1")));
        // (6 − (−2)) / 2 = 4 to the first side, −4 to the second.
        let o = LAW_12C4.compute(&raw(&[("first", "6"), ("second", "-2")]));
        assert_eq!(value(&o, "first"), q("4"));
        assert_eq!(value(&o, "second"), q("-4"));
        // A board gives at most 24 imps a side (the imp scale's top): 30 is
        // refused, not halved to 15.
        let o = LAW_12C4.compute(&raw(&[("first", "30"), ("second", "0")]));
        assert_eq!(blamed(&o), "first");
        let o = LAW_12C4.compute(&raw(&[("first", "24"), ("second", "-24")]));
        assert_eq!(value(&o, "first"), q("24"));
    }
}
