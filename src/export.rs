/*!
The site as static files (`lovbok export --site DIR`), for a federation that
wants lovbok on its own web host or a CDN without running a process.

The copy is the server's own pages, rendered once per URL by the same
templates, in one interface language (a static host cannot choose a page
by cookie): every provision at `/p/{cite}/index.html`, the contents, the
definitions, the subject index, the situation picker, the rulings (the
list at `/kjennelser/` and each item at `/kjennelser/{id}/`), the study
page, the search page at `/` and `/sok/`, every asset under `/static/`, the offline
index and deck, and the service worker at `/sw.js` (at the root, so that a
host that sends no `Service-Worker-Allowed` header still lets it control
every page). Pages are folders because every plain static host answers
`/p/12C1` by redirecting to `/p/12C1/` and serving its `index.html`.

What needs the server says so instead of failing: search is answered in
the browser from the offline index (the page knows it is a static copy
from its `lovbok-static` meta tag), the calculators are replaced by a
sentence saying this copy cannot run them, and the language switch is left
out. `docs/deploy.md` shows how to serve the copy and how the copy and a
server can share one origin.
*/

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::kb::url_of;
use crate::web::assets;
use crate::web::routes::{Route, Serves, ROUTES, STATIC_NOT_FOUND, STATIC_WORKER};
use crate::web::{Lang, PageFilter, Site, UiContext};

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteExport {
    /// HTML pages written (each provision, and the site's own pages).
    pub pages: usize,
    /// Every file written, pages and assets.
    pub files: usize,
    /// Their size on disk, uncompressed.
    pub bytes: u64,
}

/// Why an export stopped. Nothing already in the folder is ever replaced.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The target holds files: an export never writes over them.
    #[error("{0} is not empty: export into a new or empty folder")]
    NotEmpty(PathBuf),
    /// Reading or writing the folder failed.
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    /// A page did not render (a template or data fault in lovbok).
    #[error("rendering {page}: {message}")]
    Render { page: String, message: String },
}

/// Writes the static copy of `site` into `dir` (created if missing; it must
/// be empty) in the interface language `lang`: every page the route table
/// marks as exported, the static copy's own `404.html`, the assets, the
/// offline index and the root service worker.
pub fn export_site(site: &Site, dir: &Path, lang: Lang) -> Result<SiteExport, ExportError> {
    prepare(dir)?;
    let mut out = Writer {
        root: dir.to_path_buf(),
        report: SiteExport::default(),
    };
    for r in ROUTES.iter().filter(|r| r.exported) {
        out.route(site, r, lang)?;
    }
    let ctx = UiContext::new(lang, STATIC_NOT_FOUND).for_static_copy();
    let missing = render(STATIC_NOT_FOUND, site.static_not_found_page(&ctx))?;
    out.file(STATIC_NOT_FOUND, missing.as_bytes())?;
    out.report.pages += 1;

    for a in site.assets().iter().filter(|a| !a.worker) {
        out.file(&a.url, &a.body)?;
    }
    let index = site.offline_index_url();
    if let Some(a) = index
        .strip_prefix(assets::PREFIX)
        .and_then(|file| site.asset(file))
    {
        out.file(&a.url, &a.body)?;
    }
    out.file(STATIC_WORKER, site.static_worker(lang).as_bytes())?;
    Ok(out.report)
}

/// A page's HTML, or the error that names it.
fn render(page: &str, r: Result<String, askama::Error>) -> Result<String, ExportError> {
    r.map_err(|e| ExportError::Render {
        page: page.to_string(),
        message: e.to_string(),
    })
}

/// Creates `dir`, or checks that it is empty.
fn prepare(dir: &Path) -> Result<(), ExportError> {
    let io_err = |source| ExportError::Io {
        path: dir.to_path_buf(),
        source,
    };
    match fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(ExportError::NotEmpty(dir.to_path_buf()));
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir_all(dir).map_err(io_err),
        Err(e) => Err(io_err(e)),
    }
}

/// Writes files under the export's root and counts them.
struct Writer {
    root: PathBuf,
    report: SiteExport,
}

impl Writer {
    /// The pages of route `r`: the page itself, or for the provisions every
    /// one of them; the study page with its deck.
    fn route(&mut self, site: &Site, r: &Route, lang: Lang) -> Result<(), ExportError> {
        let ctx = |path: &str| UiContext::new(lang, path).for_static_copy();
        let at = r.path;
        match r.serves {
            Serves::Page(page) => self.page(at, &render(at, page(site, &ctx(at)))?),
            // The front page's search, without a query, under each path.
            Serves::Search => {
                let home = site.links().home;
                self.page(at, &render(at, site.empty_search_page(&ctx(home)))?)
            }
            Serves::Study => {
                let deck =
                    crate::server::deck::deck_file(site).map_err(|e| ExportError::Render {
                        page: at.into(),
                        message: e.to_string(),
                    })?;
                self.file(&deck.url, &deck.body)?;
                self.page(at, &render(at, site.practice_page(&ctx(at), &deck.url))?)
            }
            // The whole list: the page script filters it by the query.
            Serves::Rulings => {
                let html = render(at, site.rulings_page(&ctx(at), &PageFilter::default()))?;
                self.page(at, &html)
            }
            Serves::Ruling => {
                for r in site.kb().corpus().rulings().items() {
                    let url = site.links().ruling(&r.id);
                    if let Some(page) = site.ruling_page(&ctx(&url), &r.id) {
                        self.page(&url, &render(&url, page)?)?;
                    }
                }
                Ok(())
            }
            Serves::Provision => {
                for (idx, p) in site.kb().corpus().provisions().iter().enumerate() {
                    let url = url_of(&p.id);
                    let html = render(&url, site.provision_page(&ctx(&url), idx, false))?;
                    self.page(&format!("{at}{}", p.id), &html)?;
                }
                Ok(())
            }
            _ => Err(ExportError::Render {
                page: at.into(),
                message: "the route has no static form".into(),
            }),
        }
    }

    /// A page at `path` (`/p/12C1`) as `path/index.html` (the front page
    /// as `/index.html`).
    fn page(&mut self, path: &str, html: &str) -> Result<(), ExportError> {
        let file = format!("{}/index.html", path.trim_end_matches('/'));
        self.file(&file, html.as_bytes())?;
        self.report.pages += 1;
        Ok(())
    }

    /// The bytes of the file at URL path `path`, below the root. A cite is
    /// written as its folder's name as it stands (`def:Alert`, `12C1e(ii)`);
    /// a path that would leave the root is refused.
    fn file(&mut self, path: &str, body: &[u8]) -> Result<(), ExportError> {
        let rel = Path::new(path.trim_start_matches('/'));
        if rel
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            return Err(ExportError::Render {
                page: path.to_string(),
                message: "the path leaves the export folder".into(),
            });
        }
        let full = self.root.join(rel);
        let io_err = |source| ExportError::Io {
            path: full.clone(),
            source,
        };
        if let Some(parent) = full.parent() {
            fs::create_dir_all(parent).map_err(io_err)?;
        }
        fs::write(&full, body).map_err(io_err)?;
        self.report.files += 1;
        self.report.bytes += body.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_path_becomes_a_folder_and_nothing_leaves_the_root() {
        let dir = std::env::temp_dir().join(format!("lovbok-export-unit-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let mut w = Writer {
            root: dir.clone(),
            report: SiteExport::default(),
        };
        w.page("/p/12C1e(ii)", "<p>x</p>").unwrap();
        assert!(dir.join("p/12C1e(ii)/index.html").is_file());
        assert!(w.file("/../escape", b"x").is_err());
        assert!(w.file("/p/../../escape", b"x").is_err());
        assert_eq!(w.report.pages, 1);
        assert_eq!(w.report.files, 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_with_files_is_never_written_into() {
        let dir = std::env::temp_dir().join(format!("lovbok-export-full-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("keep.txt"), b"mine").unwrap();
        assert!(matches!(prepare(&dir), Err(ExportError::NotEmpty(_))));
        assert_eq!(fs::read(dir.join("keep.txt")).unwrap(), b"mine");
        let _ = fs::remove_dir_all(&dir);
    }
}
