/*!
Cancelled matches in team events scored in victory points ("annullerede
kampe"): the handbook's 202C (its own KP scale) and 208C (the WBF's scales
of 2013). A team that meets a team that does not turn up, has withdrawn or
is missing wins the match; the absent team and the winner are scored as
the section says.

Both sections give the absent team a fixed score (0 KP when its delay was
culpable), and the winner the highest of a fixed score, two averages and
what the boards already played would have given. The averages can be
known only when the event has finished, so until then the winner is given
the fixed score provisionally (footnote 1 of each). The imps of the match
(202C4, 208C3) follow the KP scale, which the corpus does not hold (202A's
table is lost from the source, 208A refers to the WBF's published tables),
so they are not computed here except in the 0–0 case.

Input bounds: the WBF's 2013 scales go from 0 to 20 KP with 10 as the
middle (208's footnote 2 calls 10 KP the middle); the older scales that
202 uses went to 25 (the WBF's own description of its 2013 change speaks
of "the 25-2 in the old scales": WBF, "Victory Point Scales", 2012).
*/

use num_traits::Zero;

use super::limits::Limits;
use super::number::{int, ratio, round_away_from, show, Q};
use super::scoring::step;
use super::{cite, Label, Outcome, Output, Problem, RuleError, Step, Unit};

/// Which section's rules and scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// 202: the handbook's KP scale.
    Kp202,
    /// 208: the WBF's continuous scale (to 0,01 KP).
    WbfContinuous,
    /// 208: the WBF's discrete scale (whole KP).
    WbfDiscrete,
}

impl Scale {
    /// The most KP a team can get on the scale (see the module docs).
    pub const fn max(self) -> i64 {
        match self {
            Scale::Kp202 => 25,
            Scale::WbfContinuous | Scale::WbfDiscrete => 20,
        }
    }

    /// The KP a team may have on the scale (`others`, `own`, `played`).
    pub(crate) const fn kp(self) -> Limits {
        Limits::new(0, self.max())
    }

    /// The section's provisions the steps cite.
    fn cites(self) -> &'static Cites {
        match self {
            Scale::Kp202 => &CITES_202,
            Scale::WbfContinuous | Scale::WbfDiscrete => &CITES_208,
        }
    }

    /// The fixed scores: absent team with a culpable delay (C1a), with a
    /// delay that was not culpable (C1b), and the winner's fixed score (C2a).
    fn fixed(self) -> (i64, i64, i64) {
        match self {
            Scale::Kp202 => (0, 15, 18),
            Scale::WbfContinuous | Scale::WbfDiscrete => (0, 10, 13),
        }
    }
}

/// The provisions of one section (202C or 208C) a calculation cites.
struct Cites {
    section: &'static str,
    culpable: &'static str,
    excused: &'static str,
    fixed: &'static str,
    others: &'static str,
    own: &'static str,
    played: &'static str,
    imps: &'static str,
}

const CITES_202: Cites = Cites {
    section: "202C",
    culpable: "202C1a",
    excused: "202C1b",
    fixed: "202C2a",
    others: "202C2b",
    own: "202C2c",
    played: "202C2d",
    imps: "202C4",
};

const CITES_208: Cites = Cites {
    section: "208C",
    culpable: "208C1a",
    excused: "208C1b",
    fixed: "208C2a",
    others: "208C2b",
    own: "208C2c",
    played: "208C2d",
    imps: "208C3",
};

/// The most other matches a list of KP (`others`, `own`) holds.
pub(crate) const MOST_MATCHES: usize = 200;

/// What is known about a cancelled match.
#[derive(Debug, Clone, Default)]
pub struct Cancelled {
    /// Whether the absent team's delay was culpable ("strafbar").
    pub culpable: bool,
    /// The other teams' KP against the absent team (C2b); empty if not
    /// known yet.
    pub others_against_absent: Vec<Q>,
    /// The winning team's own KP in all its other matches (C2c); empty if
    /// not known yet.
    pub own_other_matches: Vec<Q>,
    /// The KP the boards played before the absence would have given the
    /// winner, on the scale for that number of boards (C2d); `None` if no
    /// round was played.
    pub played: Option<Q>,
}

const KP_WINNER: Label = Label::VictoryPointsWinningTeam;

const KP_ABSENT: Label = Label::VictoryPointsAbsentTeam;

fn check_kp(name: &str, values: &[Q], scale: Scale) -> Result<(), RuleError> {
    for v in values {
        // The discrete scale gives whole KP only.
        if scale == Scale::WbfDiscrete && !v.is_integer() {
            return Err(RuleError::input(name, Problem::NotWhole));
        }
        scale.kp().check(name, *v)?;
    }
    Ok(())
}

/// An average of KP scores, rounded as 208's footnote 2 says for the WBF
/// scales (0,01 KP continuous, 1 KP discrete, halves away from 10 KP);
/// 202 rounds only the awarded score (202C3), so its average stays exact.
fn average(
    values: &[Q],
    scale: Scale,
    c: &'static str,
    steps: &mut Vec<Step>,
    what: Label,
) -> Option<Q> {
    if values.is_empty() {
        return None;
    }
    let sum = values.iter().fold(Q::zero(), |a, b| a + b);
    let exact = sum / int(values.len() as i128);
    let unit = match scale {
        Scale::Kp202 => None,
        Scale::WbfContinuous => Some(ratio(1, 100)),
        Scale::WbfDiscrete => Some(Q::from_integer(1)),
    };
    let shown: Vec<String> = values.iter().map(show).collect();
    let mut expr = format!(
        "({}) / {} = {}",
        shown.join(" + "),
        values.len(),
        show(&exact)
    );
    let value = match unit {
        Some(u) => {
            let r = round_away_from(exact, u, int(10));
            if r != exact {
                expr.push_str(&format!(" → {}", show(&r)));
            }
            r
        }
        None => exact,
    };
    steps.push(step(c, what, expr));
    if unit.is_some() && value != exact {
        steps.push(step("208", Label::AverageRoundedScaleUnitHalves, ""));
    }
    Some(value)
}

/// The winner's score: the highest of the fixed score and the averages and
/// the played boards' KP that are known, rounded up on 202's scale (202C3).
fn winner(scale: Scale, m: &Cancelled, c: &Cites, fixed: i64, steps: &mut Vec<Step>) -> Q {
    // The winner: the highest of the possibilities that are known.
    let mut candidates: Vec<(&'static str, Q)> = vec![(c.fixed, int(fixed.into()))];
    steps.push(step(
        c.fixed,
        Label::WinningTeamFixedScore,
        format!("{fixed}"),
    ));
    if let Some(v) = average(
        &m.others_against_absent,
        scale,
        c.others,
        steps,
        Label::AverageOtherTeamsKpAgainst,
    ) {
        candidates.push((c.others, v));
    }
    if let Some(v) = average(
        &m.own_other_matches,
        scale,
        c.own,
        steps,
        Label::AverageWinningTeamOwnKp,
    ) {
        candidates.push((c.own, v));
    }
    if let Some(p) = m.played {
        steps.push(step(c.played, Label::KpBoardsAlreadyPlayedGive, show(&p)));
        candidates.push((c.played, p));
    }
    let (best_cite, best) =
        candidates
            .iter()
            .copied()
            .fold((c.fixed, int(fixed.into())), |acc, x| {
                if x.1 > acc.1 {
                    x
                } else {
                    acc
                }
            });
    steps.push(step(
        best_cite,
        Label::WinningTeamGetsHighest,
        format!(
            "max({}) = {}",
            candidates
                .iter()
                .map(|(_, v)| show(v))
                .collect::<Vec<_>>()
                .join("; "),
            show(&best)
        ),
    ));
    if scale == Scale::Kp202 && !best.is_integer() {
        let up = best.ceil();
        steps.push(step(
            "202C3",
            Label::NotWholeNumberRoundedUp,
            format!("{} → {}", show(&best), show(&up)),
        ));
        up
    } else {
        best
    }
}

/// 202C / 208C: the scores of a cancelled match.
pub fn cancelled_match(scale: Scale, m: &Cancelled) -> Result<Outcome, RuleError> {
    check_kp("others", &m.others_against_absent, scale)?;
    check_kp("own", &m.own_other_matches, scale)?;
    if let Some(p) = m.played {
        check_kp("played", &[p], scale)?;
    }
    let c = scale.cites();
    let (culpable, excused, fixed) = scale.fixed();
    let mut steps = Vec::new();
    let absent = if m.culpable { culpable } else { excused };
    steps.push(step(
        if m.culpable { c.culpable } else { c.excused },
        if m.culpable {
            Label::AbsentTeamCulpableDelay
        } else {
            Label::AbsentTeamDelayNotCulpable
        },
        format!("{absent}"),
    ));
    let winner = winner(scale, m, c, fixed, &mut steps);
    if m.others_against_absent.is_empty() && m.own_other_matches.is_empty() {
        steps.push(step(
            c.section,
            Label::AveragesAreKnownOnlyWhen,
            format!("{fixed}"),
        ));
    }
    let mut results = vec![
        Output::new("kp_winner", KP_WINNER, winner, Unit::Vp),
        Output::new("kp_absent", KP_ABSENT, int(absent.into()), Unit::Vp),
    ];
    if m.culpable {
        steps.push(step(c.imps, Label::Imps0LosingTeamWinner, ""));
        results.push(Output::new(
            "imp_absent",
            Label::ImpsAbsentTeam,
            Q::zero(),
            Unit::Imp,
        ));
    } else {
        steps.push(step(c.imps, Label::Imps00WhenAbsence, "0–0"));
        for (name, label) in [
            ("imp_winner", Label::ImpsWinningTeam),
            ("imp_absent", Label::ImpsAbsentTeam),
        ] {
            results.push(Output::new(name, label, Q::zero(), Unit::Imp));
        }
    }
    Ok(Outcome {
        cite: cite(c.section),
        results,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use proptest::prelude::*;

    fn qs(v: &[&str]) -> Vec<Q> {
        v.iter().map(|s| q(s)).collect()
    }

    #[test]
    fn the_fixed_scores_are_the_texts() {
        // 202C1a/b: 0 and 15 KP; 202C2a: 18 KP. 208C1a/b: 0 and 10; 208C2a: 13.
        let m = |culpable| Cancelled {
            culpable,
            ..Cancelled::default()
        };
        let o = cancelled_match(Scale::Kp202, &m(true));
        assert_eq!(
            [value(&o, "kp_winner"), value(&o, "kp_absent")],
            [q("18"), q("0")]
        );
        let o = cancelled_match(Scale::Kp202, &m(false));
        assert_eq!(value(&o, "kp_absent"), q("15"));
        assert_eq!(value(&o, "imp_winner"), q("0"));
        let o = cancelled_match(Scale::WbfContinuous, &m(true));
        assert_eq!(
            [value(&o, "kp_winner"), value(&o, "kp_absent")],
            [q("13"), q("0")]
        );
        let o = cancelled_match(Scale::WbfDiscrete, &m(false));
        assert_eq!(value(&o, "kp_absent"), q("10"));
        assert_eq!(cite_of(&o), "208C");
    }

    #[test]
    fn the_winner_gets_the_highest_and_202_rounds_up() {
        // 202: others against the absent team 20, 17, 22: average 59 / 3 =
        // 19,666…; own other matches 16, 19: 17,5; played boards: none.
        // The highest is 19,666…, not whole: up to 20 (202C3).
        let m = Cancelled {
            culpable: true,
            others_against_absent: qs(&["20", "17", "22"]),
            own_other_matches: qs(&["16", "19"]),
            played: None,
        };
        let o = cancelled_match(Scale::Kp202, &m);
        assert_eq!(value(&o, "kp_winner"), q("20"));
        // 202 with the boards played giving 21 KP: 21.
        let o = cancelled_match(
            Scale::Kp202,
            &Cancelled {
                played: Some(q("21")),
                ..m.clone()
            },
        );
        assert_eq!(value(&o, "kp_winner"), q("21"));
    }

    #[test]
    fn wbf_averages_round_to_the_scale_unit_away_from_ten() {
        // 208, continuous: own matches 14,37, 15,12, 13,5: 43,0 / 3 =
        // 14,3333… → 14,33 (footnote 2: 0,01 KP).
        let m = Cancelled {
            culpable: true,
            own_other_matches: qs(&["14.37", "15.12", "13.5"]),
            ..Cancelled::default()
        };
        let o = cancelled_match(Scale::WbfContinuous, &m);
        assert_eq!(value(&o, "kp_winner"), q("14.33"));
        // Discrete: 13, 14: 13,5, a half above the middle 10: away, 14.
        let m = Cancelled {
            culpable: true,
            own_other_matches: qs(&["13", "14"]),
            ..Cancelled::default()
        };
        assert_eq!(
            value(&cancelled_match(Scale::WbfDiscrete, &m), "kp_winner"),
            q("14")
        );
        // The averages below the fixed 13 do not count: 12, 11 → 13.
        let m = Cancelled {
            culpable: true,
            others_against_absent: qs(&["12", "11"]),
            ..Cancelled::default()
        };
        assert_eq!(
            value(&cancelled_match(Scale::WbfDiscrete, &m), "kp_winner"),
            q("13")
        );
    }

    #[test]
    fn scores_off_the_scale_are_refused() {
        let m = Cancelled {
            culpable: true,
            others_against_absent: qs(&["21"]),
            ..Cancelled::default()
        };
        assert_eq!(blamed(&cancelled_match(Scale::WbfContinuous, &m)), "others");
        assert!(cancelled_match(Scale::Kp202, &m).is_ok());
        let m = Cancelled {
            played: Some(q("-1")),
            ..Cancelled::default()
        };
        assert_eq!(blamed(&cancelled_match(Scale::Kp202, &m)), "played");
    }

    #[test]
    fn the_discrete_scale_takes_whole_kp_only() {
        let m = Cancelled {
            culpable: true,
            own_other_matches: vec![q("13.6")],
            ..Cancelled::default()
        };
        assert_eq!(blamed(&cancelled_match(Scale::WbfDiscrete, &m)), "own");
        assert!(cancelled_match(Scale::WbfContinuous, &m).is_ok());
    }

    proptest! {
        #[test]
        fn the_winner_never_gets_less_than_the_fixed_score_or_more_than_the_scale(
            others in proptest::collection::vec(0u32..=2000, 0..12),
            own in proptest::collection::vec(0u32..=2000, 0..12),
            played in proptest::option::of(0u32..=2000),
            culpable: bool,
        ) {
            let kp = |v: &[u32]| -> Vec<Q> { v.iter().map(|h| Q::new((*h).into(), 100)).collect() };
            let m = Cancelled {
                culpable,
                others_against_absent: kp(&others),
                own_other_matches: kp(&own),
                played: played.map(|h| Q::new(h.into(), 100)),
            };
            // The discrete scale takes whole KP only.
            let whole = |v: &[Q]| -> Vec<Q> { v.iter().map(|q| q.floor()).collect() };
            let discrete = Cancelled {
                culpable,
                others_against_absent: whole(&m.others_against_absent),
                own_other_matches: whole(&m.own_other_matches),
                played: m.played.map(|p| p.floor()),
            };
            for scale in [Scale::Kp202, Scale::WbfContinuous, Scale::WbfDiscrete] {
                let m = if scale == Scale::WbfDiscrete { &discrete } else { &m };
                let o = cancelled_match(scale, m);
                let w = value(&o, "kp_winner");
                let (_, _, fixed) = scale.fixed();
                prop_assert!(w >= int(fixed.into()) && w <= int(scale.max().into()), "{w}");
                if scale != Scale::WbfContinuous {
                    prop_assert!(w.is_integer() || scale == Scale::WbfDiscrete && m.played.is_some());
                }
            }
        }
    }
}
