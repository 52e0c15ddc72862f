/*!
Live reload for `serve --corpus DIR`: poll the corpus folders' file names,
sizes and mtimes, and when they change build a new knowledge base off the
async runtime and swap it in. A corpus that no longer builds is logged and
the last good one keeps serving, so an editor's half-finished change never
takes the pages down. Polling (once a second) needs no extra crate and works
the same on every file system.
*/

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::kb::{CorpusSource, Kb};

use super::AppState;

/// A cheap summary of the corpus folders: changes whenever a markdown file
/// is added, removed, resized or touched.
pub(crate) fn fingerprint(root: &Path) -> u64 {
    let mut entries: Vec<String> = Vec::new();
    for book in ["laws", "handbook"] {
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
/// each change that builds. `last` is the [`fingerprint`] taken before the
/// current knowledge base was read, so an edit made while it loaded is not
/// missed.
pub(crate) async fn watch(dir: PathBuf, state: AppState, every: Duration, mut last: u64) {
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
        let started = std::time::Instant::now();
        match tokio::task::spawn_blocking(move || Kb::load(&source)).await {
            Ok(Ok(kb)) => {
                state.replace(kb);
                tracing::info!(
                    dir = %dir.display(),
                    ms = started.elapsed().as_millis() as u64,
                    "corpus changed: reloaded"
                );
            }
            Ok(Err(e)) => {
                tracing::error!(dir = %dir.display(), error = %e, "corpus changed but does not build; still serving the last good one");
            }
            Err(e) => {
                tracing::error!(error = %e, "corpus reload task failed; still serving the last good one");
            }
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

        // A duplicate cite is an error: the last good corpus stays.
        std::fs::write(dir.join("laws/lov-01b.md"), LAW_1.replace("TITLE", "dup")).expect("write");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(text_of_1a(&state).contains("second version"));

        // Fixing it is picked up again.
        std::fs::remove_file(dir.join("laws/lov-01b.md")).expect("rm");
        write_law(&dir, "third and fixed");
        assert!(
            wait_for(&state, "third and fixed").await,
            "the fix was not picked up"
        );

        watcher.abort();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
