//! The provision page's sections around its text: the head, what the
//! other book says beside it, "Henvist fra", and what is known of a
//! provision whose text the source lacks.

use std::collections::HashSet;

use crate::corpus::BookId;
use crate::kb::url_of;

use super::super::backlinks::{BacklinkGroup, BacklinkView, Relation};
use super::super::i18n::fill;
use super::super::parallel::ParallelBacklinks;
use super::super::render::{anchor_of, crumb_of, label_of};
use super::super::site::Site;
use super::super::views::{book_name, pages_text, LinkView};
use super::{whole_text, At, ONLY_PARAM, ONLY_VALUE};

/// Most handbook sentences shown near the top of a title-only page.
const HANDBOOK_SAYS_MAX: usize = 6;

/// A step of the breadcrumb trail.
#[derive(Debug, Clone)]
pub struct Crumb {
    pub url: String,
    pub label: String,
}

/// The "only this / the whole" switch.
#[derive(Debug, Clone)]
pub struct ToggleView {
    pub url: String,
    pub text: &'static str,
    /// The other state's link and text, for the page script.
    pub other_url: String,
    pub other_text: &'static str,
}

/// The page's head: where the reader is and what they may do with it.
#[derive(Debug, Clone)]
pub struct HeadView {
    /// The corpus language.
    pub lang: &'static str,
    pub cite: String,
    pub anchor: String,
    pub label: String,
    pub title: Option<String>,
    pub crumbs: Vec<Crumb>,
    pub copy_cite: String,
    pub copy_url: String,
    pub book_name: &'static str,
    pub text_lang_name: &'static str,
    pub chapter: Option<String>,
    pub pages: String,
    /// Showing only the current provision.
    pub only: bool,
    pub toggle: Option<ToggleView>,
    /// The toggle's text for "the whole law" (or section …), for the script.
    pub whole_text: &'static str,
}

/// What stands beside the text from the other book: the X-section a law's
/// extension extends or the ones that extend a law, and the handbook's
/// sentences about the provision the page opens at.
#[derive(Debug, Clone)]
pub struct BesideView {
    pub extends: Option<LinkView>,
    pub extended_by: Vec<LinkView>,
    /// What the other book says about the current provision, each citing
    /// sentence once (`templates/other-says.html`).
    pub handbook_says: Vec<BacklinkView>,
}

/// "Henvist fra": who cites the provision, its parts and its ancestors.
#[derive(Debug, Clone)]
pub struct CitedView {
    pub groups: Vec<BacklinkGroup>,
    /// Every group is hidden (citations from inside the provision only).
    pub empty: bool,
    /// Definitions that cite the provision (also in `groups`).
    pub defs: Vec<BacklinkView>,
    /// Citations of the provision in the parallel texts.
    pub parallel: Vec<ParallelBacklinks>,
}

/// A provision whose text is not in the source: what is known instead.
#[derive(Debug, Clone)]
pub struct AbsentView {
    /// That the source lacks the text, plainly.
    pub plain: String,
    pub detail: String,
    pub neighbours: Vec<LinkView>,
}

impl Site {
    /// The head of the page at `at`; `only` shows the current provision alone.
    pub(super) fn head_view(&self, at: &At<'_>, only: bool) -> HeadView {
        let (t, kb) = (at.t, self.kb());
        let corpus = kb.corpus();
        let top = corpus.at(at.top_idx);
        let current = corpus.at(at.idx);
        let whole = whole_text(t, top.kind);
        HeadView {
            lang: top.lang(),
            cite: current.id.to_string(),
            anchor: anchor_of(&current.id),
            label: label_of(current),
            title: kb
                .title_of(at.idx)
                .filter(|title| *title != label_of(current)),
            crumbs: at
                .path
                .iter()
                .map(|&i| Crumb {
                    url: url_of(&corpus.at(i).id),
                    label: crumb_of(corpus.at(i)),
                })
                .collect(),
            copy_cite: label_of(current),
            copy_url: url_of(&current.id),
            book_name: book_name(t, top.book),
            text_lang_name: match top.book {
                BookId::Laws => t.text_in_nb,
                BookId::Handbook => t.text_in_da,
            },
            chapter: top.chapter.clone(),
            pages: pages_text(t, &top.source_pages),
            only: only && at.idx != at.top_idx,
            toggle: (at.idx != at.top_idx).then(|| toggle(at, only, whole)),
            whole_text: whole,
        }
    }

    /// "Henvist fra", and the definitions among the citing provisions.
    pub(super) fn cited_view(&self, at: &At<'_>) -> CitedView {
        let groups = self.backlinks(at.idx, at.ui);
        let defs = groups
            .iter()
            .flat_map(|g| &g.from)
            .filter(|b| b.from_definition && !b.hidden)
            .cloned()
            .collect();
        CitedView {
            empty: groups.iter().all(|g| g.hidden),
            defs,
            parallel: self.parallel_backlinks(at.idx, at.ui),
            groups,
        }
    }

    /// The other book beside the text: the X-sections and laws the top
    /// extends or is extended by, and what the other book says about the
    /// provision the page opens at (from `cited`, "Henvist fra").
    pub(super) fn beside_view(&self, at: &At<'_>, cited: &[BacklinkGroup]) -> BesideView {
        let graph = self.kb().graph();
        BesideView {
            extends: graph.extends(at.top_idx).map(|l| self.link_view(l)),
            extended_by: graph
                .extended_by(at.top_idx)
                .iter()
                .map(|&x| self.link_view(x))
                .collect(),
            handbook_says: self.other_book_says(at, cited),
        }
    }

    /// The other book's provisions citing the current one, its parts, or
    /// its lettered ancestors (not its law as a whole, which "Henvist fra"
    /// lists), each citing sentence once.
    fn other_book_says(&self, at: &At<'_>, cited: &[BacklinkGroup]) -> Vec<BacklinkView> {
        let top = self.kb().corpus().at(at.top_idx);
        let other_lang = match top.book {
            BookId::Laws => "da",
            BookId::Handbook => "nb",
        };
        let root_cite = top.id.to_string();
        let mut seen: HashSet<String> = HashSet::new();
        cited
            .iter()
            .filter(|g| g.relation != Relation::Whole || g.cite != root_cite)
            .flat_map(|g| &g.from)
            .filter(|b| !b.hidden && b.lang == other_lang)
            .filter(|b| seen.insert(format!("{}|{}{}{}", b.url, b.before, b.cite, b.after)))
            .take(HANDBOOK_SAYS_MAX)
            .cloned()
            .collect()
    }

    /// What is known of a provision whose text the source lacks: that the
    /// source holds only its title (from the contents), and the top-level
    /// provisions around it. (Where its text would stand in the printed
    /// book is not said: the source holds no text of Laws 21-93 at all.)
    pub(super) fn absent_view(&self, at: &At<'_>) -> AbsentView {
        let t = at.t;
        let corpus = self.kb().corpus();
        let p = corpus.at(at.idx);
        let top = at.top_idx;
        let tops: Vec<usize> = corpus
            .book(p.book)
            .filter(|(_, q)| q.parent.is_none())
            .map(|(i, _)| i)
            .collect();
        let k = tops.iter().position(|&i| i == top).unwrap_or(0);
        let neighbours = tops[k.saturating_sub(2)..(k + 3).min(tops.len())]
            .iter()
            .filter(|&&i| i != top)
            .map(|&i| self.link_view(i))
            .collect();
        AbsentView {
            plain: fill(t.absent_plain, &[("label", &label_of(p))]),
            detail: fill(
                t.absent_detail,
                &[("pages", &pages_text(t, &corpus.at(top).source_pages))],
            ),
            neighbours,
        }
    }
}

/// The switch between the current provision alone and the whole.
fn toggle(at: &At<'_>, only: bool, whole: &'static str) -> ToggleView {
    let plain = url_of(&at.site.kb().corpus().at(at.idx).id);
    let only_url = format!("{plain}?{ONLY_PARAM}={ONLY_VALUE}");
    if only {
        ToggleView {
            url: plain,
            text: whole,
            other_url: only_url,
            other_text: at.t.only_this,
        }
    } else {
        ToggleView {
            url: only_url,
            text: at.t.only_this,
            other_url: plain,
            other_text: whole,
        }
    }
}
