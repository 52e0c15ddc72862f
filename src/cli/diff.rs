//! `lovbok diff OLD NEW [--json] [--concordance FILE]`: a thin front to
//! [`crate::diff`]: read both folders, compare, print, and write the draft
//! concordance.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use super::error::CliError;
use crate::corpus::BookId;
use crate::diff::{self, concordance, edition, Counts, DiffError, Edition, EditionDiff};

/// One side of the JSON report.
#[derive(Serialize)]
struct SideDto {
    folder: String,
    /// The edition the front matter of the first book compared declares
    /// (the laws when both are).
    edition: Option<u16>,
}

/// The JSON report: both sides, the counts and the diff itself.
#[derive(Serialize)]
struct ReportDto<'a> {
    old: SideDto,
    new: SideDto,
    counts: Counts,
    #[serde(flatten)]
    diff: &'a EditionDiff,
}

/// The edition of the first book compared (the laws when both are).
fn year(e: &Edition, d: &EditionDiff) -> Option<u16> {
    d.books.first().and_then(|b| e.year(*b))
}

fn label(e: &Edition, d: &EditionDiff) -> String {
    match year(e, d) {
        Some(y) => format!("{y} ({})", e.folder.display()),
        None => e.folder.display().to_string(),
    }
}

/// Compares two corpus folders and prints the changes.
pub fn run(
    old: &Path,
    new: &Path,
    json: bool,
    concordance_file: Option<&Path>,
) -> Result<ExitCode, CliError> {
    let old = Edition::read(old)?;
    let new = Edition::read(new)?;
    edition::check_books(&old, &new)?;
    let d = diff::compare(&old.corpus, &new.corpus);
    if let Some(file) = concordance_file {
        if !d.books.contains(&BookId::Laws) {
            return Err(DiffError::ConcordanceNeedsLaws.into());
        }
        let text = concordance::draft(&d, year(&old, &d), year(&new, &d));
        write_new(file, &text)?;
    }
    let mut out = io::stdout().lock();
    if json {
        let side = |e: &Edition| SideDto {
            folder: e.folder.display().to_string(),
            edition: year(e, &d),
        };
        let report = ReportDto {
            old: side(&old),
            new: side(&new),
            counts: d.counts(),
            diff: &d,
        };
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        write!(
            out,
            "{}",
            diff::render::summary(&d, &label(&old, &d), &label(&new, &d))
        )?;
        if let Some(file) = concordance_file {
            writeln!(
                out,
                "\ndraft concordance: {} (confirm each line; see docs/diff.md)",
                file.display()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a file that must not exist yet: a draft never replaces a
/// concordance an editor has confirmed.
fn write_new(file: &Path, text: &str) -> Result<(), DiffError> {
    let shown = file.display().to_string();
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .map_err(|source| match source.kind() {
            io::ErrorKind::AlreadyExists => DiffError::Exists(shown.clone()),
            _ => DiffError::Write {
                path: shown.clone(),
                source,
            },
        })?;
    f.write_all(text.as_bytes())
        .map_err(|source| DiffError::Write {
            path: shown,
            source,
        })
}
