/*!
X78C and X78D: rounding (X78C, C1, C2) and the simplified (manual) method of
X78D — a weighted, unbalanced or artificial score by hand (X78D1–D3),
curtailed redress (X78D4, X78A4's calculation), the sit-out pair (X78D5),
the small group (X78D6) and the rounding of X78D7.
*/

use super::inputs::{
    choice, decimal, label, weighted_rows, whole, Args, Calculator, Input, InputKind, BIG, RESULTS,
    TABLES,
};
use super::x78a::{curtailed, CURTAILED, EW_ADJUSTED, NS_ADJUSTED, OTHER_SCORES, WEIGHTED_BOARD};
use crate::rules::rounding::{self, Method};
use crate::rules::scoring::MAX_TABLES;
use crate::rules::simplified::{self, Side};
use crate::rules::sitout;

pub(crate) const VALUE: Input = decimal(
    "value",
    label(
        "Result before rounding",
        "Resultat før avrunding",
        "Resultat før afrunding",
    ),
    -BIG,
    BIG,
    6,
    true,
);

pub(crate) const TOP_REQUIRED: Input = whole(
    "top",
    label("Top on the board", "Topp på spillet", "Top på spillet"),
    1,
    2 * MAX_TABLES,
    true,
);

/// [`WEIGHTED_BOARD`] and the offending side, for X78D7's rounding.
pub(crate) const SIMPLIFIED_WEIGHTED_BOARD: [Input; 12] = {
    let mut inputs = [OFFENDING; 12];
    let mut i = 0;
    while i < WEIGHTED_BOARD.len() {
        inputs[i] = WEIGHTED_BOARD[i];
        i += 1;
    }
    inputs
};

pub(crate) const OFFENDING: Input = Input {
    name: "offending",
    label: label(
        "Offending side at that table (for X78D7's rounding)",
        "Feilende side ved det bordet (for avrundingen i X78D7)",
        "Fejlende side ved dette bord (for afrundingen i X78D7)",
    ),
    kind: InputKind::Choice(&[
        choice("ew", label("E/W", "Ø/V", "Ø/V"), None),
        choice("ns", label("N/S", "N/S", "N/S"), None),
        choice("neither", label("Neither", "Ingen", "Ingen"), None),
    ]),
    required: true,
};

/// X78C: Rounding.
pub(crate) const X78C: Calculator = Calculator {
    cite: "X78C",
    title: label("Rounding", "Avrunding", "Afrunding"),
    descendants: false,
    example: &[("value", "12.25"), ("method", "mp"), ("top", "24")],
    inputs: &[
        VALUE,
        Input {
            name: "method",
            label: label("Scoring", "Utregning", "Udregningsmetode"),
            kind: InputKind::Choice(&[
                choice(
                    "mp",
                    label("Matchpoints (0.1)", "Poeng (0,1)", "Parpoint (0,1)"),
                    Some("X78C1"),
                ),
                choice(
                    "imp_whole",
                    label(
                        "Imps, KP matches or butler (1)",
                        "IMP, VP-kamper eller butler (1)",
                        "Imp, KP-kampe eller butler (1)",
                    ),
                    Some("X78C2"),
                ),
                choice(
                    "imp",
                    label(
                        "Imps, otherwise (0.1)",
                        "IMP, ellers (0,1)",
                        "Imp, i øvrige tilfælde (0,1)",
                    ),
                    None,
                ),
            ]),
            required: true,
        },
        whole(
            "top",
            label(
                "Top on the board (matchpoints)",
                "Topp på spillet (poeng)",
                "Top på spillet (parpoint)",
            ),
            1,
            2 * MAX_TABLES,
            false,
        ),
    ],
    run: |a| {
        let value = a.req_decimal("value")?;
        let method = match a.req_choice("method")? {
            "imp_whole" => Method::ImpWhole,
            "imp" => Method::ImpTenths,
            _ => Method::Matchpoints {
                top: a.req_whole("top")?,
            },
        };
        rounding::round_result(value, method)
    },
};

/// X78C1: Rounding matchpoints.
pub(crate) const X78C1: Calculator = Calculator {
    cite: "X78C1",
    title: label(
        "Rounding matchpoints",
        "Avrunding av poeng",
        "Afrunding af parpoint",
    ),
    descendants: false,
    example: &[("value", "12.25"), ("top", "24")],
    inputs: &[VALUE, TOP_REQUIRED],
    run: |a| {
        rounding::round_result(
            a.req_decimal("value")?,
            Method::Matchpoints {
                top: a.req_whole("top")?,
            },
        )
    },
};

/// X78C2: Rounding imps.
pub(crate) const X78C2: Calculator = Calculator {
    cite: "X78C2",
    title: label("Rounding imps", "Avrunding av IMP", "Afrunding af imp"),
    descendants: false,
    example: &[("value", "-2.5"), ("kind", "whole")],
    inputs: &[
        VALUE,
        Input {
            name: "kind",
            label: label("Scoring", "Utregning", "Udregningsmetode"),
            kind: InputKind::Choice(&[
                choice(
                    "whole",
                    label(
                        "KP matches or butler (1 imp)",
                        "VP-kamper eller butler (1 IMP)",
                        "KP-kampe eller butler (1 imp)",
                    ),
                    None,
                ),
                choice(
                    "tenths",
                    label(
                        "Otherwise (0.1 imp)",
                        "Ellers (0,1 IMP)",
                        "I øvrige tilfælde (0,1 imp)",
                    ),
                    None,
                ),
            ]),
            required: true,
        },
    ],
    run: |a| {
        let method = match a.req_choice("kind")? {
            "tenths" => Method::ImpTenths,
            _ => Method::ImpWhole,
        };
        rounding::round_result(a.req_decimal("value")?, method)
    },
};

/// X78D1: Simplified method: a weighted score on a pairs board.
pub(crate) const X78D1: Calculator = Calculator {
    cite: "X78D1",
    title: label(
        "Simplified method: a weighted score on a pairs board",
        "Forenklet metode: vektet score på et spill i parturnering",
        "Forenklet metode: vægtet score på et spil i parturnering",
    ),
    descendants: true,
    example: &[
        ("scores", "420 450 -50"),
        ("score1", "420"),
        ("weight1", "60"),
        ("score2", "-100"),
        ("weight2", "40"),
        ("offending", "ew"),
    ],
    inputs: &SIMPLIFIED_WEIGHTED_BOARD,
    run: |a| {
        let rows = weighted_rows(a, "score", Args::whole)?;
        let offender = match a.req_choice("offending")? {
            "ns" => simplified::Offender::Ns,
            "neither" => simplified::Offender::Neither,
            _ => simplified::Offender::Ew,
        };
        simplified::simplified_weighted(a.req_scores("scores")?, &rows, offender)
    },
};

/// X78D2: Simplified method: an unbalanced score on a pairs board.
pub(crate) const X78D2: Calculator = Calculator {
    cite: "X78D2",
    title: label(
        "Simplified method: an unbalanced score on a pairs board",
        "Forenklet metode: ubalansert score på et spill i parturnering",
        "Forenklet metode: ubalanceret score på et spil i parturnering",
    ),
    descendants: true,
    example: &[("scores", "420 450 -50"), ("ns", "420"), ("ew", "450")],
    inputs: &[OTHER_SCORES, NS_ADJUSTED, EW_ADJUSTED],
    run: |a| {
        simplified::simplified_unbalanced(
            a.req_scores("scores")?,
            a.req_whole("ns")?,
            a.req_whole("ew")?,
        )
    },
};

/// X78D3: Simplified method: an artificial score on a pairs board.
pub(crate) const X78D3: Calculator = Calculator {
    cite: "X78D3",
    title: label(
        "Simplified method: an artificial score on a pairs board",
        "Forenklet metode: kunstig score på et spill i parturnering",
        "Forenklet metode: kunstig score på et spil i parturnering",
    ),
    descendants: false,
    example: &[("scores", "420 450 -50"), ("artificial", "1")],
    inputs: &[
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
        whole(
            "artificial",
            label(
                "Tables with an artificial score",
                "Bord med kunstig score",
                "Borde med kunstig score",
            ),
            1,
            MAX_TABLES - 1,
            true,
        ),
    ],
    run: |a| simplified::simplified_artificial(a.req_scores("scores")?, a.req_whole("artificial")?),
};

/// X78D4: Redress curtailed, manual method: X78A4.
pub(crate) const X78D4: Calculator = Calculator {
    cite: "X78D4",
    title: label(
        "Redress curtailed, manual method: X78A4",
        "Redusert erstatning, manuell metode: X78A4",
        "Fratagen kompensation, manuel metode: X78A4",
    ),
    descendants: false,
    example: &[("m", "2"), ("f", "-5"), ("j", "6")],
    inputs: &CURTAILED,
    run: curtailed,
};

/// X78D5: Sit-out pair, manual method.
pub(crate) const X78D5: Calculator = Calculator {
    cite: "X78D5",
    title: label(
        "Sit-out pair, manual method",
        "Oversitter, manuell metode",
        "Oversidder, manuel metode",
    ),
    descendants: false,
    example: &[("tables", "13")],
    inputs: &[TABLES],
    run: |a| sitout::manual(a.req_whole("tables")?),
};

/// X78D6: Small group, simplified method.
pub(crate) const X78D6: Calculator = Calculator {
    cite: "X78D6",
    title: label(
        "Small group, simplified method",
        "Liten gruppe, forenklet metode",
        "Lille gruppe, forenklet metode",
    ),
    descendants: false,
    example: &[("tables", "20"), ("results", "3"), ("mp", "3")],
    inputs: &[
        TABLES,
        RESULTS,
        decimal(
            "mp",
            label(
                "Matchpoints obtained in the group",
                "Oppnådde poeng i gruppen",
                "Opnåede parpoint i gruppen",
            ),
            0,
            2 * MAX_TABLES,
            4,
            true,
        ),
        decimal(
            "top",
            label(
                "Top (default 2 × (A − 1))",
                "Topp (ellers 2 × (A − 1))",
                "Top (ellers 2 × (A − 1))",
            ),
            1,
            2 * MAX_TABLES,
            4,
            false,
        ),
    ],
    run: |a| {
        simplified::small_group(
            a.req_whole("tables")?,
            a.req_whole("results")?,
            a.req_decimal("mp")?,
            a.decimal("top"),
        )
    },
};

/// X78D7: Rounding, simplified method.
pub(crate) const X78D7: Calculator = Calculator {
    cite: "X78D7",
    title: label(
        "Rounding, simplified method",
        "Avrunding, forenklet metode",
        "Afrunding, forenklet metode",
    ),
    descendants: true,
    example: &[("value", "12.1"), ("side", "nonoffending")],
    inputs: &[
        VALUE,
        Input {
            name: "side",
            label: label("Side", "Side", "Side"),
            kind: InputKind::Choice(&[
                choice(
                    "nonoffending",
                    label("Non-offending", "Ikke-feilende", "Ikke-fejlende"),
                    Some("X78D7a"),
                ),
                choice(
                    "offending",
                    label("Offending", "Feilende", "Fejlende"),
                    Some("X78D7b"),
                ),
                choice(
                    "other",
                    label("Neither", "Ingen av dem", "Ingen af dem"),
                    None,
                ),
            ]),
            required: true,
        },
    ],
    run: |a| {
        let side = match a.req_choice("side")? {
            "offending" => Side::Offending,
            "other" => Side::Other,
            _ => Side::NonOffending,
        };
        simplified::round_whole(a.req_decimal("value")?, side)
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::q;

    #[test]
    fn a_choice_is_never_taken_for_the_user() {
        // A choice is never taken for the user: without one the error lists
        // the options; given, it must be one of them.
        let c = &X78C;
        let e = c.compute(&raw(&[("value", "12.25"), ("top", "24")]));
        assert!(e.is_err_and(
            |e| e.to_string() == "method: is missing: choose one of mp, imp_whole, imp"
        ));
        let o = c.compute(&raw(&[("value", "12.25"), ("top", "24"), ("method", "mp")]));
        assert_eq!(o.map(|o| o.results[0].value), Ok(q("12.3")));
        let e = c.compute(&raw(&[("value", "1"), ("method", "kp")]));
        assert!(e.is_err_and(|e| e.to_string().contains("must be one of mp, imp_whole, imp")));
    }
}
