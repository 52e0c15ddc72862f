/*!
Laws 211–213: deductions — the standard deduction (211B), late arrival
(212A) and time overruns in team matches (213A) and pairs (213B1).
*/

use super::inputs::{choice, decimal, whole, Calculator, Input, InputKind};
use crate::rules::penalties::{self, Form};
use crate::rules::scoring::MAX_TABLES;
use crate::rules::Label;

pub(crate) const VP_SCORING: Input = Input {
    name: "scoring",
    label: Label::Scoring,
    kind: InputKind::Choice(&[
        choice("vp", Label::VictoryPointsVp, None),
        choice("other", Label::OtherStandardDeductions, None),
    ]),
    required: true,
};

pub(crate) const MINUTES: Input = decimal(
    "minutes",
    Label::Minutes,
    0,
    penalties::MAX_MINUTES,
    2,
    true,
);

/// 211B: Standard deduction.
pub(crate) const LAW_211B: Calculator = Calculator {
    cite: "211B",
    title: Label::StandardDeduction,
    descendants: true,
    example: &[("form", "team_vp"), ("boards", "16")],
    inputs: &[
        Input {
            name: "form",
            label: Label::FormScoring,
            kind: InputKind::Choice(&[
                choice("team_vp", Label::TeamsKpScale, Some("211B1")),
                choice("bam", Label::BoardMatch, Some("211B1c")),
                choice("knockout", Label::SingleKnockoutMatch, Some("211B1d")),
                choice("pairs_mp", Label::PairsMatchpoints, Some("211B2a")),
                choice("iaf", Label::PairsImpsAcrossField, Some("211B2b")),
                choice("butler", Label::PairsButler, Some("211B2c")),
                choice("other", Label::Other, Some("211B3")),
            ]),
            required: true,
        },
        whole(
            "boards",
            Label::BoardsKpScale,
            1,
            penalties::MAX_BOARDS,
            false,
        ),
        whole("top", Label::TopMinusBottomBoard, 1, 2 * MAX_TABLES, false),
        whole(
            "tables",
            Label::TablesWhereBoardWasDue,
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
    title: Label::LateArrivalTeamMatch,
    descendants: true,
    example: &[("minutes", "12"), ("boards", "16"), ("scoring", "vp")],
    inputs: &[
        MINUTES,
        whole(
            "boards",
            Label::BoardsRoundExtraTime,
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
    title: Label::TimeOverrunTeamMatch,
    descendants: true,
    example: &[("minutes", "7"), ("other", "22"), ("scoring", "vp")],
    inputs: &[
        MINUTES,
        decimal(
            "other",
            Label::MinutesOtherTableOptional,
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
    title: Label::TimeOverrunPairs,
    descendants: true,
    example: &[("minutes", "2"), ("earlier", "0")],
    inputs: &[
        decimal(
            "minutes",
            Label::MinutesOver,
            0,
            penalties::MAX_MINUTES,
            2,
            true,
        ),
        whole(
            "earlier",
            Label::PairEarlierOverrunsEvent,
            0,
            penalties::MAX_BOARDS,
            true,
        ),
    ],
    run: |a| penalties::pairs_overrun(a.req_decimal("minutes")?, a.req_whole("earlier")?),
};
