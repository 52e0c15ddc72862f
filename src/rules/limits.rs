//! The range a calculator's number may take, as data: [`Limits`] for a value
//! (`tables` 2–1000, a weight above 0 % and at most 100 %) and [`Count`]
//! for the length of a list (1–999 scores), each with the one error it
//! gives. Every range check in `rules` is one of these.
//!
//! Each input's range is declared once, as a named constant beside the
//! arithmetic of its concept (`scoring::TABLES`, `penalties::MINUTES`,
//! `teams::BOARD_SCORES`). The registry builds the input from it
//! ([`super::registry::InputKind`]'s `min` and `max`, which the form, the
//! API's description and `lovbok calc --list` show) and checks what a form,
//! `POST /api/calc` or `lovbok calc` sends with these types before any
//! arithmetic; the arithmetic's public functions, which can be called
//! without the registry, guard their arguments with the same constant. So
//! both refuse the same values with the same words.
//!
//! A range that depends on another input (a group's matchpoints within its
//! top, the scores fewer than the tables) is built from that input where
//! it is checked, with the same types; the registry then declares the
//! widest it can be.

use super::number::{int, Q};
use super::{Problem, RuleError};

/// The values a number may take: `min..=max`, or above `min` up to `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub min: i64,
    pub max: i64,
    /// `min` itself is refused ("must be above 0"), and so is anything
    /// below it, with the same words. A registry input shows such limits
    /// with `min` as its minimum and reads `min` itself; its arithmetic,
    /// guarding with the same limits, refuses it.
    pub above_min: bool,
}

impl Limits {
    /// From `min` to `max`, both included.
    pub const fn new(min: i64, max: i64) -> Limits {
        Limits {
            min,
            max,
            above_min: false,
        }
    }

    /// Above `min`, up to `max` included.
    pub const fn above(min: i64, max: i64) -> Limits {
        Limits {
            min,
            max,
            above_min: true,
        }
    }

    /// From `−max` to `max`.
    pub const fn symmetric(max: i64) -> Limits {
        Limits::new(-max, max)
    }

    /// Why `v` is outside these limits, if it is.
    pub fn problem(self, v: Q) -> Option<Problem> {
        let (min, max) = (int(self.min.into()), int(self.max.into()));
        if self.above_min && v <= min {
            Some(Problem::NotAbove { min })
        } else if v < min || v > max {
            Some(Problem::OutOfRange { min, max })
        } else {
            None
        }
    }

    /// The input `name`'s value `v`, checked.
    pub fn check(self, name: &str, v: Q) -> Result<(), RuleError> {
        match self.problem(v) {
            Some(p) => Err(RuleError::input(name, p)),
            None => Ok(()),
        }
    }

    /// [`Limits::check`] for a whole number.
    pub fn check_whole(self, name: &str, v: i64) -> Result<(), RuleError> {
        self.check(name, int(v.into()))
    }
}

/// How many entries a list may have: `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub min: usize,
    pub max: usize,
}

impl Count {
    /// From `min` to `max` entries, both included.
    pub const fn new(min: usize, max: usize) -> Count {
        Count { min, max }
    }

    /// The input `name`'s list of `got` entries, checked.
    pub fn check(self, name: &str, got: usize) -> Result<(), RuleError> {
        if got < self.min || got > self.max {
            return Err(self.error(name, got));
        }
        Ok(())
    }

    /// The error for the input `name`'s list of `got` entries, outside
    /// these limits.
    pub fn error(self, name: &str, got: usize) -> RuleError {
        RuleError::input(
            name,
            Problem::Count {
                min: self.min,
                max: self.max,
                got,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_give_the_error_of_their_kind() {
        let tables = Limits::new(2, 1000);
        assert_eq!(tables.problem(int(2)), None);
        assert_eq!(
            tables.problem(int(1)),
            Some(Problem::OutOfRange {
                min: int(2),
                max: int(1000)
            })
        );
        let weight = Limits::above(0, 100);
        assert_eq!(
            weight.problem(int(0)),
            Some(Problem::NotAbove { min: int(0) })
        );
        assert_eq!(
            weight.problem(int(101)),
            Some(Problem::OutOfRange {
                min: int(0),
                max: int(100)
            })
        );
        assert_eq!(weight.problem(int(100)), None);
    }

    #[test]
    fn a_count_names_its_range_and_what_it_got() {
        let e = Count::new(1, 5).check("weight1", 0);
        assert!(matches!(
            e,
            Err(RuleError::Input {
                problem: Problem::Count {
                    min: 1,
                    max: 5,
                    got: 0
                },
                ..
            })
        ));
    }
}
