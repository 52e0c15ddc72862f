//! What can stop a subcommand: one error type for every subcommand, so
//! `main` maps each to a message and an exit code in one place.

use std::io;

use super::logging::LogError;
use crate::kb::{KbError, KbSearchError};
use crate::search;

/// What can stop a subcommand.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Kb(#[from] KbError),
    #[error(transparent)]
    Search(#[from] KbSearchError),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Io(#[from] io::Error),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Eval(#[from] search::EvalError),
    #[error("server: {0}")]
    Serve(String),
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("export: {0}")]
    Export(#[from] crate::export::ExportError),
    #[error("import: {0}")]
    Import(#[from] crate::import::ImportError),
    #[error("diff: {0}")]
    Diff(#[from] crate::diff::DiffError),
}
