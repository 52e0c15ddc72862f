/*!
The pages, as askama templates over plain view models (the search page's
are in [`super::search_page`]).

Each `*Page` struct is everything one template needs, already in display
form and in the interface language of its [`UiContext`]; the `Site::*_page`
builders in this file fill them from the knowledge base. Templates escape
every field; the only `|safe` values are HTML built by [`super::render`]
(which escapes all corpus text itself) and search snippets, which the search
module returns escaped apart from `<mark>`.
*/

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use askama::Template;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};

use crate::corpus::{BookId, Kind, Provision, ProvisionId, Root};
use crate::kb::url_of;

use super::backlinks::{BacklinkGroup, BacklinkView, Relation};
use super::i18n::{fill, Lang, Strings};
use super::nearest::nearest_provisions;
use super::parallel::{ParallelBacklinks, ParallelView};
use super::render::{anchor_of, crumb_of, label_of, TextRenderer};
use super::{assets, ReloadNotice, Site, UiContext};

/// The query parameter that shows only the requested provision (`?vis=denne`:
/// "show = this one").
pub const ONLY_PARAM: &str = "vis";
/// Its value.
pub const ONLY_VALUE: &str = "denne";

/// The parts of the page frame that vary: language, asset URLs, the
/// offline assets, the current menu item, the language switch and the
/// editor's banner.
#[derive(Debug, Clone)]
pub struct Chrome {
    pub t: &'static Strings,
    /// The interface language's code (`nb`, `da`).
    pub lang: &'static str,
    pub css: &'static str,
    pub js: &'static str,
    /// The scripts loaded before [`Chrome::js`], in order (see
    /// [`assets::page_script_urls`]).
    pub scripts: &'static [String],
    pub strings_js: &'static str,
    pub icon: &'static str,
    /// The opaque 180 px icon iOS puts on its home screen.
    pub apple_touch_icon: &'static str,
    pub manifest: &'static str,
    /// The service worker and the offline index, when a site is loaded
    /// (no worker while the editor's banner is set).
    pub sw: String,
    pub index: String,
    /// `search`, `toc`, `glossary`, `practice` or empty: which menu item is the current page.
    pub nav: &'static str,
    /// The language switch: where it goes and the language it offers.
    pub switch_url: String,
    pub switch_lang: &'static str,
    /// The editor's banner (`reload-notice.html`), while the site has one.
    pub notice: Option<Arc<ReloadNotice>>,
    /// A page of a static copy (`lovbok export --site`).
    pub static_copy: bool,
}

impl Chrome {
    pub(crate) fn new(site: Option<&Site>, ctx: &UiContext, nav: &'static str) -> Chrome {
        let other = ctx.lang.other();
        let back = if ctx.path.starts_with('/') && !ctx.path.starts_with("//") {
            ctx.path.as_str()
        } else {
            "/"
        };
        Chrome {
            t: ctx.lang.strings(),
            lang: ctx.lang.code(),
            css: assets::css_url(),
            js: assets::js_url(),
            scripts: assets::page_script_urls(),
            strings_js: assets::strings_url(ctx.lang),
            icon: assets::icon_url(),
            apple_touch_icon: assets::apple_touch_icon_url(),
            manifest: assets::manifest_url(ctx.lang),
            // A page with the editor's banner does not ask for the site to be
            // stored: the stored copy would keep a banner that has gone.
            // A static copy's worker sits at the root, where a static host
            // lets it control every page without a header.
            sw: site
                .filter(|s| s.notice().is_none())
                .map(|s| {
                    if ctx.static_copy {
                        STATIC_WORKER_PATH.to_string()
                    } else {
                        s.worker_url().to_string()
                    }
                })
                .unwrap_or_default(),
            index: site
                .map(|s| s.offline_index_url().to_string())
                .unwrap_or_default(),
            nav,
            switch_url: format!(
                "/sprak?l={}&til={}",
                other.code(),
                utf8_percent_encode(back, NON_ALPHANUMERIC)
            ),
            switch_lang: other.code(),
            notice: site.and_then(Site::notice),
            static_copy: ctx.static_copy,
        }
    }
}

/// Where a static copy keeps its service worker.
pub const STATIC_WORKER_PATH: &str = "/sw.js";

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

/// A subject of lovbok's index on a provision page: a link into the index.
#[derive(Debug, Clone)]
pub struct SubjectChip {
    pub url: String,
    pub name: String,
}

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

/// A step of the breadcrumb trail.
#[derive(Debug, Clone)]
pub struct Crumb {
    pub url: String,
    pub label: String,
}

/// A provision whose text is not in the source: what is known instead.
#[derive(Debug, Clone)]
pub struct AbsentView {
    /// That the source lacks the text, plainly.
    pub plain: String,
    pub heading: String,
    pub detail: String,
    /// Where the text stands in the printed book.
    pub printed: Option<String>,
    pub neighbours: Vec<LinkView>,
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

/// `/p/{cite}`: the whole top-level provision the cite lies in.
#[derive(Template)]
#[template(path = "provision.html")]
pub struct ProvisionPage {
    pub chrome: Chrome,
    /// The corpus language.
    pub lang: &'static str,
    pub current_cite: String,
    pub current_anchor: String,
    pub current_label: String,
    pub current_title: Option<String>,
    pub crumbs: Vec<Crumb>,
    pub top: TopView,
    pub nodes: Vec<Node>,
    pub footnotes: Vec<FootnoteView>,
    pub copy_cite: String,
    pub copy_url: String,
    pub book_name: &'static str,
    pub text_lang_name: &'static str,
    pub chapter: Option<String>,
    pub pages: String,
    pub absent: Option<AbsentView>,
    /// Showing only the current provision.
    pub only: bool,
    pub toggle: Option<ToggleView>,
    /// The toggle's text for "the whole law" (or section …), for the script.
    pub whole_text: &'static str,
    pub cited_by: Vec<BacklinkGroup>,
    pub cited_by_empty: bool,
    /// Definitions that cite the provision (also in `cited_by`).
    pub defs: Vec<BacklinkView>,
    pub extends: Option<LinkView>,
    pub extended_by: Vec<LinkView>,
    pub prev: Option<LinkView>,
    pub next: Option<LinkView>,
    /// The calculator of the current provision (`templates/calc.html`).
    pub calc: Option<super::calc::CalcView>,
    /// The subjects of lovbok's index that name the provision.
    pub subjects: Vec<SubjectChip>,
    /// For a provision whose text is not in the source: what the handbook
    /// says about it, each citing sentence once.
    pub handbook_says: Vec<BacklinkView>,
    /// The same cite in the other editions or languages of the Laws
    /// (`web::parallel`); shown at the top, as the supplied text, when the
    /// built-in text is absent (`supplied`), else beside the text.
    pub parallels: Vec<ParallelView>,
    pub supplied: bool,
    /// Citations of the provision in the parallel texts.
    pub parallel_cited_by: Vec<ParallelBacklinks>,
    /// Where the lead wires edition change marks ("endret i 2027-utgaven")
    /// from `diff`: one line per change of the provision, empty until then.
    pub change_marks: Vec<String>,
}

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

/// One definition in the glossary.
#[derive(Debug, Clone)]
pub struct GlossaryEntry {
    pub anchor: String,
    pub url: String,
    pub term: String,
    pub html: String,
}

/// The definitions under one initial letter.
#[derive(Debug, Clone)]
pub struct LetterGroup {
    pub letter: char,
    pub anchor: String,
    pub entries: Vec<GlossaryEntry>,
}

/// `/definisjoner`: every definition of the Laws, with an A–Å index.
#[derive(Template)]
#[template(path = "glossary.html")]
pub struct GlossaryPage {
    pub chrome: Chrome,
    /// Every letter A–Å, with the anchor of its group if it has one.
    pub letters: Vec<(char, Option<String>)>,
    pub groups: Vec<LetterGroup>,
}

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

/// Most handbook sentences shown near the top of a title-only page.
const HANDBOOK_SAYS_MAX: usize = 6;

/// The letters of the index on the definitions page.
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ";

/// The book's name in the interface language.
pub(crate) fn book_name(t: &'static Strings, book: BookId) -> &'static str {
    match book {
        BookId::Laws => t.book_laws,
        BookId::Handbook => t.book_handbook,
    }
}

/// Printed pages as a person reads them: "side 25", "side 25–27".
fn pages_text(t: &Strings, pages: &[u16]) -> String {
    match (pages.first(), pages.last()) {
        (Some(a), Some(b)) if a == b => fill(t.page_one, &[("a", &a.to_string())]),
        (Some(a), Some(b)) => fill(
            t.page_range,
            &[("a", &a.to_string()), ("b", &b.to_string())],
        ),
        _ => String::new(),
    }
}

impl Site {
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

    /// The footnote markers of a provision's title.
    fn title_notes(p: &Provision, r: &mut TextRenderer) -> String {
        p.footnotes
            .iter()
            .filter(|f| f.block.is_none())
            .map(|f| r.footnote_marker(&f.label))
            .collect()
    }

    /// The page of provision `idx`: its whole top-level provision, with `idx`
    /// marked as the current one; with `only`, the other provisions hidden
    /// but the headings above `idx`.
    pub fn provision_page(
        &self,
        ctx: &UiContext,
        idx: usize,
        only: bool,
    ) -> Result<String, askama::Error> {
        self.provision_page_with(ctx, idx, only, &[])
    }

    /// The page of provision `idx` with its calculator's inputs from the
    /// page's query string (`?tables=13&results=6&mp=7,5`), computed on the
    /// server: the form's path without JavaScript.
    pub fn provision_page_with(
        &self,
        ctx: &UiContext,
        idx: usize,
        only: bool,
        query: &[(String, String)],
    ) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let t = ui.strings();
        let kb = self.kb();
        let corpus = kb.corpus();
        let top_idx = kb.top_of(idx);
        let top = corpus.at(top_idx);
        let current = corpus.at(idx);
        let path = corpus.path_of(idx);
        let in_view: HashSet<usize> = path
            .iter()
            .copied()
            .chain(corpus.descendants(idx))
            .collect();

        let crumbs = path
            .iter()
            .map(|&i| {
                let p = corpus.at(i);
                Crumb {
                    url: url_of(&p.id),
                    label: crumb_of(p),
                }
            })
            .collect();

        // Footnotes: each label once, in the order first met; `owners`
        // remembers which provisions print a marker of it.
        let mut notes: Vec<FootnoteView> = Vec::new();
        let mut owners: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut collect_notes = |i: usize, notes: &mut Vec<FootnoteView>| {
            let p = corpus.at(i);
            let mut r = TextRenderer::new(self, i, ui);
            for (k, f) in p.footnotes.iter().enumerate() {
                owners.entry(f.label.clone()).or_default().push(i);
                if notes.iter().any(|n| n.label == f.label) {
                    continue;
                }
                notes.push(FootnoteView {
                    label: f.label.clone(),
                    number: f.label.parse().unwrap_or(notes.len() + 1),
                    html: r.footnote(k),
                    backrefs: Vec::new(),
                    in_view: false,
                });
            }
        };
        collect_notes(top_idx, &mut notes);
        // Each defined term is marked once per page, and again in the
        // provision the URL names, where the reader starts.
        let mut top_renderer = TextRenderer::new(self, top_idx, ui);
        let top_notes = Site::title_notes(top, &mut top_renderer);
        let top_body = top_renderer.blocks(None);
        let mut state = top_renderer.into_state();
        let top_view = TopView {
            anchor: anchor_of(&top.id),
            cite: top.id.to_string(),
            label: label_of(top),
            crumb: crumb_of(top),
            // Front matter and the definitions are named by their title.
            title: top.title.clone().filter(|t| *t != label_of(top)),
            known_title: kb.title_of(top_idx).unwrap_or_default(),
            body: top_body,
            title_notes: top_notes,
            revisions: top.revisions.clone(),
            gaps: std::iter::once(top_idx)
                .chain(corpus.descendants(top_idx))
                .map(|i| corpus.at(i).gaps)
                .sum(),
            current: top_idx == idx,
        };

        // Flatten the tree below the top into open/close events.
        let mut nodes = Vec::new();
        let mut stack: Vec<(usize, bool)> =
            top.children.iter().rev().map(|&c| (c, false)).collect();
        while let Some((i, closing)) = stack.pop() {
            if closing {
                nodes.push(Node::Close);
                continue;
            }
            let p = corpus.at(i);
            let headed = p.title.is_some();
            let printed = if headed {
                p.label.clone()
            } else {
                String::new()
            };
            let body_label = if headed { None } else { Some(p.label.as_str()) };
            if i == idx {
                state.seen.clear();
            }
            let mut renderer = TextRenderer::with_state(self, i, ui, std::mem::take(&mut state));
            let title_notes = Site::title_notes(p, &mut renderer);
            let body = renderer.blocks(body_label);
            state = renderer.into_state();
            nodes.push(Node::Open(Box::new(ProvView {
                anchor: anchor_of(&p.id),
                cite: p.id.to_string(),
                url: url_of(&p.id),
                label: label_of(p),
                crumb: crumb_of(p),
                known_title: kb.title_of(i).unwrap_or_default(),
                printed,
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
                current: i == idx,
                on_path: i != idx && path.contains(&i),
                calc_link: crate::rules::calculators().iter().any(|c| c.id() == p.id),
            })));
            collect_notes(i, &mut notes);
            stack.push((i, true));
            stack.extend(p.children.iter().rev().map(|&c| (c, false)));
        }
        for n in &mut notes {
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

        let (prev, next) = kb.neighbours(idx);
        let graph = kb.graph();
        let extends = graph.extends(top_idx).map(|l| self.link_view(l));
        let extended_by = graph
            .extended_by(top_idx)
            .iter()
            .map(|&x| self.link_view(x))
            .collect();
        let cited_by = self.backlinks(idx, ui);
        let cited_by_empty = cited_by.iter().all(|g| g.hidden);
        let defs = cited_by
            .iter()
            .flat_map(|g| &g.from)
            .filter(|b| b.from_definition && !b.hidden)
            .cloned()
            .collect();

        let absent = (!current.in_corpus).then(|| self.absent_view(idx, ui));
        let parallels = self.parallel_views(idx, ui);
        // What the other book says about the provision the page opens at:
        // the handbook's provisions citing it, its parts, or its lettered
        // ancestors (not its law as a whole, which "Henvist fra" lists).
        let other_lang = match top.book {
            BookId::Laws => "da",
            BookId::Handbook => "nb",
        };
        let root_cite = corpus.at(top_idx).id.to_string();
        let handbook_says = {
            let mut seen: HashSet<String> = HashSet::new();
            cited_by
                .iter()
                .filter(|g| g.relation != Relation::Whole || g.cite != root_cite)
                .flat_map(|g| &g.from)
                .filter(|b| !b.hidden && b.lang == other_lang)
                .filter(|b| seen.insert(format!("{}|{}{}{}", b.url, b.before, b.cite, b.after)))
                .take(HANDBOOK_SAYS_MAX)
                .cloned()
                .collect::<Vec<_>>()
        };
        let whole = match top.kind {
            Kind::Law => t.whole_law,
            Kind::Section => t.whole_section,
            Kind::Extension => t.whole_extension,
            Kind::Definitions => t.whole_definitions,
            _ => t.whole_text,
        };
        let toggle = (idx != top_idx).then(|| {
            let plain = url_of(&current.id);
            let only_url = format!("{plain}?{ONLY_PARAM}={ONLY_VALUE}");
            if only {
                ToggleView {
                    url: plain,
                    text: whole,
                    other_url: only_url,
                    other_text: t.only_this,
                }
            } else {
                ToggleView {
                    url: only_url,
                    text: t.only_this,
                    other_url: plain,
                    other_text: whole,
                }
            }
        });

        ProvisionPage {
            chrome: Chrome::new(Some(self), ctx, ""),
            lang: top.lang(),
            current_cite: current.id.to_string(),
            current_anchor: anchor_of(&current.id),
            current_label: label_of(current),
            current_title: kb.title_of(idx).filter(|title| *title != label_of(current)),
            crumbs,
            top: top_view,
            nodes,
            footnotes: notes,
            copy_cite: label_of(current),
            copy_url: url_of(&current.id),
            book_name: book_name(t, top.book),
            text_lang_name: match top.book {
                BookId::Laws => t.text_in_nb,
                BookId::Handbook => t.text_in_da,
            },
            chapter: top.chapter.clone(),
            pages: pages_text(t, &top.source_pages),
            absent,
            only: only && idx != top_idx,
            toggle,
            whole_text: whole,
            cited_by,
            cited_by_empty,
            defs,
            extends,
            extended_by,
            prev: prev.map(|i| self.link_view(i)),
            next: next.map(|i| self.link_view(i)),
            calc: self.calc_view(&current.id, query, ui),
            subjects: self.subject_chips(idx, ui),
            handbook_says,
            supplied: !current.in_corpus && parallels.iter().any(|v| v.has_text),
            parallels,
            parallel_cited_by: self.parallel_backlinks(idx, ui),
            change_marks: self.change_marks(idx, ui),
        }
        .render()
    }

    /// What is known of a provision whose text the source lacks: where the
    /// contents list it, where its text stands in the printed book (after
    /// the last page of the nearest provision before it that has text), and
    /// the top-level provisions around it.
    fn absent_view(&self, idx: usize, ui: Lang) -> AbsentView {
        let t = ui.strings();
        let kb = self.kb();
        let corpus = kb.corpus();
        let p = corpus.at(idx);
        let top = kb.top_of(idx);
        let tops: Vec<usize> = corpus
            .book(p.book)
            .filter(|(_, q)| q.parent.is_none())
            .map(|(i, _)| i)
            .collect();
        let at = tops.iter().position(|&i| i == top).unwrap_or(0);
        let printed = tops[..at]
            .iter()
            .rev()
            .map(|&i| corpus.at(i))
            .find(|q| q.in_corpus && q.kind == corpus.at(top).kind)
            .and_then(|q| {
                let page = q.source_pages.last()?;
                Some(fill(
                    t.absent_printed_after,
                    &[("page", &page.to_string()), ("label", &label_of(q))],
                ))
            });
        let neighbours = tops[at.saturating_sub(2)..(at + 3).min(tops.len())]
            .iter()
            .filter(|&&i| i != top)
            .map(|&i| self.link_view(i))
            .collect();
        AbsentView {
            plain: fill(t.absent_plain, &[("label", &label_of(p))]),
            heading: fill(t.absent_known, &[("label", &label_of(p))]),
            detail: fill(
                t.absent_detail,
                &[("pages", &pages_text(t, &corpus.at(top).source_pages))],
            ),
            printed,
            neighbours,
        }
    }

    /// The table of contents of both books.
    pub fn contents_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let t = ctx.lang.strings();
        let corpus = self.kb().corpus();
        let mut books = Vec::new();
        for book in BookId::ALL {
            let mut groups: Vec<TocGroup> = Vec::new();
            for (_, p) in corpus.book(book).filter(|(_, p)| p.parent.is_none()) {
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
            books.push(TocBook {
                anchor: book.as_str(),
                name: book_name(t, book),
                lang: book.lang(),
                groups,
            });
        }
        ContentsPage {
            chrome: Chrome::new(Some(self), ctx, "toc"),
            books,
        }
        .render()
    }

    /// Every definition, with its text linked like a provision page, under
    /// an A–Å index.
    pub fn glossary_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let mut groups: Vec<LetterGroup> = Vec::new();
        for (i, p) in self.kb().definitions() {
            let term = label_of(p);
            let letter = term
                .chars()
                .next()
                .map(|c| c.to_uppercase().next().unwrap_or(c))
                .unwrap_or('#');
            let entry = GlossaryEntry {
                anchor: anchor_of(&p.id),
                url: url_of(&p.id),
                term,
                html: TextRenderer::new(self, i, ctx.lang).blocks(None),
            };
            match groups.iter_mut().find(|g| g.letter == letter) {
                Some(g) => g.entries.push(entry),
                None => groups.push(LetterGroup {
                    letter,
                    anchor: format!(
                        "bokstav-{}",
                        utf8_percent_encode(&letter.to_string(), NON_ALPHANUMERIC)
                    ),
                    entries: vec![entry],
                }),
            }
        }
        let order = |c: char| ALPHABET.chars().position(|a| a == c).unwrap_or(usize::MAX);
        groups.sort_by_key(|g| order(g.letter));
        let letters = ALPHABET
            .chars()
            .map(|c| {
                (
                    c,
                    groups
                        .iter()
                        .find(|g| g.letter == c)
                        .map(|g| g.anchor.clone()),
                )
            })
            .collect();
        GlossaryPage {
            chrome: Chrome::new(Some(self), ctx, "glossary"),
            letters,
            groups,
        }
        .render()
    }

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
        ErrorPage {
            chrome: Chrome::new(Some(self), ctx, ""),
            view: view.clone(),
        }
        .render()
    }
}

/// An error page that needs no knowledge base.
pub fn error_page(ctx: &UiContext, view: &ErrorView) -> Result<String, askama::Error> {
    ErrorPage {
        chrome: Chrome::new(None, ctx, ""),
        view: view.clone(),
    }
    .render()
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
