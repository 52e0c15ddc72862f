/*!
The web interface as HTML: askama templates, their view models, the rendering
of provision text, the interface strings, the embedded static assets and
what the site needs offline.

This module turns knowledge-base answers into HTML strings and knows nothing
about HTTP (no axum, no tokio), so the same pages can be rendered by a
future `lovbok export` without a server. A [`Site`] is a [`Kb`] plus what
the pages precompute from it once (the defined-term matcher, the offline
index and service worker, the vocabulary for spelling suggestions); it is
built whenever a knowledge base is, and never changes afterwards, apart from
the editor's [`ReloadNotice`] a server may pin on it while a corpus folder's
newer text does not build.

The interface speaks Norwegian or Danish ([`i18n`]); every page is rendered
for a [`UiContext`] that says which. The corpus text keeps its own language,
marked with `lang` on every element that holds it, and is never translated.
*/

pub mod assets;
mod backlinks;
pub mod calc;
pub mod i18n;
mod nearest;
mod notice;
mod offline;
mod pages;
pub mod parallel;
pub mod practice;
pub mod ranker_config;
mod render;
pub mod routes;
mod search_page;
pub mod subjects;
mod suggest;
mod terms;

pub use i18n::Lang;
pub use notice::ReloadNotice;
pub use pages::{error_page, ErrorView, ONLY_PARAM, ONLY_VALUE, STATIC_WORKER_PATH};
pub use render::{anchor_of, crumb_of, label_of};
pub use search_page::SearchOutcome;

use std::sync::Arc;

use arc_swap::ArcSwapOption;

use crate::corpus::Kind;
use crate::kb::Kb;

use assets::Asset;
use offline::Offline;
use suggest::Speller;
use terms::Glossary;

/// Who a page is rendered for: the interface language and the page's own
/// address (path and query), which the language switch returns to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiContext {
    pub lang: Lang,
    /// The request's path and query (`/p/12C1?vis=denne`).
    pub path: String,
    /// Rendered for `lovbok export --site`: static files with no server
    /// behind them, so search answers in the browser and the calculators
    /// and the language switch, which need the server, say so or are left out.
    pub static_copy: bool,
}

impl UiContext {
    /// A context in `lang` for the page at `path`.
    pub fn new(lang: Lang, path: impl Into<String>) -> UiContext {
        UiContext {
            lang,
            path: path.into(),
            static_copy: false,
        }
    }

    /// The same context for a page of a static copy.
    pub fn for_static_copy(mut self) -> UiContext {
        self.static_copy = true;
        self
    }
}

/// A knowledge base and what its pages precompute from it.
pub struct Site {
    kb: Kb,
    glossary: Glossary,
    offline: Offline,
    speller: Speller,
    /// Set while the folder this was loaded from holds a change that does
    /// not build; every page shows it.
    notice: ArcSwapOption<ReloadNotice>,
}

impl Site {
    /// Wraps a knowledge base; builds the defined-term matcher, the offline
    /// index and worker, and the spelling table.
    pub fn new(kb: Kb) -> Site {
        let glossary = Glossary::build(kb.definitions().filter_map(|(i, p)| {
            debug_assert_eq!(p.kind, Kind::Definition);
            p.title.as_deref().map(|t| (i, t))
        }));
        let terms = crate::search::offline::offline_terms(kb.corpus());
        let offline = Offline::build(&kb, &terms);
        let speller = Speller::build(&terms);
        Site {
            kb,
            glossary,
            offline,
            speller,
            notice: ArcSwapOption::empty(),
        }
    }

    /// Shows `notice` on every page from now on (`None`: no banner).
    pub fn set_notice(&self, notice: Option<ReloadNotice>) {
        self.notice.store(notice.map(Arc::new));
    }

    /// The banner every page shows, if any.
    pub fn notice(&self) -> Option<Arc<ReloadNotice>> {
        self.notice.load_full()
    }

    /// The knowledge base.
    pub fn kb(&self) -> &Kb {
        &self.kb
    }

    pub(crate) fn glossary(&self) -> &Glossary {
        &self.glossary
    }

    /// A provision's own text as HTML (paragraphs and tables, citations and
    /// defined terms linked), as the pages show it.
    pub fn text_html(&self, idx: usize) -> String {
        render::TextRenderer::new(self, idx, Lang::default()).blocks(None)
    }

    /// The start of a provision's text, as link tooltips show it.
    pub fn preview(&self, idx: usize) -> String {
        render::preview(self, idx, Lang::default())
    }

    /// An asset under `/static/`: one of [`assets::ALL`], or this site's
    /// offline index or service worker.
    pub fn asset(&self, file: &str) -> Option<&Asset> {
        let own = [&self.offline.index, &self.offline.worker];
        own.into_iter()
            .find(|a| a.url.strip_prefix("/static/") == Some(file))
            .or_else(|| assets::lookup(file))
    }

    /// The URL of the service worker.
    pub fn worker_url(&self) -> &str {
        &self.offline.worker.url
    }

    /// The URL of the offline search index.
    pub fn offline_index_url(&self) -> &str {
        &self.offline.index.url
    }

    /// The version the service worker stores the site under.
    pub fn offline_version(&self) -> &str {
        &self.offline.version
    }

    /// The service worker of a static copy in `lang` (`lovbok export --site`).
    pub fn static_worker(&self, lang: Lang) -> String {
        self.offline.static_worker(lang)
    }

    /// Every page the service worker stores for offline use.
    pub fn offline_pages(&self) -> &[String] {
        &self.offline.pages
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::SourceFile;

    /// A law whose text and title try to inject markup, and a definition.
    fn site() -> Site {
        let law = "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 18\ntext: full\n---\n\n\
                   # 1. Kortstokken <b>fet</b>\n\n## A. Kortene\n\n\
                   Se 1B. `<script>alert(1)</script>` & \"sitat\" [2009] om en spillefører [\u{2026}].\n\n\
                   ## B. Resten\n\nTeksten.\n";
        let defs = "---\nbook: laws\nedition: 2017\nlang: nb\nkind: definitions\npages: 11\ntext: full\n---\n\n\
                    # Definisjoner\n\n## Spillefører\n\nDen som spiller kontrakten.\n";
        let sources = [
            SourceFile {
                path: "laws/lov-01.md".into(),
                text: law.into(),
            },
            SourceFile {
                path: "laws/definisjoner.md".into(),
                text: defs.into(),
            },
        ];
        let (kb, _) = Kb::build_unchecked(&sources).expect("fixture builds");
        Site::new(kb)
    }

    #[test]
    fn corpus_text_is_escaped_and_decorated_on_pages() {
        let site = site();
        let (idx, _) = site.kb().get(&"1A".parse().unwrap()).unwrap();
        let html = site
            .provision_page(&UiContext::new(Lang::Nb, "/p/1A"), idx, false)
            .unwrap();
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(!html.contains("<b>fet</b>"), "titles are escaped");
        assert!(html.contains("&lt;script&gt;") || !html.contains("alert(1)"));
        assert!(html.contains("href=\"/p/1B\""), "citations are linked");
        assert!(html.contains("class=\"gap\""), "gaps are flagged");
        assert!(
            html.contains("class=\"term\" href=\"/p/def:Spillef%C3%B8rer\""),
            "terms are linked"
        );
        assert!(
            html.contains("class=\"prov d1 current\" id=\"1A\""),
            "the cited provision is current"
        );
    }

    #[test]
    fn the_interface_follows_the_language_and_the_corpus_does_not() {
        let site = site();
        let (idx, _) = site.kb().get(&"1A".parse().unwrap()).unwrap();
        let da = site
            .provision_page(&UiContext::new(Lang::Da, "/p/1A"), idx, false)
            .unwrap();
        assert!(da.contains("<html lang=\"da\">"));
        assert!(da.contains("Kopiér henvisning"), "Danish interface");
        assert!(da.contains("Kortstokken"), "the corpus text stays as it is");
        assert!(
            da.contains("hreflang=\"nb\""),
            "the switch offers Norwegian"
        );
    }

    /// Every full page of `site` in `lang`.
    fn every_page(site: &Site, lang: Lang) -> Vec<String> {
        let ctx = |path: &str| UiContext::new(lang, path);
        let (idx, _) = site.kb().get(&"1A".parse().unwrap()).unwrap();
        let found = site.search("kortene", None).unwrap();
        let unknown = site.unknown_cite_view(lang, &"1Z".parse().unwrap());
        vec![
            site.provision_page(&ctx("/p/1A"), idx, false).unwrap(),
            site.provision_page(&ctx("/p/1A?vis=denne"), idx, true)
                .unwrap(),
            site.contents_page(&ctx("/innhold")).unwrap(),
            site.glossary_page(&ctx("/definisjoner")).unwrap(),
            site.search_page(&ctx("/"), &SearchOutcome::default())
                .unwrap(),
            site.search_page(&ctx("/sok?q=kortene"), &found).unwrap(),
            site.error_page(&ctx("/x"), &ErrorView::no_such_page(lang))
                .unwrap(),
            site.error_page(&ctx("/p/1Z"), &unknown).unwrap(),
            site.error_page(&ctx("/p/1A"), &ErrorView::internal(lang))
                .unwrap(),
        ]
    }

    #[test]
    fn the_notice_shows_on_every_page_escaped_until_cleared() {
        let site = site();
        let pages = |site: &Site| every_page(site, Lang::Nb);
        assert!(pages(&site).iter().all(|p| !p.contains("reload-notice")));
        site.set_notice(Some(ReloadNotice::new(
            "laws/lov-01.md:3",
            vec!["laws/lov-01.md:3: error: <b>bad</b>".into()],
        )));
        for page in pages(&site) {
            assert!(page.contains("class=\"reload-notice\""));
            assert!(page.contains("Endringen i <code>laws/lov-01.md:3</code> er ikke lastet:"));
            assert!(!page.contains("<b>bad</b>"), "problem text is escaped");
        }
        site.set_notice(None);
        assert!(pages(&site).iter().all(|p| !p.contains("reload-notice")));
    }

    #[test]
    fn the_notice_speaks_the_interface_language() {
        let site = site();
        let lines: Vec<String> = (0..notice::MAX_LINES + 2)
            .map(|i| format!("laws/lov-01.md:{i}: error: x"))
            .collect();
        site.set_notice(Some(ReloadNotice::new("laws/lov-01.md:0", lines)));
        for lang in Lang::ALL {
            let t = lang.strings();
            for page in every_page(&site, lang) {
                assert!(page.contains(&format!(
                    "{} <code>laws/lov-01.md:0</code> {}",
                    t.reload_before, t.reload_after
                )));
                assert!(page.contains(&i18n::fill(t.reload_more, &[("n", "2")])));
                assert!(page.contains(t.reload_keep));
            }
        }
        assert_ne!(
            Lang::Nb.strings().reload_before,
            Lang::Da.strings().reload_before
        );
    }
}
