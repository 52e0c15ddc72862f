//! `lovbok import TRANSCRIPT --book laws|handbook --out DIR`: a thin front
//! to [`crate::import`], printing the figures of its report.

use std::path::Path;
use std::process::ExitCode;

use super::error::CliError;
use super::BookArg;
use crate::corpus::{embedded_sources, SourceFile};
use crate::import::{self, measure, Book};

/// Imports a transcript into `out` and prints the report's figures; with
/// `compare`, measures it against the built-in text of the same book.
pub fn run(
    transcript: &Path,
    book: BookArg,
    out: &Path,
    compare: bool,
) -> Result<ExitCode, CliError> {
    let book = match book {
        BookArg::Laws => Book::Laws,
        BookArg::Handbook => Book::Handbook,
    };
    let mut result = import::import_file(transcript, book)?;
    if compare {
        let prefix = format!("{}/", book.folder());
        let hand: Vec<SourceFile> = embedded_sources()
            .into_iter()
            .filter(|s| s.path.starts_with(&prefix))
            .collect();
        let imported: Vec<SourceFile> = result
            .files
            .iter()
            .map(|(name, text)| SourceFile {
                path: format!("{prefix}{name}"),
                text: text.clone(),
            })
            .collect();
        result.report.measurement = Some(measure::measure(&hand, &imported));
    }
    import::write(&result, out)?;
    let r = &result.report;
    println!(
        "imported {} files into {}/{}: {} repairs, {} unsure places",
        result.files.len(),
        out.display(),
        book.folder(),
        r.repairs.len(),
        r.unsure.len()
    );
    if let Some(a) = &r.audit {
        println!("word audit: {}", a.summary());
    }
    if let Some(m) = &r.measurement {
        println!(
            "against the built-in text: ids {}/{} ({:.1} %), {} extra; identical {} ({:.1} %), or but for a lost-text mark […] {:.1} %",
            m.found,
            m.expected,
            m.ids_pct(),
            m.extra.len(),
            m.identical,
            m.identical_pct(),
            m.identical_or_gap_pct()
        );
    }
    println!("report: {}", out.join("import-report.md").display());
    Ok(ExitCode::SUCCESS)
}
