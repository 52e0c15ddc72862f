//! The view pieces several pages share: a link to a provision, a book's
//! name, printed pages as a person reads them.

use crate::corpus::BookId;
use crate::kb::url_of;

use super::i18n::{fill, Strings};
use super::render::label_of;
use super::site::Site;

/// A link to a provision with its name and title.
#[derive(Debug, Clone)]
pub struct LinkView {
    pub url: String,
    pub label: String,
    pub title: String,
    /// The language of the title.
    pub lang: &'static str,
    pub has_text: bool,
}

impl Site {
    /// The link to provision `idx`.
    pub(crate) fn link_view(&self, idx: usize) -> LinkView {
        let p = self.kb().corpus().at(idx);
        LinkView {
            url: url_of(&p.id),
            label: label_of(p),
            title: self.kb().title_of(idx).unwrap_or_default(),
            lang: p.lang(),
            has_text: p.in_corpus,
        }
    }
}

/// The book's name in the interface language.
pub(crate) fn book_name(t: &'static Strings, book: BookId) -> &'static str {
    match book {
        BookId::Laws => t.book_laws,
        BookId::Handbook => t.book_handbook,
    }
}

/// Printed pages as a person reads them: "side 25", "side 25–27".
pub(crate) fn pages_text(t: &Strings, pages: &[u16]) -> String {
    match (pages.first(), pages.last()) {
        (Some(a), Some(b)) if a == b => fill(t.page_one, &[("a", &a.to_string())]),
        (Some(a), Some(b)) => fill(
            t.page_range,
            &[("a", &a.to_string()), ("b", &b.to_string())],
        ),
        _ => String::new(),
    }
}

/// The letters of the A–Å indexes (definitions, subjects).
pub(crate) const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ";
