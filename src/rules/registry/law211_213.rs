/*!
Laws 211–213: deductions — the standard deduction (211B), late arrival
(212A) and time overruns in team matches (213A) and pairs (213B1).
*/

use super::inputs::{choices, decimal, whole, Calculator, Chosen, Input, InputKind};
use crate::rules::penalties::{self, Form, LateArrival, BOARDS, EARLIER, OVERRUN};
use crate::rules::scoring::{TABLES, TOP};
use crate::rules::Label;

pub(crate) const VP_SCORING: Input = Input {
    name: "scoring",
    label: Label::Scoring,
    kind: InputKind::Choice(VpScoring::OPTIONS),
    required: true,
};

/// Whether the event is scored in victory points (212A, 213A: the table of
/// deductions is in VP, otherwise in standard deductions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VpScoring {
    Vp,
    Other,
}

choices!(VpScoring {
    VpScoring::Vp => "vp", Label::VictoryPointsVp, None;
    VpScoring::Other => "other", Label::OtherStandardDeductions, None;
});

/// 211B's forms of scoring, each the provision it applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormOfScoring {
    TeamVp,
    BoardAMatch,
    Knockout,
    PairsMp,
    Iaf,
    Butler,
    Other,
}

choices!(FormOfScoring {
    FormOfScoring::TeamVp => "team_vp", Label::TeamsKpScale, Some("211B1");
    FormOfScoring::BoardAMatch => "bam", Label::BoardMatch, Some("211B1c");
    FormOfScoring::Knockout => "knockout", Label::SingleKnockoutMatch, Some("211B1d");
    FormOfScoring::PairsMp => "pairs_mp", Label::PairsMatchpoints, Some("211B2a");
    FormOfScoring::Iaf => "iaf", Label::PairsImpsAcrossField, Some("211B2b");
    FormOfScoring::Butler => "butler", Label::PairsButler, Some("211B2c");
    FormOfScoring::Other => "other", Label::Other, Some("211B3");
});

/// Whether a team's delay was culpable (212A1–2) or excused (212A3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Delay212 {
    Culpable,
    Excused,
}

choices!(Delay212 {
    Delay212::Culpable => "yes", Label::Yes, None;
    Delay212::Excused => "no", Label::No, Some("212A3");
});

/// From 30 minutes: whether the match is played, reduced or at another
/// time (212A2a), or not (212A2b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Played212 {
    Played,
    NotPlayed,
}

choices!(Played212 {
    Played212::Played => "yes", Label::Yes, Some("212A2a");
    Played212::NotPlayed => "no", Label::No, Some("212A2b");
});

pub(crate) const MINUTES: Input = decimal("minutes", Label::Minutes, penalties::MINUTES, 2, true);

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
            kind: InputKind::Choice(FormOfScoring::OPTIONS),
            required: true,
        },
        whole("boards", Label::BoardsKpScale, BOARDS, false),
        whole("top", Label::TopMinusBottomBoard, TOP, false),
        whole("tables", Label::TablesWhereBoardWasDue, TABLES, false),
    ],
    run: |a| {
        let form = match a.pick("form")? {
            FormOfScoring::TeamVp => Form::TeamVp {
                boards: a.req_whole("boards")?,
            },
            FormOfScoring::BoardAMatch => Form::BoardAMatch,
            FormOfScoring::Knockout => Form::Knockout,
            FormOfScoring::PairsMp => Form::PairsMp {
                top: a.req_whole("top")?,
            },
            FormOfScoring::Iaf => Form::Iaf {
                tables: a.req_whole("tables")?,
            },
            FormOfScoring::Butler => Form::Butler,
            FormOfScoring::Other => Form::Other,
        };
        penalties::standard_deduction(form)
    },
};

/// 212A: Late arrival, team match.
pub(crate) const LAW_212A: Calculator = Calculator {
    cite: "212A",
    title: Label::LateArrivalTeamMatch,
    descendants: true,
    example: &[
        ("minutes", "12"),
        ("boards", "16"),
        ("scoring", "vp"),
        ("culpable", "yes"),
    ],
    inputs: &[
        MINUTES,
        whole("boards", Label::BoardsRoundExtraTime, BOARDS, false),
        VP_SCORING,
        Input {
            name: "culpable",
            label: Label::DelayCulpable,
            kind: InputKind::Choice(Delay212::OPTIONS),
            required: true,
        },
        // Asked by the arithmetic only when it decides (from 30 minutes).
        Input {
            name: "played",
            label: Label::MatchPlayedReducedOrLater,
            kind: InputKind::Choice(Played212::OPTIONS),
            required: false,
        },
    ],
    run: |a| {
        penalties::late_arrival(LateArrival {
            minutes: a.req_decimal("minutes")?,
            boards: a.whole("boards"),
            vp_scoring: a.pick::<VpScoring>("scoring")? == VpScoring::Vp,
            culpable: a.pick::<Delay212>("culpable")? == Delay212::Culpable,
            played: a
                .pick_given::<Played212>("played")?
                .map(|p| p == Played212::Played),
        })
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
            penalties::MINUTES,
            2,
            false,
        ),
        VP_SCORING,
    ],
    run: |a| {
        penalties::time_overrun(
            a.req_decimal("minutes")?,
            a.decimal("other"),
            a.pick::<VpScoring>("scoring")? == VpScoring::Vp,
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
        decimal("minutes", Label::MinutesOver, OVERRUN, 2, true),
        whole("earlier", Label::PairEarlierOverrunsEvent, EARLIER, true),
    ],
    run: |a| penalties::pairs_overrun(a.req_decimal("minutes")?, a.req_whole("earlier")?),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::{blamed, cite_of, q, value};

    #[test]
    fn each_form_of_scoring_is_its_case() {
        let given = [("boards", "16"), ("top", "24"), ("tables", "13")];
        for (form, expected) in [
            ("team_vp", Form::TeamVp { boards: 16 }),
            ("bam", Form::BoardAMatch),
            ("knockout", Form::Knockout),
            ("pairs_mp", Form::PairsMp { top: 24 }),
            ("iaf", Form::Iaf { tables: 13 }),
            ("butler", Form::Butler),
            ("other", Form::Other),
        ] {
            let mut all = given.to_vec();
            all.push(("form", form));
            assert_eq!(
                LAW_211B.compute(&raw(&all)),
                penalties::standard_deduction(expected),
                "{form}"
            );
        }
    }

    #[test]
    fn vp_or_other_scoring_reaches_the_tables_of_212a_and_213a() {
        for (scoring, vp) in [("vp", true), ("other", false)] {
            let o = LAW_212A.compute(&raw(&[
                ("minutes", "12"),
                ("boards", "16"),
                ("scoring", scoring),
                ("culpable", "yes"),
            ]));
            let l = LateArrival {
                minutes: q("12"),
                boards: Some(16),
                vp_scoring: vp,
                culpable: true,
                played: None,
            };
            assert_eq!(o, penalties::late_arrival(l), "{scoring}");
            let o = LAW_213A.compute(&raw(&[
                ("minutes", "7"),
                ("other", "22"),
                ("scoring", scoring),
            ]));
            assert_eq!(
                o,
                penalties::time_overrun(q("7"), Some(q("22")), vp),
                "{scoring}"
            );
        }
    }

    #[test]
    fn late_arrival_asks_the_facts_that_decide_the_case() {
        let run = |given: &[(&str, &str)]| LAW_212A.compute(&raw(given));
        // 40 minutes, culpable: whether the match is played decides 212A2a
        // or 212A2b, and is asked, with its options.
        let o = run(&[("minutes", "40"), ("scoring", "vp"), ("culpable", "yes")]);
        assert_eq!(
            o.as_ref().map_err(ToString::to_string).err().as_deref(),
            Some("played: is missing: choose one of yes, no")
        );
        let played = |p: &str| {
            run(&[
                ("minutes", "40"),
                ("scoring", "vp"),
                ("culpable", "yes"),
                ("played", p),
            ])
        };
        assert_eq!(cite_of(&played("yes")), "212A2a");
        assert_eq!(value(&played("yes"), "vp"), q("8"));
        assert_eq!(cite_of(&played("no")), "212A2b");
        // An event not scored in VP: no "8 VP".
        let o = run(&[
            ("minutes", "40"),
            ("scoring", "other"),
            ("culpable", "yes"),
            ("played", "yes"),
        ]);
        assert_eq!(blamed(&o), "not in text: 212A2a");
        // Excused (212A3): no deduction.
        let o = run(&[("minutes", "40"), ("scoring", "vp"), ("culpable", "no")]);
        assert_eq!(cite_of(&o), "212A3a");
        // The 212A2b page presets "not played": 40 minutes is its case,
        // not refused as 212A2a's.
        let Some(f) = crate::rules::calculator_for(&crate::rules::cite("212A2b")) else {
            panic!("212A2b has a calculator")
        };
        let o = f.compute(&raw(&[
            ("minutes", "40"),
            ("scoring", "vp"),
            ("culpable", "yes"),
        ]));
        assert_eq!(cite_of(&o), "212A2b");
        // The 212A3 page presets the excused delay.
        let Some(f) = crate::rules::calculator_for(&crate::rules::cite("212A3")) else {
            panic!("212A3 has a calculator")
        };
        assert_eq!(f.preset("culpable"), Some("no"));
    }
}
