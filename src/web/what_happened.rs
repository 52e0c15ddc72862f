//! `/hva-har-skjedd`: the situation picker, "what happened?": the subject
//! index's groups in the order of a board (when) as headings, always open,
//! each with its areas of the books (`areas`: the revoke laws, claims...),
//! each with its subjects A–Å (what happened) and their provisions, as
//! nested `<details>` that work without JavaScript and offline: three taps
//! (area, subject, provision), the group being where the reader looks, not
//! a tap. A subject the index lists under two groups is under both. With
//! JavaScript, a filter box (the `/stikkord` one) narrows the subjects, a
//! tapped place scrolls up as far as it needs to be on the screen, and the
//! open area and subject are kept in the address, so that Back and reload
//! return to them.

mod areas;

use askama::Template;

use crate::corpus::{Group, Subject};

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

/// One area of a group: the picker's first tap.
#[derive(Debug, Clone)]
pub struct AreaView {
    pub id: String,
    pub label: &'static str,
    pub subjects: Vec<PickView>,
}

/// One "when" of the picker: a heading over its areas.
#[derive(Debug, Clone)]
pub struct WhenView {
    pub slug: &'static str,
    pub label: &'static str,
    pub areas: Vec<AreaView>,
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
    /// each split into its areas, each with its subjects A–Å and their
    /// provisions.
    pub fn what_happened_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let t = ctx.lang.strings();
        let index = self.kb().corpus().subjects();
        let groups = Group::ALL
            .into_iter()
            .map(|g| {
                let mut areas: Vec<AreaView> = areas::areas(g)
                    .iter()
                    .map(|a| AreaView {
                        id: a.id(g),
                        label: (a.label)(t),
                        subjects: Vec::new(),
                    })
                    .collect();
                for s in index.entries().iter().filter(|s| s.in_group(g)) {
                    let at = areas::area_of(g, s).and_then(|i| areas.get_mut(i));
                    if let Some(area) = at {
                        area.subjects.push(self.pick_view(g, s, ctx));
                    }
                }
                for a in &mut areas {
                    a.subjects
                        .sort_by_cached_key(|p| crate::corpus::subjects::collation_key(&p.name));
                }
                areas.retain(|a| !a.subjects.is_empty());
                WhenView {
                    slug: g.as_str(),
                    label: group_label(t, g),
                    areas,
                }
            })
            .filter(|w| !w.areas.is_empty())
            .collect();
        WhatHappenedPage {
            chrome: Chrome::new(&self.frame(), ctx, "subjects"),
            groups,
        }
        .render()
    }

    /// A subject as group `g` lists it: its anchor is the group's and its
    /// own slug (`play-revoke-etablert`), the same whichever area holds it.
    fn pick_view(&self, g: Group, s: &Subject, ctx: &UiContext) -> PickView {
        PickView {
            anchor: format!("{}-{}", g.as_str(), s.slug()),
            name: s.name_in(ctx.lang.code()).to_string(),
            terms: s
                .terms
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join(" | "),
            cites: self.cite_links(s),
        }
    }
}
