//! `/hva-har-skjedd`: the situation picker, "what happened?": the subject
//! index's groups in the order of a board (when), each with its subjects
//! A–Å (what happened) and their provisions, as nested `<details>` that
//! work without JavaScript and offline. With JavaScript, a filter box (the
//! `/stikkord` one) narrows the subjects, and the open group and subject
//! are kept in the address, so that Back and reload return to them.

use askama::Template;

use crate::corpus::Group;

use super::chrome::{Chrome, UiContext};
use super::site::Site;
use super::subjects::group_label;
use super::views::LinkView;

/// A subject in the picker: its name, its terms in every language (what
/// the filter box reads, as on `/stikkord`) and its provisions.
#[derive(Debug, Clone)]
pub struct PickView {
    pub anchor: String,
    pub name: String,
    pub terms: String,
    pub cites: Vec<LinkView>,
}

/// One "when" of the picker.
#[derive(Debug, Clone)]
pub struct WhenView {
    pub slug: &'static str,
    pub label: &'static str,
    pub subjects: Vec<PickView>,
}

/// `/hva-har-skjedd`.
#[derive(Template)]
#[template(path = "whathappened.html")]
pub struct WhatHappenedPage {
    pub chrome: Chrome,
    pub groups: Vec<WhenView>,
}

impl Site {
    /// The situation picker: the index's groups in the order of a board,
    /// each with its subjects A–Å and their provisions.
    pub fn what_happened_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let t = ui.strings();
        let index = self.kb().corpus().subjects();
        let groups = Group::ALL
            .into_iter()
            .map(|g| {
                let mut subjects: Vec<PickView> = index
                    .entries()
                    .iter()
                    .filter(|s| s.group == g)
                    .map(|s| PickView {
                        anchor: format!("{}-{}", g.as_str(), s.slug()),
                        name: s.name_in(ui.code()).to_string(),
                        terms: s
                            .terms
                            .iter()
                            .map(|t| t.text.as_str())
                            .collect::<Vec<_>>()
                            .join(" | "),
                        cites: self.cite_links(s),
                    })
                    .collect();
                subjects.sort_by_cached_key(|p| crate::corpus::subjects::collation_key(&p.name));
                WhenView {
                    slug: g.as_str(),
                    label: group_label(t, g),
                    subjects,
                }
            })
            .filter(|w| !w.subjects.is_empty())
            .collect();
        WhatHappenedPage {
            chrome: Chrome::new(&self.frame(), ctx, "subjects"),
            groups,
        }
        .render()
    }
}
