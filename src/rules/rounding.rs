/*!
X78C: rounding a result (matchpoints to a tenth away from the middle of the
board, imps whole or to a tenth away from zero), and X78A4's curtailed
redress under 12C1b.
*/

use num_traits::Zero;

use super::limits::Limits;
use super::number::{int, ratio, round_away_from, show, Q};
use super::scoring::{check_imps, check_top, step, IMPS};
use super::{cite, Label, Outcome, Output, Problem, RuleError, Unit};

/// How a result is counted, for X78C.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Matchpoints on a board with this top (X78C1: 0,1 matchpoint).
    Matchpoints { top: i64 },
    /// Imps in team matches scored in victory points, or butler (X78C2: 1 imp).
    ImpWhole,
    /// Imps otherwise (X78C2: 0,1 imp).
    ImpTenths,
}

pub(crate) const ROUNDED: Label = Label::RoundedNearestUnitHalvesAway;

/// X78C: one board's result rounded to the unit of its scoring method, a
/// half unit away from the middle (half the top in matchpoints, 0 in imps).
pub fn round_result(value: Q, method: Method) -> Result<Outcome, RuleError> {
    let (c, unit, centre, u) = match method {
        Method::Matchpoints { top } => {
            check_top(top)?;
            Limits::new(0, top).check("value", value)?;
            let top = int(top.into());
            ("X78C1", ratio(1, 10), top / int(2), Unit::Matchpoints)
        }
        Method::ImpWhole | Method::ImpTenths => {
            IMPS.check("value", value)?;
            let unit = if method == Method::ImpWhole {
                int(1)
            } else {
                ratio(1, 10)
            };
            ("X78C2", unit, Q::zero(), Unit::Imp)
        }
    };
    let rounded = round_away_from(value, unit, centre);
    let n = value / unit;
    let tie = n - n.floor() == ratio(1, 2);
    let direction = if !tie {
        ""
    } else if value >= centre {
        " ↑"
    } else {
        " ↓"
    };
    let steps = vec![
        step(
            c,
            Label::UnitMiddleHalvesRoundAway,
            format!("{}; {}", show(&unit), show(&centre)),
        ),
        step(
            c,
            ROUNDED,
            format!("{} → {}{direction}", show(&value), show(&rounded)),
        ),
    ];
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new("rounded", Label::RoundedResult, rounded, u)],
        steps,
    })
}

/// X78A4: a non-offending side that loses part of its redress under 12C1b.
/// `m`: the result the score without the wild or gambling action or serious
/// error would have given; `f`: the result of the score actually obtained;
/// `j`: the result of the adjusted score (all in imps or matchpoints).
/// M ≥ J gives F (the whole damage was self-inflicted); M < J gives
/// J − M + F.
pub fn curtailed_redress(m: Q, f: Q, j: Q) -> Result<Outcome, RuleError> {
    check_imps(&[("m", m), ("f", f), ("j", j)])?;
    // F is the result of the score the serious error or the gamble gave, M
    // the one it would have had without it: the damage makes F at most M.
    if f > m {
        return Err(RuleError::input("f", Problem::LargerThan { other: "m" }));
    }
    let (c, value, what, expr) = if m >= j {
        (
            "X78A4d",
            f,
            Label::MJNonOffendingSide,
            format!("{} ≥ {}: F = {}", show(&m), show(&j), show(&f)),
        )
    } else {
        let v = j - m + f;
        (
            "X78A4e",
            v,
            Label::MJNonOffendingSide2,
            format!(
                "{} < {}: {} − {} + {} = {}",
                show(&m),
                show(&j),
                show(&j),
                show(&m),
                show(&f),
                show(&v)
            ),
        )
    };
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new(
            "result",
            Label::NonOffendingSideResult,
            value,
            Unit::Same,
        )],
        steps: vec![step(c, what, expr)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use num_traits::Signed;
    use proptest::prelude::*;

    // --- X78C --------------------------------------------------------------------

    #[test]
    fn matchpoints_round_to_a_tenth_away_from_the_middle() {
        // X78C1: unit 0,1 parpoint; the middle of a top of 24 is 12.
        let r = |v: &str| {
            value(
                &round_result(q(v), Method::Matchpoints { top: 24 }),
                "rounded",
            )
        };
        assert_eq!(r("12.25"), q("12.3"));
        assert_eq!(r("11.75"), q("11.7"));
        assert_eq!(r("17.41666"), q("17.4"));
        assert_eq!(r("0.05"), q("0"));
        assert_eq!(r("23.95"), q("24"));
        assert_eq!(
            blamed(&round_result(q("25"), Method::Matchpoints { top: 24 })),
            "value"
        );
    }

    #[test]
    fn imps_round_to_whole_or_tenths_away_from_zero() {
        // X78C2: 1 imp in KP matches and butler, 0,1 imp otherwise; the
        // middle of an imp score is 0.
        let w = |v: &str| value(&round_result(q(v), Method::ImpWhole), "rounded");
        let t = |v: &str| value(&round_result(q(v), Method::ImpTenths), "rounded");
        assert_eq!(w("2.5"), q("3"));
        assert_eq!(w("-2.5"), q("-3"));
        assert_eq!(w("2.49"), q("2"));
        assert_eq!(t("0.25"), q("0.3"));
        assert_eq!(t("-0.25"), q("-0.3"));
        assert_eq!(t("3.44"), q("3.4"));
        assert_eq!(cite_of(&round_result(q("1"), Method::ImpTenths)), "X78C2");
    }

    // --- X78A4 ---------------------------------------------------------------------

    #[test]
    fn curtailed_redress_follows_m_j_and_f() {
        // M ≥ J: F (X78A4d). Imps: M = +10, J = +6, F = −5 → −5.
        let o = curtailed_redress(q("10"), q("-5"), q("6"));
        assert_eq!(value(&o, "result"), q("-5"));
        assert_eq!(cite_of(&o), "X78A4d");
        // M = J counts as M ≥ J.
        assert_eq!(
            value(&curtailed_redress(q("6"), q("-5"), q("6")), "result"),
            q("-5")
        );
        // M < J: J − M + F (X78A4e). 6 − 2 + (−5) = −1.
        let o = curtailed_redress(q("2"), q("-5"), q("6"));
        assert_eq!(value(&o, "result"), q("-1"));
        assert_eq!(cite_of(&o), "X78A4e");
        // F above M: no damage from the error, so not X78A4's case (M 2,
        // F 8, J 6 would give 6 − 2 + 8 = 12, more than the adjusted score).
        let o = curtailed_redress(q("2"), q("8"), q("6"));
        assert_eq!(blamed(&o), "f");
        // F = M is the edge: J − M + F = J.
        assert_eq!(
            value(&curtailed_redress(q("2"), q("2"), q("6")), "result"),
            q("6")
        );
        // Matchpoints: 10 − 8,5 + 3 = 4,5.
        assert_eq!(
            value(&curtailed_redress(q("8.5"), q("3"), q("10")), "result"),
            q("4.5")
        );
    }

    proptest! {
        #[test]
        fn rounding_moves_at_most_half_a_unit(v in 0i64..=2_400_000, top_ in 1i64..2000) {
            let value_ = Q::new(v.into(), 100_000) * int(top_.into()) / int(24);
            let r = value(&round_result(value_, Method::Matchpoints { top: top_ }), "rounded");
            prop_assert!((r - value_).abs() <= Q::new(1, 20));
            prop_assert!(r >= Q::zero() && r <= int(top_.into()));
            prop_assert_eq!(r * int(10), (r * int(10)).round());
        }

        #[test]
        fn curtailed_redress_never_gives_less_than_f(m in -500i64..500, below in 0i64..1000, j in -500i64..500) {
            // F is at most M (the error did the damage).
            let f = m - below;
            let o = curtailed_redress(int(m.into()), int(f.into()), int(j.into()));
            prop_assert!(value(&o, "result") >= int(f.into()));
            // Nor more than the adjusted score's result J when M < J.
            if m < j {
                prop_assert!(value(&o, "result") <= int(j.into()));
            }
            // F above M is refused.
            let above = curtailed_redress(int(m.into()), int((m + below + 1).into()), int(j.into()));
            prop_assert_eq!(blamed(&above), "f");
        }
    }
}
