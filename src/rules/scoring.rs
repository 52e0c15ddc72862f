/*!
What the scoring methods of pairs boards share: the scale (matchpoints, the
top of a board), the bounds every calculator checks (tables, groups, scores,
imps), the step and label helpers, and the rounding of a board's
matchpoints. The methods themselves are one file per concept: a group
converted to more tables (X78B, [`super::conversion`]), a board with a
weighted, unbalanced or artificial score (X78A1–A3, [`super::boards`]),
rounding and curtailed redress (X78C, X78A4, [`super::rounding`]) and the
simplified manual method of X78D ([`super::simplified`]). Imps across the
field, butler and carry-over (203, 204, 207) are in [`super::teams`].

Matchpoints ("parpoint") are counted 2 for each pair beaten and 1 for each
tie, so a board played at A tables has a top of 2(A − 1) and a middle of
A − 1. The text presupposes this scale: Neuberg's formula in X78B4 is
A / G × (P + 1) − 1, whose `+ 1` and `− 1` are the half of a comparison
that a pair gets for tying with itself on this scale (EBU, "The Neuberg
Formula – the Principle", Laws & Ethics articles: 10 results where 11 were
expected give a sole top 11/10 × 19 − 1 = 19,9 of 20). X78's footnote 3 says
the same in words: a comparison scored as average lowers the top by 1.
*/

use super::limits::Limits;
use super::number::{int, ratio, round_away_from, show, Q};
use super::{cite, Label, Problem, RuleError, Step};

/// The most tables any calculator accepts: far above any real board, low
/// enough that no product leaves `i128`.
pub const MAX_TABLES: i64 = 1000;

/// The largest bridge score in either direction (1NT redoubled and
/// vulnerable, 13 down: 7600).
pub const MAX_SCORE: i64 = 7600;

/// The most imps one comparison on one board gives: the top of the imp
/// scale of Law 78B (a difference of 4000 points or more is 24 imps). The
/// scale's text is not in the corpus; its top is the WBF scale's, the one
/// Law 78B gives.
pub const IMP_SCALE_TOP: i64 = 24;

/// The largest imp or matchpoint result one board gives: imps across the
/// field, compared with each other table at the imp scale's top,
/// (A − 1) × 24 on the largest field (a matchpoint top, 2(A − 1), is less).
pub const MAX_IMP: i64 = (MAX_TABLES - 1) * IMP_SCALE_TOP;

/// The tables a board is played at (`tables`, A).
pub(crate) const TABLES: Limits = Limits::new(2, MAX_TABLES);

/// The results of a group (`results`, G): at least one, fewer than the
/// tables.
pub(crate) const RESULTS: Limits = Limits::new(1, MAX_TABLES - 1);

/// A pair's matchpoints within its group (`mp`, P), as a form takes them;
/// the group's own top, 2 × (G − 1), is checked with the group
/// ([`check_group_mp`]).
pub(crate) const GROUP_MP: Limits = Limits::new(0, 2 * MAX_TABLES);

/// A matchpoint top (`top`): 1 to the top of the largest field.
pub(crate) const TOP: Limits = Limits::new(1, 2 * MAX_TABLES);

/// An imp or matchpoint result of one board (a result, a value to round):
/// what a board gives.
pub(crate) const IMPS: Limits = Limits::symmetric(MAX_IMP);

/// One side's imps on a board from one comparison (a team match, 12C4):
/// the imp scale's range.
pub(crate) const BOARD_IMPS: Limits = Limits::symmetric(IMP_SCALE_TOP);

/// A bridge score in either direction, or a butler datum.
pub(crate) const SCORE: Limits = Limits::symmetric(MAX_SCORE);

/// A percentage of a board or a session.
pub(crate) const PERCENTAGE: Limits = Limits::new(0, 100);

/// The top on a board played at `tables` tables: 2(A − 1).
pub fn top(tables: i64) -> Q {
    int(2 * (i128::from(tables) - 1))
}

pub(crate) fn step(c: &'static str, what: Label, expr: impl Into<String>) -> Step {
    Step {
        cite: cite(c),
        what,
        expr: expr.into(),
    }
}

/// A score as written on a score card: `+420`, `-50`, `0`.
pub fn show_score(s: i64) -> String {
    if s > 0 {
        format!("+{s}")
    } else {
        s.to_string()
    }
}

/// Each named value within [`IMPS`], the bound of every imp or
/// matchpoint input.
pub(crate) fn check_imps(values: &[(&str, Q)]) -> Result<(), RuleError> {
    for (name, v) in values {
        IMPS.check(name, *v)?;
    }
    Ok(())
}

pub(crate) fn check_tables(tables: i64) -> Result<(), RuleError> {
    TABLES.check_whole("tables", tables)
}

/// X78B converts a group to a larger number of tables: A must exceed G.
pub(crate) fn check_group(tables: i64, results: i64) -> Result<(), RuleError> {
    check_group_of(tables, results, 1)
}

/// [`check_group`] for a method that needs at least `least` results
/// (Neuberg's formula 4, imps across the field 2). Too few results name
/// this board's range, `least` to A − 1; too many blame the tables, which
/// must exceed G.
pub(crate) fn check_group_of(tables: i64, results: i64, least: i64) -> Result<(), RuleError> {
    check_tables(tables)?;
    if results < least {
        return Limits::new(least, (tables - 1).max(least)).check_whole("results", results);
    }
    if results >= tables {
        return Err(RuleError::input(
            "tables",
            Problem::NotLargerThan { other: "results" },
        ));
    }
    Ok(())
}

pub(crate) const PCT_OF_TOP: Label = Label::MatchpointsTablesPercentageTop;

pub(crate) const ROUNDED_MP: Label = Label::Rounded01MatchpointHalves;

/// X78C1 on a board of `tables` tables: the nearest 0,1 matchpoint, halves
/// away from the middle A − 1.
pub fn round_board_mp(value: Q, tables: i64) -> Q {
    round_away_from(value, ratio(1, 10), int(i128::from(tables) - 1))
}

/// A percentage of the top on `tables` tables, as matchpoints rounded per
/// X78C1, with the steps that show it.
pub(crate) fn pct_to_mp(pct: Q, tables: i64, steps: &mut Vec<Step>, of: &str) -> Q {
    let exact = pct / int(100) * top(tables);
    let rounded = round_board_mp(exact, tables);
    let prefix = of_prefix(of);
    steps.push(step(
        "X78B",
        PCT_OF_TOP,
        format!(
            "{prefix}{} % × 2 × ({tables} − 1) = {}",
            show(&pct),
            show(&exact)
        ),
    ));
    if rounded != exact {
        steps.push(step(
            "X78C1",
            ROUNDED_MP,
            format!("{prefix}{} → {}", show(&exact), show(&rounded)),
        ));
    }
    rounded
}

pub(crate) const PERCENT: Label = Label::PercentageBoard;

pub(crate) const MATCHPOINTS: Label = Label::MatchpointsTables;

/// Whether `s` is a bridge score: one that some contract's result gives
/// by the scoring table of Law 77 ([`super::contract`]).
pub fn is_score(s: i64) -> bool {
    super::contract::is_score(s)
}

pub(crate) fn check_scores(scores: &[i64]) -> Result<(), RuleError> {
    for s in scores {
        if !is_score(*s) {
            return Err(RuleError::input(
                "scores",
                Problem::NotAScore(s.to_string()),
            ));
        }
    }
    Ok(())
}

/// A matchpoint top (`top`), checked against [`TOP`].
pub(crate) fn check_top(top: i64) -> Result<(), RuleError> {
    TOP.check_whole("top", top)
}

/// A pair's matchpoints (`mp`) within its group of `results`, whose top is
/// 2 × (G − 1).
pub(crate) fn check_group_mp(mp: Q, results: i64) -> Result<(), RuleError> {
    Limits::new(0, 2 * (results - 1)).check("mp", mp)
}

/// The lead-in of a step about one of several like results (`"2: "`), or
/// nothing for the only one.
pub(crate) fn of_prefix(of: &str) -> String {
    if of.is_empty() {
        String::new()
    } else {
        format!("{of}: ")
    }
}
