/*!
Law 12C: adjusted scores — a weighted score (12C1c), an artificial adjusted
score (12C2) and the knockout average of 12C4.
*/

use super::inputs::{
    choice, decimal, label, result_row, weight_row, weighted_rows, Args, Calculator, Input,
    InputKind, BIG,
};
use crate::rules::adjusted::{self, Responsibility, Scoring};

/// 12C1c: Weighted score.
pub(crate) const LAW_12C1C: Calculator = Calculator {
    cite: "12C1c",
    title: label("Weighted score", "Vektet score", "Vægtet score"),
    descendants: false,
    example: &[
        ("result1", "4"),
        ("weight1", "40"),
        ("result2", "-1"),
        ("weight2", "60"),
    ],
    inputs: &[
        result_row("result1", label("Result 1", "Resultat 1", "Resultat 1")),
        weight_row("weight1", label("Weight 1 (%)", "Vekt 1 (%)", "Vægt 1 (%)")),
        result_row("result2", label("Result 2", "Resultat 2", "Resultat 2")),
        weight_row("weight2", label("Weight 2 (%)", "Vekt 2 (%)", "Vægt 2 (%)")),
        result_row("result3", label("Result 3", "Resultat 3", "Resultat 3")),
        weight_row("weight3", label("Weight 3 (%)", "Vekt 3 (%)", "Vægt 3 (%)")),
        result_row("result4", label("Result 4", "Resultat 4", "Resultat 4")),
        weight_row("weight4", label("Weight 4 (%)", "Vekt 4 (%)", "Vægt 4 (%)")),
        result_row("result5", label("Result 5", "Resultat 5", "Resultat 5")),
        weight_row("weight5", label("Weight 5 (%)", "Vekt 5 (%)", "Vægt 5 (%)")),
    ],
    run: |a| adjusted::weighted(&weighted_rows(a, "result", Args::decimal)?),
};

/// 12C2: Artificial adjusted score.
pub(crate) const LAW_12C2: Calculator = Calculator {
    cite: "12C2",
    title: label(
        "Artificial adjusted score",
        "Kunstig justert score",
        "Kunstig score",
    ),
    descendants: true,
    example: &[("scoring", "pairs"), ("side", "none")],
    inputs: &[
        Input {
            name: "scoring",
            label: label("Scoring", "Utregning", "Udregningsmetode"),
            kind: InputKind::Choice(&[
                choice(
                    "pairs",
                    label("Pairs, in per cent", "Par, i prosent", "Par, i procent"),
                    Some("12C2a"),
                ),
                choice("imp", label("Imps", "IMP", "Imp"), Some("12C2b")),
            ]),
            required: true,
        },
        Input {
            name: "side",
            label: label(
                "Responsibility for the irregularity",
                "Ansvar for uregelmessigheten",
                "Ansvar for uregelmæssigheden",
            ),
            kind: InputKind::Choice(&[
                choice(
                    "none",
                    label(
                        "None: average plus",
                        "Ikke noe: middels pluss",
                        "Intet: middel plus",
                    ),
                    None,
                ),
                choice(
                    "partial",
                    label("Partly: average", "Delvis: middels", "Delvist: middel"),
                    None,
                ),
                choice(
                    "full",
                    label(
                        "Responsible: average minus",
                        "Ansvarlig: middels minus",
                        "Ansvarlig: middel minus",
                    ),
                    None,
                ),
            ]),
            required: true,
        },
        decimal(
            "average",
            label(
                "Session average (optional, % or imps)",
                "Snitt i sesjonen (valgfritt, % eller IMP)",
                "Gennemsnit i sektionen (valgfrit, % eller imp)",
            ),
            -1000,
            1000,
            2,
            false,
        ),
    ],
    run: |a| {
        let scoring = match a.req_choice("scoring")? {
            "imp" => Scoring::Imp,
            _ => Scoring::Pairs,
        };
        let side = match a.req_choice("side")? {
            "partial" => Responsibility::Partial,
            "full" => Responsibility::Full,
            _ => Responsibility::None,
        };
        adjusted::artificial(scoring, side, a.decimal("average"))
    },
};

/// 12C4: Knockout: adjusted scores that do not balance.
pub(crate) const LAW_12C4: Calculator = Calculator {
    cite: "12C4",
    title: label(
        "Knockout: adjusted scores that do not balance",
        "Utslagsturnering: justerte resultater som ikke balanserer",
        "Cupturnering: justerede scorer, der ikke balancerer",
    ),
    descendants: false,
    example: &[("first", "6"), ("second", "-2")],
    inputs: &[
        decimal(
            "first",
            label(
                "First side's imps from its own adjusted score",
                "Første sides IMP etter sin justerte score",
                "Første sides imp efter dens justerede score",
            ),
            -BIG,
            BIG,
            2,
            true,
        ),
        decimal(
            "second",
            label(
                "Second side's imps from its own adjusted score",
                "Andre sides IMP etter sin justerte score",
                "Anden sides imp efter dens justerede score",
            ),
            -BIG,
            BIG,
            2,
            true,
        ),
    ],
    run: |a| adjusted::knockout_average(a.req_decimal("first")?, a.req_decimal("second")?),
};
