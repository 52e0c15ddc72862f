/*!
A pair that sits out boards because of the movement (X78A5, X78D5): what it
scores on them. With the computer method (X78A5) it scores its own average
in the session (see X12B), and until the session is over, 60 % provisionally
(the section's footnote); with the manual method (X78D5) it gets average
plus, which 12C2a puts at 60 % in pairs.
*/

use num_traits::Zero;

use super::limits::Count;
use super::number::{int, ratio, show, Q};
use super::scoring::{check_tables, step, top, PERCENTAGE};
use super::{cite, Label, Outcome, Output, RuleError, Unit};

/// The most boards a pair's session average is taken over here.
pub const MAX_BOARDS: usize = 200;

/// The boards a pair played in the session (`played`, X78A5): none while
/// the session is not over.
pub(crate) const PLAYED: Count = Count::new(0, MAX_BOARDS);

/// The provisional score of X78's footnote, and average plus in pairs (12C2a).
fn sixty() -> Q {
    int(60)
}

/// X78A5: a sitting-out pair's score on each board it sits out: its
/// average percentage on the boards it played in the session, or, while
/// the session is not over (`played` empty), 60 % provisionally.
pub fn computed(played: &[Q]) -> Result<Outcome, RuleError> {
    PLAYED.check("played", played.len())?;
    for p in played {
        PERCENTAGE.check("played", *p)?;
    }
    let (value, c, step_) = if played.is_empty() {
        (
            sixty(),
            "X78A5",
            step("X78A5", Label::SessionNotOver60Provisionally, "60 %"),
        )
    } else {
        let sum = played.iter().fold(Q::zero(), |a, b| a + b);
        let avg = sum / int(played.len() as i128);
        let shown: Vec<String> = played.iter().map(show).collect();
        (
            avg,
            "X78A5",
            step(
                "X78A5",
                Label::PairAverageScoreSessionX12b,
                format!(
                    "({}) / {} = {} %",
                    shown.join(" + "),
                    played.len(),
                    show(&avg)
                ),
            ),
        )
    };
    Ok(Outcome {
        cite: cite(c),
        results: vec![Output::new(
            "percent",
            Label::ScoreEachBoardSatOut,
            value,
            Unit::Percent,
        )],
        steps: vec![step_],
    })
}

/// X78D5: in the manual method a sitting-out pair gets average plus: 60 %
/// (12C2a), on `tables` tables 60 % of the top 2 × (A − 1) in matchpoints.
pub fn manual(tables: i64) -> Result<Outcome, RuleError> {
    check_tables(tables)?;
    let t = top(tables);
    let mp = t * ratio(60, 100);
    Ok(Outcome {
        cite: cite("X78D5"),
        results: vec![
            Output::new("percent", Label::AveragePlus, sixty(), Unit::Percent),
            Output::new("mp", Label::Matchpoints, mp, Unit::Matchpoints),
        ],
        steps: vec![step(
            "X78D5",
            Label::AveragePlus6012c2aTop,
            format!("60 % × 2 × ({tables} − 1) = {}", show(&mp)),
        )],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{blamed, q, value};
    use proptest::prelude::*;

    #[test]
    fn a_sitting_out_pair_scores_its_own_average() {
        // X78A5: 55, 62,5 and 48 % → 165,5 / 3 = 55,1666… %.
        let o = computed(&[q("55"), q("62.5"), q("48")]);
        assert_eq!(value(&o, "percent"), ratio(331, 6));
        // Before the session ends: 60 % provisionally.
        assert_eq!(value(&computed(&[]), "percent"), q("60"));
        assert_eq!(blamed(&computed(&[q("101")])), "played");
    }

    #[test]
    fn the_manual_method_gives_average_plus() {
        // X78D5 on 13 tables: 60 % of 24 = 14,4.
        let o = manual(13);
        assert_eq!(value(&o, "mp"), q("14.4"));
        assert_eq!(value(&o, "percent"), q("60"));
        assert_eq!(blamed(&manual(1)), "tables");
    }

    proptest! {
        #[test]
        fn an_average_stays_within_the_scores(v in proptest::collection::vec(0u32..=10000, 1..40)) {
            let played: Vec<Q> = v.iter().map(|h| Q::new((*h).into(), 100)).collect();
            let avg = value(&computed(&played), "percent");
            let lo = played.iter().min().copied().unwrap_or_default();
            let hi = played.iter().max().copied().unwrap_or_default();
            prop_assert!(lo <= avg && avg <= hi);
        }
    }
}
