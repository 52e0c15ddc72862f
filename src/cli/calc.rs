//! `lovbok calc`: a provision's calculator on the command line. It needs no
//! knowledge base (the calculators are [`crate::rules`]), so it answers at
//! once. Bad input exits 2 with the message; a provision without a
//! calculator, or a case its text does not give the numbers for, exits 1.

use std::io::{self, Write};
use std::process::ExitCode;

use super::error::CliError;
use crate::corpus::ProvisionId;
use crate::lang::Lang;
use crate::rules::registry::{Calculator, InputKind};
use crate::rules::{self, RuleError};
use crate::server::calc::{calculator_dto, outcome_dto};

/// How `lovbok calc` answers: `--json` and `--lang`, which may also stand
/// among the calculator's flags.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub json: bool,
    /// `nb`, `da` or `en` (`None`: English).
    pub lang: Option<String>,
}

/// `--lang`'s value: `en` is English, the absence of a [`Lang`].
fn read_lang(code: &str) -> Result<Option<Lang>, CliError> {
    match code.trim() {
        "en" => Ok(None),
        "nb" => Ok(Some(Lang::Nb)),
        "da" => Ok(Some(Lang::Da)),
        other => Err(CliError::Usage(format!(
            "--lang takes nb, da or en, not {other:?}"
        ))),
    }
}

/// Reads `--name value`, `--name=value` and the repeated `--input
/// name=value` into (name, value) pairs; `--json` and `--lang` may stand
/// among them.
fn read_flags(
    inputs: &[String],
    flags: &[String],
    opts: &mut Options,
) -> Result<Vec<(String, String)>, CliError> {
    let mut out = Vec::new();
    let pair = |s: &str| -> Result<(String, String), CliError> {
        s.split_once('=')
            .map(|(k, v)| (k.trim().to_string(), v.to_string()))
            .ok_or_else(|| CliError::Usage(format!("--input takes NAME=VALUE, not {s:?}")))
    };
    for i in inputs {
        out.push(pair(i)?);
    }
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        if f == "--json" {
            opts.json = true;
            continue;
        }
        if f == "--lang" {
            let v = it
                .next()
                .ok_or_else(|| CliError::Usage("--lang needs nb, da or en".into()))?;
            opts.lang = Some(v.clone());
            continue;
        }
        if let Some(v) = f.strip_prefix("--lang=") {
            opts.lang = Some(v.to_string());
            continue;
        }
        if f == "--input" || f == "-i" {
            let v = it
                .next()
                .ok_or_else(|| CliError::Usage("--input needs NAME=VALUE".into()))?;
            out.push(pair(v)?);
            continue;
        }
        let Some(name) = f.strip_prefix("--") else {
            return Err(CliError::Usage(format!(
                "expected --NAME VALUE, not {f:?} (lovbok calc --list shows the inputs)"
            )));
        };
        match name.split_once('=') {
            Some((k, v)) => out.push((k.to_string(), v.to_string())),
            None => {
                let v = it
                    .next()
                    .ok_or_else(|| CliError::Usage(format!("--{name} needs a value")))?;
                out.push((name.to_string(), v.clone()));
            }
        }
    }
    Ok(out)
}

/// What an input takes, for `--list`.
fn describe(kind: &InputKind) -> String {
    match kind {
        InputKind::Whole { min, max } => format!("whole number {min}..{max}"),
        InputKind::Decimal { min, max, decimals } => {
            format!("number {min}..{max}, up to {decimals} decimals")
        }
        InputKind::Choice(options) => {
            let v: Vec<&str> = options.iter().map(|o| o.value).collect();
            v.join("|")
        }
        InputKind::Scores { min, max } => format!("{min}..{max} bridge scores, e.g. \"420 -50\""),
        InputKind::Numbers {
            min,
            max,
            decimals,
            most,
        } => format!(
            "up to {most} numbers {min}..{max}, up to {decimals} decimals, separated by spaces, e.g. \"18 12,5\""
        ),
    }
}

fn list(json: bool) -> Result<ExitCode, CliError> {
    let mut out = io::stdout().lock();
    if json {
        let all: Vec<_> = rules::calculators().iter().map(calculator_dto).collect();
        serde_json::to_writer_pretty(&mut out, &all)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    for c in rules::calculators() {
        writeln!(out, "{:<7} {}", c.id(), c.title.en())?;
        for i in c.inputs {
            let need = if i.required { "" } else { " (optional)" };
            writeln!(
                out,
                "          --{:<12} {}: {}{need}",
                i.name,
                i.label.en(),
                describe(&i.kind)
            )?;
        }
        let example: Vec<String> = c
            .example
            .iter()
            .map(|(k, v)| {
                if v.contains(' ') {
                    format!("--{k} \"{v}\"")
                } else {
                    format!("--{k} {v}")
                }
            })
            .collect();
        writeln!(
            out,
            "          e.g. lovbok calc {} {}",
            c.id(),
            example.join(" ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(
    cite: Option<&str>,
    list_all: bool,
    opts: Options,
    inputs: &[String],
    flags: &[String],
) -> Result<ExitCode, CliError> {
    let mut opts = opts;
    let raw = read_flags(inputs, flags, &mut opts)?;
    let json = opts.json;
    let lang = match opts.lang.as_deref() {
        Some(code) => read_lang(code)?,
        None => None,
    };
    if list_all {
        return list(json);
    }
    let Some(cite) = cite else {
        return Err(CliError::Usage(
            "which provision? e.g. lovbok calc X78B4 --tables 13 --results 6 --mp 7.5 (lovbok calc --list)".into(),
        ));
    };
    // Any form the citation grammar reads: `X78B4`, `x78b4`, `§ 211 B 1 d`.
    let Some(id) = read_cite(cite) else {
        return fail(json, 2, &format!("{cite:?} is not a cite"));
    };
    let Some(found) = rules::calculator_for(&id) else {
        let msg = format!("{id} has no calculator (lovbok calc --list shows those that do)");
        return fail(json, 1, &msg);
    };
    let calc: &Calculator = found.calculator;
    match found.compute(&raw) {
        Ok(o) => {
            let mut out = io::stdout().lock();
            if json {
                serde_json::to_writer_pretty(&mut out, &outcome_dto(calc, &o, lang))?;
                writeln!(out)?;
                return Ok(ExitCode::SUCCESS);
            }
            print_outcome(&mut out, calc, &o, lang)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            // In a language asked for, inputs and options go by their
            // labels, as on the page.
            let text = match lang {
                Some(l) => calc.error_text(&e, l),
                None => e.to_string(),
            };
            let code = match e {
                RuleError::Input { .. } | RuleError::Unchosen(_) => 2,
                RuleError::NotInText { .. } | RuleError::OtherCase { .. } => 1,
            };
            fail(json, code, &text)
        }
    }
}

/// A computed result as text, in `lang` (`None`: English).
fn print_outcome(
    out: &mut impl Write,
    calc: &Calculator,
    o: &rules::Outcome,
    lang: Option<Lang>,
) -> Result<(), CliError> {
    let by = match lang {
        None => "by",
        Some(Lang::Nb) => "etter",
        Some(Lang::Da) => "efter",
    };
    writeln!(
        out,
        "{} {} ({by} {})",
        calc.id(),
        calc.title.text(lang),
        o.cite
    )?;
    for r in &o.results {
        let of = r.of.as_deref().map(|s| format!(" {s}")).unwrap_or_default();
        writeln!(out, "  {}{of}: {}", r.label.text(lang), r.display(lang))?;
    }
    writeln!(out)?;
    for s in &o.steps {
        if s.expr.is_empty() {
            writeln!(out, "  {:<10} {}", s.cite.to_string(), s.what.text(lang))?;
        } else {
            writeln!(
                out,
                "  {:<10} {}: {}",
                s.cite.to_string(),
                s.what.text(lang),
                s.expr
            )?;
        }
    }
    Ok(())
}

/// One provision from what was typed, read by the citation grammar.
fn read_cite(typed: &str) -> Option<ProvisionId> {
    if let Ok(id) = typed.trim().parse::<ProvisionId>() {
        return Some(id);
    }
    let found = crate::cite::find_query(typed)?;
    match found.as_slice() {
        [m] => match &m.cite {
            crate::cite::Cite::Absolute { id } => Some(id.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// Reports an error: as a problem document on stdout with `--json` (the
/// shape `POST /api/calc` answers with), else as a line on stderr; exits
/// with `code` (2: bad input, 1: nothing to compute).
fn fail(json: bool, code: u8, detail: &str) -> Result<ExitCode, CliError> {
    if json {
        let (status, title) = if code == 2 {
            (400, "Bad Request")
        } else {
            (422, "Unprocessable Entity")
        };
        let problem = serde_json::json!({
            "type": "about:blank",
            "title": title,
            "status": status,
            "detail": detail,
        });
        let mut out = io::stdout().lock();
        serde_json::to_writer_pretty(&mut out, &problem)?;
        writeln!(out)?;
    } else {
        eprintln!("lovbok: {detail}");
    }
    Ok(ExitCode::from(code))
}
