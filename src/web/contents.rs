//! `/innhold`: the tables of contents of both books, each law or section
//! with its calculators and the parallel texts that hold its text.

use askama::Template;

use crate::corpus::{BookId, ProvisionId, Root};
use crate::kb::url_of;

use super::chrome::{Chrome, UiContext};
use super::render::label_of;
use super::site::Site;
use super::views::book_name;

/// One line of the table of contents.
#[derive(Debug, Clone)]
pub struct TocEntry {
    pub url: String,
    pub num: String,
    pub title: String,
    pub in_corpus: bool,
    /// How many calculators the law or section holds.
    pub calculators: usize,
    /// The parallel texts that hold its text ("engelsk original, 2017-utgaven").
    pub parallels: Vec<String>,
}

/// A run of entries under one heading (a handbook chapter).
#[derive(Debug, Clone)]
pub struct TocGroup {
    pub heading: Option<String>,
    pub entries: Vec<TocEntry>,
}

/// One book in the table of contents.
#[derive(Debug, Clone)]
pub struct TocBook {
    pub anchor: &'static str,
    pub name: &'static str,
    pub lang: &'static str,
    pub groups: Vec<TocGroup>,
}

/// `/innhold`: both books' tables of contents.
#[derive(Template)]
#[template(path = "contents.html")]
pub struct ContentsPage {
    pub chrome: Chrome,
    pub books: Vec<TocBook>,
}

impl Site {
    /// The table of contents of both books.
    pub fn contents_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let t = ctx.lang.strings();
        let books = BookId::ALL
            .into_iter()
            .map(|book| TocBook {
                anchor: book.as_str(),
                name: book_name(t, book),
                lang: book.lang(),
                groups: self.toc_groups(book, ctx),
            })
            .collect();
        ContentsPage {
            chrome: Chrome::new(&self.frame(), ctx, "toc"),
            books,
        }
        .render()
    }

    /// The top-level provisions of `book`, in runs under their chapter.
    fn toc_groups(&self, book: BookId, ctx: &UiContext) -> Vec<TocGroup> {
        let mut groups: Vec<TocGroup> = Vec::new();
        for (_, p) in self
            .kb()
            .corpus()
            .book(book)
            .filter(|(_, p)| p.parent.is_none())
        {
            let num = match &p.id {
                ProvisionId::Numbered {
                    root: Root::Section(n),
                    ..
                } => format!("§ {n}"),
                ProvisionId::Numbered { .. } => p.id.to_string(),
                _ => String::new(),
            };
            let entry = TocEntry {
                url: url_of(&p.id),
                num,
                title: p.title.clone().unwrap_or_else(|| label_of(p)),
                in_corpus: p.in_corpus,
                calculators: crate::rules::registry::calculators_within(&p.id).count(),
                parallels: self.parallel_labels(&p.id, ctx.lang),
            };
            let heading = match book {
                BookId::Laws => None,
                BookId::Handbook => p.chapter.clone(),
            };
            match groups.last_mut() {
                Some(g) if g.heading == heading => g.entries.push(entry),
                _ => groups.push(TocGroup {
                    heading,
                    entries: vec![entry],
                }),
            }
        }
        groups
    }
}
