/*!
The score rules as calculators: the arithmetic a tournament director does by
hand at the end of a session, one function per provision, next to the text
that states it.

Each function takes typed, validated inputs and returns an [`Outcome`]: the
results, the cite of the provision that produced them, and the steps with
the formula and the user's numbers filled in. Impossible inputs (negative
tables, more results than tables, weights that do not sum to 100 %) are a
[`RuleError`] with a message, never a panic or a NaN; where the text lacks a
number (a `[…]` gap, a case the provision does not cover) the error says so
([`RuleError::NotInText`]) instead of inventing one. All arithmetic is exact
([`number::Q`]); rounding happens only where a provision (X78C) says so.

Two layers, and where to find a provision:

- The arithmetic, one module per concept: [`scoring`] (the scale, bounds
  and helpers the pairs methods share), [`conversion`] (X78B), [`boards`]
  (X78A1–A3), [`rounding`] (X78C, X78A4), [`simplified`] (X78D by hand),
  [`sitout`] (X78A5, X78D5), [`adjusted`] (12C, and the artificial scores of
  203A, 204C, 206A), [`teams`] (203B–207A), [`cancelled`] (202C, 208C),
  [`penalties`] (211B–213B), with [`weights`], [`contract`] (the scores
  Law 77's table gives), [`number`] (exact numbers and their format) and
  [`limits`] (the range of a number or a list, and its error). Each input's
  range is a [`limits`] constant declared beside its concept.
- The [`registry`]: one file per family of provisions (`law12c`, `x78a`,
  `x78b`, `x78cd`, `law202_208`, `law211_213`), each calculator a named item
  with its inputs as data (names, kinds, words, and ranges built from those
  constants) and its choices as enums, over one shared file of input
  machinery (`inputs`); the page, the API, the CLI, the contents and search
  all ask it.

Results and steps carry no text: their words are [`Label`] keys whose text
lives in one table per language ([`words`]: `en`, `nb`, `da`), like the
interface strings, in the crate's one language type ([`Lang`]).

`rules` does no IO and uses `corpus` only for ids; `kb`, `web`, `server` and
`cli` call it.
*/

pub mod adjusted;
pub mod boards;
pub mod cancelled;
pub mod contract;
pub mod conversion;
pub mod limits;
pub mod number;
pub mod penalties;
pub mod registry;
pub mod rounding;
pub mod scoring;
pub mod simplified;
pub mod sitout;
pub mod teams;
pub mod weights;
pub mod words;

use std::fmt;

use crate::corpus::ProvisionId;
use crate::lang::Lang;

pub use number::Q;
pub use registry::{calculator_for, calculators, has_calculator, Calculator, Found};
pub use words::Label;

/// The unit a result is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Per cent of the maximum on a board (pairs).
    Percent,
    /// Matchpoints ("parpoint"): 2 for each pair beaten, 1 for each tie.
    Matchpoints,
    /// International matchpoints.
    Imp,
    /// Victory points ("kamppoint", KP).
    Vp,
    /// Board-a-match points (206).
    Points,
    /// Standard deductions of 211B.
    StandardDeductions,
    /// Minutes of playing time.
    Minutes,
    /// A bridge score (`+420`, `-50`).
    Score,
    /// Whatever unit the inputs were in (a weighted score of imps is imps).
    Same,
}

impl Unit {
    /// The stable name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Percent => "percent",
            Unit::Matchpoints => "matchpoints",
            Unit::Imp => "imp",
            Unit::Vp => "vp",
            Unit::Points => "points",
            Unit::StandardDeductions => "standard_deductions",
            Unit::Minutes => "minutes",
            Unit::Score => "score",
            Unit::Same => "same",
        }
    }

    /// How the unit is written after a number ("17,4 poeng"); `None`: English.
    pub fn suffix(self, lang: Option<Lang>) -> &'static str {
        let l = match self {
            Unit::Percent => Label::PercentSign,
            Unit::Matchpoints => Label::Mp,
            Unit::Imp => Label::Imp,
            Unit::Vp => Label::Vp,
            Unit::Points => Label::Points,
            Unit::StandardDeductions => Label::StandardDeductions,
            Unit::Minutes => Label::Min,
            Unit::Score | Unit::Same => Label::Blank,
        };
        l.text(lang)
    }
}

/// Whether a result is the value, or a bound the provision sets ("høyst 40 %",
/// "mindst 8 KP").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    AtLeast,
    AtMost,
}

impl Bound {
    pub fn as_str(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::AtLeast => "at_least",
            Bound::AtMost => "at_most",
        }
    }
}

/// One number a calculator produces.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// A stable name for scripts (`mp`, `percent_2`).
    pub name: String,
    pub label: Label,
    /// For one of several like results (the second score of a group): its
    /// number, shown after the label, and the input it belongs to.
    pub of: Option<String>,
    pub value: Q,
    pub unit: Unit,
    pub bound: Bound,
}

impl Output {
    pub(crate) fn new(name: &str, label: Label, value: Q, unit: Unit) -> Output {
        Output {
            name: name.to_string(),
            label,
            of: None,
            value,
            unit,
            bound: Bound::Exact,
        }
    }

    /// The value for people, with its bound and unit: "høyst 40 %",
    /// "17,4 poeng"; `None`: English.
    pub fn display(&self, lang: Option<Lang>) -> String {
        let bound = match self.bound {
            Bound::Exact => "",
            Bound::AtLeast => Label::BoundAtLeast.text(lang),
            Bound::AtMost => Label::BoundAtMost.text(lang),
        };
        let unit = self.unit.suffix(lang);
        let sep = if unit.is_empty() { "" } else { " " };
        format!("{bound}{}{sep}{unit}", number::show(&self.value))
    }

    pub(crate) fn of(mut self, what: impl Into<String>) -> Output {
        self.of = Some(what.into());
        self
    }

    pub(crate) fn bound(mut self, bound: Bound) -> Output {
        self.bound = bound;
        self
    }
}

/// One step of a calculation: what was done, under which provision, and the
/// formula with the numbers filled in (`13 / 6 × (7,5 + 1) − 1 = 17,41666…`).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub cite: ProvisionId,
    pub what: Label,
    /// Numbers and operators only, decimal comma; empty for a step that is
    /// a remark.
    pub expr: String,
}

/// What a calculator returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The provision the result rests on: the case applied (`X78B3` when
    /// X78B chose the case of three results), or the calculator's own.
    pub cite: ProvisionId,
    pub results: Vec<Output>,
    pub steps: Vec<Step>,
}

/// What is wrong with one input.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// A required input is missing.
    Missing,
    /// Not a number at all.
    NotANumber(String),
    /// A count given with decimals.
    NotWhole,
    /// More decimals than the rule allows (weights to two decimals).
    TooManyDecimals { max: u32 },
    /// Outside the possible range.
    OutOfRange { min: Q, max: Q },
    /// Must be above `min` (a weight of 0 %).
    NotAbove { min: Q },
    /// Not one of the listed choices.
    NotAChoice { expected: Vec<&'static str> },
    /// Not a score any contract's result gives (Law 77's table).
    NotAScore(String),
    /// Fewer or more entries than the rule takes.
    Count { min: usize, max: usize, got: usize },
    /// Not an input of this calculator.
    Unknown { expected: Vec<&'static str> },
    /// Given twice.
    Repeated,
    /// Must be larger than another input (tables than results).
    NotLargerThan { other: &'static str },
    /// Must not be larger than another input (X78A4's F than M).
    LargerThan { other: &'static str },
    /// A result without its weight or the other way round.
    Unpaired { other: String },
    /// Weights that do not sum to 100 %.
    WeightsSum { sum: Q },
    /// Text that reads two ways for this input (`18,20`: 18,2 or 18 and 20,
    /// when a list takes both): `one` and `two` are the readings.
    TwoReadings {
        text: String,
        one: String,
        two: String,
    },
}

impl Problem {
    /// The problem in `lang` (`None`: English).
    pub fn text(&self, lang: Option<Lang>) -> String {
        use number::show;
        let pick = |en: String, nb: String, da: String| match lang {
            None => en,
            Some(Lang::Nb) => nb,
            Some(Lang::Da) => da,
        };
        match self {
            Problem::Missing => pick("is missing".into(), "mangler".into(), "mangler".into()),
            Problem::NotANumber(s) => pick(
                format!("{s:?} is not a number"),
                format!("«{s}» er ikke et tall"),
                format!("»{s}« er ikke et tal"),
            ),
            Problem::NotWhole => pick(
                "must be a whole number".into(),
                "må være et helt tall".into(),
                "skal være et helt tal".into(),
            ),
            Problem::TooManyDecimals { max } => pick(
                format!("has more than {max} decimals"),
                format!("har flere enn {max} desimaler"),
                format!("har flere end {max} decimaler"),
            ),
            Problem::OutOfRange { min, max } => pick(
                format!("must be from {} to {}", show(min), show(max)),
                format!("må være fra {} til {}", show(min), show(max)),
                format!("skal være fra {} til {}", show(min), show(max)),
            ),
            Problem::NotAbove { min } => pick(
                format!("must be more than {}", show(min)),
                format!("må være mer enn {}", show(min)),
                format!("skal være mere end {}", show(min)),
            ),
            Problem::NotAChoice { expected } => {
                let list = expected.join(", ");
                pick(
                    format!("must be one of {list}"),
                    format!("må være en av {list}"),
                    format!("skal være en af {list}"),
                )
            }
            Problem::NotAScore(s) => pick(
                format!("{s:?} is not a score any contract gives (the scoring table of Law 77)"),
                format!("«{s}» er ikke en score noen kontrakt gir (poengtabellen i lov 77)"),
                format!("»{s}« er ikke en score, nogen kontrakt giver (pointtabellen i lov 77)"),
            ),
            Problem::Count { min, max, got } => pick(
                format!("takes {min} to {max} entries, not {got}"),
                format!("tar {min} til {max} verdier, ikke {got}"),
                format!("skal have {min} til {max} værdier, ikke {got}"),
            ),
            Problem::Unknown { expected } => {
                let list = expected.join(", ");
                pick(
                    format!("is not an input of this calculator (inputs: {list})"),
                    format!("er ikke en verdi denne kalkulatoren tar (verdier: {list})"),
                    format!("er ikke et felt i denne beregner (felter: {list})"),
                )
            }
            Problem::Repeated => pick(
                "is given more than once".into(),
                "er gitt mer enn én gang".into(),
                "er angivet mere end én gang".into(),
            ),
            Problem::NotLargerThan { other } => pick(
                format!("must be larger than {other}"),
                format!("må være større enn {other}"),
                format!("skal være større end {other}"),
            ),
            Problem::LargerThan { other } => pick(
                format!("must not be larger than {other}"),
                format!("kan ikke være større enn {other}"),
                format!("kan ikke være større end {other}"),
            ),
            Problem::Unpaired { other } => pick(
                format!("has no {other} to go with it"),
                format!("mangler {other}"),
                format!("mangler {other}"),
            ),
            Problem::WeightsSum { sum } => pick(
                format!("the weights sum to {} %, not 100 %", show(sum)),
                format!("vektene summerer til {} %, ikke 100 %", show(sum)),
                format!("vægtene summerer til {} %, ikke 100 %", show(sum)),
            ),
            Problem::TwoReadings { text, one, two } => two_readings(text, one, two, lang),
        }
    }
}

/// [`Problem::TwoReadings`]'s text: both readings, and how to write one.
fn two_readings(text: &str, one: &str, two: &str, lang: Option<Lang>) -> String {
    match lang {
        None => format!(
            "{text:?} can be read two ways: {one} or {two}; write a decimal point, or separate entries with a space or ;"
        ),
        Some(Lang::Nb) => format!(
            "«{text}» kan leses på to måter: {one} eller {two}; skriv desimalpunktum, eller skill verdiene med mellomrom eller ;"
        ),
        Some(Lang::Da) => format!(
            "»{text}« kan læses på to måder: {one} eller {two}; skriv decimalpunktum, eller adskil værdierne med mellemrum eller ;"
        ),
    }
}

/// Why a calculator gives no result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RuleError {
    /// An input is impossible; the message says which and why.
    #[error("{input}: {}", problem.text(None))]
    Input { input: String, problem: Problem },
    /// The provision's text does not give the number this case needs.
    #[error("{cite} does not say: {}", what.en())]
    NotInText { cite: ProvisionId, what: Label },
    /// Choices that decide the answer were not made: every one, with the
    /// options it takes (the calculator fills them in, [`Calculator::compute`]).
    #[error("{}", unchosen_text(.0, None, &|n| n.to_string(), &|_, o| o.to_string()))]
    Unchosen(Vec<Unchosen>),
    /// The inputs are another provision's case than the one asked for
    /// (211B1a asked, 12 boards given: 211B1b's case).
    #[error("{asked} does not apply to these inputs: they are {applies}'s case")]
    OtherCase {
        asked: ProvisionId,
        applies: ProvisionId,
    },
}

/// A choice not made: the input and the values it takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Unchosen {
    pub input: String,
    /// Empty until the calculator, which knows its options, fills it in.
    pub expected: Vec<&'static str>,
}

/// [`RuleError::Unchosen`]'s text: each choice as `name: is missing: choose
/// one of a, b`, separated by `;`, with the names and options as `name` and
/// `option` write them (labels on a page, values for the API).
pub(crate) fn unchosen_text(
    missing: &[Unchosen],
    lang: Option<Lang>,
    name: &dyn Fn(&str) -> String,
    option: &dyn Fn(&str, &str) -> String,
) -> String {
    missing
        .iter()
        .map(|u| {
            let list: Vec<String> = u.expected.iter().map(|o| option(&u.input, o)).collect();
            let list = options_list(&list, lang);
            let what = match (lang, list.is_empty()) {
                (None, false) => format!("is missing: choose one of {list}"),
                (Some(Lang::Nb), false) => format!("mangler: velg en av {list}"),
                (Some(Lang::Da), false) => format!("mangler: vælg en af {list}"),
                (None, true) => "is missing".to_string(),
                (Some(_), true) => "mangler".to_string(),
            };
            format!("{}: {what}", name(&u.input))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Options as a list: `a, b` in English (the values the API takes); on a
/// page each label quoted, since a label may hold a comma, the last after
/// "eller" («Par, i prosent» eller «IMP»).
fn options_list(options: &[String], lang: Option<Lang>) -> String {
    let (open, close, or) = match lang {
        None => return options.join(", "),
        Some(Lang::Nb) => ("«", "»", "eller"),
        Some(Lang::Da) => ("»", "«", "eller"),
    };
    let quoted: Vec<String> = options
        .iter()
        .map(|o| format!("{open}{o}{close}"))
        .collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {or} {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl RuleError {
    /// A choice not made, its options to be filled in by the calculator.
    pub(crate) fn unchosen(input: &str) -> RuleError {
        RuleError::Unchosen(vec![Unchosen {
            input: input.to_string(),
            expected: Vec::new(),
        }])
    }

    pub(crate) fn input(input: impl Into<String>, problem: Problem) -> RuleError {
        RuleError::Input {
            input: input.into(),
            problem,
        }
    }

    /// The message in `lang`, for a page.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            RuleError::Input { input, problem } => format!("{input}: {}", problem.text(Some(lang))),
            RuleError::NotInText { cite, what } => {
                let says = match lang {
                    Lang::Nb => "sier ikke",
                    Lang::Da => "siger ikke",
                };
                format!("{cite} {says}: {}", what.get(lang))
            }
            RuleError::Unchosen(missing) => {
                unchosen_text(missing, Some(lang), &|n| n.to_string(), &|_, o| {
                    o.to_string()
                })
            }
            RuleError::OtherCase { asked, applies } => match lang {
                Lang::Nb => {
                    format!("{asked} gjelder ikke disse verdiene: de er tilfellet i {applies}")
                }
                Lang::Da => {
                    format!("{asked} gælder ikke disse værdier: de er tilfældet i {applies}")
                }
            },
        }
    }
}

/// A cite written in this module's source; every one is checked by a test
/// (`every_cite_in_the_rules_parses`), so a typo fails the build's tests
/// rather than a request.
pub(crate) fn cite(s: &'static str) -> ProvisionId {
    s.parse()
        .unwrap_or_else(|_| ProvisionId::Definition(s.to_string()))
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Helpers shared by the rules' unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::number::{parse, Q};
    use super::{Outcome, RuleError};

    /// `s` as an exact number (`"17,4"`, `"-0.25"`).
    #[track_caller]
    pub fn q(s: &str) -> Q {
        parse(s).unwrap_or_else(|e| panic!("{s:?}: {e:?}"))
    }

    /// The result called `name`.
    #[track_caller]
    pub fn value(o: &Result<Outcome, RuleError>, name: &str) -> Q {
        match o {
            Ok(o) => o
                .results
                .iter()
                .find(|r| r.name == name)
                .map(|r| r.value)
                .unwrap_or_else(|| panic!("no result {name} in {o:?}")),
            Err(e) => panic!("expected a result, got {e}"),
        }
    }

    /// The cite the outcome rests on.
    #[track_caller]
    pub fn cite_of(o: &Result<Outcome, RuleError>) -> String {
        match o {
            Ok(o) => o.cite.to_string(),
            Err(e) => panic!("expected a result, got {e}"),
        }
    }

    /// The input an error blames, or the cite a not-in-text error names.
    #[track_caller]
    pub fn blamed(o: &Result<Outcome, RuleError>) -> String {
        match o {
            Ok(o) => panic!("expected an error, got {o:?}"),
            Err(RuleError::Input { input, .. }) => input.clone(),
            Err(RuleError::NotInText { cite, .. }) => format!("not in text: {cite}"),
            Err(RuleError::OtherCase { applies, .. }) => format!("other case: {applies}"),
            Err(RuleError::Unchosen(missing)) => {
                let names: Vec<&str> = missing.iter().map(|u| u.input.as_str()).collect();
                format!("choose: {}", names.join(", "))
            }
        }
    }
}
