//! The weights of a weighted score (Law 12C1c, X78A1): how many results it
//! combines and what a weight may be. Both the adjusted scores and the
//! board calculators check them, so they live apart from either.

use num_traits::Zero;

use super::limits::{Count, Limits};
use super::number::{decimals, int, Q};
use super::{Problem, RuleError};

/// The most results a weighted score combines here (national regulations
/// commonly ask for no more).
pub const MAX_COMPONENTS: usize = 5;

/// The results a weighted score combines (`result1`/`weight1` …).
pub(crate) const COMPONENTS: Count = Count::new(1, MAX_COMPONENTS);

/// A weight (`weight1` …), in per cent: above 0, at most 100.
pub(crate) const WEIGHT: Limits = Limits::above(0, 100);

/// Weights are per cent with at most this many decimals.
pub const WEIGHT_DECIMALS: u32 = 2;

/// Or an exact share of at most this many parts, entered as a fraction
/// (`100/3` or `33 1/3` for a third), so that thirds sum to exactly 100 %.
pub const MAX_SHARE_PARTS: i128 = 12;

/// The weights of a weighted score (`weight1`, `weight2`, … in per cent):
/// each above 0 % and at most 100 %, with at most two decimals or an exact
/// share of a few parts, summing to exactly 100 %.
pub(crate) fn check_weights<'a>(weights: impl IntoIterator<Item = &'a Q>) -> Result<(), RuleError> {
    let mut sum = Q::zero();
    for (i, weight) in weights.into_iter().enumerate() {
        let n = i + 1;
        WEIGHT.check(&format!("weight{n}"), *weight)?;
        // Two decimals, or an exact share of a few parts (a third: 100/3).
        let share = weight / int(100);
        let exact_share = *share.denom() <= MAX_SHARE_PARTS;
        if decimals(weight).is_none_or(|d| d > WEIGHT_DECIMALS) && !exact_share {
            return Err(RuleError::input(
                format!("weight{n}"),
                Problem::TooManyDecimals {
                    max: WEIGHT_DECIMALS,
                },
            ));
        }
        sum += weight;
    }
    if sum != int(100) {
        return Err(RuleError::input("weights", Problem::WeightsSum { sum }));
    }
    Ok(())
}
