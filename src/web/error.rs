//! The error pages: an unknown provision (with the nearest ones), an
//! address that is no page, bad parameters, a failure; and the static
//! copy's `/404.html`.

use askama::Template;

use crate::corpus::{ProvisionId, Root};

use super::chrome::{Chrome, Frame, UiContext};
use super::i18n::{fill, Lang};
use super::nearest::nearest_provisions;
use super::site::Site;
use super::views::LinkView;

/// What an error page says.
#[derive(Debug, Clone, Default)]
pub struct ErrorView {
    pub title: String,
    pub detail: String,
    /// Existing provisions to go to instead.
    pub nearest: Vec<LinkView>,
}

/// An error as a page (unknown provision, bad request, …).
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub chrome: Chrome,
    pub view: ErrorView,
}

/// The error page `view` in the frame `frame`.
pub(crate) fn render(
    frame: &Frame<'_>,
    ctx: &UiContext,
    view: &ErrorView,
) -> Result<String, askama::Error> {
    ErrorPage {
        chrome: Chrome::new(frame, ctx, ""),
        view: view.clone(),
    }
    .render()
}

impl Site {
    /// What the page of a cite the corpus lacks says: that it does not
    /// exist, and the nearest provisions that do.
    pub fn unknown_cite_view(&self, lang: Lang, id: &ProvisionId) -> ErrorView {
        let t = lang.strings();
        let kb = self.kb();
        // Past the numbers a book has: say how far they go.
        let root_missing = id
            .numbered_root()
            .filter(|r| kb.corpus().get(&ProvisionId::root(*r)).is_none());
        let range = kb
            .root_range(id)
            .map(|(lo, hi)| (lo.to_string(), hi.to_string()));
        let detail = match (root_missing, range) {
            (Some(root), Some((lo, hi))) => {
                let (text, n) = match root {
                    Root::Law(n) => (t.unknown_law, n.to_string()),
                    Root::Section(n) => (t.unknown_section, n.to_string()),
                    Root::Extension(n) => (t.unknown_extension, n.to_string()),
                };
                fill(text, &[("n", &n), ("lo", &lo), ("hi", &hi)])
            }
            _ => fill(t.unknown_cite, &[("cite", &id.to_string())]),
        };
        ErrorView {
            title: t.error_not_found.to_string(),
            detail,
            nearest: nearest_provisions(self.kb(), id)
                .into_iter()
                .map(|i| self.link_view(i))
                .collect(),
        }
    }

    /// An error page of this site (with the offline assets, and the
    /// editor's banner while one is set).
    pub fn error_page(&self, ctx: &UiContext, view: &ErrorView) -> Result<String, askama::Error> {
        render(&self.frame(), ctx, view)
    }

    /// The static copy's page for an address that is no page: what the
    /// server's own fallback says, without the offline assets.
    pub fn static_not_found_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        render(&self.bare_frame(), ctx, &ErrorView::no_such_page(ctx.lang))
    }
}

/// The interface's own text of the errors that need no knowledge base.
impl ErrorView {
    /// 404: no page at this address.
    pub fn no_such_page(lang: Lang) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_not_found.into(),
            detail: t.error_no_such_page.into(),
            nearest: Vec::new(),
        }
    }

    /// 404: `raw` is not a cite at all.
    pub fn not_a_cite(lang: Lang, raw: &str) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_not_found.into(),
            detail: fill(t.error_not_a_cite, &[("raw", raw)]),
            nearest: Vec::new(),
        }
    }

    /// 400: the address's parameters are unusable.
    pub fn bad_parameters(lang: Lang) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_bad_request.into(),
            detail: t.error_bad_parameters.into(),
            nearest: Vec::new(),
        }
    }

    /// 400: no such book.
    pub fn bad_book(lang: Lang, book: &str) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_bad_request.into(),
            detail: fill(t.error_bad_book, &[("book", book)]),
            nearest: Vec::new(),
        }
    }

    /// 400: a filter value the list does not know.
    pub fn bad_filter(lang: Lang, name: &str, value: &str) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_bad_request.into(),
            detail: fill(t.error_bad_filter, &[("name", name), ("value", value)]),
            nearest: Vec::new(),
        }
    }

    /// 500.
    pub fn internal(lang: Lang) -> ErrorView {
        let t = lang.strings();
        ErrorView {
            title: t.error_internal.into(),
            detail: t.error_internal_detail.into(),
            nearest: Vec::new(),
        }
    }
}
