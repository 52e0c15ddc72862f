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
fn fingerprint(root: &Path) -> u64 {
    let mut entries: Vec<String> = Vec::new();
    for book in ["laws", "handbook"] {
        match std::fs::read_dir(root.join(book)) {
            Ok(rd) => {
                for e in rd.flatten() {
                    let name = e.file_name().to_string_lossy().to_string();
                    if !name.ends_with(".md") {
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
/// each change that builds.
pub(crate) async fn watch(dir: PathBuf, state: AppState, every: Duration) {
    let probe = dir.clone();
    let mut last = tokio::task::spawn_blocking(move || fingerprint(&probe))
        .await
        .unwrap_or(0);
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
