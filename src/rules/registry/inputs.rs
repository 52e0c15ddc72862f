/*!
The input machinery every calculator shares: what an input takes
([`InputKind`]), its options ([`Choice`]), the calculator item itself
([`Calculator`]), and the reading and checking of raw text into [`Args`].

Raw inputs are text (`"7,5"`, `"420 -50"`): forms, flags and JSON values all
arrive as text and are read here by one parser, [`Calculator::parse`]. The
inputs several families take (tables, results, a weighted score's rows) are
here too; a family's own inputs live in its file.

# One number format, and text that reads two ways

A number is written with a decimal comma or point (`7,5`, `7.5`) or as a
fraction (`100/3`); there are no thousands separators ([`number::parse`]).
Lists are separated by whitespace or `;`. What a comma means then depends
on what the input takes, and an input that could be read two ways is
refused with both readings ([`Problem::TwoReadings`]), never guessed:

- A single whole or decimal input (`Whole`, `Decimal`): one value, so a
  comma can only be the decimal comma. `12,5` is 12,5.
- Bridge scores (`Scores`): a score has no decimals, so a comma separates
  scores too (`420,50` is 420 and 50: 420,5 is no score). Only when the
  digits after a single comma are all zeros is the decimal reading a score
  as well: `420,0` is 420, or 420 and 0, and is refused.
- Lists of numbers with decimals (`Numbers`: VP, percentages,
  frequencies): the comma is the decimal comma. A text with a space or `;`
  in it shows how its entries are separated, so `18,20 17` is 18,2 and 17.
  A text without one and with one comma (`18,20`) is either one number or
  two entries separated by a comma; when both readings are entries the
  input takes (in range, with no more decimals than it allows) it is
  refused. When only one is (`14,37` on a 0–20 VP scale: 37 is off it),
  that one is read.
*/

use crate::corpus::ProvisionId;
use crate::lang::Lang;
use crate::rules::limits::{Count, Limits};
use crate::rules::number::{self, decimals, int, NumberError, Q};
use crate::rules::scoring::{self, IMPS, SCORE};
use crate::rules::weights::{MAX_COMPONENTS, WEIGHT, WEIGHT_DECIMALS};
use crate::rules::{unchosen_text, Label, Outcome, Problem, RuleError, Unchosen};

/// What an input takes. Its ranges are the [`Limits`] and [`Count`] its
/// arithmetic declares (`scoring::TABLES`), copied here as plain numbers
/// for the front ends; [`Calculator::parse`] checks them with the same
/// types, so a form and the arithmetic refuse a value with the same words.
#[derive(Debug, Clone, Copy)]
pub enum InputKind {
    /// A whole number in `min..=max`.
    Whole { min: i64, max: i64 },
    /// A decimal number in `min..=max` with at most `decimals` decimals.
    Decimal { min: i64, max: i64, decimals: u32 },
    /// One of the listed values; none is a default.
    Choice(&'static [Choice]),
    /// Bridge scores from one direction (`420 450 -50`), `min..=max` of them.
    Scores { min: usize, max: usize },
    /// Up to `most` numbers in `min..=max` with at most `decimals`
    /// decimals (`18 12,5`: separated by spaces or `;`, since a comma is a
    /// decimal comma here).
    Numbers {
        min: i64,
        max: i64,
        decimals: u32,
        most: usize,
    },
}

/// One option of a choice input.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    pub value: &'static str,
    pub label: Label,
    /// The provision this option applies; its page presets the option.
    pub cite: Option<&'static str>,
}

/// One input of a calculator.
#[derive(Debug, Clone, Copy)]
pub struct Input {
    /// The name in forms, JSON and flags (`tables`).
    pub name: &'static str,
    pub label: Label,
    pub kind: InputKind,
    /// Whether the calculator needs it. A required choice is never filled
    /// in for the user: without a value it is an error naming its options.
    pub required: bool,
}

/// A calculator for one provision.
pub struct Calculator {
    /// The provision (`X78B4`).
    pub cite: &'static str,
    pub title: Label,
    /// Whether the provisions below this one show this calculator too.
    pub descendants: bool,
    pub inputs: &'static [Input],
    /// Inputs that give a result, for documentation and tests.
    pub example: &'static [(&'static str, &'static str)],
    pub(crate) run: fn(&Args) -> Result<Outcome, RuleError>,
}

impl std::fmt::Debug for Calculator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Calculator")
            .field("cite", &self.cite)
            .finish()
    }
}

/// A parsed input value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Whole(i64),
    Decimal(Q),
    Choice(&'static str),
    Scores(Vec<i64>),
    Numbers(Vec<Q>),
}

/// A calculator's inputs, read and checked against its [`Input`]s.
#[derive(Debug, Clone, Default)]
pub struct Args {
    values: Vec<(&'static str, Value)>,
}

impl Args {
    pub(crate) fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// A whole number, if given.
    pub fn whole(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Whole(n)) => Some(*n),
            _ => None,
        }
    }

    /// A decimal (a whole number counts), if given.
    pub fn decimal(&self, name: &str) -> Option<Q> {
        match self.get(name) {
            Some(Value::Decimal(q)) => Some(*q),
            Some(Value::Whole(n)) => Some(int((*n).into())),
            _ => None,
        }
    }

    /// The chosen option's value, if given.
    pub fn choice(&self, name: &str) -> Option<&'static str> {
        match self.get(name) {
            Some(Value::Choice(c)) => Some(c),
            _ => None,
        }
    }

    /// A list of scores, if given.
    pub fn scores(&self, name: &str) -> Option<&[i64]> {
        match self.get(name) {
            Some(Value::Scores(s)) => Some(s),
            _ => None,
        }
    }

    /// A list of numbers (an empty list when not given).
    pub fn numbers(&self, name: &str) -> &[Q] {
        match self.get(name) {
            Some(Value::Numbers(v)) => v,
            _ => &[],
        }
    }

    pub(crate) fn need<T>(v: Option<T>, name: &str) -> Result<T, RuleError> {
        v.ok_or_else(|| RuleError::input(name, Problem::Missing))
    }

    pub(crate) fn req_whole(&self, name: &str) -> Result<i64, RuleError> {
        Args::need(self.whole(name), name)
    }

    pub(crate) fn req_decimal(&self, name: &str) -> Result<Q, RuleError> {
        Args::need(self.decimal(name), name)
    }

    pub(crate) fn req_scores(&self, name: &str) -> Result<&[i64], RuleError> {
        Args::need(self.scores(name), name)
    }

    /// A choice as its typed option, if given.
    pub(crate) fn pick_given<T: Chosen>(&self, name: &str) -> Result<Option<T>, RuleError> {
        match self.choice(name) {
            Some(_) => self.pick(name).map(Some),
            None => Ok(None),
        }
    }

    /// A required choice as its typed option.
    pub(crate) fn pick<T: Chosen>(&self, name: &str) -> Result<T, RuleError> {
        let value = Args::need(self.choice(name), name)?;
        T::OPTIONS
            .iter()
            .position(|o| o.value == value)
            .and_then(|i| T::VARIANTS.get(i).copied())
            .ok_or_else(|| {
                RuleError::input(
                    name,
                    Problem::NotAChoice {
                        expected: T::OPTIONS.iter().map(|o| o.value).collect(),
                    },
                )
            })
    }
}

/// A choice input as a Rust type: each variant with its option (the value
/// forms, JSON and flags send, its words, the provision it applies), so a
/// calculator's run receives the variant and never re-reads the string.
/// Implemented with [`choices!`], which writes both lists from one.
pub(crate) trait Chosen: Copy + 'static {
    /// The options, in the order the form shows them.
    const OPTIONS: &'static [Choice];
    /// The variant of each option, in the same order.
    const VARIANTS: &'static [Self];
}

/// Implements [`Chosen`] for `$ty`: one line per option, `variant =>
/// "value", label, cite;`.
macro_rules! choices {
    ($ty:ty { $($variant:expr => $value:literal, $label:expr, $cite:expr;)+ }) => {
        impl $crate::rules::registry::inputs::Chosen for $ty {
            const OPTIONS: &'static [$crate::rules::registry::inputs::Choice] = &[$(
                $crate::rules::registry::inputs::Choice {
                    value: $value,
                    label: $label,
                    cite: $cite,
                }
            ),+];
            const VARIANTS: &'static [Self] = &[$($variant),+];
        }
    };
}
pub(crate) use choices;

impl Calculator {
    /// The provision's id.
    pub fn id(&self) -> ProvisionId {
        crate::rules::cite(self.cite)
    }

    /// The input called `name`.
    pub fn input(&self, name: &str) -> Option<&'static Input> {
        self.inputs.iter().find(|i| i.name == name)
    }

    /// Reads raw inputs (name, text): each must be an input of this
    /// calculator, given once; empty texts count as not given.
    pub fn parse(&self, raw: &[(String, String)]) -> Result<Args, RuleError> {
        let mut args = Args::default();
        for (name, text) in raw {
            let Some(spec) = self.input(name) else {
                return Err(RuleError::input(
                    name.clone(),
                    Problem::Unknown {
                        expected: self.inputs.iter().map(|i| i.name).collect(),
                    },
                ));
            };
            if args.get(spec.name).is_some() {
                return Err(RuleError::input(spec.name, Problem::Repeated));
            }
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let value = read(spec, text)?;
            args.values.push((spec.name, value));
        }
        // Nothing is chosen for the user: the choices that change the answer
        // and were not given are one error that lists every one of them with
        // its options; then the first other input missing.
        let missing = |spec: &&Input| spec.required && args.get(spec.name).is_none();
        let unchosen: Vec<Unchosen> = self
            .inputs
            .iter()
            .filter(missing)
            .filter(|spec| matches!(spec.kind, InputKind::Choice(_)))
            .map(|spec| Unchosen {
                input: spec.name.to_string(),
                expected: Vec::new(),
            })
            .collect();
        if !unchosen.is_empty() {
            return Err(self.with_options(RuleError::Unchosen(unchosen)));
        }
        if let Some(spec) = self.inputs.iter().find(missing) {
            return Err(RuleError::input(spec.name, Problem::Missing));
        }
        Ok(args)
    }

    /// Reads the raw inputs and computes.
    pub fn compute(&self, raw: &[(String, String)]) -> Result<Outcome, RuleError> {
        (self.run)(&self.parse(raw)?).map_err(|e| self.with_options(e))
    }

    /// The options of each choice an [`RuleError::Unchosen`] names (the
    /// arithmetic asks for a choice by name only).
    fn with_options(&self, err: RuleError) -> RuleError {
        match err {
            RuleError::Unchosen(missing) => RuleError::Unchosen(
                missing
                    .into_iter()
                    .map(|u| Unchosen {
                        expected: self.options(&u.input).iter().map(|o| o.value).collect(),
                        input: u.input,
                    })
                    .collect(),
            ),
            other => other,
        }
    }

    /// The options of the choice input `name` (none for another input).
    fn options(&self, name: &str) -> &'static [Choice] {
        match self.input(name).map(|i| i.kind) {
            Some(InputKind::Choice(options)) => options,
            _ => &[],
        }
    }

    /// An error's message in `lang`, naming the input by its label.
    pub fn error_text(&self, err: &RuleError, lang: Lang) -> String {
        let label = |n: &str| self.input(n).map(|i| i.label.get(lang));
        match err {
            RuleError::Input { input, problem } => {
                let name = label(input).unwrap_or(input.as_str());
                // Another input named in the problem goes by its label too.
                let problem = match problem {
                    Problem::NotLargerThan { other } => Problem::NotLargerThan {
                        other: label(other).unwrap_or(other),
                    },
                    Problem::LargerThan { other } => Problem::LargerThan {
                        other: label(other).unwrap_or(other),
                    },
                    Problem::Unpaired { other } => Problem::Unpaired {
                        other: label(other).unwrap_or(other).to_string(),
                    },
                    p => p.clone(),
                };
                format!("{name}: {}", problem.text(Some(lang)))
            }
            // Every choice not made, by its label, with its options' labels.
            RuleError::Unchosen(missing) => unchosen_text(
                missing,
                Some(lang),
                &|n| label(n).unwrap_or(n).to_string(),
                &|n, value| {
                    self.options(n)
                        .iter()
                        .find(|o| o.value == value)
                        .map_or(value, |o| o.label.get(lang))
                        .to_string()
                },
            ),
            other => other.text(lang),
        }
    }
}

/// Reads one input's text by its kind.
fn read(spec: &Input, text: &str) -> Result<Value, RuleError> {
    let bad = |p: Problem| RuleError::input(spec.name, p);
    match spec.kind {
        InputKind::Whole { min, max } => {
            let q = read_number(spec, text)?;
            if !q.is_integer() {
                return Err(bad(Problem::NotWhole));
            }
            Limits::new(min, max).check(spec.name, q)?;
            Ok(Value::Whole(q.to_integer() as i64))
        }
        InputKind::Decimal {
            min,
            max,
            decimals: most,
        } => {
            let q = read_number(spec, text)?;
            // A fraction is exact however many decimals it would take
            // (`100/3` for a third of 100 %).
            if !text.contains('/') && decimals(&q).is_none_or(|d| d > most) {
                return Err(bad(Problem::TooManyDecimals { max: most }));
            }
            Limits::new(min, max).check(spec.name, q)?;
            Ok(Value::Decimal(q))
        }
        InputKind::Choice(options) => options
            .iter()
            .find(|o| o.value.eq_ignore_ascii_case(text))
            .map(|o| Value::Choice(o.value))
            .ok_or_else(|| {
                bad(Problem::NotAChoice {
                    expected: options.iter().map(|o| o.value).collect(),
                })
            }),
        InputKind::Scores { min, max } => read_scores(spec, text, min, max).map(Value::Scores),
        InputKind::Numbers { .. } => read_numbers(spec, text).map(Value::Numbers),
    }
}

/// One number, or the input's "not a number" error.
fn read_number(spec: &Input, text: &str) -> Result<Q, RuleError> {
    number::parse(text).map_err(|e| match e {
        NumberError::NotANumber | NumberError::TooLong => {
            RuleError::input(spec.name, Problem::NotANumber(text.to_string()))
        }
    })
}

/// The parts of a list: separated by whitespace or `;`.
fn list_parts(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ';')
        .filter(|p| !p.is_empty())
}

/// `part` as a bridge score, if it is one.
fn score_of(part: &str) -> Option<i64> {
    number::parse(part)
        .ok()
        .filter(|q| q.is_integer())
        .and_then(|q| i64::try_from(q.to_integer()).ok())
        .filter(|n| scoring::is_score(*n))
}

/// A list of bridge scores: a comma separates them too, since a score has
/// no decimals; but `420,0` could be one score written with a decimal comma
/// or two (420 and 0), and is refused with both readings.
fn read_scores(spec: &Input, text: &str, min: usize, max: usize) -> Result<Vec<i64>, RuleError> {
    let bad = |p: Problem| RuleError::input(spec.name, p);
    let mut scores = Vec::new();
    'chunks: for chunk in list_parts(text) {
        if let Some((a, b)) = chunk.split_once(',') {
            let as_one = score_of(chunk).filter(|_| !b.contains(','));
            if let (Some(one), Some(x), Some(y)) = (as_one, score_of(a), score_of(b)) {
                return Err(bad(Problem::TwoReadings {
                    text: chunk.to_string(),
                    one: one.to_string(),
                    two: format!("{x}; {y}"),
                }));
            }
        }
        for part in chunk.split(',').filter(|p| !p.is_empty()) {
            let n = score_of(part).ok_or_else(|| bad(Problem::NotAScore(part.to_string())))?;
            scores.push(n);
            if scores.len() > max {
                break 'chunks;
            }
        }
    }
    Count::new(min, max).check(spec.name, scores.len())?;
    Ok(scores)
}

/// One entry of a list of numbers, checked against the input's range and
/// decimals.
fn list_entry(spec: &Input, part: &str) -> Result<Q, RuleError> {
    let InputKind::Numbers {
        min,
        max,
        decimals: most,
        ..
    } = spec.kind
    else {
        return Err(RuleError::input(
            spec.name,
            Problem::NotANumber(part.to_string()),
        ));
    };
    let q = read_number(spec, part)?;
    if decimals(&q).is_none_or(|d| d > most) {
        return Err(RuleError::input(
            spec.name,
            Problem::TooManyDecimals { max: most },
        ));
    }
    Limits::new(min, max).check(spec.name, q)?;
    Ok(q)
}

/// A list of numbers with a decimal comma, separated by whitespace or `;`.
/// A text with no space or `;` and one comma (`18,20`) could be a number
/// with a decimal comma or two entries separated by a comma: when both
/// readings are entries the input takes, it is refused with both.
fn read_numbers(spec: &Input, text: &str) -> Result<Vec<Q>, RuleError> {
    let most = match spec.kind {
        InputKind::Numbers { most, .. } => most,
        _ => 0,
    };
    let parts: Vec<&str> = list_parts(text).collect();
    // A space or `;` anywhere says how this list is separated.
    let separated = text.contains(|c: char| c.is_whitespace() || c == ';');
    if let ([only], false) = (&parts[..], separated) {
        if let Some((a, b)) = only.split_once(',') {
            let one = list_entry(spec, only);
            let two = (list_entry(spec, a), list_entry(spec, b));
            if let (Ok(one), (Ok(x), Ok(y))) = (one, two) {
                if most >= 2 && !b.contains(',') {
                    return Err(RuleError::input(
                        spec.name,
                        Problem::TwoReadings {
                            text: only.to_string(),
                            one: number::show(&one),
                            two: format!("{}; {}", number::show(&x), number::show(&y)),
                        },
                    ));
                }
            }
        }
    }
    let mut values = Vec::new();
    for part in parts {
        values.push(list_entry(spec, part)?);
        Count::new(0, most).check(spec.name, values.len())?;
    }
    Ok(values)
}

pub(crate) const TABLES: Input = whole("tables", Label::Tables, scoring::TABLES, true);

pub(crate) const RESULTS: Input = whole("results", Label::ResultsGroupG, scoring::RESULTS, true);

/// A decimal input within `limits` (a minimum that is itself refused,
/// [`Limits::above`], shows as the minimum; the arithmetic refuses it).
pub(crate) const fn decimal(
    name: &'static str,
    label: Label,
    limits: Limits,
    decimals: u32,
    required: bool,
) -> Input {
    Input {
        name,
        label,
        kind: InputKind::Decimal {
            min: limits.min,
            max: limits.max,
            decimals,
        },
        required,
    }
}

/// A whole-number input within `limits`.
pub(crate) const fn whole(
    name: &'static str,
    label: Label,
    limits: Limits,
    required: bool,
) -> Input {
    Input {
        name,
        label,
        kind: InputKind::Whole {
            min: limits.min,
            max: limits.max,
        },
        required,
    }
}

/// A required list of bridge scores, `count` of them.
pub(crate) const fn scores(name: &'static str, label: Label, count: Count) -> Input {
    Input {
        name,
        label,
        kind: InputKind::Scores {
            min: count.min,
            max: count.max,
        },
        required: true,
    }
}

/// A list of up to `most` numbers, each within `limits`.
pub(crate) const fn numbers(
    name: &'static str,
    label: Label,
    limits: Limits,
    decimals: u32,
    most: usize,
    required: bool,
) -> Input {
    Input {
        name,
        label,
        kind: InputKind::Numbers {
            min: limits.min,
            max: limits.max,
            decimals,
            most,
        },
        required,
    }
}

/// The rows of a weighted score: `{value}1`/`weight1` … `{value}5`/`weight5`
/// (`result` for 12C1c's results, `score` for a board's bridge scores),
/// each given with its partner or not at all.
pub(crate) fn weighted_rows<T>(
    a: &Args,
    value: &str,
    read: impl Fn(&Args, &str) -> Option<T>,
) -> Result<Vec<(T, Q)>, RuleError> {
    let mut rows = Vec::new();
    for n in 1..=MAX_COMPONENTS {
        let (r, w) = (format!("{value}{n}"), format!("weight{n}"));
        match (read(a, &r), a.decimal(&w)) {
            (Some(v), Some(wt)) => rows.push((v, wt)),
            (None, None) => {}
            // The one given names the partner it lacks.
            (Some(_), None) => return Err(RuleError::input(r, Problem::Unpaired { other: w })),
            (None, Some(_)) => return Err(RuleError::input(w, Problem::Unpaired { other: r })),
        }
    }
    Ok(rows)
}

pub(crate) const fn weight_row(name: &'static str, label_: Label) -> Input {
    decimal(name, label_, WEIGHT, WEIGHT_DECIMALS, false)
}

pub(crate) const fn result_row(name: &'static str, label_: Label) -> Input {
    decimal(name, label_, IMPS, 4, false)
}

pub(crate) const fn score_row(name: &'static str, label_: Label) -> Input {
    whole(name, label_, SCORE, false)
}
/// Raw inputs as the front ends send them, for the calculators' tests.
#[cfg(test)]
pub(crate) fn raw(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}
