/*!
The web interface as HTML: askama templates, their view models, the rendering
of provision text, and the embedded static assets.

This module turns knowledge-base answers into HTML strings and knows nothing
about HTTP (no axum, no tokio), so the same pages can be rendered by a
future `lovbok export` without a server. A [`Site`] is a [`Kb`] plus what
the pages precompute from it once (the defined-term matcher); it is built
whenever a knowledge base is, and never changes afterwards.

The interface speaks Norwegian; the corpus text keeps its own language,
marked with `lang` on every element that holds it.
*/

pub mod assets;
mod pages;
mod render;
mod terms;

pub use pages::{book_name, error_page};
pub use render::{anchor_of, crumb_of, label_of};

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
}

impl Site {
    /// Wraps a knowledge base; builds the defined-term matcher.
    pub fn new(kb: Kb) -> Site {
        let glossary = Glossary::build(kb.definitions().filter_map(|(i, p)| {
            debug_assert_eq!(p.kind, Kind::Definition);
            p.title.as_deref().map(|t| (i, t))
        }));
        Site { kb, glossary }
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
