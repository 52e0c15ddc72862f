/*!
Exact numbers for the score rules: rationals, decimals read from people and
JSON, rounding to a unit, and display with a decimal comma.

Every rule computes on [`Q`] (a ratio of `i128`s), so that 33,33 % is
3333/10000 and not 0.33329999…, and a tie in X78C's "half units round away
from the middle" is recognised exactly. Inputs are bounded (see the registry)
so that no product in any rule comes near `i128`'s range.
*/

use num_rational::Ratio;
use num_traits::{One, Signed, Zero};

/// An exact number: a fraction of two `i128`s, always in lowest terms.
pub type Q = Ratio<i128>;

/// The whole number `n` as a [`Q`].
pub fn int(n: i128) -> Q {
    Q::from_integer(n)
}

/// `n / d` as a [`Q`]; `d` is a non-zero constant of the caller's.
pub(crate) fn ratio(n: i128, d: i128) -> Q {
    if d == 0 {
        return Q::zero();
    }
    Q::new(n, d)
}

/// Why a text is not a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// Not digits with an optional sign, decimal point or comma, and exponent.
    NotANumber,
    /// More digits than any score rule needs (NaN and infinity come here too).
    TooLong,
}

/// The most significant digits a number may have.
const MAX_DIGITS: usize = 15;
/// The largest exponent (`1e15`) a number may carry.
const MAX_EXPONENT: i32 = 15;

/// Reads a number exactly: a decimal (`7,5`, `7.5`, `-50`, `+3`, `−3` with
/// the minus sign, `1e-3` in JSON's notation for small numbers), a fraction
/// (`100/3`, `1/2`) or a whole number and a fraction (`33 1/3`), so that
/// thirds are exact. No thousands separators: in `1,500` the comma is the
/// decimal comma.
pub fn parse(text: &str) -> Result<Q, NumberError> {
    let s = text.trim();
    if let Some((top, bottom)) = s.split_once('/') {
        let denominator = decimal(bottom)?;
        if denominator.is_zero() || bottom.trim().starts_with(['-', '+', '\u{2212}']) {
            return Err(NumberError::NotANumber);
        }
        // `33 1/3`: a whole number before the fraction's numerator.
        let top = top.trim();
        let (whole, numerator) = match top.rsplit_once(char::is_whitespace) {
            Some((w, n)) => (decimal(w)?, decimal(n)?),
            None => (Q::zero(), decimal(top)?),
        };
        let part = numerator / denominator;
        return Ok(if whole.is_negative() {
            whole - part
        } else {
            whole + part
        });
    }
    decimal(s)
}

/// Reads a decimal number exactly (see [`parse`]).
fn decimal(text: &str) -> Result<Q, NumberError> {
    let s = text.trim();
    let (negative, rest) = if let Some(r) = s.strip_prefix('-') {
        (true, r)
    } else if let Some(r) = s.strip_prefix('\u{2212}') {
        (true, r)
    } else if let Some(r) = s.strip_prefix('+') {
        (false, r)
    } else {
        (false, s)
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = match mantissa.find(['.', ',']) {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let digits_ok = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits_ok(whole) || !digits_ok(fraction) {
        return Err(NumberError::NotANumber);
    }
    let significant = format!("{whole}{fraction}");
    let significant = significant.trim_start_matches('0');
    if significant.len() > MAX_DIGITS {
        return Err(NumberError::TooLong);
    }
    let mut exp: i32 = match exponent {
        None => 0,
        Some(e) => {
            let (neg, digits) = match e.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, e.strip_prefix('+').unwrap_or(e)),
            };
            if digits.is_empty() || !digits_ok(digits) || digits.len() > 3 {
                return Err(NumberError::NotANumber);
            }
            let v: i32 = digits.parse().map_err(|_| NumberError::NotANumber)?;
            if v > MAX_EXPONENT {
                return Err(NumberError::TooLong);
            }
            if neg {
                -v
            } else {
                v
            }
        }
    };
    exp -= fraction.len() as i32;
    let m: i128 = if significant.is_empty() {
        0
    } else {
        significant.parse().map_err(|_| NumberError::NotANumber)?
    };
    if exp.unsigned_abs() as usize > MAX_DIGITS + MAX_DIGITS {
        return Err(NumberError::TooLong);
    }
    let scale = 10_i128.pow(exp.unsigned_abs());
    let value = if exp >= 0 {
        int(m * scale)
    } else {
        ratio(m, scale)
    };
    Ok(if negative { -value } else { value })
}

/// How many decimals `q` has when written out, or `None` when its decimal
/// expansion never ends (1/3).
pub fn decimals(q: &Q) -> Option<u32> {
    let mut d = *q.denom();
    let (mut twos, mut fives) = (0u32, 0u32);
    while d % 2 == 0 {
        d /= 2;
        twos += 1;
    }
    while d % 5 == 0 {
        d /= 5;
        fives += 1;
    }
    (d == 1).then_some(twos.max(fives))
}

/// Rounds `q` to the nearest multiple of `unit`; a value exactly half-way
/// goes away from `centre` (X78C: "halve enheder afrundes væk fra middel"),
/// and, exactly at the centre, up.
pub fn round_away_from(q: Q, unit: Q, centre: Q) -> Q {
    if unit <= Q::zero() {
        return q;
    }
    let n = q / unit;
    let floor = n.floor();
    let rest = n - floor;
    let half = ratio(1, 2);
    let steps = if rest < half {
        floor
    } else if rest > half || q >= centre {
        floor + Q::one()
    } else {
        floor
    };
    steps * unit
}

/// `q` rounded up (towards +∞) to a multiple of `unit`.
pub fn round_up(q: Q, unit: Q) -> Q {
    if unit <= Q::zero() {
        return q;
    }
    (q / unit).ceil() * unit
}

/// `q` rounded down (towards −∞) to a multiple of `unit`.
pub fn round_down(q: Q, unit: Q) -> Q {
    if unit <= Q::zero() {
        return q;
    }
    (q / unit).floor() * unit
}

/// The most decimals [`show`] writes out before it shortens with "…".
const SHOWN_DECIMALS: u32 = 5;

/// `q` for people, with a decimal comma: `17,4`, `-3`, `0,0625`; a value
/// with more than five decimals (or none that end) is cut to five and marked
/// `…` (`17,41666…`). The exact value is never lost: this is display only.
pub fn show(q: &Q) -> String {
    match decimals(q) {
        Some(d) if d <= SHOWN_DECIMALS => fixed(q, d),
        _ => {
            // Truncated towards zero, so that "…" honestly means "and more".
            let scale = int(10_i128.pow(SHOWN_DECIMALS));
            let cut = (q * scale).trunc() / scale;
            let text = fixed(&cut, SHOWN_DECIMALS);
            let text = if cut.is_zero() && q.is_negative() {
                format!("-{text}")
            } else {
                text
            };
            format!("{text}…")
        }
    }
}

/// `q` with exactly `places` decimals (rounded half away from zero if it
/// has more), decimal comma.
pub fn fixed(q: &Q, places: u32) -> String {
    let scale = 10_i128.pow(places);
    let scaled = (q * int(scale)).round();
    let n = *scaled.numer();
    let sign = if n < 0 { "-" } else { "" };
    let n = n.unsigned_abs();
    let whole = n / scale.unsigned_abs();
    let frac = n % scale.unsigned_abs();
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole},{frac:0width$}", width = places as usize)
    }
}

/// `q` as the nearest `f64`, for JSON.
pub fn to_f64(q: &Q) -> f64 {
    // Whole part and fraction separately, so that large numerators with
    // small denominators lose nothing before the division.
    let whole = q.trunc();
    let frac = q - whole;
    *whole.numer() as f64 + *frac.numer() as f64 / *frac.denom() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fractions_and_mixed_numbers_exactly() {
        assert_eq!(parse("1/3"), Ok(ratio(1, 3)));
        assert_eq!(parse("100/3"), Ok(ratio(100, 3)));
        assert_eq!(parse("33 1/3"), Ok(ratio(100, 3)));
        assert_eq!(parse("-1/3"), Ok(ratio(-1, 3)));
        assert_eq!(parse("-33 1/3"), Ok(ratio(-100, 3)));
        assert_eq!(parse("2,5/5"), Ok(ratio(1, 2)));
        for bad in ["1/0", "1/", "/3", "1/-3", "1/3/4", "a/3"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reads_decimal_comma_point_sign_and_exponent() {
        assert_eq!(parse("7,5"), Ok(ratio(15, 2)));
        assert_eq!(parse(" 7.5 "), Ok(ratio(15, 2)));
        assert_eq!(parse("-50"), Ok(int(-50)));
        assert_eq!(parse("\u{2212}3"), Ok(int(-3)));
        assert_eq!(parse("+3"), Ok(int(3)));
        assert_eq!(parse("33,33"), Ok(ratio(3333, 100)));
        assert_eq!(parse(",5"), Ok(ratio(1, 2)));
        assert_eq!(parse("5."), Ok(int(5)));
        assert_eq!(parse("1e-3"), Ok(ratio(1, 1000)));
        assert_eq!(parse("1.5E2"), Ok(int(150)));
        assert_eq!(parse("0.1"), Ok(ratio(1, 10)));
    }

    #[test]
    fn refuses_what_is_not_a_plain_number() {
        for bad in [
            "", " ", "-", ".", "1,2,3", "1.2.3", "abc", "NaN", "inf", "-inf", "1e", "1e+", "½",
            "1 000", "0x10", "1e1000", "--1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse("1234567890123456"), Err(NumberError::TooLong));
        assert_eq!(parse("1e16"), Err(NumberError::TooLong));
    }

    #[test]
    fn counts_decimals_and_spots_endless_ones() {
        assert_eq!(decimals(&ratio(15, 2)), Some(1));
        assert_eq!(decimals(&ratio(3333, 100)), Some(2));
        assert_eq!(decimals(&ratio(1, 16)), Some(4));
        assert_eq!(decimals(&int(12)), Some(0));
        assert_eq!(decimals(&ratio(1, 3)), None);
    }

    #[test]
    fn rounds_halves_away_from_the_centre() {
        let tenth = ratio(1, 10);
        // 12,25 above a middle of 12: up to 12,3; 11,75 below: down to 11,7.
        assert_eq!(
            round_away_from(ratio(1225, 100), tenth, int(12)),
            ratio(123, 10)
        );
        assert_eq!(
            round_away_from(ratio(1175, 100), tenth, int(12)),
            ratio(117, 10)
        );
        // Not a half: nearest, whatever the side.
        assert_eq!(
            round_away_from(ratio(1174, 100), tenth, int(12)),
            ratio(117, 10)
        );
        assert_eq!(
            round_away_from(ratio(1226, 100), tenth, int(12)),
            ratio(123, 10)
        );
        // Around zero: away from zero.
        assert_eq!(round_away_from(ratio(-5, 2), int(1), int(0)), int(-3));
        assert_eq!(round_away_from(ratio(5, 2), int(1), int(0)), int(3));
    }

    #[test]
    fn shows_with_a_decimal_comma() {
        assert_eq!(show(&ratio(87, 5)), "17,4");
        assert_eq!(show(&int(-3)), "-3");
        assert_eq!(show(&ratio(209, 12)), "17,41666…");
        assert_eq!(show(&ratio(-1, 3)), "-0,33333…");
        assert_eq!(show(&ratio(1, 16)), "0,0625");
        assert_eq!(fixed(&ratio(87, 5), 2), "17,40");
        assert_eq!(fixed(&ratio(-15, 10), 0), "-2");
        assert_eq!(to_f64(&ratio(87, 5)), 17.4);
    }
}
