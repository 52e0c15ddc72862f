/*!
Laws 202–208: team and match rules — a cancelled match (202C, 208C), imps
across the field (203A, 203B), butler (204A, 204A2, 204B, 204C),
board-a-match (206A) and carry-over (207A, 207A2).
*/

use super::inputs::{
    choice, decimal, label, whole, Args, Calculator, Choice, Input, InputKind, BIG, RESULTS, TABLES,
};
use crate::rules::adjusted::{self, PlusMinus};
use crate::rules::cancelled::{self, Cancelled, Scale};
use crate::rules::number::Q;
use crate::rules::scoring::{MAX_SCORE, MAX_TABLES};
use crate::rules::{penalties, teams, Label, Problem, RuleError};

pub(crate) const PLUS_MINUS: Input = Input {
    name: "side",
    label: label("Artificial score", "Kunstig score", "Kunstig score"),
    kind: InputKind::Choice(&[
        choice(
            "plus",
            label("Average plus", "Middels pluss", "Middel plus"),
            None,
        ),
        choice(
            "minus",
            label("Average minus", "Middels minus", "Middel minus"),
            None,
        ),
    ]),
    required: true,
};

pub(crate) fn plus_minus(a: &Args) -> Result<PlusMinus, RuleError> {
    Ok(match a.req_choice("side")? {
        "minus" => PlusMinus::Minus,
        _ => PlusMinus::Plus,
    })
}

pub(crate) const fn kp_list(name: &'static str, label: Label, max: i64) -> Input {
    Input {
        name,
        label,
        kind: InputKind::Numbers {
            min: 0,
            max,
            decimals: 2,
            most: 200,
        },
        required: false,
    }
}

pub(crate) const fn cancelled_inputs(culpable: &'static [Choice], max: i64) -> [Input; 4] {
    [
        Input {
            name: "culpable",
            label: label(
                "Was the absent team's delay culpable?",
                "Var forsinkelsen til laget som uteble straffbar?",
                "Var det udeblevne holds forsinkelse strafbar?",
            ),
            kind: InputKind::Choice(culpable),
            required: true,
        },
        kp_list(
            "others",
            label(
                "The other teams' VP against the absent team (optional)",
                "De andre lagenes VP mot laget som uteble (valgfritt)",
                "De øvrige holds KP mod det udeblevne hold (valgfrit)",
            ),
            max,
        ),
        kp_list(
            "own",
            label(
                "The winning team's VP in its other matches (optional)",
                "Det vinnende lagets VP i de andre kampene (valgfritt)",
                "Det vindende holds KP i de øvrige kampe (valgfrit)",
            ),
            max,
        ),
        decimal(
            "played",
            label(
                "VP from the boards played before the absence (optional)",
                "VP fra spillene som ble spilt før uteblivelsen (valgfritt)",
                "KP fra spil afviklet inden udeblivelsen (valgfrit)",
            ),
            0,
            max,
            2,
            false,
        ),
    ]
}

pub(crate) const CANCELLED_202: [Input; 4] = cancelled_inputs(
    &[
        choice("yes", label("Yes", "Ja", "Ja"), Some("202C1a")),
        choice("no", label("No", "Nei", "Nej"), Some("202C1b")),
    ],
    25,
);

pub(crate) const CANCELLED_208: [Input; 4] = cancelled_inputs(
    &[
        choice("yes", label("Yes", "Ja", "Ja"), Some("208C1a")),
        choice("no", label("No", "Nei", "Nej"), Some("208C1b")),
    ],
    20,
);

pub(crate) fn cancelled_args(a: &Args) -> Result<Cancelled, RuleError> {
    Ok(Cancelled {
        culpable: a.req_choice("culpable")? == "yes",
        others_against_absent: a.numbers("others").to_vec(),
        own_other_matches: a.numbers("own").to_vec(),
        played: a.decimal("played"),
    })
}

/// Every score on a board from one direction (204A, 204A2).
pub(crate) const BOARD_SCORES: Input = Input {
    name: "scores",
    label: label(
        "Scores on the board, one direction",
        "Scorer på spillet, samme retning",
        "Scorer på spillet, samme retning",
    ),
    kind: InputKind::Scores {
        min: 2,
        max: MAX_TABLES as usize,
    },
    required: true,
};

/// 202C: Cancelled match (VP).
pub(crate) const LAW_202C: Calculator = Calculator {
    cite: "202C",
    title: label(
        "Cancelled match (VP)",
        "Avlyst kamp (VP)",
        "Annulleret kamp (KP)",
    ),
    descendants: true,
    example: &[
        ("culpable", "yes"),
        ("others", "20 17 22"),
        ("own", "16 19"),
    ],
    inputs: &CANCELLED_202,
    run: |a| cancelled::cancelled_match(Scale::Kp202, &cancelled_args(a)?),
};

/// 208C: Cancelled match (WBF VP scale).
pub(crate) const LAW_208C: Calculator = Calculator {
    cite: "208C",
    title: label(
        "Cancelled match (WBF VP scale)",
        "Avlyst kamp (WBFs VP-skala)",
        "Annulleret kamp (WBF's KP-skala)",
    ),
    descendants: true,
    example: &[
        ("scale", "continuous"),
        ("culpable", "yes"),
        ("own", "14.37 15.12 13.5"),
    ],
    inputs: &[
        Input {
            name: "scale",
            label: label("Scale", "Skala", "Skala"),
            kind: InputKind::Choice(&[
                choice(
                    "continuous",
                    label("Continuous", "Kontinuerlig", "Kontinuert"),
                    None,
                ),
                choice("discrete", label("Discrete", "Diskret", "Diskret"), None),
            ]),
            required: true,
        },
        CANCELLED_208[0],
        CANCELLED_208[1],
        CANCELLED_208[2],
        CANCELLED_208[3],
    ],
    run: |a| {
        let scale = match a.req_choice("scale")? {
            "discrete" => Scale::WbfDiscrete,
            _ => Scale::WbfContinuous,
        };
        cancelled::cancelled_match(scale, &cancelled_args(a)?)
    },
};

/// 203A: Artificial score, imps across the field.
pub(crate) const LAW_203A: Calculator = Calculator {
    cite: "203A",
    title: label(
        "Artificial score, imps across the field",
        "Kunstig score, imps across the field",
        "Kunstig score, imps across the field",
    ),
    descendants: false,
    example: &[("side", "plus"), ("comparisons", "12")],
    inputs: &[
        PLUS_MINUS,
        whole(
            "comparisons",
            label(
                "Comparisons for the pair",
                "Sammenligninger for paret",
                "Sammenligninger for parret",
            ),
            1,
            MAX_TABLES,
            true,
        ),
    ],
    run: |a| adjusted::iaf_artificial(plus_minus(a)?, a.req_whole("comparisons")?),
};

/// 203B: Imps across the field on more tables.
pub(crate) const LAW_203B: Calculator = Calculator {
    cite: "203B",
    title: label(
        "Imps across the field on more tables",
        "Imps across the field på flere bord",
        "Imps across the field på flere borde",
    ),
    descendants: false,
    example: &[("tables", "13"), ("results", "6"), ("imp", "7")],
    inputs: &[
        TABLES,
        RESULTS,
        decimal(
            "imp",
            label(
                "Imps within the group (P)",
                "IMP innen gruppen (P)",
                "Imp inden for gruppen (P)",
            ),
            -BIG,
            BIG,
            4,
            true,
        ),
    ],
    run: |a| {
        teams::iaf_convert(
            a.req_whole("tables")?,
            a.req_whole("results")?,
            a.req_decimal("imp")?,
        )
    },
};

/// 204A: Butler datum.
pub(crate) const LAW_204A: Calculator = Calculator {
    cite: "204A",
    title: label("Butler datum", "Butler-datum", "Datumscore"),
    descendants: true,
    example: &[("scores", "420 450 -50 420 400")],
    inputs: &[
        BOARD_SCORES,
        whole(
            "drop",
            label(
                "Highest and lowest removed (1 or 2 each)",
                "Høyeste og laveste fjernet (1 eller 2 av hver)",
                "Højeste og laveste borttaget (1 eller 2 af hver)",
            ),
            1,
            2,
            false,
        ),
    ],
    run: |a| teams::datum(a.req_scores("scores")?, a.whole("drop").unwrap_or(1)),
};

/// 204A2: Butler datum from fractional frequencies.
pub(crate) const LAW_204A2: Calculator = Calculator {
    cite: "204A2",
    title: label(
        "Butler datum from fractional frequencies",
        "Butler-datum fra brøkfrekvenser",
        "Datumscore fra brøkfrekvenser",
    ),
    descendants: true,
    example: &[
        ("scores", "620 170 140 -100"),
        ("frequencies", "0,4 0,6 2 1"),
    ],
    inputs: &[
        BOARD_SCORES,
        Input {
            name: "frequencies",
            label: label(
                "Their frequencies, in the same order (0,4 1 2)",
                "Frekvensene deres, i samme rekkefølge (0,4 1 2)",
                "Deres frekvenser, i samme rækkefølge (0,4 1 2)",
            ),
            kind: InputKind::Numbers {
                min: 0,
                max: MAX_TABLES,
                decimals: 4,
                most: MAX_TABLES as usize,
            },
            required: true,
        },
    ],
    run: |a| {
        let scores = a.req_scores("scores")?;
        let freqs = a.numbers("frequencies");
        if freqs.len() != scores.len() {
            return Err(RuleError::input(
                "frequencies",
                Problem::Count {
                    min: scores.len(),
                    max: scores.len(),
                    got: freqs.len(),
                },
            ));
        }
        let table: Vec<(i64, Q)> = scores.iter().copied().zip(freqs.iter().copied()).collect();
        teams::datum_from_frequencies(&table)
    },
};

/// 204B: Butler difference.
pub(crate) const LAW_204B: Calculator = Calculator {
    cite: "204B",
    title: label(
        "Butler difference",
        "Butler-differanse",
        "Forskel til datumscoren",
    ),
    descendants: true,
    example: &[("score", "450"), ("datum", "425")],
    inputs: &[
        whole(
            "score",
            label("The pair's score", "Parets score", "Parrets spilpoint"),
            -MAX_SCORE,
            MAX_SCORE,
            true,
        ),
        decimal(
            "datum",
            label("Datum score", "Datum", "Datumscore"),
            -MAX_SCORE,
            MAX_SCORE,
            4,
            true,
        ),
    ],
    run: |a| teams::butler_difference(a.req_whole("score")?, a.req_decimal("datum")?),
};

/// 204C: Artificial score, butler.
pub(crate) const LAW_204C: Calculator = Calculator {
    cite: "204C",
    title: label(
        "Artificial score, butler",
        "Kunstig score, butler",
        "Kunstig score, butler",
    ),
    descendants: false,
    example: &[("side", "minus")],
    inputs: &[PLUS_MINUS],
    run: |a| adjusted::butler_artificial(plus_minus(a)?),
};

/// 206A: Artificial score, board-a-match.
pub(crate) const LAW_206A: Calculator = Calculator {
    cite: "206A",
    title: label(
        "Artificial score, board-a-match",
        "Kunstig score, board-a-match",
        "Kunstig score, board-a-match",
    ),
    descendants: false,
    example: &[("side", "plus")],
    inputs: &[PLUS_MINUS],
    run: |a| adjusted::bam_artificial(plus_minus(a)?),
};

/// 207A: Carry-over.
pub(crate) const LAW_207A: Calculator = Calculator {
    cite: "207A",
    title: label("Carry-over", "Overføring av score", "Overførsel af score"),
    descendants: true,
    example: &[("difference", "30"), ("placed", "lower"), ("boards", "48")],
    inputs: &[
        decimal(
            "difference",
            label(
                "Imp difference of the teams' match",
                "IMP-differanse i lagenes kamp",
                "Imp-difference i det indbyrdes opgør",
            ),
            0,
            BIG,
            4,
            true,
        ),
        Input {
            name: "placed",
            label: label(
                "The team with the positive difference finished",
                "Laget med positiv differanse ble plassert",
                "Holdet med positiv imp-difference blev placeret",
            ),
            kind: InputKind::Choice(&[
                choice("higher", label("Higher", "Høyest", "Højest"), None),
                choice("lower", label("Lower", "Lavest", "Lavest"), None),
            ]),
            required: true,
        },
        whole(
            "boards",
            label(
                "Boards in the coming match",
                "Spill i kampen som skal spilles",
                "Spil i kampen, der skal spilles",
            ),
            1,
            MAX_TABLES * 10,
            true,
        ),
    ],
    run: |a| {
        teams::carry_over(
            a.req_decimal("difference")?,
            a.req_choice("placed")? == "higher",
            a.req_whole("boards")?,
        )
    },
};

/// 207A2: Penalty points in the carried imp difference.
pub(crate) const LAW_207A2: Calculator = Calculator {
    cite: "207A2",
    title: label(
        "Penalty points in the carried imp difference",
        "Straffepoeng i den overførte IMP-differansen",
        "Strafpoint i den overførte imp-difference",
    ),
    descendants: false,
    example: &[
        ("difference", "10"),
        ("first", "1"),
        ("second", "0"),
        ("boards", "16"),
    ],
    inputs: &[
        decimal(
            "difference",
            label(
                "Imp difference of the teams' own match (first team's view)",
                "IMP-differansen i lagenes egen kamp (første lags side)",
                "Imp-differencen i holdenes indbyrdes kamp (første holds side)",
            ),
            -BIG,
            BIG,
            2,
            true,
        ),
        decimal(
            "first",
            label(
                "VP penalty against the first team",
                "VP-straff mot første lag",
                "KP-straf til første hold",
            ),
            0,
            100,
            2,
            true,
        ),
        decimal(
            "second",
            label(
                "VP penalty against the second team",
                "VP-straff mot andre lag",
                "KP-straf til andet hold",
            ),
            0,
            100,
            2,
            true,
        ),
        whole(
            "boards",
            label(
                "Boards of the round robin's VP scale",
                "Spill i VP-skalaen i serien",
                "Spil i KP-skalaen i alle-mod-alle-fasen",
            ),
            1,
            penalties::MAX_BOARDS,
            true,
        ),
    ],
    run: |a| {
        teams::penalties_in_imps(
            a.req_decimal("difference")?,
            a.req_decimal("first")?,
            a.req_decimal("second")?,
            a.req_whole("boards")?,
        )
    },
};
