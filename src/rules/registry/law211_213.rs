/*!
Laws 211–213: deductions — the standard deduction (211B), late arrival
(212A) and time overruns in team matches (213A) and pairs (213B1).
*/

use super::inputs::{choice, decimal, label, whole, Calculator, Input, InputKind};
use crate::rules::penalties::{self, Form};
use crate::rules::scoring::MAX_TABLES;

pub(crate) const VP_SCORING: Input = Input {
    name: "scoring",
    label: label("Scoring", "Utregning", "Udregningsmetode"),
    kind: InputKind::Choice(&[
        choice(
            "vp",
            label("Victory points (VP)", "VP", "KP-opgørelse"),
            None,
        ),
        choice(
            "other",
            label(
                "Other (in standard deductions)",
                "Annen (i standardtrekk)",
                "Anden (i standardfradrag)",
            ),
            None,
        ),
    ]),
    required: true,
};

pub(crate) const MINUTES: Input = decimal(
    "minutes",
    label("Minutes", "Minutter", "Minutter"),
    0,
    penalties::MAX_MINUTES,
    2,
    true,
);

/// 211B: Standard deduction.
pub(crate) const LAW_211B: Calculator = Calculator {
    cite: "211B",
    title: label("Standard deduction", "Standardtrekk", "Standardfradrag"),
    descendants: true,
    example: &[("form", "team_vp"), ("boards", "16")],
    inputs: &[
        Input {
            name: "form",
            label: label("Form of scoring", "Utregningsform", "Udregningsmetode"),
            kind: InputKind::Choice(&[
                choice(
                    "team_vp",
                    label("Teams, KP scale", "Lag, VP-skala", "Hold, KP-opgørelse"),
                    Some("211B1"),
                ),
                choice(
                    "bam",
                    label("Board-a-match", "Board-a-match", "Board-a-match"),
                    Some("211B1c"),
                ),
                choice(
                    "knockout",
                    label(
                        "Single (knockout) match",
                        "Enkeltkamp (cupkamp)",
                        "Enkeltkamp (cupkamp)",
                    ),
                    Some("211B1d"),
                ),
                choice(
                    "pairs_mp",
                    label(
                        "Pairs, matchpoints",
                        "Par, poengberegning",
                        "Par, parpointopgørelse",
                    ),
                    Some("211B2a"),
                ),
                choice(
                    "iaf",
                    label(
                        "Pairs, imps across the field",
                        "Par, imps across the field",
                        "Par, imps across the field",
                    ),
                    Some("211B2b"),
                ),
                choice(
                    "butler",
                    label("Pairs, butler", "Par, butler", "Par, butlerberegning"),
                    Some("211B2c"),
                ),
                choice("other", label("Other", "Annen", "Anden"), Some("211B3")),
            ]),
            required: true,
        },
        whole(
            "boards",
            label(
                "Boards of the KP scale",
                "Spill i VP-skalaen",
                "Spil i KP-skalaen",
            ),
            1,
            penalties::MAX_BOARDS,
            false,
        ),
        whole(
            "top",
            label(
                "Top minus bottom on a board",
                "Topp minus bunn på et spill",
                "Top minus bund i et spil",
            ),
            1,
            2 * MAX_TABLES,
            false,
        ),
        whole(
            "tables",
            label(
                "Tables where the board was due",
                "Bord der spillet skulle spilles",
                "Borde, hvor spillet skulle spilles",
            ),
            2,
            MAX_TABLES,
            false,
        ),
    ],
    run: |a| {
        let form = match a.req_choice("form")? {
            "team_vp" => Form::TeamVp {
                boards: a.req_whole("boards")?,
            },
            "bam" => Form::BoardAMatch,
            "knockout" => Form::Knockout,
            "pairs_mp" => Form::PairsMp {
                top: a.req_whole("top")?,
            },
            "iaf" => Form::Iaf {
                tables: a.req_whole("tables")?,
            },
            "butler" => Form::Butler,
            _ => Form::Other,
        };
        penalties::standard_deduction(form)
    },
};

/// 212A: Late arrival, team match.
pub(crate) const LAW_212A: Calculator = Calculator {
    cite: "212A",
    title: label(
        "Late arrival, team match",
        "For sen ankomst, lagkamp",
        "For sen ankomst, holdkamp",
    ),
    descendants: true,
    example: &[("minutes", "12"), ("boards", "16"), ("scoring", "vp")],
    inputs: &[
        MINUTES,
        whole(
            "boards",
            label(
                "Boards in the round (for the extra time)",
                "Spill i runden (for forlenget tid)",
                "Spil i runden (for forlænget tid)",
            ),
            1,
            penalties::MAX_BOARDS,
            false,
        ),
        VP_SCORING,
    ],
    run: |a| {
        penalties::late_arrival(
            a.req_decimal("minutes")?,
            a.whole("boards"),
            a.req_choice("scoring")? == "vp",
        )
    },
};

/// 213A: Time overrun, team match.
pub(crate) const LAW_213A: Calculator = Calculator {
    cite: "213A",
    title: label(
        "Time overrun, team match",
        "Tidsoverskridelse, lagkamp",
        "Tidsoverskridelse, holdkamp",
    ),
    descendants: true,
    example: &[("minutes", "7"), ("other", "22"), ("scoring", "vp")],
    inputs: &[
        MINUTES,
        decimal(
            "other",
            label(
                "Minutes at the other table (optional)",
                "Minutter ved det andre bordet (valgfritt)",
                "Minutter ved det andet bord (valgfrit)",
            ),
            0,
            penalties::MAX_MINUTES,
            2,
            false,
        ),
        VP_SCORING,
    ],
    run: |a| {
        penalties::time_overrun(
            a.req_decimal("minutes")?,
            a.decimal("other"),
            a.req_choice("scoring")? == "vp",
        )
    },
};

/// 213B1: Time overrun in pairs.
pub(crate) const LAW_213B1: Calculator = Calculator {
    cite: "213B1",
    title: label(
        "Time overrun in pairs",
        "Tidsoverskridelse i parturnering",
        "Tidsoverskridelse i parturnering",
    ),
    descendants: true,
    example: &[("minutes", "2"), ("earlier", "0")],
    inputs: &[
        decimal(
            "minutes",
            label("Minutes over", "Minutter over", "Minutter over"),
            0,
            penalties::MAX_MINUTES,
            2,
            true,
        ),
        whole(
            "earlier",
            label(
                "The pair's earlier overruns in the event",
                "Parets tidligere overskridelser i turneringen",
                "Parrets tidligere tidsoverskridelser i turneringen",
            ),
            0,
            penalties::MAX_BOARDS,
            true,
        ),
    ],
    run: |a| penalties::pairs_overrun(a.req_decimal("minutes")?, a.req_whole("earlier")?),
};
