/*!
The simplified method of X78D, for a TD without scoring software: a pairs
board with a special score at one table scored by hand (X78D1-D3), a small
group's bonus (X78D6) and the rounding to whole points (X78D7). Apart from
the computer method of X78A-C in [`super::scoring`], whose checks, tables
and labels it shares.
*/

use num_traits::Zero;

use super::boards::{
    check_board_scores, check_one_score, check_weighted, mp_among, plain_table, weighted_against,
    weighted_name, BOARD_MP, EW_MP, EW_PERCENT, NS_MP, NS_PERCENT,
};
use super::limits::Limits;
use super::number::{int, ratio, show, Q};
use super::scoring::{check_group_mp, check_tables, show_score, step, top, IMPS, MAX_TABLES};
use super::{cite, Label, Outcome, Output, RuleError, Step, Unit};

/// The top given for X78D6 (`top`): at most the top of the largest field.
pub(crate) const GIVEN_TOP: Limits = Limits::new(1, 2 * (MAX_TABLES - 1));

/// The tables with an artificial score (`artificial`, X78D3): at least
/// one; with the other tables' scores, at most the largest field (checked
/// with them).
pub(crate) const ARTIFICIAL: Limits = Limits::new(1, MAX_TABLES - 1);

/// X78D6's top: the one given, else the board's on `tables` tables (a step).
fn small_group_top(tables: i64, top_mp: Option<Q>, steps: &mut Vec<Step>) -> Result<Q, RuleError> {
    Ok(match top_mp {
        Some(t) => {
            GIVEN_TOP.check("top", t)?;
            t
        }
        None => {
            let t = top(tables);
            steps.push(step(
                "X78D6",
                Label::TopTables,
                format!("2 × ({tables} − 1) = {}", show(&t)),
            ));
            t
        }
    })
}

/// X78D6 (simplified method): a group holding at most 15 % of the tables
/// adds 10 % of a top to each of its pairs' matchpoints. `top` defaults to
/// the board's top on `tables` tables, 2(A − 1).
pub fn small_group(
    tables: i64,
    results: i64,
    mp: Q,
    top_mp: Option<Q>,
) -> Result<Outcome, RuleError> {
    check_tables(tables)?;
    Limits::new(1, tables).check_whole("results", results)?;
    let mut steps = Vec::new();
    let t = small_group_top(tables, top_mp, &mut steps)?;
    // The pair's matchpoints are won within its group of G results, whose
    // top is 2 × (G − 1); with the bonus the score stays within the top.
    check_group_mp(mp, results)?;
    // 100·G ≤ 15·A, in whole numbers: "at most 15 % of the tables".
    let small = 100 * results <= 15 * tables;
    let share = ratio(100 * i128::from(results), tables.into());
    let (value, bonus) = if small {
        let bonus = t / int(10);
        steps.push(step(
            "X78D6",
            Label::Most15Tables10Top,
            format!(
                "{results} / {tables} = {} % ≤ 15 %: {} + 10 % × {} = {}",
                show(&share),
                show(&mp),
                show(&t),
                show(&(mp + bonus))
            ),
        ));
        (mp + bonus, bonus)
    } else {
        steps.push(step(
            "X78D6",
            Label::MoreThan15TablesNothing,
            format!("{results} / {tables} = {} % > 15 %", show(&share)),
        ));
        (mp, Q::zero())
    };
    // X78D7: points in the simplified method are rounded to a whole number;
    // no side offended here, so a half has no direction and stays.
    let rounded = match round_whole(value, Side::Other) {
        Ok(r) => {
            steps.extend(r.steps);
            r.results.first().map(|o| o.value)
        }
        Err(_) => {
            steps.push(step(
                "X78D7",
                Label::HalfX78d7GivesDirectionOnly,
                show(&value),
            ));
            None
        }
    };
    Ok(Outcome {
        cite: cite("X78D6"),
        results: vec![
            Output::new(
                "mp",
                Label::Matchpoints,
                rounded.unwrap_or(value),
                Unit::Matchpoints,
            ),
            Output::new("added", Label::Added, bonus, Unit::Matchpoints),
        ],
        steps,
    })
}

/// Which side of an irregularity a score belongs to, for X78D7.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    NonOffending,
    Offending,
    /// Neither: X78D7 says only "rounded to a whole number".
    Other,
}

/// X78D7: points in the simplified method are rounded to a whole number:
/// up for a non-offending side (a), down for an offending side (b). For
/// anyone else the text gives no direction, so a value exactly half-way is
/// [`RuleError::NotInText`].
pub fn round_whole(value: Q, side: Side) -> Result<Outcome, RuleError> {
    IMPS.check("value", value)?;
    let (c, rounded, what) = match side {
        Side::NonOffending => ("X78D7a", value.ceil(), Label::NonOffendingSideRoundedUp),
        Side::Offending => ("X78D7b", value.floor(), Label::OffendingSideRoundedDown),
        Side::Other => {
            if value - value.floor() == ratio(1, 2) {
                return Err(RuleError::NotInText {
                    cite: cite("X78D7"),
                    what: Label::WayHalfRoundedSideNeither,
                });
            }
            ("X78D7", value.round(), Label::RoundedNearestWholeNumber)
        }
    };
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new(
            "rounded",
            Label::RoundedPoints,
            rounded,
            Unit::Same,
        )],
        steps: vec![step(
            c,
            what,
            format!("{} → {}", show(&value), show(&rounded)),
        )],
    })
}

/// Which side at the table with a special score caused it, for the
/// rounding of X78D7.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offender {
    Ns,
    Ew,
    Neither,
}

impl Offender {
    fn side(self, ns: bool) -> Side {
        match (self, ns) {
            (Offender::Neither, _) => Side::Other,
            (Offender::Ns, true) | (Offender::Ew, false) => Side::Offending,
            _ => Side::NonOffending,
        }
    }
}

/// X78D1b, D2b, D3: in the simplified method the other tables score their
/// comparison with a table of a special score as average (1 matchpoint:
/// "the top lowered by 1 and the bottom raised by 1", footnote 3), and
/// score each other as usual.
fn others_with_average(
    others: &[i64],
    specials: i64,
    c: &'static str,
    steps: &mut Vec<Step>,
) -> Vec<Output> {
    let plain = plain_table(others);
    let mut shown: Vec<i64> = Vec::new();
    let mut results = Vec::new();
    for (i, s) in others.iter().enumerate() {
        let among = mp_among(*s, &plain, true);
        let mp = among + int(specials.into());
        if !shown.contains(s) {
            shown.push(*s);
            steps.push(step(
                c,
                Label::AnotherTableMatchpointsAgainstOther,
                format!(
                    "{}: {} + {specials} × 1 = {}",
                    show_score(*s),
                    show(&among),
                    show(&mp)
                ),
            ));
        }
        results.push(
            Output::new(&format!("mp_{}", i + 1), BOARD_MP, mp, Unit::Matchpoints)
                .of(show_score(*s)),
        );
    }
    results
}

/// One side's matchpoints at the special table, rounded by X78D7 when they
/// are not whole, with the percentage.
fn special_side(
    name: &str,
    exact: Q,
    side: Side,
    tables: i64,
    of: &str,
    steps: &mut Vec<Step>,
) -> Result<[Output; 2], RuleError> {
    let rounded = if exact.is_integer() {
        exact
    } else {
        let r = round_whole(exact, side)?;
        steps.extend(r.steps.into_iter().map(|mut st| {
            st.expr = format!("{of}: {}", st.expr);
            st
        }));
        r.results.first().map(|o| o.value).unwrap_or(exact)
    };
    let (label, pct) = if name == "ns" {
        (NS_MP, NS_PERCENT)
    } else {
        (EW_MP, EW_PERCENT)
    };
    Ok([
        Output::new(
            &format!("mp_{name}_special"),
            label,
            rounded,
            Unit::Matchpoints,
        )
        .of(of.to_string()),
        Output::new(
            &format!("percent_{name}_special"),
            pct,
            rounded / top(tables) * int(100),
            Unit::Percent,
        )
        .of(of.to_string()),
    ])
}

/// X78D1 (the simplified method): a pairs board where one table has a
/// weighted score. That table's pairs get the weighted sum of their
/// comparisons with each of its scores (D1a); the other tables score the
/// comparison with it as average (D1b). Points are whole numbers, rounded
/// by X78D7 for the side that did or did not offend.
pub fn simplified_weighted(
    others: &[i64],
    components: &[(i64, Q)],
    offender: Offender,
) -> Result<Outcome, RuleError> {
    check_weighted(others, components)?;
    let tables = others.len() as i64 + 1;
    let mut steps = Vec::new();
    let mut results = others_with_average(others, 1, "X78D1b", &mut steps);
    let (ns, terms) = weighted_against(&plain_table(others), components);
    let ew = top(tables) - ns;
    steps.push(step(
        "X78D1a",
        Label::WeightedTableWeightedSumEach,
        format!(
            "N/S {terms} = {}; Ø/V {} − {} = {}",
            show(&ns),
            show(&top(tables)),
            show(&ns),
            show(&ew)
        ),
    ));
    let of = weighted_name(components);
    results.extend(special_side(
        "ns",
        ns,
        offender.side(true),
        tables,
        &of,
        &mut steps,
    )?);
    results.extend(special_side(
        "ew",
        ew,
        offender.side(false),
        tables,
        &of,
        &mut steps,
    )?);
    Ok(Outcome {
        cite: cite("X78D1"),
        results,
        steps,
    })
}

/// X78D2 (the simplified method): a pairs board where one table has an
/// unbalanced score (`ns` for N/S, `ew` for E/W, both from N/S's
/// direction). Each side of it is scored as usual with its own score
/// (D2a); the other tables score the comparison with it as average (D2b).
pub fn simplified_unbalanced(others: &[i64], ns: i64, ew: i64) -> Result<Outcome, RuleError> {
    check_board_scores(others)?;
    check_one_score("ns", ns)?;
    check_one_score("ew", ew)?;
    let tables = others.len() as i64 + 1;
    let mut steps = Vec::new();
    let mut results = others_with_average(others, 1, "X78D2b", &mut steps);
    let plain = plain_table(others);
    let ns_mp = mp_among(ns, &plain, false);
    let ew_mp = top(tables) - mp_among(ew, &plain, false);
    steps.push(step(
        "X78D2a",
        Label::AdjustedTableEachSideScored,
        format!(
            "N/S {}: {}; Ø/V {}: {} − {} = {}",
            show_score(ns),
            show(&ns_mp),
            show_score(ew),
            show(&top(tables)),
            show(&(top(tables) - ew_mp)),
            show(&ew_mp)
        ),
    ));
    let of = format!("N/S {} / Ø/V {}", show_score(ns), show_score(ew));
    results.extend(special_side(
        "ns",
        ns_mp,
        Side::Other,
        tables,
        &of,
        &mut steps,
    )?);
    results.extend(special_side(
        "ew",
        ew_mp,
        Side::Other,
        tables,
        &of,
        &mut steps,
    )?);
    Ok(Outcome {
        cite: cite("X78D2"),
        results,
        steps,
    })
}

/// X78D3 (the simplified method): a pairs board where `artificial` tables
/// have an artificial score. The other tables score each comparison with
/// them as average; the artificial scores themselves are Law 12C2's.
pub fn simplified_artificial(others: &[i64], artificial: i64) -> Result<Outcome, RuleError> {
    check_board_scores(others)?;
    // The artificial scores and the others are the board's tables.
    Limits::new(ARTIFICIAL.min, MAX_TABLES - others.len() as i64)
        .check_whole("artificial", artificial)?;
    let mut steps = vec![step(
        "X78D3",
        Label::ComparisonArtificialScoreScoredAverage,
        format!("A = {} + {artificial}", others.len()),
    )];
    let results = others_with_average(others, artificial, "X78D3", &mut steps);
    Ok(Outcome {
        cite: cite("X78D3"),
        results,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, cite_of, q, value};
    use proptest::prelude::*;

    fn weights(rows: &[(i64, &str)]) -> Vec<(i64, Q)> {
        rows.iter().map(|(s, w)| (*s, q(w))).collect()
    }

    // --- X78D1–D3: the simplified method ----------------------------------------

    #[test]
    fn simplified_weighted_by_hand() {
        // Four tables (top 6): +420, +450, -50, and 60 % +420 / 40 % -100
        // with E/W offending.
        // The others count the weighted table as average (1):
        //   +420: 0 (+450) + 2 (-50) + 1 = 3; +450: 2 + 2 + 1 = 5;
        //   -50: 0 + 0 + 1 = 1.
        // The weighted table: +420 against the others 1 + 0 + 2 = 3, -100
        //   0: N/S 0,6 × 3 + 0,4 × 0 = 1,8, up (non-offending) to 2; E/W
        //   6 − 1,8 = 4,2, down (offending) to 4.
        let o = simplified_weighted(
            &[420, 450, -50],
            &weights(&[(420, "60"), (-100, "40")]),
            Offender::Ew,
        );
        let mp = |n: &str| value(&o, n);
        assert_eq!(
            [mp("mp_1"), mp("mp_2"), mp("mp_3")],
            [q("3"), q("5"), q("1")]
        );
        assert_eq!([mp("mp_ns_special"), mp("mp_ew_special")], [q("2"), q("4")]);
        assert_eq!(cite_of(&o), "X78D1");
        // N/S offending instead: 1,8 down to 1, 4,2 up to 5.
        let o = simplified_weighted(
            &[420, 450, -50],
            &weights(&[(420, "60"), (-100, "40")]),
            Offender::Ns,
        );
        assert_eq!(
            [value(&o, "mp_ns_special"), value(&o, "mp_ew_special")],
            [q("1"), q("5")]
        );
    }

    #[test]
    fn simplified_weighted_with_no_offender_and_a_half_is_not_in_the_text() {
        // Three tables (top 4): +100, +200, and 50 % +150 / 50 % +50:
        // +150 beats +100 (2), +50 nobody (0): N/S 0,5 × 2 = 1, whole.
        let o = simplified_weighted(
            &[100, 200],
            &weights(&[(150, "50"), (50, "50")]),
            Offender::Neither,
        );
        assert_eq!(value(&o, "mp_ns_special"), q("1"));
        // 75 % +150 / 25 % +50: 0,75 × 2 + 0,25 × 0 = 1,5, a half, and
        // X78D7 says which way only for an offending or non-offending side.
        let o = simplified_weighted(
            &[100, 200],
            &weights(&[(150, "75"), (50, "25")]),
            Offender::Neither,
        );
        assert_eq!(blamed(&o), "not in text: X78D7");
    }

    #[test]
    fn simplified_unbalanced_and_artificial_by_hand() {
        // X78D2: four tables (top 6), N/S +420 and E/W -450 (+450 from
        // N/S's direction) at the adjusted table.
        //   others as in the weighted case: 3, 5, 1.
        //   N/S +420 against the others: 1 + 0 + 2 = 3.
        //   E/W: +450 would give N/S 2 + 1 + 2 = 5, so E/W 6 − 5 = 1.
        let o = simplified_unbalanced(&[420, 450, -50], 420, 450);
        let mp = |n: &str| value(&o, n);
        assert_eq!(
            [mp("mp_1"), mp("mp_2"), mp("mp_3")],
            [q("3"), q("5"), q("1")]
        );
        assert_eq!([mp("mp_ns_special"), mp("mp_ew_special")], [q("3"), q("1")]);
        // X78D3: five tables, two of them artificial (top 8): the three
        // others score among themselves and get 1 for each artificial
        // table: +450 4 + 2 = 6, +420 2 + 2 = 4, -50 0 + 2 = 2.
        let o = simplified_artificial(&[420, 450, -50], 2);
        let mp = |n: &str| value(&o, n);
        assert_eq!(
            [mp("mp_1"), mp("mp_2"), mp("mp_3")],
            [q("4"), q("6"), q("2")]
        );
        assert_eq!(blamed(&simplified_artificial(&[420], 0)), "artificial");
        assert_eq!(blamed(&simplified_unbalanced(&[420], 420, 455)), "ew");
        assert_eq!(
            blamed(&simplified_weighted(
                &[420],
                &weights(&[(420, "99")]),
                Offender::Ew
            )),
            "weights"
        );
    }

    proptest! {
        /// X78D's footnote 3: scoring a comparison as average lowers the
        /// top by 1 and raises the bottom by 1.
        #[test]
        fn simplified_method_lowers_the_top_and_raises_the_bottom_by_one(
            raw in proptest::collection::vec(-20i64..20, 1..30),
            ns in -20i64..20,
            ew in -20i64..20,
        ) {
            let others: Vec<i64> = raw.iter().map(|s| s * 50).collect();
            let tables = others.len() as i64 + 1;
            let o = simplified_unbalanced(&others, ns * 50, ew * 50);
            for n in 1..=others.len() {
                let mp = value(&o, &format!("mp_{n}"));
                prop_assert!(mp >= int(1) && mp <= top(tables) - int(1), "{mp}");
            }
            for side in ["mp_ns_special", "mp_ew_special"] {
                let mp = value(&o, side);
                prop_assert!(mp >= Q::zero() && mp <= top(tables), "{mp}");
            }
            let w = simplified_weighted(&others, &[(ns * 50, int(50)), (ew * 50, int(50))], Offender::Ew);
            let (a, b) = (value(&w, "mp_ns_special"), value(&w, "mp_ew_special"));
            prop_assert!(a.is_integer() && b.is_integer());
            // One side up, the other down, from a pair that adds up to the
            // top: they still add up to it.
            prop_assert_eq!(a + b, top(tables));
        }
    }

    // --- X78D ------------------------------------------------------------------------

    #[test]
    fn a_small_group_gets_a_tenth_of_a_top() {
        // X78D6: at most 15 % of the tables → + 10 % of a top, then X78D7
        // rounds to a whole number. A pair's matchpoints are won in its
        // group of G results, so at most 2 × (G − 1).
        // 3 of 20 tables = 15 %: 3 + 10 % × 2 × 19 = 3 + 3,8 = 6,8 → 7.
        let o = small_group(20, 3, q("3"), None);
        assert_eq!(value(&o, "mp"), q("7"));
        assert_eq!(value(&o, "added"), q("3.8"));
        // 37 matchpoints cannot be won in a group of 3 (top 4).
        assert_eq!(blamed(&small_group(20, 3, q("37"), None)), "mp");
        // 4 of 20 = 20 %: nothing added.
        assert_eq!(value(&small_group(20, 4, q("5"), None), "mp"), q("5"));
        // 1 of 7 = 14,28… %: 0 + 10 % × 12 = 1,2 → 1.
        assert_eq!(value(&small_group(7, 1, q("0"), None), "mp"), q("1"));
        // A top given: 10 % × 25 = 2,5; 1 + 2,5 = 3,5, a half X78D7 gives
        // no direction for here, so it stays.
        let o = small_group(20, 2, q("1"), Some(q("25")));
        assert_eq!(value(&o, "added"), q("2.5"));
        assert_eq!(value(&o, "mp"), q("3.5"));
        assert_eq!(blamed(&small_group(20, 21, q("6"), None)), "results");
    }

    #[test]
    fn simplified_rounding_goes_up_for_the_innocent_and_down_for_the_guilty() {
        // X78D7a/b.
        let r = |v: &str, s| value(&round_whole(q(v), s), "rounded");
        assert_eq!(r("12.1", Side::NonOffending), q("13"));
        assert_eq!(r("12.9", Side::Offending), q("12"));
        assert_eq!(r("-0.5", Side::NonOffending), q("0"));
        assert_eq!(r("-0.5", Side::Offending), q("-1"));
        assert_eq!(r("12.4", Side::Other), q("12"));
        assert_eq!(r("12", Side::Offending), q("12"));
        // X78D7 gives no direction for a half when neither side applies.
        assert_eq!(
            blamed(&round_whole(q("12.5"), Side::Other)),
            "not in text: X78D7"
        );
    }
}
