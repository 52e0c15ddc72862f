/*!
X78A: the pairs-board methods computed — a weighted score (X78A1), an
unbalanced one (X78A2), an artificial one (X78A3), curtailed redress (X78A4)
— and the sit-out pair computed (X78A5).
*/

use super::inputs::{
    decimal, numbers, score_row, scores, weight_row, weighted_rows, whole, Args, Calculator, Input,
    TABLES,
};
use crate::rules::scoring::{IMPS, PERCENTAGE, SCORE};
use crate::rules::Label;
use crate::rules::{boards, conversion, rounding};
use crate::rules::{sitout, Outcome, RuleError};

/// The other tables' scores on a board with one special table.
pub(crate) const OTHER_SCORES: Input = scores(
    "scores",
    Label::ScoresOtherTablesOneDirection,
    boards::OTHER_TABLES,
);

/// A board with a weighted score: the other tables' scores, and the
/// weighted score's scores and weights.
pub(crate) const WEIGHTED_BOARD: [Input; 11] = [
    OTHER_SCORES,
    score_row("score1", Label::Score1),
    weight_row("weight1", Label::Weight1),
    score_row("score2", Label::Score2),
    weight_row("weight2", Label::Weight2),
    score_row("score3", Label::Score3),
    weight_row("weight3", Label::Weight3),
    score_row("score4", Label::Score4),
    weight_row("weight4", Label::Weight4),
    score_row("score5", Label::Score5),
    weight_row("weight5", Label::Weight5),
];

pub(crate) const NS_ADJUSTED: Input = whole("ns", Label::NSAdjustedScore, SCORE, true);

pub(crate) const EW_ADJUSTED: Input = whole("ew", Label::EWAdjustedScoreN, SCORE, true);

/// X78A4's calculation, which X78D4 uses too.
pub(crate) fn curtailed(a: &Args) -> Result<Outcome, RuleError> {
    rounding::curtailed_redress(
        a.req_decimal("m")?,
        a.req_decimal("f")?,
        a.req_decimal("j")?,
    )
}

/// X78A4's inputs (M, F, J), which X78D4 uses too.
pub(crate) const CURTAILED: [Input; 3] = [
    decimal("m", Label::MResultWithoutError, IMPS, 4, true),
    decimal("f", Label::FResultObtainedTable, IMPS, 4, true),
    decimal("j", Label::JAdjustedScoreResult, IMPS, 4, true),
];

/// X78A1: A weighted score on a pairs board.
pub(crate) const X78A1: Calculator = Calculator {
    cite: "X78A1",
    title: Label::WeightedScorePairsBoard,
    descendants: false,
    example: &[
        ("scores", "420 450 -50"),
        ("score1", "420"),
        ("weight1", "60"),
        ("score2", "-100"),
        ("weight2", "40"),
    ],
    inputs: &WEIGHTED_BOARD,
    run: |a| {
        boards::weighted_board(
            a.req_scores("scores")?,
            &weighted_rows(a, "score", Args::whole)?,
        )
    },
};

/// X78A2: An unbalanced score on a pairs board.
pub(crate) const X78A2: Calculator = Calculator {
    cite: "X78A2",
    title: Label::UnbalancedScorePairsBoard,
    descendants: false,
    example: &[("scores", "420 450 -50"), ("ns", "420"), ("ew", "450")],
    inputs: &[OTHER_SCORES, NS_ADJUSTED, EW_ADJUSTED],
    run: |a| {
        boards::unbalanced_board(
            a.req_scores("scores")?,
            a.req_whole("ns")?,
            a.req_whole("ew")?,
        )
    },
};

/// X78A3: An artificial score on a pairs board.
pub(crate) const X78A3: Calculator = Calculator {
    cite: "X78A3",
    title: Label::ArtificialScorePairsBoard,
    descendants: false,
    example: &[("tables", "8"), ("scores", "420 450 -50 420 100 170 400")],
    inputs: &[
        TABLES,
        scores(
            "scores",
            Label::ScoresTablesWithoutArtificialScore,
            conversion::GROUP_SCORES,
        ),
    ],
    run: |a| boards::artificial_board(a.req_whole("tables")?, a.req_scores("scores")?),
};

/// X78A4: Redress curtailed under 12C1b.
pub(crate) const X78A4: Calculator = Calculator {
    cite: "X78A4",
    title: Label::RedressCurtailedUnder12c1b,
    descendants: true,
    example: &[("m", "2"), ("f", "-5"), ("j", "6")],
    inputs: &CURTAILED,
    run: curtailed,
};

/// X78A5: Sit-out pair, computed.
pub(crate) const X78A5: Calculator = Calculator {
    cite: "X78A5",
    title: Label::SitOutPairComputed,
    descendants: false,
    example: &[("played", "55 62,5 48")],
    inputs: &[numbers(
        "played",
        Label::PairScoresSessionEmptyNot,
        PERCENTAGE,
        2,
        sitout::PLAYED.max,
        false,
    )],
    run: |a| sitout::computed(a.numbers("played")),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::{q, value};

    #[test]
    fn the_board_calculators_read_their_inputs() {
        let o = X78A4.compute(&raw(&[("m", "2"), ("f", "-5"), ("j", "6")]));
        assert_eq!(o, rounding::curtailed_redress(q("2"), q("-5"), q("6")));
        // X78A4e: M < J, so J − M + F = 6 − 2 + (−5) = −1.
        assert_eq!(value(&o, "result"), q("-1"));
        // A list of percentages with decimal commas, separated by spaces.
        let o = X78A5.compute(&raw(&[("played", "55 62,5 48")]));
        assert_eq!(o, sitout::computed(&[q("55"), q("62.5"), q("48")]));
        let o = X78A2.compute(&raw(&[
            ("scores", "420 450 -50"),
            ("ns", "420"),
            ("ew", "450"),
        ]));
        assert_eq!(o, boards::unbalanced_board(&[420, 450, -50], 420, 450));
    }
}
