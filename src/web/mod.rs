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

The files stand in layers, and none imports one above it
(`tests/it/shape.rs` reads every import):

- the page frame, which knows no route and no `Site`: `i18n`, `html`
  (escaping), `assets` (the embedded files), `notice` (the editor's
  banner), `chrome` (`UiContext`, the [`Links`] handed down, `Chrome`);
- `site` (the [`Site`] type) and what pages are built from: `render` (a
  provision's text as HTML), `views` (shared view pieces), `terms`,
  `suggest`, `nearest`, `backlinks`, [`parallel`], [`calc`];
- the pages, one module each with its `Site` methods and view types:
  `search_page`, `provision`, `contents`, `glossary`, [`subjects`],
  `what_happened`, [`practice`], `rulings`, `error`;
- above them, the route table ([`routes`], which names the pages'
  renderers), what is made from it ([`ranker_config`], `offline`), and this
  file, which puts a `Site` together.
*/

pub mod assets;
mod backlinks;
pub mod calc;
mod chrome;
mod contents;
mod error;
mod glossary;
mod html;
pub mod i18n;
mod nearest;
mod notice;
mod offline;
pub mod parallel;
pub mod practice;
mod provision;
pub mod ranker_config;
mod render;
pub mod routes;
mod rulings;
mod search_page;
mod site;
pub mod subjects;
mod suggest;
mod terms;
mod views;
mod what_happened;

pub use chrome::{Links, UiContext};
pub use error::ErrorView;
pub use i18n::Lang;
pub use notice::ReloadNotice;
pub use provision::{ONLY_PARAM, ONLY_VALUE};
pub use render::{anchor_of, crumb_of, label_of};
pub use rulings::PageFilter;
pub use search_page::SearchOutcome;
pub use site::Site;

use std::sync::LazyLock;

use crate::corpus::Kind;
use crate::kb::Kb;

use assets::Asset;
use chrome::Frame;
use site::Offline;
use suggest::Speller;
use terms::Glossary;

impl Site {
    /// Wraps a knowledge base; builds the defined-term matcher, the offline
    /// index and worker, and the spelling table, and gives the pages the
    /// route table's links and the site's assets.
    pub fn new(kb: Kb) -> Site {
        let glossary = Glossary::build(kb.definitions().filter_map(|(i, p)| {
            debug_assert_eq!(p.kind, Kind::Definition);
            p.title.as_deref().map(|t| (i, t))
        }));
        let terms = crate::search::offline::offline_terms(kb.corpus());
        let offline = Offline::build(&kb, &terms, &ASSETS);
        let speller = Speller::build(&terms);
        Site {
            kb,
            glossary,
            speller,
            offline,
            links: &routes::LINKS,
            assets: &ASSETS,
            scripts: &SCRIPTS,
            notice: Default::default(),
        }
    }
}

/// Every asset the pages use but the offline ones: the embedded ones, with
/// the page scripts' config (which names routes, so is made here, above
/// the frame) in its place among the page scripts.
static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut all = assets::ALL.clone();
    let before = assets::PAGE_SCRIPTS
        .windows(2)
        .find(|w| w[1] == ranker_config::CONFIG_NAME)
        .map(|w| w[0]);
    let at = all
        .iter()
        .position(|a| Some(a.name.as_str()) == before)
        .map_or(all.len(), |k| k + 1);
    all.insert(at, ranker_config::config_asset());
    all
});

/// The URLs of the scripts every page loads before `app.js`, in order.
static SCRIPTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    assets::PAGE_SCRIPTS
        .iter()
        .filter_map(|name| ASSETS.iter().find(|a| a.name == *name))
        .map(|a| a.url.clone())
        .collect()
});

/// An error page that needs no knowledge base (a request the server
/// refused before asking one): the frame without the offline assets.
pub fn error_page(ctx: &UiContext, view: &ErrorView) -> Result<String, askama::Error> {
    let frame = Frame {
        links: &routes::LINKS,
        scripts: &SCRIPTS,
        worker: None,
        index: None,
        notice: None,
    };
    error::render(&frame, ctx, view)
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
