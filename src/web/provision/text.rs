//! The provision page's text: the top-level provision the cite lies in,
//! its provisions below as nested sections, and the footnotes, each
//! printed once however often it is cited.

use std::collections::{BTreeMap, HashSet};

use crate::corpus::Provision;
use crate::kb::url_of;

use super::super::i18n::{fill, Strings};
use super::super::render::{anchor_of, crumb_of, label_of, PageState, TextRenderer};
use super::super::site::Site;
use super::At;

/// One provision below the top of a page.
#[derive(Debug, Clone)]
pub struct ProvView {
    pub anchor: String,
    pub cite: String,
    pub url: String,
    /// The full name (`Lov 12C1`), shown as a small self-link.
    pub label: String,
    /// Its step of the breadcrumbs (`C`, `1`).
    pub crumb: String,
    /// The title it is known by, for the sticky bar.
    pub known_title: String,
    /// The label as printed (`C.`, `1.`, `a)`), for headed provisions.
    pub printed: String,
    /// The label as printed of a provision without a heading (it stands in
    /// its text), shown as its heading when only a descendant is shown.
    pub bare_label: String,
    pub heading: Option<String>,
    /// HTML of the own text.
    pub body: String,
    /// HTML of footnote markers in the title.
    pub title_notes: String,
    pub revisions: Vec<u16>,
    pub depth: usize,
    pub current: bool,
    /// An ancestor of the current provision.
    pub on_path: bool,
    /// The provision has a calculator of its own (a "Regn ut" link when it
    /// is not the current one; the current one shows the form).
    pub calc_link: bool,
}

/// The page's top-level provision (law, section, definitions …).
#[derive(Debug, Clone)]
pub struct TopView {
    pub anchor: String,
    pub cite: String,
    pub label: String,
    pub crumb: String,
    pub title: Option<String>,
    pub known_title: String,
    pub body: String,
    pub title_notes: String,
    pub revisions: Vec<u16>,
    pub gaps: usize,
    pub current: bool,
}

/// The provisions below the top as a flat list of opening and closing
/// events, so that a template without recursion can nest `<section>`s.
#[derive(Debug, Clone)]
pub enum Node {
    Open(Box<ProvView>),
    Close,
}

/// One footnote at the end of a page, printed once however often it is cited.
#[derive(Debug, Clone)]
pub struct FootnoteView {
    pub label: String,
    pub number: usize,
    pub html: String,
    /// The ids of its markers, with the back-link's accessible name.
    pub backrefs: Vec<(String, String)>,
    /// Cited from the current provision or the titles above it.
    pub in_view: bool,
}

/// The text of the page: the top, the provisions below it, the footnotes.
#[derive(Debug, Clone)]
pub struct TextView {
    pub top: TopView,
    pub nodes: Vec<Node>,
    pub footnotes: Vec<FootnoteView>,
}

/// The footnotes of a page: each label once, in the order first met, and
/// which provisions print a marker of it.
#[derive(Default)]
struct Notes {
    list: Vec<FootnoteView>,
    owners: BTreeMap<String, Vec<usize>>,
}

impl Notes {
    /// The footnotes of provision `i`, those not met before.
    fn collect(&mut self, at: &At<'_>, i: usize) {
        let p = at.site.kb().corpus().at(i);
        let mut r = TextRenderer::new(at.site, i, at.ui);
        for (k, f) in p.footnotes.iter().enumerate() {
            self.owners.entry(f.label.clone()).or_default().push(i);
            if self.list.iter().any(|n| n.label == f.label) {
                continue;
            }
            self.list.push(FootnoteView {
                label: f.label.clone(),
                number: f.label.parse().unwrap_or(self.list.len() + 1),
                html: r.footnote(k),
                backrefs: Vec::new(),
                in_view: false,
            });
        }
    }

    /// The footnotes with their back-links (the markers' ids, as the
    /// renderers handed them out) and whether the reader's view cites them.
    fn finish(self, t: &Strings, state: &PageState, in_view: &HashSet<usize>) -> Vec<FootnoteView> {
        let Notes { mut list, owners } = self;
        for n in &mut list {
            let ids = state.refs.get(&n.label).cloned().unwrap_or_default();
            let many = ids.len() > 1;
            n.backrefs = ids
                .into_iter()
                .enumerate()
                .map(|(k, id)| {
                    let name = if many {
                        fill(t.footnote_back_n, &[("n", &(k + 1).to_string())])
                    } else {
                        t.footnote_back.to_string()
                    };
                    (id, name)
                })
                .collect();
            n.in_view = owners
                .get(&n.label)
                .is_some_and(|o| o.iter().any(|i| in_view.contains(i)));
        }
        list
    }
}

/// The footnote markers of a provision's title.
fn title_notes(p: &Provision, r: &mut TextRenderer) -> String {
    p.footnotes
        .iter()
        .filter(|f| f.block.is_none())
        .map(|f| r.footnote_marker(&f.label))
        .collect()
}

impl Site {
    /// The text section of the page at `at`.
    pub(super) fn text_view(&self, at: &At<'_>) -> TextView {
        let corpus = self.kb().corpus();
        let in_view: HashSet<usize> = at
            .path
            .iter()
            .copied()
            .chain(corpus.descendants(at.idx))
            .collect();
        let mut notes = Notes::default();
        notes.collect(at, at.top_idx);
        // Each defined term is marked once per page, and again in the
        // provision the URL names, where the reader starts.
        let mut renderer = TextRenderer::new(self, at.top_idx, at.ui);
        let top = self.top_view(at, &mut renderer);
        let mut state = renderer.into_state();
        let nodes = self.nodes(at, &mut state, &mut notes);
        TextView {
            top,
            nodes,
            footnotes: notes.finish(at.t, &state, &in_view),
        }
    }

    /// The top-level provision, rendered first.
    fn top_view(&self, at: &At<'_>, renderer: &mut TextRenderer) -> TopView {
        let kb = self.kb();
        let corpus = kb.corpus();
        let top = corpus.at(at.top_idx);
        let title_notes = title_notes(top, renderer);
        TopView {
            anchor: anchor_of(&top.id),
            cite: top.id.to_string(),
            label: label_of(top),
            crumb: crumb_of(top),
            // Front matter and the definitions are named by their title.
            title: top.title.clone().filter(|t| *t != label_of(top)),
            known_title: kb.title_of(at.top_idx).unwrap_or_default(),
            body: renderer.blocks(None),
            title_notes,
            revisions: top.revisions.clone(),
            gaps: std::iter::once(at.top_idx)
                .chain(corpus.descendants(at.top_idx))
                .map(|i| corpus.at(i).gaps)
                .sum(),
            current: at.top_idx == at.idx,
        }
    }

    /// The tree below the top, flattened into open/close events, each
    /// provision rendered with the page's state so far.
    fn nodes(&self, at: &At<'_>, state: &mut PageState, notes: &mut Notes) -> Vec<Node> {
        let corpus = self.kb().corpus();
        let top = corpus.at(at.top_idx);
        let mut nodes = Vec::new();
        let mut stack: Vec<(usize, bool)> =
            top.children.iter().rev().map(|&c| (c, false)).collect();
        while let Some((i, closing)) = stack.pop() {
            if closing {
                nodes.push(Node::Close);
                continue;
            }
            if i == at.idx {
                state.seen.clear();
            }
            nodes.push(Node::Open(Box::new(self.prov_view(at, i, state))));
            notes.collect(at, i);
            let p = corpus.at(i);
            stack.push((i, true));
            stack.extend(p.children.iter().rev().map(|&c| (c, false)));
        }
        nodes
    }

    /// Provision `i` below the top.
    fn prov_view(&self, at: &At<'_>, i: usize, state: &mut PageState) -> ProvView {
        let kb = self.kb();
        let corpus = kb.corpus();
        let p = corpus.at(i);
        let headed = p.title.is_some();
        let body_label = if headed { None } else { Some(p.label.as_str()) };
        let mut renderer = TextRenderer::with_state(self, i, at.ui, std::mem::take(state));
        let title_notes = title_notes(p, &mut renderer);
        let body = renderer.blocks(body_label);
        *state = renderer.into_state();
        ProvView {
            anchor: anchor_of(&p.id),
            cite: p.id.to_string(),
            url: url_of(&p.id),
            label: label_of(p),
            crumb: crumb_of(p),
            known_title: kb.title_of(i).unwrap_or_default(),
            printed: if headed {
                p.label.clone()
            } else {
                String::new()
            },
            bare_label: if headed {
                String::new()
            } else {
                p.label.clone()
            },
            heading: p.title.clone(),
            body,
            title_notes,
            revisions: p.revisions.clone(),
            depth: corpus.path_of(i).len() - 1,
            current: i == at.idx,
            on_path: i != at.idx && at.path.contains(&i),
            calc_link: crate::rules::calculators().iter().any(|c| c.id() == p.id),
        }
    }
}
