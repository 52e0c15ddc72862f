/*!
Penalty points: the standard deduction of 211B, the deduction tables for
late arrival (212A) and time overruns (213A) in team matches, and the
warning-then-deduction rule for time overruns in pairs (213B1).

Both tables count in victory points (KP). Their shared footnote converts
for other scoring: each KP is two standard deductions (211B), except in
team matches of at most 12 boards, where the KP deductions are used as they
stand. The footnote is marked on 212A1a and 213A4a only, so it converts
those bands and nothing else: 212A2's KP have no conversion, so for an event
not scored in KP the text does not say and the calculator refuses.

**211B2b, read with its neighbours.** "2 imp for hvert andet bord, hvor
spillet skulle spilles" can be read "for every second table" or "for each
other table where the board was to be played". The second is the reading
used here, for three reasons in the text itself: 211B3 says a standard
deduction answers to the difference between average and average minus on a
board; 203A makes average minus in imps across the field −2 imps for each
comparison a pair has, and a pair is compared with each other table where
the board was played; so the difference is 2 imps × (A − 1) for A tables.
"Every second table" would give A imps, half of that, and nothing for an
odd number of tables, a case the text would then leave open.
*/

use num_traits::Zero;

use super::limits::Limits;
use super::number::{int, ratio, show, Q};
use super::scoring::{check_top, step, TABLES};
use super::{cite, Bound, Label, Outcome, Output, RuleError, Step, Unit};

/// The form of scoring a standard deduction is sized for (211B).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Teams scored in victory points on a scale for this many boards (211B1a–b).
    TeamVp { boards: i64 },
    /// Board-a-match (211B1c).
    BoardAMatch,
    /// A single knockout match (211B1d).
    Knockout,
    /// Pairs scored in matchpoints; `top` is the difference between a top
    /// and a bottom on a board (211B2a).
    PairsMp { top: i64 },
    /// Imps across the field, the board being due at this many tables (211B2b).
    Iaf { tables: i64 },
    /// Butler (211B2c).
    Butler,
    /// Any other form (211B3).
    Other,
}

const DEDUCTION: Label = Label::StandardDeduction;

/// The largest number of boards a match or round may have here.
pub const MAX_BOARDS: i64 = 1000;

/// The boards of a match or round (`boards`).
pub(crate) const BOARDS: Limits = Limits::new(1, MAX_BOARDS);

/// The overruns a pair had before this one (`earlier`, 213B1).
pub(crate) const EARLIER: Limits = Limits::new(0, MAX_BOARDS);

/// 211B: the size of one standard deduction in the form of scoring given.
pub fn standard_deduction(form: Form) -> Result<Outcome, RuleError> {
    let (c, value, unit, what) = match form {
        Form::TeamVp { boards } => {
            BOARDS.check_whole("boards", boards)?;
            if boards >= 14 {
                ("211B1a", ratio(1, 2), Unit::Vp, Label::KpScaleLeast14Boards)
            } else if boards <= 12 {
                ("211B1b", int(1), Unit::Vp, Label::KpScaleMost12Boards)
            } else {
                return Err(RuleError::NotInText {
                    cite: cite("211B1"),
                    what: Label::StandardDeductionKpScale,
                });
            }
        }
        Form::BoardAMatch => (
            "211B1c",
            ratio(1, 5),
            Unit::Points,
            Label::BoardMatch02Point,
        ),
        Form::Knockout => ("211B1d", ratio(3, 2), Unit::Imp, Label::SingleMatch1ImpsOff),
        Form::PairsMp { top } => {
            check_top(top)?;
            (
                "211B2a",
                int(top.into()) / int(10),
                Unit::Matchpoints,
                Label::Matchpoints10DifferenceBetweenTop,
            )
        }
        Form::Iaf { tables } => {
            TABLES.check_whole("tables", tables)?;
            // "2 imp for hvert andet bord": 2 imps for each other table
            // where the board was due, that is for each comparison (see the
            // module docs): 2 × (A − 1).
            (
                "211B2b",
                int((2 * (tables - 1)).into()),
                Unit::Imp,
                Label::ImpsAcrossField2Imps,
            )
        }
        Form::Butler => ("211B2c", int(2), Unit::Imp, Label::Butler2Imps),
        Form::Other => {
            return Err(RuleError::NotInText {
                cite: cite("211B3"),
                what: Label::StandardDeductionOtherFormsScoring,
            })
        }
    };
    let expr = match form {
        Form::PairsMp { top } => format!("10 % × {top} = {}", show(&value)),
        Form::Iaf { tables } => format!("2 × ({tables} − 1) = {}", show(&value)),
        _ => show(&value),
    };
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new("deduction", DEDUCTION, value, unit)],
        steps: vec![step(c, what, expr)],
    })
}

/// The longest delay or overrun, in minutes, the tables take.
pub const MAX_MINUTES: i64 = 1440;

/// A delay or overrun in minutes (`minutes`, `other`).
pub(crate) const MINUTES: Limits = Limits::new(0, MAX_MINUTES);

/// A pair's overrun in minutes (`minutes`, 213B1): above 0, or there is none.
pub(crate) const OVERRUN: Limits = Limits::above(0, MAX_MINUTES);

/// The footnote shared by 212A1a and 213A4a: without victory-point scoring
/// each KP is two standard deductions (211B).
fn in_standard_deductions(c: &'static str, kp: Q, bound: Bound, steps: &mut Vec<Step>) -> Output {
    let n = kp * int(2);
    steps.push(step(
        c,
        Label::NotScoredKpEachKp,
        format!("2 × {} = {}", show(&kp), show(&n)),
    ));
    Output::new(
        "standard_deductions",
        Label::DeductionStandardDeductions,
        n,
        Unit::StandardDeductions,
    )
    .bound(bound)
}

fn kp_output(kp: Q, bound: Bound) -> Output {
    Output::new("vp", Label::Deduction, kp, Unit::Vp).bound(bound)
}

/// The roman sub-item of a five-minute band from 5 minutes up (`(i)` for
/// 5–10), with its deduction in a table.
fn band(minutes: Q, table: &[i64]) -> Option<(usize, i64)> {
    let i = (minutes / int(5)).floor().to_integer() - 1;
    let i = usize::try_from(i).ok()?;
    table.get(i).map(|kp| (i, *kp))
}

/// 212A: a team's late arrival for a match with an official starting time,
/// with the facts that decide which provision applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateArrival {
    /// The delay in minutes.
    pub minutes: Q,
    /// The round's boards (212A1b's extension), if known.
    pub boards: Option<i64>,
    /// Whether the event is scored in victory points.
    pub vp_scoring: bool,
    /// Whether the delay was culpable (212A1–2); an excused one is 212A3.
    pub culpable: bool,
    /// From 30 minutes, a culpable delay: whether the match is played
    /// reduced or at another time (212A2a) or not (212A2b); `None` when not
    /// known. Nothing is assumed: 212A2 without it is an error asking for it.
    pub played: Option<bool>,
}

/// 212A: a team's late arrival. A culpable delay under 5 minutes: nothing
/// (212A1). 5 to 30 minutes: 1 KP for each started 5 minutes from 5
/// (212A1a), and, given the round's boards, the playing time is extended by
/// the delay (at most 15 boards) or the delay less 5 minutes (at least 16)
/// (212A1b). From 30 minutes: 8 KP if the match is played reduced or later
/// (212A2a), otherwise 202C or 208C decide the match, where the late team's
/// culpable absence gets 0 KP on either scale (202C1a, 208C1a) (212A2b).
/// An excused delay (212A3) has no deduction at all. 212A2's KP are not
/// converted for an event not scored in KP (the footnote is marked on 212A1a
/// only), so there the text does not say and the case is refused.
pub fn late_arrival(l: LateArrival) -> Result<Outcome, RuleError> {
    MINUTES.check("minutes", l.minutes)?;
    if let Some(b) = l.boards {
        BOARDS.check_whole("boards", b)?;
    }
    if !l.culpable {
        return Ok(excused_delay(l));
    }
    if l.minutes >= int(30) {
        return thirty_minutes_or_more(l);
    }
    let m = show(&l.minutes);
    let mut steps = Vec::new();
    let mut extension = None;
    let (c, kp) = if l.minutes < int(5) {
        steps.push(step(
            "212A1",
            Label::Under5MinutesSessionPlayed,
            format!("{m} < 5"),
        ));
        ("212A1", Q::zero())
    } else {
        let (i, kp) = band(l.minutes, &[1, 2, 3, 4, 5]).unwrap_or((4, 5));
        let c = match i {
            0 => "212A1a(i)",
            1 => "212A1a(ii)",
            2 => "212A1a(iii)",
            3 => "212A1a(iv)",
            _ => "212A1a(v)",
        };
        let lo = 5 * (i as i64 + 1);
        steps.push(step(
            c,
            Label::DelayBandDeductionKp,
            format!("{lo} ≤ {m} < {}: {kp} KP", lo + 5),
        ));
        if let Some(b) = l.boards {
            let (bc, ext, expr) = if b <= 15 {
                ("212A1b(i)", l.minutes, format!("{b} ≤ 15: {m}"))
            } else {
                let e = l.minutes - int(5);
                ("212A1b(ii)", e, format!("{b} ≥ 16: {m} − 5 = {}", show(&e)))
            };
            steps.push(step(bc, Label::RoundPlayingTimeExtended, expr));
            extension = Some(ext);
        }
        (c, int(kp.into()))
    };
    let mut results = vec![if l.vp_scoring || c == "212A1" {
        kp_output(kp, Bound::Exact)
    } else {
        in_standard_deductions(c, kp, Bound::Exact, &mut steps)
    }];
    if let Some(e) = extension {
        results.push(Output::new(
            "extension",
            Label::ExtraPlayingTime,
            e,
            Unit::Minutes,
        ));
    }
    Ok(Outcome {
        cite: cite(c),
        results,
        steps,
    })
}

/// 212A2: a culpable delay of 30 minutes or more.
fn thirty_minutes_or_more(l: LateArrival) -> Result<Outcome, RuleError> {
    let m = show(&l.minutes);
    let Some(played) = l.played else {
        return Err(RuleError::unchosen("played"));
    };
    let c = if played { "212A2a" } else { "212A2b" };
    // Both cases are in KP (8 KP, or 202C/208C's scales): an event not
    // scored in KP has no number here.
    if !l.vp_scoring {
        return Err(RuleError::NotInText {
            cite: cite(c),
            what: Label::KpOnlyNotConvertedOtherScoring,
        });
    }
    let (results, steps) = if played {
        (
            vec![kp_output(int(8), Bound::Exact)],
            vec![step(
                "212A2a",
                Label::N30MinutesMoreMatchPlayed,
                format!("{m} ≥ 30: 8 KP"),
            )],
        )
    } else {
        (
            vec![Output::new(
                "kp_late",
                Label::VictoryPointsLateTeam,
                Q::zero(),
                Unit::Vp,
            )],
            vec![
                step("212A2b", Label::IfMatchNotPlayed202c, format!("{m} ≥ 30")),
                step("202C1a", Label::LateTeamCulpableAbsence0Kp, "0"),
                step("202C2", Label::WinningTeamBy202c2Or208c2, ""),
            ],
        )
    };
    Ok(Outcome {
        cite: cite(c),
        results,
        steps,
    })
}

/// 212A3: an excused delay: no deduction; the match is played as fairly as
/// can be (212A3a) or, if it cannot be, scored under 202C or 208C (212A3b).
fn excused_delay(l: LateArrival) -> Outcome {
    let not_played = l.played == Some(false);
    let c = if not_played { "212A3b" } else { "212A3a" };
    let zero = if l.vp_scoring {
        kp_output(Q::zero(), Bound::Exact)
    } else {
        Output::new(
            "standard_deductions",
            Label::DeductionStandardDeductions,
            Q::zero(),
            Unit::StandardDeductions,
        )
    };
    let mut steps = vec![step("212A3", Label::ExcusedDelayNoDeduction, "")];
    steps.push(if not_played {
        step("212A3b", Label::ExcusedMatchNotPlayed202c, "")
    } else {
        step("212A3a", Label::ExcusedMatchPlayedFairly, "")
    });
    Outcome {
        cite: cite(c),
        results: vec![zero],
        steps,
    }
}

/// One table's overrun under 213A3–4a: the cite applied, the KP and whether
/// it is a minimum (from 30 minutes the TD decides, at least 8 KP).
fn overrun_kp(minutes: Q) -> (&'static str, Q, Bound) {
    if minutes < int(5) {
        return ("213A3", Q::zero(), Bound::Exact);
    }
    const TABLE: [i64; 5] = [1, 2, 3, 5, 8];
    match band(minutes, &TABLE) {
        Some((i, kp)) => {
            let c = match i {
                0 => "213A4a(i)",
                1 => "213A4a(ii)",
                2 => "213A4a(iii)",
                3 => "213A4a(iv)",
                _ => "213A4a(v)",
            };
            (c, int(kp.into()), Bound::Exact)
        }
        None => ("213A4a(vi)", int(8), Bound::AtLeast),
    }
}

/// 213B1: a pair's time overrun in a pairs event. The first overrun is a
/// warning (213B1a, see X90C), unless it is 3 minutes or more, when it is a
/// standard deduction at once (213B1c); every later one is a standard
/// deduction (213B1b). `earlier` is how many overruns the pair had before
/// this one. The TD may reduce or cancel it under 213B2-3.
pub fn pairs_overrun(minutes: Q, earlier: i64) -> Result<Outcome, RuleError> {
    OVERRUN.check("minutes", minutes)?;
    EARLIER.check_whole("earlier", earlier)?;
    let m = show(&minutes);
    let (c, deductions, what, expr) = if earlier > 0 {
        (
            "213B1b",
            1,
            Label::LaterOverrunOneStandardDeduction,
            format!("{earlier} earlier: 1"),
        )
    } else if minutes >= int(3) {
        (
            "213B1c",
            1,
            Label::FirstOverrun3MinutesMore,
            format!("{m} ≥ 3: 1"),
        )
    } else {
        (
            "213B1a",
            0,
            Label::FirstOverrunUnder3Minutes,
            format!("{m} < 3: 0"),
        )
    };
    let steps = vec![
        step(c, what, expr),
        step("213B2", Label::TdMayReduceCancelPenalty, ""),
    ];
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new(
            "standard_deductions",
            Label::DeductionStandardDeductions,
            int(deductions.into()),
            Unit::StandardDeductions,
        )],
        steps,
    })
}

/// 213A: the automatic penalty for a team match finishing late. Under 5
/// minutes nothing (213A3); then 1, 2, 3, 5, 8 KP for each band of 5
/// minutes, and from 30 minutes at least 8 KP at the TD's discretion
/// (213A4a). With an overrun at both tables each team gets the larger of
/// the two penalties (213A4d).
pub fn time_overrun(
    minutes: Q,
    other_table: Option<Q>,
    vp_scoring: bool,
) -> Result<Outcome, RuleError> {
    MINUTES.check("minutes", minutes)?;
    if let Some(o) = other_table {
        MINUTES.check("other", o)?;
    }
    let mut steps = Vec::new();
    let one = |label: &str, m: Q, steps: &mut Vec<Step>| {
        let (c, kp, bound) = overrun_kp(m);
        let expr = if m < int(5) {
            format!("{label}{} < 5: 0", show(&m))
        } else if bound == Bound::AtLeast {
            format!("{label}{} ≥ 30: ≥ 8 KP", show(&m))
        } else {
            let lo = (m / int(5)).floor() * int(5);
            format!(
                "{label}{} ≤ {} < {}: {} KP",
                show(&lo),
                show(&m),
                show(&(lo + int(5))),
                show(&kp)
            )
        };
        steps.push(step(c, Label::OverrunBandDeductionKp, expr));
        (c, kp, bound)
    };
    let first = one("", minutes, &mut steps);
    let (c, kp, bound) = match other_table {
        None => first,
        Some(o) => {
            let second = one("2: ", o, &mut steps);
            // The larger penalty; between equal KP a minimum ("at least 8")
            // is the larger.
            let pick = if second.1 > first.1 || (second.1 == first.1 && second.2 == Bound::AtLeast)
            {
                second
            } else {
                first
            };
            steps.push(step(
                "213A4d",
                Label::OverrunBothTablesEachTeam,
                format!(
                    "max({}, {}) = {}",
                    show(&first.1),
                    show(&second.1),
                    show(&pick.1)
                ),
            ));
            ("213A4d", pick.1, pick.2)
        }
    };
    if bound == Bound::AtLeast {
        steps.push(step("213A4a(vi)", Label::N30MinutesTdSetsPenalty, ""));
    }
    if kp > Q::zero() {
        steps.push(step("213A4b", Label::TdMayReduceCancelTeam, ""));
    }
    let result = if vp_scoring {
        kp_output(kp, bound)
    } else {
        in_standard_deductions("213A4a", kp, bound, &mut steps)
    };
    Ok(Outcome {
        cite: cite(c),
        results: vec![result],
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use proptest::prelude::*;

    #[test]
    fn standard_deductions_for_teams() {
        // 211B1a: ½ KP on a scale of at least 14 boards.
        let o = standard_deduction(Form::TeamVp { boards: 16 });
        assert_eq!(value(&o, "deduction"), q("0.5"));
        assert_eq!(cite_of(&o), "211B1a");
        assert_eq!(
            value(
                &standard_deduction(Form::TeamVp { boards: 14 }),
                "deduction"
            ),
            q("0.5")
        );
        // 211B1b: 1 KP up to 12 boards.
        assert_eq!(
            value(
                &standard_deduction(Form::TeamVp { boards: 12 }),
                "deduction"
            ),
            q("1")
        );
        // 13 boards falls between 1a and 1b.
        assert_eq!(
            blamed(&standard_deduction(Form::TeamVp { boards: 13 })),
            "not in text: 211B1"
        );
        // 211B1c: 0,2 point; 211B1d: 1½ imps.
        assert_eq!(
            value(&standard_deduction(Form::BoardAMatch), "deduction"),
            q("0.2")
        );
        assert_eq!(
            value(&standard_deduction(Form::Knockout), "deduction"),
            q("1.5")
        );
        assert_eq!(
            blamed(&standard_deduction(Form::TeamVp { boards: 0 })),
            "boards"
        );
    }

    #[test]
    fn standard_deductions_for_pairs() {
        // 211B2a: 10 % of top minus bottom. Top 24: 2,4; top 18: 1,8; top 11: 1,1.
        let mp = |top| value(&standard_deduction(Form::PairsMp { top }), "deduction");
        assert_eq!(mp(24), q("2.4"));
        assert_eq!(mp(18), q("1.8"));
        assert_eq!(mp(11), q("1.1"));
        // 211B2b: 2 imps for each other table where the board was due (the
        // module docs give the reading): 10 tables → 2 × 9 = 18; 14 → 26;
        // an odd number, 11 → 20; the fewest, 2 → 2 (one comparison, as
        // 203A's average minus of −2 imps per comparison).
        let iaf = |tables| value(&standard_deduction(Form::Iaf { tables }), "deduction");
        assert_eq!(iaf(10), q("18"));
        assert_eq!(iaf(14), q("26"));
        assert_eq!(iaf(11), q("20"));
        assert_eq!(iaf(2), q("2"));
        // 211B2c: 2 imps.
        assert_eq!(
            value(&standard_deduction(Form::Butler), "deduction"),
            q("2")
        );
        // 211B3: the regulations decide.
        assert_eq!(
            blamed(&standard_deduction(Form::Other)),
            "not in text: 211B3"
        );
    }

    /// A culpable delay, the match played (212A2a from 30 minutes).
    fn late(minutes: &str, boards: Option<i64>, vp_scoring: bool) -> Result<Outcome, RuleError> {
        late_arrival(LateArrival {
            minutes: q(minutes),
            boards,
            vp_scoring,
            culpable: true,
            played: Some(true),
        })
    }

    #[test]
    fn late_arrival_costs_a_kp_for_each_five_minutes() {
        let kp = |m: &str| value(&late(m, None, true), "vp");
        // 212A1: under 5 minutes nothing.
        assert_eq!(kp("4.99"), q("0"));
        // 212A1a(i)–(v): 1–5 KP from 5, 10, 15, 20, 25 minutes.
        assert_eq!(kp("5"), q("1"));
        assert_eq!(kp("9.5"), q("1"));
        assert_eq!(kp("10"), q("2"));
        assert_eq!(kp("19"), q("3"));
        assert_eq!(kp("24"), q("4"));
        assert_eq!(kp("29.99"), q("5"));
        assert_eq!(cite_of(&late("29", None, true)), "212A1a(v)");
        // 212A2a: from 30 minutes 8 KP when the match is played.
        assert_eq!(kp("30"), q("8"));
        assert_eq!(kp("95"), q("8"));
        assert_eq!(blamed(&late("-1", None, true)), "minutes");
    }

    #[test]
    fn from_thirty_minutes_the_played_match_decides_and_is_asked_for() {
        let at = |played: Option<bool>, vp_scoring: bool, culpable: bool| {
            late_arrival(LateArrival {
                minutes: q("40"),
                boards: None,
                vp_scoring,
                culpable,
                played,
            })
        };
        // Not known whether the match is played: asked, never assumed.
        assert_eq!(at(None, true, true), Err(RuleError::unchosen("played")));
        // 212A2a: played reduced or later, 8 KP.
        assert_eq!(cite_of(&at(Some(true), true, true)), "212A2a");
        // 212A2b: not played, 202C/208C: the late team's culpable absence
        // is 0 KP on either scale (202C1a, 208C1a).
        let o = at(Some(false), true, true);
        assert_eq!(cite_of(&o), "212A2b");
        assert_eq!(value(&o, "kp_late"), q("0"));
        // Not scored in KP: 212A2's KP have no conversion (the footnote is
        // on 212A1a only), so no "8 VP" for such an event.
        assert_eq!(blamed(&at(Some(true), false, true)), "not in text: 212A2a");
        assert_eq!(blamed(&at(Some(false), false, true)), "not in text: 212A2b");
        // 212A3: an excused delay has no deduction, however long.
        let o = at(None, true, false);
        assert_eq!(cite_of(&o), "212A3a");
        assert_eq!(value(&o, "vp"), q("0"));
        assert_eq!(cite_of(&at(Some(false), true, false)), "212A3b");
        let o = at(None, false, false);
        assert_eq!(value(&o, "standard_deductions"), q("0"));
    }

    #[test]
    fn late_arrival_extends_the_round_and_converts_without_kp() {
        // 212A1b(i): at most 15 boards, extended by the delay: 12 minutes.
        let o = late("12", Some(14), true);
        assert_eq!(value(&o, "extension"), q("12"));
        // 212A1b(ii): at least 16 boards, the delay less 5: 12 − 5 = 7.
        assert_eq!(value(&late("12", Some(16), true), "extension"), q("7"));
        // Footnote: without KP each KP is two standard deductions: 12 minutes
        // is 2 KP, so 4 standard deductions.
        assert_eq!(
            value(&late("12", None, false), "standard_deductions"),
            q("4")
        );
        // Under 5 minutes nothing happens at all, not even extra time.
        let o = late("3", Some(16), true);
        assert!(o.as_ref().is_ok_and(|o| o.results.len() == 1));
    }

    #[test]
    fn time_overrun_follows_the_table_of_213a4() {
        let kp = |m: &str| value(&time_overrun(q(m), None, true), "vp");
        // 213A3: under 5 minutes not punished.
        assert_eq!(kp("4"), q("0"));
        // 213A4a(i)–(v): 1, 2, 3, 5, 8 KP.
        assert_eq!(kp("5"), q("1"));
        assert_eq!(kp("12"), q("2"));
        assert_eq!(kp("17"), q("3"));
        assert_eq!(kp("22"), q("5"));
        assert_eq!(kp("27"), q("8"));
        // 213A4a(vi): at least 8 KP from 30 minutes, at the TD's discretion.
        let o = time_overrun(q("35"), None, true);
        assert_eq!(value(&o, "vp"), q("8"));
        assert_eq!(
            o.as_ref().map(|o| o.results[0].bound).ok(),
            Some(Bound::AtLeast)
        );
        assert_eq!(cite_of(&o), "213A4a(vi)");
    }

    #[test]
    fn overruns_at_both_tables_take_the_larger_penalty() {
        // 213A4d: 7 minutes (1 KP) and 22 minutes (5 KP): 5 KP each.
        let o = time_overrun(q("7"), Some(q("22")), true);
        assert_eq!(value(&o, "vp"), q("5"));
        assert_eq!(cite_of(&o), "213A4d");
        assert_eq!(
            value(&time_overrun(q("22"), Some(q("7")), true), "vp"),
            q("5")
        );
        // 27 (8 KP) and 31 (at least 8 KP): at least 8.
        let o = time_overrun(q("27"), Some(q("31")), true);
        assert_eq!(
            o.as_ref().map(|o| o.results[0].bound).ok(),
            Some(Bound::AtLeast)
        );
        // Without KP: 22 minutes, 5 KP, is 10 standard deductions.
        assert_eq!(
            value(&time_overrun(q("22"), None, false), "standard_deductions"),
            q("10")
        );
    }

    proptest! {
        #[test]
        fn longer_delays_never_cost_less(a in 0i64..10_000, b in 0i64..10_000) {
            let (lo, hi) = (a.min(b), a.max(b));
            let (lo, hi) = (Q::new(lo.into(), 100), Q::new(hi.into(), 100));
            let (lo_, hi_) = (show(&lo), show(&hi));
            prop_assert!(value(&late(&lo_, None, true), "vp") <= value(&late(&hi_, None, true), "vp"));
            prop_assert!(value(&time_overrun(lo, None, true), "vp") <= value(&time_overrun(hi, None, true), "vp"));
        }
    }

    #[test]
    fn a_pairs_overrun_is_a_warning_then_a_deduction() {
        // 213B1a: the first, under 3 minutes: a warning, no deduction.
        let o = pairs_overrun(q("2.5"), 0);
        assert_eq!(cite_of(&o), "213B1a");
        assert_eq!(value(&o, "standard_deductions"), q("0"));
        // 213B1c: the first, 3 minutes or more: a deduction at once.
        let o = pairs_overrun(q("3"), 0);
        assert_eq!(cite_of(&o), "213B1c");
        assert_eq!(value(&o, "standard_deductions"), q("1"));
        // 213B1b: any later one, however short.
        let o = pairs_overrun(q("1"), 2);
        assert_eq!(cite_of(&o), "213B1b");
        assert_eq!(value(&o, "standard_deductions"), q("1"));
        assert_eq!(blamed(&pairs_overrun(q("0"), 0)), "minutes");
        assert_eq!(blamed(&pairs_overrun(q("1"), -1)), "earlier");
    }

    proptest! {
        #[test]
        fn a_pairs_overrun_costs_at_most_one_deduction(h in 1u32..60_000, earlier in 0i64..50) {
            let o = pairs_overrun(Q::new(h.into(), 100), earlier);
            let d = value(&o, "standard_deductions");
            prop_assert!(d == q("0") || d == q("1"));
            // Only a first overrun under 3 minutes goes free.
            prop_assert_eq!(d == q("0"), earlier == 0 && h < 300);
        }
    }
}
