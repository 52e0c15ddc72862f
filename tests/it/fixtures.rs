//! Shared fixtures: the real corpus, loaded once per test from the folders.

use std::path::Path;

use lovbok::corpus::{read_dir_sources, Corpus, Severity};

/// The repository's corpus, parsed; fails the test on any corpus error.
pub fn corpus() -> Corpus {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = read_dir_sources(root).expect("corpus folders are readable");
    let loaded = Corpus::build(&sources);
    let errors: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert!(errors.is_empty(), "corpus errors:\n{}", errors.join("\n"));
    loaded.corpus
}
