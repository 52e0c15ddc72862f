//! `lovbok calc`: a provision's calculator on the command line. It needs no
//! knowledge base (the calculators are [`crate::rules`]), so it answers at
//! once. Bad input exits 2 with the message; a provision without a
//! calculator, or a case its text does not give the numbers for, exits 1.

use std::io::{self, Write};
use std::process::ExitCode;

use super::error::CliError;
use crate::corpus::ProvisionId;
use crate::rules::registry::{Calculator, InputKind};
use crate::rules::{self, RuleError};
use crate::server::calc::{calculator_dto, outcome_dto};

/// Reads `--name value`, `--name=value` and the repeated `--input
/// name=value` into (name, value) pairs; `--json` may stand among them.
fn read_flags(
    inputs: &[String],
    flags: &[String],
    json: &mut bool,
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
            *json = true;
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
        writeln!(out, "{:<7} {}", c.id(), c.title.en)?;
        for i in c.inputs {
            let need = if i.required { "" } else { " (optional)" };
            writeln!(
                out,
                "          --{:<12} {}: {}{need}",
                i.name,
                i.label.en,
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
    json: bool,
    inputs: &[String],
    flags: &[String],
) -> Result<ExitCode, CliError> {
    let mut json = json;
    let raw = read_flags(inputs, flags, &mut json)?;
    if list_all {
        return list(json);
    }
    let Some(cite) = cite else {
        return Err(CliError::Usage(
            "which provision? e.g. lovbok calc X78B4 --tables 13 --results 6 --mp 7.5 (lovbok calc --list)".into(),
        ));
    };
    let id: ProvisionId = cite
        .parse()
        .map_err(|e| CliError::Usage(format!("{cite:?} is not a cite: {e}")))?;
    let Some(found) = rules::calculator_for(&id) else {
        eprintln!("lovbok: {id} has no calculator (lovbok calc --list shows those that do)");
        return Ok(ExitCode::from(1));
    };
    let calc: &Calculator = found.calculator;
    match found.compute(&raw) {
        Ok(o) => {
            let mut out = io::stdout().lock();
            if json {
                serde_json::to_writer_pretty(&mut out, &outcome_dto(calc, &o, None))?;
                writeln!(out)?;
                return Ok(ExitCode::SUCCESS);
            }
            writeln!(out, "{} {} (by {})", calc.id(), calc.title.en, o.cite)?;
            for r in &o.results {
                let of = r.of.as_deref().map(|s| format!(" {s}")).unwrap_or_default();
                writeln!(out, "  {}{of}: {}", r.label.en, r.display(None))?;
            }
            writeln!(out)?;
            for s in &o.steps {
                if s.expr.is_empty() {
                    writeln!(out, "  {:<10} {}", s.cite.to_string(), s.what.en)?;
                } else {
                    writeln!(
                        out,
                        "  {:<10} {}: {}",
                        s.cite.to_string(),
                        s.what.en,
                        s.expr
                    )?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e @ RuleError::Input { .. }) => Err(CliError::Usage(e.to_string())),
        Err(e @ RuleError::NotInText { .. }) => {
            eprintln!("lovbok: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
