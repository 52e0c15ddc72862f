/*!
X78C and X78D: rounding (X78C, C1, C2) and the simplified (manual) method of
X78D — a weighted, unbalanced or artificial score by hand (X78D1–D3),
curtailed redress (X78D4, X78A4's calculation), the sit-out pair (X78D5),
the small group (X78D6) and the rounding of X78D7.
*/

use super::inputs::{
    choices, decimal, scores, weighted_rows, whole, Args, Calculator, Chosen, Input, InputKind,
    RESULTS, TABLES,
};
use super::x78a::{curtailed, CURTAILED, EW_ADJUSTED, NS_ADJUSTED, OTHER_SCORES, WEIGHTED_BOARD};
use crate::rules::boards::OTHER_TABLES;
use crate::rules::rounding::{self, Method};
use crate::rules::scoring::{GROUP_MP, IMPS, TOP};
use crate::rules::simplified::{self, Offender, Side, ARTIFICIAL, GIVEN_TOP};
use crate::rules::sitout;
use crate::rules::Label;

/// A value to round: within [`IMPS`] (in matchpoints, within the top too,
/// checked once the method is known).
pub(crate) const VALUE: Input = decimal("value", Label::ResultBeforeRounding, IMPS, 6, true);

pub(crate) const TOP_REQUIRED: Input = whole("top", Label::TopBoard, TOP, true);

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
    label: Label::OffendingSideTableX78d7Rounding,
    kind: InputKind::Choice(Offender::OPTIONS),
    required: true,
};

choices!(Offender {
    Offender::Ew => "ew", Label::EW, None;
    Offender::Ns => "ns", Label::NS, None;
    Offender::Neither => "neither", Label::Neither, None;
});

/// X78C's scoring methods, each with its unit of rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RoundingMethod {
    /// Matchpoints, to 0,1 (X78C1).
    Matchpoints,
    /// Imps in KP matches or butler, whole (X78C2).
    ImpWhole,
    /// Imps otherwise, to 0,1.
    Imp,
}

choices!(RoundingMethod {
    RoundingMethod::Matchpoints => "mp", Label::Matchpoints01, Some("X78C1");
    RoundingMethod::ImpWhole => "imp_whole", Label::ImpsKpMatchesButler1, Some("X78C2");
    RoundingMethod::Imp => "imp", Label::ImpsOtherwise01, None;
});

/// X78C2's two units for imps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImpUnit {
    Whole,
    Tenths,
}

choices!(ImpUnit {
    ImpUnit::Whole => "whole", Label::KpMatchesButler1Imp, None;
    ImpUnit::Tenths => "tenths", Label::Otherwise01Imp, None;
});

choices!(Side {
    Side::NonOffending => "nonoffending", Label::NonOffending, Some("X78D7a");
    Side::Offending => "offending", Label::Offending, Some("X78D7b");
    Side::Other => "other", Label::NeitherOfThem, None;
});

/// X78C: Rounding.
pub(crate) const X78C: Calculator = Calculator {
    cite: "X78C",
    title: Label::Rounding,
    descendants: false,
    example: &[("value", "12.25"), ("method", "mp"), ("top", "24")],
    inputs: &[
        VALUE,
        Input {
            name: "method",
            label: Label::Scoring,
            kind: InputKind::Choice(RoundingMethod::OPTIONS),
            required: true,
        },
        whole("top", Label::TopBoardMatchpoints, TOP, false),
    ],
    run: |a| {
        let value = a.req_decimal("value")?;
        let method = match a.pick("method")? {
            RoundingMethod::Matchpoints => Method::Matchpoints {
                top: a.req_whole("top")?,
            },
            RoundingMethod::ImpWhole => Method::ImpWhole,
            RoundingMethod::Imp => Method::ImpTenths,
        };
        rounding::round_result(value, method)
    },
};

/// X78C1: Rounding matchpoints.
pub(crate) const X78C1: Calculator = Calculator {
    cite: "X78C1",
    title: Label::RoundingMatchpoints,
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
    title: Label::RoundingImps,
    descendants: false,
    example: &[("value", "-2.5"), ("kind", "whole")],
    inputs: &[
        VALUE,
        Input {
            name: "kind",
            label: Label::Scoring,
            kind: InputKind::Choice(ImpUnit::OPTIONS),
            required: true,
        },
    ],
    run: |a| {
        let method = match a.pick("kind")? {
            ImpUnit::Whole => Method::ImpWhole,
            ImpUnit::Tenths => Method::ImpTenths,
        };
        rounding::round_result(a.req_decimal("value")?, method)
    },
};

/// X78D1: Simplified method: a weighted score on a pairs board.
pub(crate) const X78D1: Calculator = Calculator {
    cite: "X78D1",
    title: Label::SimplifiedMethodWeightedScorePairs,
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
        simplified::simplified_weighted(a.req_scores("scores")?, &rows, a.pick("offending")?)
    },
};

/// X78D2: Simplified method: an unbalanced score on a pairs board.
pub(crate) const X78D2: Calculator = Calculator {
    cite: "X78D2",
    title: Label::SimplifiedMethodUnbalancedScorePairs,
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
    title: Label::SimplifiedMethodArtificialScorePairs,
    descendants: false,
    example: &[("scores", "420 450 -50"), ("artificial", "1")],
    inputs: &[
        scores(
            "scores",
            Label::ScoresTablesWithoutArtificialScore,
            OTHER_TABLES,
        ),
        whole("artificial", Label::TablesArtificialScore, ARTIFICIAL, true),
    ],
    run: |a| simplified::simplified_artificial(a.req_scores("scores")?, a.req_whole("artificial")?),
};

/// X78D4: Redress curtailed, manual method: X78A4.
pub(crate) const X78D4: Calculator = Calculator {
    cite: "X78D4",
    title: Label::RedressCurtailedManualMethod,
    descendants: false,
    example: &[("m", "2"), ("f", "-5"), ("j", "6")],
    inputs: &CURTAILED,
    run: curtailed,
};

/// X78D5: Sit-out pair, manual method.
pub(crate) const X78D5: Calculator = Calculator {
    cite: "X78D5",
    title: Label::SitOutPairManualMethod,
    descendants: false,
    example: &[("tables", "13")],
    inputs: &[TABLES],
    run: |a| sitout::manual(a.req_whole("tables")?),
};

/// X78D6: Small group, simplified method.
pub(crate) const X78D6: Calculator = Calculator {
    cite: "X78D6",
    title: Label::SmallGroupSimplifiedMethod,
    descendants: false,
    example: &[("tables", "20"), ("results", "3"), ("mp", "3")],
    inputs: &[
        TABLES,
        RESULTS,
        decimal("mp", Label::MatchpointsObtainedGroup, GROUP_MP, 4, true),
        decimal("top", Label::TopDefault, GIVEN_TOP, 4, false),
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
    title: Label::RoundingSimplifiedMethod,
    descendants: true,
    example: &[("value", "12.1"), ("side", "nonoffending")],
    inputs: &[
        VALUE,
        Input {
            name: "side",
            label: Label::Side,
            kind: InputKind::Choice(Side::OPTIONS),
            required: true,
        },
    ],
    run: |a| simplified::round_whole(a.req_decimal("value")?, a.pick("side")?),
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

    #[test]
    fn each_rounding_choice_is_its_method() {
        let run = |c: &Calculator, given: &[(&str, &str)]| c.compute(&raw(given));
        let v = q("-2.55");
        assert_eq!(
            run(&X78C, &[("value", "-2.55"), ("method", "imp_whole")]),
            rounding::round_result(v, Method::ImpWhole)
        );
        assert_eq!(
            run(&X78C, &[("value", "-2.55"), ("method", "imp")]),
            rounding::round_result(v, Method::ImpTenths)
        );
        assert_eq!(
            run(
                &X78C,
                &[("value", "12.25"), ("method", "mp"), ("top", "24")]
            ),
            rounding::round_result(q("12.25"), Method::Matchpoints { top: 24 })
        );
        assert_eq!(
            run(&X78C2, &[("value", "-2.55"), ("kind", "whole")]),
            rounding::round_result(v, Method::ImpWhole)
        );
        assert_eq!(
            run(&X78C2, &[("value", "-2.55"), ("kind", "tenths")]),
            rounding::round_result(v, Method::ImpTenths)
        );
    }

    #[test]
    fn each_side_is_its_x78d7_rounding() {
        for (side, variant) in [
            ("nonoffending", Side::NonOffending),
            ("offending", Side::Offending),
            ("other", Side::Other),
        ] {
            let o = X78D7.compute(&raw(&[("value", "12.5"), ("side", side)]));
            assert_eq!(o, simplified::round_whole(q("12.5"), variant), "{side}");
        }
        for (offending, variant) in [
            ("ew", Offender::Ew),
            ("ns", Offender::Ns),
            ("neither", Offender::Neither),
        ] {
            let o = X78D1.compute(&raw(&[
                ("scores", "420 450 -50"),
                ("score1", "420"),
                ("weight1", "50"),
                ("score2", "-100"),
                ("weight2", "50"),
                ("offending", offending),
            ]));
            let rows = [(420, q("50")), (-100, q("50"))];
            let expected = simplified::simplified_weighted(&[420, 450, -50], &rows, variant);
            assert_eq!(o, expected, "{offending}");
        }
    }
}
