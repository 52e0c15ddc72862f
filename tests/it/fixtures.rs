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

/// A corpus folder a test writes (`laws/lov-01.md`, `stikkord/lover.md`
/// ...) in a temporary folder of its own, removed when dropped: for the
/// tests of what `lovbok check` says about a folder.
pub struct TempCorpus {
    pub dir: std::path::PathBuf,
}

impl TempCorpus {
    /// A fresh folder named after `tag`, holding `files` (path, text).
    pub fn new(tag: &str, files: &[(&str, &str)]) -> TempCorpus {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("lovbok-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let folder = TempCorpus { dir };
        for (path, text) in files {
            folder.write(path, text);
        }
        folder
    }

    /// Writes (or replaces) one file of the folder.
    pub fn write(&self, path: &str, text: &str) {
        let at = self.dir.join(path);
        if let Some(parent) = at.parent() {
            std::fs::create_dir_all(parent).expect("the fixture folder");
        }
        std::fs::write(&at, text).expect("the fixture file");
    }

    /// `lovbok --corpus <folder> check`: its exit code and what it printed
    /// (stdout, then stderr).
    pub fn check(&self) -> (Option<i32>, String) {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_lovbok"))
            .arg("--corpus")
            .arg(&self.dir)
            .arg("check")
            .output()
            .expect("lovbok runs");
        let out =
            String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
        (o.status.code(), out)
    }
}

impl Drop for TempCorpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
