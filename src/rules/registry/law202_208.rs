/*!
Laws 202–208: team and match rules — a cancelled match (202C, 208C), imps
across the field (203A, 203B), butler (204A, 204A2, 204B, 204C),
board-a-match (206A) and carry-over (207A, 207A2).
*/

use super::inputs::{
    choices, decimal, numbers, scores, whole, Args, Calculator, Choice, Chosen, Input, InputKind,
    RESULTS, TABLES,
};
use crate::rules::adjusted::{self, PlusMinus, COMPARISONS};
use crate::rules::cancelled::{self, Cancelled, Scale, MOST_MATCHES};
use crate::rules::limits::{Count, Limits};
use crate::rules::number::Q;
use crate::rules::penalties::BOARDS;
use crate::rules::scoring::{IMPS, MAX_TABLES, SCORE};
use crate::rules::teams::{self, CARRIED, COMING_BOARDS, DROP, FREQUENCY, MATCH_IMPS, PENALTY_KP};
use crate::rules::{Label, RuleError};

pub(crate) const PLUS_MINUS: Input = Input {
    name: "side",
    label: Label::ArtificialScore,
    kind: InputKind::Choice(PlusMinus::OPTIONS),
    required: true,
};

choices!(PlusMinus {
    PlusMinus::Plus => "plus", Label::AveragePlus, None;
    PlusMinus::Minus => "minus", Label::AverageMinus, None;
});

/// Whether the absent team's delay was culpable, on 202C's page (202C1a,
/// 202C1b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Delay202 {
    Culpable,
    Excused,
}

choices!(Delay202 {
    Delay202::Culpable => "yes", Label::Yes, Some("202C1a");
    Delay202::Excused => "no", Label::No, Some("202C1b");
});

/// The same on 208C's page (208C1a, 208C1b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Delay208 {
    Culpable,
    Excused,
}

choices!(Delay208 {
    Delay208::Culpable => "yes", Label::Yes, Some("208C1a");
    Delay208::Excused => "no", Label::No, Some("208C1b");
});

/// 208C's two WBF scales.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WbfScale {
    Continuous,
    Discrete,
}

choices!(WbfScale {
    WbfScale::Continuous => "continuous", Label::Continuous, None;
    WbfScale::Discrete => "discrete", Label::Discrete, None;
});

/// Where the team with the positive imp difference finished (207A).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placed {
    Higher,
    Lower,
}

choices!(Placed {
    Placed::Higher => "higher", Label::Higher, None;
    Placed::Lower => "lower", Label::Lower, None;
});

pub(crate) const fn kp_list(name: &'static str, label: Label, kp: Limits) -> Input {
    numbers(name, label, kp, 2, MOST_MATCHES, false)
}

/// A cancelled match's inputs, with the KP of its scale.
pub(crate) const fn cancelled_inputs(culpable: &'static [Choice], kp: Limits) -> [Input; 4] {
    [
        Input {
            name: "culpable",
            label: Label::WasAbsentTeamDelayCulpable,
            kind: InputKind::Choice(culpable),
            required: true,
        },
        kp_list("others", Label::OtherTeamsVpAgainstAbsent, kp),
        kp_list("own", Label::WinningTeamVpOtherMatches, kp),
        decimal("played", Label::VpBoardsPlayedBeforeAbsence, kp, 2, false),
    ]
}

pub(crate) const CANCELLED_202: [Input; 4] = cancelled_inputs(Delay202::OPTIONS, Scale::Kp202.kp());

/// Both WBF scales give the same KP.
pub(crate) const CANCELLED_208: [Input; 4] =
    cancelled_inputs(Delay208::OPTIONS, Scale::WbfContinuous.kp());

/// A cancelled match's inputs; `culpable` is read by the page's own type.
pub(crate) fn cancelled_args(a: &Args, culpable: bool) -> Result<Cancelled, RuleError> {
    Ok(Cancelled {
        culpable,
        others_against_absent: a.numbers("others").to_vec(),
        own_other_matches: a.numbers("own").to_vec(),
        played: a.decimal("played"),
    })
}

/// Every score on a board from one direction (204A, 204A2).
pub(crate) const BOARD_SCORES: Input = scores(
    "scores",
    Label::ScoresBoardOneDirection,
    teams::BOARD_SCORES,
);

/// 202C: Cancelled match (VP).
pub(crate) const LAW_202C: Calculator = Calculator {
    cite: "202C",
    title: Label::CancelledMatchVp,
    descendants: true,
    example: &[
        ("culpable", "yes"),
        ("others", "20 17 22"),
        ("own", "16 19"),
    ],
    inputs: &CANCELLED_202,
    run: |a| {
        let culpable = a.pick::<Delay202>("culpable")? == Delay202::Culpable;
        cancelled::cancelled_match(Scale::Kp202, &cancelled_args(a, culpable)?)
    },
};

/// 208C: Cancelled match (WBF VP scale).
pub(crate) const LAW_208C: Calculator = Calculator {
    cite: "208C",
    title: Label::CancelledMatchWbfVpScale,
    descendants: true,
    example: &[
        ("scale", "continuous"),
        ("culpable", "yes"),
        ("own", "14.37 15.12 13.5"),
    ],
    inputs: &[
        Input {
            name: "scale",
            label: Label::Scale,
            kind: InputKind::Choice(WbfScale::OPTIONS),
            required: true,
        },
        CANCELLED_208[0],
        CANCELLED_208[1],
        CANCELLED_208[2],
        CANCELLED_208[3],
    ],
    run: |a| {
        let scale = match a.pick("scale")? {
            WbfScale::Continuous => Scale::WbfContinuous,
            WbfScale::Discrete => Scale::WbfDiscrete,
        };
        let culpable = a.pick::<Delay208>("culpable")? == Delay208::Culpable;
        cancelled::cancelled_match(scale, &cancelled_args(a, culpable)?)
    },
};

/// 203A: Artificial score, imps across the field.
pub(crate) const LAW_203A: Calculator = Calculator {
    cite: "203A",
    title: Label::ArtificialScoreImpsAcrossField,
    descendants: false,
    example: &[("side", "plus"), ("comparisons", "12")],
    inputs: &[
        PLUS_MINUS,
        whole("comparisons", Label::ComparisonsPair, COMPARISONS, true),
    ],
    run: |a| adjusted::iaf_artificial(a.pick("side")?, a.req_whole("comparisons")?),
};

/// 203B: Imps across the field on more tables.
pub(crate) const LAW_203B: Calculator = Calculator {
    cite: "203B",
    title: Label::ImpsAcrossFieldMoreTables,
    descendants: false,
    example: &[("tables", "13"), ("results", "6"), ("imp", "7")],
    inputs: &[
        TABLES,
        RESULTS,
        decimal("imp", Label::ImpsWithinGroupP, IMPS, 4, true),
    ],
    run: |a| {
        teams::iaf_convert(
            a.req_whole("tables")?,
            a.req_whole("results")?,
            a.req_decimal("imp")?,
        )
    },
};

/// Whether special scores are computed by X78D's simplified method
/// (204A3) or not (204A1, with X78A: 204A2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method204 {
    Simplified,
    Other,
}

choices!(Method204 {
    Method204::Simplified => "yes", Label::Yes, Some("204A3");
    Method204::Other => "no", Label::No, Some("204A1");
});

/// 204A: Butler datum.
pub(crate) const LAW_204A: Calculator = Calculator {
    cite: "204A",
    title: Label::ButlerDatum,
    descendants: true,
    example: &[("scores", "420 450 -50 420 400")],
    inputs: &[
        BOARD_SCORES,
        whole("drop", Label::HighestLowestRemoved, DROP, false),
        // Asked by the arithmetic only when it decides (two scores).
        Input {
            name: "method",
            label: Label::SimplifiedMethodInUse,
            kind: InputKind::Choice(Method204::OPTIONS),
            required: false,
        },
    ],
    run: |a| {
        teams::datum(
            a.req_scores("scores")?,
            a.whole("drop").unwrap_or(1),
            a.pick_given::<Method204>("method")?
                .map(|m| m == Method204::Simplified),
        )
    },
};

/// 204A2: Butler datum from fractional frequencies.
pub(crate) const LAW_204A2: Calculator = Calculator {
    cite: "204A2",
    title: Label::ButlerDatumFractionalFrequencies,
    descendants: true,
    example: &[
        ("scores", "620 170 140 -100"),
        ("frequencies", "0,4 0,6 2 1"),
    ],
    inputs: &[
        BOARD_SCORES,
        numbers(
            "frequencies",
            Label::TheirFrequenciesSameOrder,
            FREQUENCY,
            4,
            MAX_TABLES as usize,
            true,
        ),
    ],
    run: |a| {
        let scores = a.req_scores("scores")?;
        let freqs = a.numbers("frequencies");
        // One frequency for each score.
        Count::new(scores.len(), scores.len()).check("frequencies", freqs.len())?;
        let table: Vec<(i64, Q)> = scores.iter().copied().zip(freqs.iter().copied()).collect();
        teams::datum_from_frequencies(&table)
    },
};

/// 204B: Butler difference.
pub(crate) const LAW_204B: Calculator = Calculator {
    cite: "204B",
    title: Label::ButlerDifference,
    descendants: true,
    example: &[("score", "450"), ("datum", "425")],
    inputs: &[
        whole("score", Label::ThePairsScore, SCORE, true),
        decimal("datum", Label::DatumScore, SCORE, 4, true),
    ],
    run: |a| teams::butler_difference(a.req_whole("score")?, a.req_decimal("datum")?),
};

/// 204C: Artificial score, butler.
pub(crate) const LAW_204C: Calculator = Calculator {
    cite: "204C",
    title: Label::ArtificialScoreButler,
    descendants: false,
    example: &[("side", "minus")],
    inputs: &[PLUS_MINUS],
    run: |a| adjusted::butler_artificial(a.pick("side")?),
};

/// 206A: Artificial score, board-a-match.
pub(crate) const LAW_206A: Calculator = Calculator {
    cite: "206A",
    title: Label::ArtificialScoreBoardMatch,
    descendants: false,
    example: &[("side", "plus")],
    inputs: &[PLUS_MINUS],
    run: |a| adjusted::bam_artificial(a.pick("side")?),
};

/// 207A: Carry-over.
pub(crate) const LAW_207A: Calculator = Calculator {
    cite: "207A",
    title: Label::CarryOver,
    descendants: true,
    example: &[("difference", "30"), ("placed", "lower"), ("boards", "48")],
    inputs: &[
        decimal(
            "difference",
            Label::ImpDifferenceTeamsMatch,
            CARRIED,
            4,
            true,
        ),
        Input {
            name: "placed",
            label: Label::TeamPositiveDifferenceFinished,
            kind: InputKind::Choice(Placed::OPTIONS),
            required: true,
        },
        whole("boards", Label::BoardsComingMatch, COMING_BOARDS, true),
    ],
    run: |a| {
        teams::carry_over(
            a.req_decimal("difference")?,
            a.pick::<Placed>("placed")? == Placed::Higher,
            a.req_whole("boards")?,
        )
    },
};

/// 207A2: Penalty points in the carried imp difference.
pub(crate) const LAW_207A2: Calculator = Calculator {
    cite: "207A2",
    title: Label::PenaltyPointsCarriedImpDifference,
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
            Label::ImpDifferenceTeamsOwnMatch,
            MATCH_IMPS,
            2,
            true,
        ),
        decimal(
            "first",
            Label::VpPenaltyAgainstFirstTeam,
            PENALTY_KP,
            2,
            true,
        ),
        decimal(
            "second",
            Label::VpPenaltyAgainstSecondTeam,
            PENALTY_KP,
            2,
            true,
        ),
        whole("boards", Label::BoardsRoundRobinVpScale, BOARDS, true),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::{q, value};

    #[test]
    fn plus_and_minus_reach_the_artificial_scores() {
        for (side, pm) in [("plus", PlusMinus::Plus), ("minus", PlusMinus::Minus)] {
            let given = raw(&[("side", side), ("comparisons", "12")]);
            assert_eq!(LAW_203A.compute(&given), adjusted::iaf_artificial(pm, 12));
            let given = raw(&[("side", side)]);
            assert_eq!(LAW_204C.compute(&given), adjusted::butler_artificial(pm));
            assert_eq!(LAW_206A.compute(&given), adjusted::bam_artificial(pm));
        }
        // 206A: 1,2 points for average plus, 0,8 for average minus.
        assert_eq!(
            value(&LAW_206A.compute(&raw(&[("side", "minus")])), "points"),
            q("0.8")
        );
    }

    #[test]
    fn the_delay_and_the_scale_reach_the_cancelled_match() {
        // 202C1a/b: the absent team gets 0 KP for a culpable delay, 15 for
        // one that was not; 208C1a/b: 0 and 10.
        let kp =
            |c: &Calculator, given: &[(&str, &str)]| value(&c.compute(&raw(given)), "kp_absent");
        assert_eq!(kp(&LAW_202C, &[("culpable", "yes")]), q("0"));
        assert_eq!(kp(&LAW_202C, &[("culpable", "no")]), q("15"));
        let wbf = [("scale", "continuous"), ("culpable", "no")];
        assert_eq!(kp(&LAW_208C, &wbf), q("10"));
        for (scale, variant) in [
            ("continuous", Scale::WbfContinuous),
            ("discrete", Scale::WbfDiscrete),
        ] {
            let o = LAW_208C.compute(&raw(&[
                ("scale", scale),
                ("culpable", "yes"),
                ("own", "14.37 15.12 13.5"),
            ]));
            let m = Cancelled {
                culpable: true,
                own_other_matches: vec![q("14.37"), q("15.12"), q("13.5")],
                ..Cancelled::default()
            };
            assert_eq!(o, cancelled::cancelled_match(variant, &m), "{scale}");
        }
    }

    #[test]
    fn where_the_team_finished_reaches_the_carry_over() {
        for (placed, higher) in [("higher", true), ("lower", false)] {
            let o = LAW_207A.compute(&raw(&[
                ("difference", "30"),
                ("placed", placed),
                ("boards", "48"),
            ]));
            assert_eq!(o, teams::carry_over(q("30"), higher, 48), "{placed}");
        }
    }

    #[test]
    fn two_butler_scores_ask_for_the_method() {
        let run = |given: &[(&str, &str)]| LAW_204A.compute(&raw(given));
        let o = run(&[("scores", "420 -50")]);
        assert_eq!(
            o.map_err(|e| e.to_string()).err().as_deref(),
            Some("method: is missing: choose one of yes, no")
        );
        let o = run(&[("scores", "420 -50"), ("method", "yes")]);
        assert_eq!(value(&o, "datum"), q("185"));
        // The 204A3b page presets the simplified method.
        let Some(f) = crate::rules::calculator_for(&crate::rules::cite("204A3b")) else {
            panic!("204A3b has a calculator")
        };
        let o = f.compute(&raw(&[("scores", "420 -50")]));
        assert_eq!(value(&o, "datum"), q("185"));
    }

    #[test]
    fn a_group_of_one_in_imps_across_the_field_gives_0() {
        // 203B: A / G × P with G = 1: no comparisons, P = 0, 13 / 1 × 0 = 0.
        let o = LAW_203B.compute(&raw(&[("tables", "13"), ("results", "1"), ("imp", "0")]));
        assert_eq!(value(&o, "imp"), q("0"));
    }
}
