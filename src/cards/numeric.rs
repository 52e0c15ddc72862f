//! Tall: the numbers a TD must know and compute, as cards whose answer is
//! what the calculators of [`crate::rules`] compute, so that a card and the
//! calculator cannot disagree.
//!
//! Each calculator gets a few boards of its own: inputs drawn from a
//! seeded hash of the calculator's cite and a number (realistic ranges:
//! 5-30 tables, scores a deal can give), kept when the calculator answers.
//! The card's id names the calculator and that number
//! (`X78B4@numeric/3`), and [`inputs_of`] draws the same inputs again from
//! the id, so a test can recompute every answer. The card asks for one
//! result by its name (and the table or side it is of); the distractors
//! are what a TD gets by one mistake on the same board (the other side's
//! result, another case of the rule, a count off by one), then a step
//! off, always in the answer's unit and precision.

use super::numerals;
use super::pick::hash_parts;
use super::{card_with_id, Card, CardKind, Choice, Face, Skipped, CHOICES};
use crate::corpus::{Corpus, ProvisionId};
use crate::lang::Lang;
use crate::rules::number::Q;
use crate::rules::registry::InputKind;
use crate::rules::{self, Outcome, Output};

/// Boards kept per calculator.
const PER_CALCULATOR: usize = 6;
/// Draws tried per calculator before giving up.
const TRIES: u64 = 80;

/// What a side scores making a contract that often stands on a
/// traveller, not vulnerable and vulnerable (a game bonus of 300 or 500):
/// one board's scores are of one vulnerability, so that 420 and 620 never
/// stand on the same traveller for the same side.
const MADE: [&[i64]; 2] = [
    &[
        70, 90, 110, 120, 130, 140, 150, 170, 400, 420, 430, 450, 460, 920, 980, 990,
    ],
    &[
        70, 90, 110, 120, 130, 140, 150, 170, 600, 620, 630, 650, 660, 1430, 1440,
    ],
];
/// What the other side scores when a side goes down, doubled or not, not
/// vulnerable and vulnerable.
const DOWN: [&[i64]; 2] = [
    &[50, 100, 150, 300, 500, 800],
    &[100, 200, 300, 500, 800, 1100],
];

/// A small deterministic stream of numbers from one seed, and the board's
/// vulnerability (North-South, East-West), drawn first.
struct Draw {
    state: u64,
    vulnerable: [bool; 2],
}

impl Draw {
    fn new(cite: &str, attempt: u64) -> Draw {
        // The vulnerability from a seed of its own: the other inputs of a
        // board are drawn as before it was.
        let v = hash_parts(&[cite, "vulnerability", &attempt.to_string()]);
        Draw {
            state: hash_parts(&[cite, "numeric", &attempt.to_string()]),
            vulnerable: [v & 1 == 1, v & 2 == 2],
        }
    }
    /// One North-South score of the board: a contract made by either side
    /// (most often) or a side gone down, at the board's vulnerability.
    fn score(&mut self) -> i64 {
        let [ns, ew] = self.vulnerable.map(usize::from);
        let (list, sign) = match self.int(0, 5) {
            0 | 1 => (MADE[ns], 1),
            2 | 3 => (MADE[ew], -1),
            4 => (DOWN[ew], 1),
            _ => (DOWN[ns], -1),
        };
        sign * list[self.int(0, list.len() as i64 - 1) as usize]
    }
    fn next(&mut self) -> u64 {
        // xorshift64*: enough to vary a board, never for anything else.
        let mut x = self.state | 1;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// A realistic value for one input, as the text a form would hold.
fn value(name: &str, kind: &InputKind, d: &mut Draw) -> Option<String> {
    let comma = |v: f64| format!("{v}").replace('.', ",");
    // A weighted score of two parts; single scores from a traveller.
    match name {
        "weight1" => return Some(["40", "50", "60", "70", "30"][d.int(0, 4) as usize].to_string()),
        "weight2" => return None,
        n if n.starts_with("weight") => return None,
        "result3" | "result4" | "result5" | "score3" | "score4" | "score5" => return None,
        "score" | "score1" | "score2" | "ns" | "ew" => return Some(d.score().to_string()),
        // A datum is an average of the board's scores, seldom a multiple
        // of ten, so that the difference to a score has to be rounded.
        "datum" => {
            let off = d.int(1, 9) * if d.int(0, 1) == 0 { 1 } else { -1 };
            return Some((d.score() + off).to_string());
        }
        _ => {}
    }
    match *kind {
        InputKind::Whole { min, max } => {
            let (lo, hi) = match name {
                "tables" => (5, 30),
                "results" => (1, 6),
                "boards" => (8, 32),
                "top" => (8, 48),
                "comparisons" => (4, 25),
                // Above the deductions a card offers (0-3), so that the
                // count of earlier overruns never reads as a choice.
                "earlier" => (4, 6),
                "drop" => (1, 1),
                _ => {
                    let lo = min.max(-30);
                    (lo, (lo + 50).min(max))
                }
            };
            Some(d.int(lo.max(min), hi.min(max)).to_string())
        }
        InputKind::Decimal { min, max, decimals } => {
            let (lo, hi) = match name {
                "minutes" | "other" => (1, 40),
                n if n.starts_with("weight") => return None,
                _ => {
                    let lo = min.max(-30);
                    (lo, (lo + 60).min(max))
                }
            };
            // A value to round has one decimal more than the rounding
            // keeps, or rounding it would ask nothing.
            if name == "value" && decimals >= 2 {
                let hundredths = d.int(lo * 100, hi * 100);
                return Some(comma(hundredths as f64 / 100.0));
            }
            let tenths = d.int(lo * 10, hi * 10);
            Some(comma(tenths as f64 / 10.0))
        }
        InputKind::Choice(options) => {
            let i = d.int(0, options.len() as i64 - 1) as usize;
            options.get(i).map(|o| o.value.to_string())
        }
        InputKind::Scores { min, max } => {
            // Three to eight scores, within what the input takes (two for
            // a group of two results).
            let lo = min.max(3).min(max);
            let n = d.int(lo as i64, max.min(8).max(lo) as i64);
            let picked: Vec<String> = (0..n).map(|_| d.score().to_string()).collect();
            Some(picked.join(" "))
        }
        InputKind::Numbers {
            min, max, decimals, ..
        } => {
            let n = d.int(2, 4);
            let hi = max.min(min + 20);
            let mut picked: Vec<String> = (0..n).map(|_| d.int(min, hi).to_string()).collect();
            // Numbers that may have decimals (fractional frequencies) get
            // one with a decimal, or the card asks what whole ones do.
            if decimals > 0 {
                let i = d.int(0, n - 1) as usize;
                let tenths = d.int(min * 10 + 1, hi * 10 - 1);
                let tenths = if tenths % 10 == 0 { tenths + 5 } else { tenths };
                if let Some(p) = picked.get_mut(i) {
                    *p = comma(tenths as f64 / 10.0);
                }
            }
            Some(picked.join(" "))
        }
    }
}

/// The inputs of one board for the calculator of `cite`, drawn from
/// `attempt`: every input a value, the optional ones too.
fn draw(cite: &str, attempt: u64) -> Option<Vec<(String, String)>> {
    let id: ProvisionId = cite.parse().ok()?;
    let found = rules::calculator_for(&id)?;
    let mut d = Draw::new(cite, attempt);
    let mut out: Vec<(String, String)> = Vec::new();
    for input in found.calculator.inputs {
        if let Some(v) = value(input.name, &input.kind, &mut d) {
            out.push((input.name.to_string(), v));
        }
    }
    // The second weight completes the first to 100 %.
    let first = out
        .iter()
        .find(|(n, _)| n == "weight1")
        .and_then(|(_, v)| v.parse::<i64>().ok());
    if let Some(w) = first {
        if found.calculator.input("weight2").is_some() {
            out.push(("weight2".to_string(), (100 - w).to_string()));
        }
    }
    Some(out)
}

/// The calculator's cite and the inputs a numeric card was made from, read
/// back from its id (`X78B4@numeric/3`).
pub fn inputs_of(card_id: &str) -> Option<(ProvisionId, Vec<(String, String)>)> {
    let (cite, rest) = card_id.split_once('@')?;
    let attempt: u64 = rest.strip_prefix("numeric/")?.parse().ok()?;
    Some((cite.parse().ok()?, draw(cite, attempt)?))
}

/// Whether the board a numeric card id draws would make a card today: it
/// computes, its prompt hides its answer and it has three wrong answers
/// the prompt does not show. A card id that once made a card and no
/// longer does was a defect fixed, which is why its Anki GUID may go.
pub fn board_kept(card_id: &str) -> bool {
    let Some((cite, inputs)) = inputs_of(card_id) else {
        return false;
    };
    rules::calculators()
        .iter()
        .find(|c| c.id() == cite)
        .is_some_and(|calc| board(calc, 0, inputs).is_some())
}

/// The answer a card shows: the first result, in Norwegian.
pub fn answer_text(o: &Outcome) -> Option<String> {
    o.results.first().map(|r| r.display(Some(Lang::Nb)))
}

/// How many decimals a shown number has ("17,42 poeng": 2); a number cut
/// short ("71,66666…") counts as [`LONG`], whatever its digits.
fn decimals(shown: &str) -> usize {
    if shown.contains('…') {
        return LONG;
    }
    shown
        .split_once(',')
        .map_or(0, |(_, d)| {
            d.chars().take_while(char::is_ascii_digit).count()
        })
        .min(LONG)
}

/// The precision of a number with many decimals or cut short.
const LONG: usize = 3;

/// True when `alt` reads like `r` (the same unit, bound and number of
/// decimals), so neither its unit nor its precision tells it from the
/// answer.
fn alike(r: &Output, alt: &Output) -> bool {
    alt.unit == r.unit
        && alt.bound == r.bound
        && decimals(&alt.display(Some(Lang::Nb))) == decimals(&r.display(Some(Lang::Nb)))
}

/// Answers a TD reaches by one mistake, in the answer's unit and
/// precision: the same result for the other side or table (the wrong line
/// of the result), another case of the rule chosen (a choice set
/// otherwise), a count or a number off by one (the own table counted, or
/// not; a minute misread), one table's score left out, or two numbers of
/// one kind taken for each other (M for F, the first weight put on the
/// second result).
fn mistakes(calc: &rules::Calculator, inputs: &[(String, String)], o: &Outcome) -> Vec<String> {
    let Some(r) = o.results.first() else {
        return Vec::new();
    };
    let mut outs: Vec<Output> = o.results.iter().skip(1).cloned().collect();
    for changed in mistaken_inputs(calc, inputs) {
        if let Ok(o2) = calc.compute(&changed) {
            // The same result, read where the mistake leads.
            let same = o2
                .results
                .iter()
                .find(|x| x.name == r.name && x.of == r.of)
                .or_else(|| o2.results.first());
            outs.extend(same.cloned());
        }
    }
    let answer = r.display(Some(Lang::Nb));
    let mut shown: Vec<String> = Vec::new();
    for alt in outs.iter().filter(|x| alike(r, x)) {
        let t = alt.display(Some(Lang::Nb));
        if t != answer && !shown.contains(&t) {
            shown.push(t);
        }
    }
    shown
}

/// The board's inputs as one mistake reads them (see [`mistakes`]), each
/// a whole set of inputs, in a fixed order.
fn mistaken_inputs(
    calc: &rules::Calculator,
    inputs: &[(String, String)],
) -> Vec<Vec<(String, String)>> {
    let kind_of = |name: &str| calc.input(name).map(|i| i.kind);
    let mut out = Vec::new();
    let with = |k: usize, v: String| {
        let mut changed = inputs.to_vec();
        changed[k].1 = v;
        changed
    };
    for (k, (name, v)) in inputs.iter().enumerate() {
        match kind_of(name) {
            Some(InputKind::Choice(options)) => out.extend(
                options
                    .iter()
                    .filter(|o| o.value != v)
                    .map(|o| with(k, o.value.to_string())),
            ),
            Some(InputKind::Whole { .. }) => {
                if let Ok(n) = v.parse::<i64>() {
                    out.push(with(k, (n - 1).to_string()));
                    out.push(with(k, (n + 1).to_string()));
                }
            }
            // A number misread by one (a minute, an imp, a matchpoint).
            Some(InputKind::Decimal { .. }) => {
                if let Ok(n) = rules::number::parse(v) {
                    for d in [-1, 1] {
                        out.push(with(k, rules::number::show(&(n + rules::number::int(d)))));
                    }
                }
            }
            // One table's score (or one number of a list) forgotten: the
            // last one left out.
            Some(InputKind::Scores { .. } | InputKind::Numbers { .. }) => {
                let scores: Vec<&str> = v.split_whitespace().collect();
                if let Some((_, kept)) = scores.split_last() {
                    if !kept.is_empty() {
                        out.push(with(k, kept.join(" ")));
                    }
                }
            }
            _ => {}
        }
    }
    // Two numbers of one kind swapped: each pair once, in order.
    for i in 0..inputs.len() {
        for j in i + 1..inputs.len() {
            let (a, b) = (&inputs[i], &inputs[j]);
            let alike = match (kind_of(&a.0), kind_of(&b.0)) {
                (Some(x), Some(y)) => same_range(&x, &y),
                _ => false,
            };
            if alike && a.1 != b.1 {
                let mut changed = inputs.to_vec();
                changed[i].1 = b.1.clone();
                changed[j].1 = a.1.clone();
                out.push(changed);
            }
        }
    }
    out
}

/// True when two inputs are numbers of one kind (the same range and
/// precision: M and F, two results, two weights), so that a TD may take
/// one for the other.
fn same_range(a: &InputKind, b: &InputKind) -> bool {
    match (a, b) {
        (
            InputKind::Decimal { min, max, decimals },
            InputKind::Decimal {
                min: m2,
                max: x2,
                decimals: d2,
            },
        ) => (min, max, decimals) == (m2, x2, d2),
        (InputKind::Whole { min, max }, InputKind::Whole { min: m2, max: x2 }) => {
            (min, max) == (m2, x2)
        }
        _ => false,
    }
}

/// Wrong answers near the right one, in its unit and precision: one and
/// two steps off either way (a step is one unit of its last decimal), for
/// a rule whose mistakes give too few other answers. None is of the other
/// sign (a count, a score or a percentage is never below zero, so "−1
/// standardtrekk" would be known to be wrong); an answer of zero gets
/// three steps up instead.
fn near(o: &Outcome) -> Vec<String> {
    let Some(r) = o.results.first() else {
        return Vec::new();
    };
    // A step of the last decimal shown; a whole one for a long number,
    // whose last digits no TD reads.
    let places = match decimals(&r.display(Some(Lang::Nb))) {
        LONG => 0,
        d => d as u32,
    };
    let step = Q::new(1, 10i128.pow(places));
    let zero = Q::from_integer(0);
    let mut out = Vec::new();
    for k in [1, -1, 2, -2, 3] {
        let v = r.value + step * Q::from_integer(k);
        let crosses = (r.value >= zero && v < zero) || (r.value < zero && v > zero);
        if crosses || (k == 3 && out.len() >= CHOICES - 1) {
            continue;
        }
        let mut alt = r.clone();
        alt.value = v;
        if v != r.value && alike(r, &alt) {
            out.push(alt.display(Some(Lang::Nb)));
        }
    }
    out
}

/// An input's label as a prompt shows it: without the example or hint a
/// form shows in its closing brackets ("(420 450 -50)", "(ellers 2 × (A −
/// 1))"), which would read as the board's, and with an index letter for an
/// index number ("Score 1" → "Score A"), which a prompt would otherwise
/// show as a number among the board's.
fn label_of(input: &rules::registry::Input) -> String {
    let l = input.label.get(Lang::Nb);
    let l = match last_bracket(l) {
        Some((head, tail))
            if tail.starts_with("valgfritt")
                || tail.contains(':')
                || (tail.contains(' ') && tail.chars().any(|c| c.is_ascii_digit())) =>
        {
            head
        }
        _ => l,
    };
    index_as_letter(l)
}

/// The label before its last bracketed part, and that part's content, when
/// the label ends with one (nested brackets inside it kept whole).
fn last_bracket(label: &str) -> Option<(&str, &str)> {
    let body = label.strip_suffix(')')?;
    let mut depth = 0usize;
    for (i, c) in body.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth > 0 => depth -= 1,
            '(' => {
                let head = label[..i].strip_suffix(' ')?;
                return Some((head, &body[i + 1..]));
            }
            _ => {}
        }
    }
    None
}

/// "Score 1" → "Score A", "Vekt 2 (%)" → "Vekt B (%)": an input's index
/// as a letter, so that the only numbers a prompt shows are the board's.
fn index_as_letter(label: &str) -> String {
    let (head, unit) = match label.split_once(" (") {
        Some((h, u)) => (h, format!(" ({u}")),
        None => (label, String::new()),
    };
    match head.rsplit_once(' ') {
        Some((name, n)) if n.len() == 1 && matches!(n.as_bytes()[0], b'1'..=b'9') => {
            let letter = char::from(b'A' + (n.as_bytes()[0] - b'1'));
            format!("{name} {letter}{unit}")
        }
        _ => label.to_string(),
    }
}

/// A label inside a sentence: its first letter small, unless the word is
/// an abbreviation or a letter of its own ("A bord", "IMP").
fn in_sentence(label: &str) -> String {
    let mut cs = label.chars();
    match (cs.next(), cs.next()) {
        (Some(a), Some(b)) if b.is_lowercase() => a
            .to_lowercase()
            .chain(std::iter::once(b))
            .chain(cs)
            .collect(),
        _ => label.to_string(),
    }
}

/// The question: the calculator's title, each input with its value, and
/// the one result it asks for, named with the table or side it is of.
fn prompt(calc: &rules::Calculator, inputs: &[(String, String)], asked: &Output) -> String {
    let lines: Vec<String> = inputs
        .iter()
        .filter_map(|(name, v)| {
            let i = calc.input(name)?;
            let shown = match i.kind {
                InputKind::Choice(options) => options
                    .iter()
                    .find(|o| o.value == v)
                    .map_or(v.clone(), |o| o.label.get(Lang::Nb).to_string()),
                _ => v.clone(),
            };
            Some(format!("{}: {shown}", label_of(i)))
        })
        .collect();
    // The table a result is of, by its score ("for scoren +450").
    let of = match asked.of.as_deref() {
        Some(o)
            if o.starts_with(['+', '-', '−']) || o.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            format!(" for scoren {o}")
        }
        Some(o) => format!(" ({o})"),
        None => String::new(),
    };
    format!(
        "{}. {}. Hva blir {}{of}?",
        calc.title.get(Lang::Nb),
        lines.join("; "),
        in_sentence(asked.label.get(Lang::Nb))
    )
}

/// One board drawn for a calculator: its inputs, its answer, the prompt
/// that asks for it and the wrong answers to offer (the mistakes' first).
struct Board {
    attempt: u64,
    answer: String,
    prompt: String,
    others: Vec<String>,
    mistaken: usize,
}

/// Why a calculator gives no card: no board of its draws hides its answer
/// and has three wrong answers that the prompt does not show either.
const NO_BOARD: &str =
    "no board whose prompt hides its answer, with three wrong answers in its unit";

/// True when the prompt shows `shown`'s number, in digits or words, in any
/// part (the board's values, a label, a choice, the title): the card would
/// give its answer away, or a choice away as wrong.
fn prompt_shows(prompt: &str, shown: &str, exact: Option<&Q>) -> bool {
    let by_text = numerals::answer_number(shown).is_some_and(|n| numerals::shows(prompt, &n));
    by_text || exact.is_some_and(|q| numerals::shows(prompt, q))
}

/// The board `attempt` draws for `calc` as a card's content, or `None` when
/// it does not compute, its prompt shows its answer, or too few wrong
/// answers are left that the prompt does not show (a choice found in the
/// prompt would be known to be wrong, once no answer is ever there).
fn board(calc: &rules::Calculator, attempt: u64, inputs: Vec<(String, String)>) -> Option<Board> {
    let outcome = calc.compute(&inputs).ok()?;
    let answer = answer_text(&outcome)?;
    let asked = outcome.results.first()?;
    let prompt = prompt(calc, &inputs, asked);
    if prompt_shows(&prompt, &answer, Some(&asked.value)) {
        return None;
    }
    let fair = |o: &String| !prompt_shows(&prompt, o, None);
    // A mistake's answer first, then a step off.
    let mut others: Vec<String> = mistakes(calc, &inputs, &outcome)
        .into_iter()
        .filter(fair)
        .collect();
    let mistaken = others.len();
    for n in near(&outcome).into_iter().filter(fair) {
        if n != answer && !others.contains(&n) {
            others.push(n);
        }
    }
    (others.len() >= CHOICES - 1).then_some(Board {
        attempt,
        answer,
        prompt,
        others,
        mistaken,
    })
}

/// The Tall deck: a few boards for every calculator whose provision is in
/// the corpus.
pub(super) fn cards(corpus: &Corpus) -> (Vec<Card>, Vec<Skipped>) {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for calc in rules::calculators() {
        let id = calc.id();
        let Some(provision) = corpus.index_of(&id) else {
            continue;
        };
        let boards = boards_of(calc);
        if boards.is_empty() {
            skipped.push(Skipped {
                kind: CardKind::Numeric,
                provision,
                reason: NO_BOARD,
            });
        }
        for b in boards {
            out.push(board_card(corpus, &id, provision, b));
        }
    }
    (out, skipped)
}

/// Up to [`PER_CALCULATOR`] boards of `calc`, the first draws that make a
/// card, one per answer (two boards with the same answer
/// ask nearly the same).
fn boards_of(calc: &rules::Calculator) -> Vec<Board> {
    let mut boards: Vec<Board> = Vec::new();
    for attempt in 0..TRIES {
        if boards.len() >= PER_CALCULATOR {
            break;
        }
        let Some(inputs) = draw(calc.cite, attempt) else {
            break;
        };
        let Some(b) = board(calc, attempt, inputs) else {
            continue;
        };
        if !boards.iter().any(|x| x.answer == b.answer) {
            boards.push(b);
        }
    }
    boards
}

/// A board's card: three of its wrong answers (the mistakes first) and
/// the answer, under the id that draws the board again.
fn board_card(corpus: &Corpus, id: &ProvisionId, provision: usize, b: Board) -> Card {
    let card_id = format!("{}@{}/{}", id, CardKind::Numeric.slug(), b.attempt);
    let mistaken = b.mistaken;
    let tier = |a: &(usize, String)| u8::from(a.0 >= mistaken);
    let indexed: Vec<(usize, String)> = b.others.into_iter().enumerate().collect();
    let picked = super::pick::choose(&card_id, &indexed, CHOICES - 1, |a| a.1.clone(), tier);
    let face = |t: &str| Face::text(t, "nb");
    let d: Vec<Choice> = picked
        .into_iter()
        .map(|(_, a)| Choice {
            source: provision,
            face: face(&a),
        })
        .collect();
    let right = Choice {
        source: provision,
        face: face(&b.answer),
    };
    let prompt = Face {
        cite: Some(id.clone()),
        text: Some(b.prompt),
        lang: "nb",
    };
    card_with_id(
        corpus,
        card_id,
        CardKind::Numeric,
        provision,
        prompt,
        right,
        d,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_labels_closing_hint_goes_whole_even_with_brackets_inside() {
        assert_eq!(
            last_bracket("Topp (ellers 2 × (A − 1))"),
            Some(("Topp", "ellers 2 × (A − 1)"))
        );
        assert_eq!(last_bracket("Vekt 1 (%)"), Some(("Vekt 1", "%")));
        assert_eq!(last_bracket("Score 1"), None);
    }

    #[test]
    fn an_index_number_becomes_a_letter() {
        assert_eq!(index_as_letter("Score 1"), "Score A");
        assert_eq!(index_as_letter("Vekt 2 (%)"), "Vekt B (%)");
        assert_eq!(index_as_letter("Antall bord (A)"), "Antall bord (A)");
        assert_eq!(index_as_letter("Fra 30 minutter"), "Fra 30 minutter");
    }

    /// A traveller's scores are of one board: no side both makes a game
    /// not vulnerable (420) and vulnerable (620) on it.
    #[test]
    fn a_boards_scores_are_of_one_vulnerability() {
        for cite in ["X78A1", "X78A3", "X78B", "X78D1", "204A", "204A2", "12C1c"] {
            for attempt in 0..TRIES {
                let Some(inputs) = draw(cite, attempt) else {
                    continue;
                };
                let scores: Vec<i64> = inputs
                    .iter()
                    .filter(|(n, _)| n.starts_with("score") || n == "ns" || n == "ew")
                    .flat_map(|(_, v)| v.split(' ').filter_map(|x| x.parse::<i64>().ok()))
                    .collect();
                // A game score only one vulnerability gives.
                let only = |of: usize, x: i64| x >= 400 && !MADE[1 - of].contains(&x);
                for sign in [1, -1] {
                    let made = |of: usize| {
                        scores
                            .iter()
                            .any(|&x| MADE[of].contains(&(x * sign)) && only(of, x * sign))
                    };
                    assert!(!(made(0) && made(1)), "{cite}/{attempt}: {scores:?}");
                }
            }
        }
    }

    /// A butler difference needs rounding, and fractional frequencies have
    /// a fraction: a card asks what its rule does.
    #[test]
    fn a_butler_board_asks_for_its_rounding_and_its_fractions() {
        for attempt in 0..TRIES {
            if let Some(inputs) = draw("204B", attempt) {
                let get = |n: &str| {
                    inputs
                        .iter()
                        .find(|(k, _)| k == n)
                        .and_then(|(_, v)| v.parse::<i64>().ok())
                };
                if let (Some(score), Some(datum)) = (get("score"), get("datum")) {
                    assert_ne!((score - datum) % 10, 0, "204B/{attempt}");
                }
            }
            if let Some(inputs) = draw("204A2", attempt) {
                let f = inputs.iter().find(|(k, _)| k == "frequencies");
                assert!(
                    f.is_some_and(|(_, v)| v.contains(',')),
                    "204A2/{attempt}: {f:?}"
                );
            }
        }
    }

    #[test]
    fn every_tall_prompt_hides_its_answer_and_its_choices() {
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        let (cards, _) = cards(&corpus);
        assert!(cards.len() >= 150, "{}", cards.len());
        for c in &cards {
            let prompt = c.prompt.text.as_deref().unwrap_or_default();
            for ch in &c.choices {
                let shown = ch.face.text.as_deref().unwrap_or_default();
                assert!(
                    !prompt_shows(prompt, shown, None),
                    "{}: {shown} in {prompt}",
                    c.id
                );
            }
        }
    }
}
