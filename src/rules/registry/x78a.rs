/*!
X78A: the pairs-board methods computed — a weighted score (X78A1), an
unbalanced one (X78A2), an artificial one (X78A3), curtailed redress (X78A4)
— and the sit-out pair computed (X78A5).
*/

use super::inputs::{
    decimal, label, score_row, weight_row, weighted_rows, whole, Args, Calculator, Input,
    InputKind, BIG, TABLES,
};
use crate::rules::scoring::{MAX_SCORE, MAX_TABLES};
use crate::rules::{boards, rounding};
use crate::rules::{sitout, Outcome, RuleError};

/// The other tables' scores on a board with one special table.
pub(crate) const OTHER_SCORES: Input = Input {
    name: "scores",
    label: label(
        "Scores at the other tables, one direction (420 450 -50)",
        "Scorer ved de andre bordene, samme retning (420 450 -50)",
        "Scorer ved de andre borde, samme retning (420 450 -50)",
    ),
    kind: InputKind::Scores {
        min: 1,
        max: MAX_TABLES as usize - 1,
    },
    required: true,
};

/// A board with a weighted score: the other tables' scores, and the
/// weighted score's scores and weights.
pub(crate) const WEIGHTED_BOARD: [Input; 11] = [
    OTHER_SCORES,
    score_row("score1", label("Score 1", "Score 1", "Score 1")),
    weight_row("weight1", label("Weight 1 (%)", "Vekt 1 (%)", "Vægt 1 (%)")),
    score_row("score2", label("Score 2", "Score 2", "Score 2")),
    weight_row("weight2", label("Weight 2 (%)", "Vekt 2 (%)", "Vægt 2 (%)")),
    score_row("score3", label("Score 3", "Score 3", "Score 3")),
    weight_row("weight3", label("Weight 3 (%)", "Vekt 3 (%)", "Vægt 3 (%)")),
    score_row("score4", label("Score 4", "Score 4", "Score 4")),
    weight_row("weight4", label("Weight 4 (%)", "Vekt 4 (%)", "Vægt 4 (%)")),
    score_row("score5", label("Score 5", "Score 5", "Score 5")),
    weight_row("weight5", label("Weight 5 (%)", "Vekt 5 (%)", "Vægt 5 (%)")),
];

pub(crate) const NS_ADJUSTED: Input = whole(
    "ns",
    label(
        "N/S's adjusted score",
        "N/S' justerte score",
        "N/S' justerede score",
    ),
    -MAX_SCORE,
    MAX_SCORE,
    true,
);

pub(crate) const EW_ADJUSTED: Input = whole(
    "ew",
    label(
        "E/W's adjusted score, from N/S's direction",
        "Ø/Vs justerte score, sett fra N/S",
        "Ø/V's justerede score, set fra N/S",
    ),
    -MAX_SCORE,
    MAX_SCORE,
    true,
);

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
    decimal(
        "m",
        label(
            "M: result without the error",
            "M: resultat uten feilen",
            "M: resultat uden fejlen",
        ),
        -BIG,
        BIG,
        4,
        true,
    ),
    decimal(
        "f",
        label(
            "F: result obtained at the table",
            "F: resultat oppnådd ved bordet",
            "F: resultat opnået ved bordet",
        ),
        -BIG,
        BIG,
        4,
        true,
    ),
    decimal(
        "j",
        label(
            "J: the adjusted score's result",
            "J: den justerte scorens resultat",
            "J: den justerede scores resultat",
        ),
        -BIG,
        BIG,
        4,
        true,
    ),
];

/// X78A1: A weighted score on a pairs board.
pub(crate) const X78A1: Calculator = Calculator {
    cite: "X78A1",
    title: label(
        "A weighted score on a pairs board",
        "Vektet score på et spill i parturnering",
        "Vægtet score på et spil i parturnering",
    ),
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
    title: label(
        "An unbalanced score on a pairs board",
        "Ubalansert score på et spill i parturnering",
        "Ubalanceret score på et spil i parturnering",
    ),
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
    title: label(
        "An artificial score on a pairs board",
        "Kunstig score på et spill i parturnering",
        "Kunstig score på et spil i parturnering",
    ),
    descendants: false,
    example: &[("tables", "8"), ("scores", "420 450 -50 420 100 170 400")],
    inputs: &[
        TABLES,
        Input {
            name: "scores",
            label: label(
                "Scores at the tables without an artificial score, one direction",
                "Scorer ved bordene uten kunstig score, samme retning",
                "Scorer ved bordene uden kunstig score, samme retning",
            ),
            kind: InputKind::Scores {
                min: 1,
                max: MAX_TABLES as usize - 1,
            },
            required: true,
        },
    ],
    run: |a| boards::artificial_board(a.req_whole("tables")?, a.req_scores("scores")?),
};

/// X78A4: Redress curtailed under 12C1b.
pub(crate) const X78A4: Calculator = Calculator {
    cite: "X78A4",
    title: label(
        "Redress curtailed under 12C1b",
        "Redusert erstatning etter 12C1b",
        "Fratagen kompensation (12C1b)",
    ),
    descendants: true,
    example: &[("m", "2"), ("f", "-5"), ("j", "6")],
    inputs: &CURTAILED,
    run: curtailed,
};

/// X78A5: Sit-out pair, computed.
pub(crate) const X78A5: Calculator = Calculator {
    cite: "X78A5",
    title: label(
        "Sit-out pair, computed",
        "Oversitter, beregnet",
        "Oversidder, beregnet",
    ),
    descendants: false,
    example: &[("played", "55 62,5 48")],
    inputs: &[Input {
        name: "played",
        label: label(
            "The pair's scores in the session, % (empty: not over yet)",
            "Parets scorer i sesjonen, % (tom: ikke ferdig ennå)",
            "Parrets scorer i sektionen, % (tom: ikke afsluttet endnu)",
        ),
        kind: InputKind::Numbers {
            min: 0,
            max: 100,
            decimals: 2,
            most: sitout::MAX_BOARDS,
        },
        required: false,
    }],
    run: |a| sitout::computed(a.numbers("played")),
};
