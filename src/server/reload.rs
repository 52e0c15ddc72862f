/*!
Live reload for `serve --corpus DIR`: poll the corpus folders' file names,
sizes and mtimes, and when they change build a new knowledge base off the
async runtime and swap it in. Polling (once a second) needs no extra crate
and works the same on every file system.

A corpus that no longer builds is rejected and the last good one keeps
serving, so an editor's half-finished change never takes the pages down;
but the editor is told why the change does not appear: each problem is
printed on stderr as the line `lovbok check` prints for it, every page
shows a banner listing them ([`crate::web::ReloadNotice`]), and
`GET /api/status` reports them, until the folder builds again and a line
says it reloaded.
*/

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tracing::Level;

use crate::kb::{CorpusSource, Kb};

use super::status::{self, Problem};
use super::{AppState, DIAGNOSTIC_TARGET, STATUS_TARGET};

/// A cheap summary of the corpus folders: changes whenever a markdown file
/// is added, removed, resized or touched.
pub(crate) fn fingerprint(root: &Path) -> u64 {
    let mut entries: Vec<String> = Vec::new();
    // The edition folders (parallel texts) below `editions/` count too.
    let editions = root.join(crate::corpus::load::EDITIONS_DIR);
    let edition_dirs: Vec<String> = std::fs::read_dir(&editions)
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().is_dir())
                .map(|e| {
                    format!(
                        "{}/{}",
                        crate::corpus::load::EDITIONS_DIR,
                        e.file_name().to_string_lossy()
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let books = ["laws".to_string(), "handbook".to_string()];
    for book in books.iter().chain(&edition_dirs) {
        match std::fs::read_dir(root.join(book)) {
            Ok(rd) => {
                for e in rd.flatten() {
                    let name = e.file_name().to_string_lossy().to_string();
                    if !crate::corpus::load::is_corpus_file(std::path::Path::new(&name)) {
                        continue;
                    }
                    let (len, mtime) = match e.metadata() {
                        Ok(m) => (
                            m.len(),
                            m.modified()
                                .ok()
                                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                                .map_or(0, |d| d.as_nanos()),
                        ),
                        Err(_) => (0, 0),
                    };
                    entries.push(format!("{book}/{name}\t{len}\t{mtime}"));
                }
            }
            Err(e) => entries.push(format!("{book}: {e}")),
        }
    }
    entries.sort();
    crate::web::assets::fnv1a(entries.join("\n").as_bytes())
}

/// Watches `dir` forever, swapping a new knowledge base into `state` after
/// each change that builds and reporting each that does not. `last` is the
/// [`fingerprint`] taken before the current knowledge base was read, so an
/// edit made while it loaded is not missed.
pub(crate) async fn watch(
    dir: PathBuf,
    editions: Vec<PathBuf>,
    state: AppState,
    every: Duration,
    mut last: u64,
) {
    loop {
        tokio::time::sleep(every).await;
        let probe = dir.clone();
        let Ok(now) = tokio::task::spawn_blocking(move || fingerprint(&probe)).await else {
            continue;
        };
        if now == last {
            continue;
        }
        last = now;
        let source = CorpusSource::Dir(dir.clone());
        let started = Instant::now();
        let beside = editions.clone();
        let loaded = tokio::task::spawn_blocking(move || Kb::load_with(&source, &beside)).await;
        let took = started.elapsed();
        let ms = took.as_millis() as u64;
        let problems = match loaded {
            Ok(Ok(kb)) => {
                let provisions = kb.corpus().provisions().len();
                let citations = kb.citation_count();
                state.reloaded(kb, took);
                tracing::info!(
                    target: STATUS_TARGET,
                    dir = %dir.display(),
                    provisions,
                    citations,
                    ms,
                    "reloaded {} ({provisions} provisions, {citations} citations, {ms} ms)",
                    dir.display()
                );
                continue;
            }
            Ok(Err(e)) => status::problems(&e),
            Err(e) => vec![Problem {
                file: None,
                line: None,
                text: format!("the reload task failed: {e}"),
            }],
        };
        let n = problems.len();
        // The banner first, so that whoever reads the lines finds it up.
        state.rejected(&dir, problems.clone(), took);
        tracing::warn!(
            target: STATUS_TARGET,
            dir = %dir.display(),
            errors = n,
            "the change in {} is not loaded ({n} error{}); still serving the last good corpus:",
            dir.display(),
            if n == 1 { "" } else { "s" }
        );
        report_problems(Level::WARN, &problems);
    }
}

/// One line per problem, each the line `lovbok check` prints for it.
pub(crate) fn report_problems(level: Level, problems: &[Problem]) {
    for p in problems {
        let file = p.file.as_deref().unwrap_or_default();
        let line = p.line.unwrap_or_default();
        if level == Level::ERROR {
            tracing::error!(target: DIAGNOSTIC_TARGET, file, line, "{}", p.text);
        } else {
            tracing::warn!(target: DIAGNOSTIC_TARGET, file, line, "{}", p.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAW_1: &str = "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 18\ntext: full\n---\n\n# 1. Kortstokken\n\n## A. Kortene\n\nTeksten TITLE.\n";

    fn write_law(dir: &Path, title: &str) {
        std::fs::write(dir.join("laws/lov-01.md"), LAW_1.replace("TITLE", title)).expect("write");
    }

    fn text_of_1a(state: &AppState) -> String {
        let site = state.site();
        let id = "1A".parse().expect("cite");
        site.kb()
            .get(&id)
            .map(|(_, p)| p.text())
            .unwrap_or_default()
    }

    async fn wait_for(state: &AppState, want: &str) -> bool {
        for _ in 0..200 {
            if text_of_1a(state).contains(want) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        false
    }

    #[tokio::test]
    async fn an_edit_is_served_and_a_broken_edit_keeps_the_last_good_corpus() {
        let dir = std::env::temp_dir().join(format!("lovbok-reload-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("laws")).expect("mkdir");
        write_law(&dir, "first");
        let before = fingerprint(&dir);
        let kb = Kb::load(&CorpusSource::Dir(dir.clone())).expect("the fixture builds");
        let state = AppState::new(kb);
        assert!(text_of_1a(&state).contains("first"));
        let watcher = tokio::spawn(watch(
            dir.clone(),
            Vec::new(),
            state.clone(),
            Duration::from_millis(20),
            before,
        ));

        // mtime granularity can hide a quick rewrite; a different size never does.
        write_law(&dir, "second version");
        assert!(
            wait_for(&state, "second version").await,
            "the edit was not picked up"
        );

        // A duplicate cite is an error: the last good corpus stays, with a notice.
        std::fs::write(dir.join("laws/lov-01b.md"), LAW_1.replace("TITLE", "dup")).expect("write");
        let mut noticed = None;
        for _ in 0..200 {
            noticed = state.site().notice();
            if noticed.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let notice = noticed.expect("the broken edit was not noticed");
        assert!(notice.place.starts_with("laws/lov-01b.md:"), "{notice:?}");
        assert!(notice.lines[0].contains("duplicate cite 1"), "{notice:?}");
        assert!(text_of_1a(&state).contains("second version"));
        let last = state.board.last_reload().expect("a reload was recorded");
        assert!(!last.problems.is_empty());

        // Fixing it is picked up again, and the notice goes.
        std::fs::remove_file(dir.join("laws/lov-01b.md")).expect("rm");
        write_law(&dir, "third and fixed");
        assert!(
            wait_for(&state, "third and fixed").await,
            "the fix was not picked up"
        );
        assert!(state.site().notice().is_none());
        let last = state.board.last_reload().expect("a reload was recorded");
        assert!(last.problems.is_empty());

        watcher.abort();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
