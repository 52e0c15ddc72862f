/*!
The web interface as HTML: askama templates, their view models, the rendering
of provision text, and the embedded static assets.

This module turns knowledge-base answers into HTML strings and knows nothing
about HTTP (no axum, no tokio), so the same pages can be rendered by a
future `lovbok export` without a server. A [`Site`] is a [`Kb`] plus what
the pages precompute from it once (the defined-term matcher); it is built
whenever a knowledge base is, and never changes afterwards, apart from the
editor's [`ReloadNotice`] a server may pin on it while a corpus folder's
newer text does not build.

The interface speaks Norwegian; the corpus text keeps its own language,
marked with `lang` on every element that holds it.
*/

pub mod assets;
pub mod calc;
mod notice;
mod pages;
mod render;
mod terms;

pub use notice::{NoticeText, ReloadNotice, RELOAD_NOTICE_NB};
pub use pages::{book_name, error_page};
pub use render::{anchor_of, crumb_of, label_of};

use std::sync::Arc;

use arc_swap::ArcSwapOption;

use crate::corpus::Kind;
use crate::kb::Kb;

use terms::Glossary;

/// Shown where a provision's text is not in the source ("the text is not in the source").
pub const NOT_IN_SOURCE: &str = "Teksten finnes ikke i kilden";

/// Tooltip on a `[…]` gap ("text missing in the source").
pub(crate) const GAP_TITLE: &str = "Her mangler tekst i kilden";

/// A knowledge base and what its pages precompute from it.
pub struct Site {
    kb: Kb,
    glossary: Glossary,
    /// Set while the folder this was loaded from holds a change that does
    /// not build; every page shows it.
    notice: ArcSwapOption<ReloadNotice>,
}

impl Site {
    /// Wraps a knowledge base; builds the defined-term matcher.
    pub fn new(kb: Kb) -> Site {
        let glossary = Glossary::build(kb.definitions().filter_map(|(i, p)| {
            debug_assert_eq!(p.kind, Kind::Definition);
            p.title.as_deref().map(|t| (i, t))
        }));
        Site {
            kb,
            glossary,
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
        render::TextRenderer::new(self, idx).blocks(None)
    }

    /// The start of a provision's text, as link tooltips show it.
    pub fn preview(&self, idx: usize) -> String {
        render::preview(self, idx)
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
        let html = site.provision_page(idx).unwrap();
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
    fn the_notice_shows_on_every_page_escaped_until_cleared() {
        let site = site();
        let (idx, _) = site.kb().get(&"1A".parse().unwrap()).unwrap();
        let pages = |site: &Site| {
            vec![
                site.provision_page(idx).unwrap(),
                site.contents_page().unwrap(),
                site.glossary_page().unwrap(),
                site.search_page("", None, None).unwrap(),
                site.error_page("Fant ikke siden", "x").unwrap(),
            ]
        };
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
}
