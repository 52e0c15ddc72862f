/*!
The pages, as askama templates over plain view models.

Each `*Page` struct is everything one template needs, already in display
form; the `Site::*_page` builders in this file fill them from the knowledge
base. Templates escape every field; the only `|safe` values are HTML built
by [`super::render`] (which escapes all corpus text itself) and search
snippets, which the search module returns escaped apart from `<mark>`.
*/

use std::collections::BTreeMap;
use std::sync::Arc;

use askama::Template;

use crate::corpus::{BookId, Provision, ProvisionId, Root};
use crate::kb::{url_of, SearchResults};

use super::render::{anchor_of, crumb_of, esc, label_of, preview, TextRenderer};
use super::{assets, ReloadNotice, Site, NOT_IN_SOURCE};

/// The parts of the page frame that vary: asset URLs and the current menu item.
#[derive(Debug, Clone)]
pub struct Chrome {
    pub css: &'static str,
    pub js: &'static str,
    pub icon: &'static str,
    /// `search`, `toc`, `glossary` or empty: which menu item is the current page.
    pub nav: &'static str,
    /// The editor's banner (`reload-notice.html`), while one is set.
    pub notice: Option<Arc<ReloadNotice>>,
}

impl Chrome {
    fn new(nav: &'static str, notice: Option<Arc<ReloadNotice>>) -> Chrome {
        Chrome {
            css: assets::css_url(),
            js: assets::js_url(),
            icon: assets::icon_url(),
            nav,
            notice,
        }
    }
}

/// A link to a provision with its name and title.
#[derive(Debug, Clone)]
pub struct LinkView {
    pub url: String,
    pub label: String,
    pub title: String,
    /// The language of the title.
    pub lang: &'static str,
}

/// One search hit on the search page.
#[derive(Debug, Clone)]
pub struct HitView {
    pub url: String,
    pub label: String,
    pub title: Option<String>,
    /// HTML: escaped text with `<mark>` around the matched words.
    pub snippet: String,
    pub lang: &'static str,
    pub via_citation: bool,
    /// The provision's page has a calculator.
    pub calculator: bool,
}

/// `/` and `/sok`: the search box and, after a search, its results.
#[derive(Template)]
#[template(path = "search.html")]
pub struct SearchPage {
    pub chrome: Chrome,
    pub q: String,
    /// `laws`, `handbook` or empty for both.
    pub book: String,
    pub status: String,
    pub hits: Vec<HitView>,
}

/// One provision below the top of a page.
#[derive(Debug, Clone)]
pub struct ProvView {
    pub anchor: String,
    pub url: String,
    /// The full name (`Lov 12C1`), shown as a small self-link.
    pub label: String,
    /// The label as printed (`C.`, `1.`, `a)`), for headed provisions.
    pub printed: String,
    pub heading: Option<String>,
    /// HTML of the own text.
    pub body: String,
    /// HTML of footnote markers in the title.
    pub title_notes: String,
    pub revisions: Vec<u16>,
    pub depth: usize,
    pub current: bool,
    /// The provision has a calculator of its own (a "Regn ut" link when it
    /// is not the current one; the current one shows the form).
    pub calc_link: bool,
}

/// The page's top-level provision (law, section, definitions …).
#[derive(Debug, Clone)]
pub struct TopView {
    pub anchor: String,
    pub label: String,
    pub title: Option<String>,
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

/// One footnote at the end of a page.
#[derive(Debug, Clone)]
pub struct FootnoteView {
    pub label: String,
    pub number: usize,
    pub html: String,
}

/// One provision that cites something on the page.
#[derive(Debug, Clone)]
pub struct BacklinkView {
    pub url: String,
    pub label: String,
    pub title: Option<String>,
    /// The citation as written there.
    pub text: String,
    pub preview: String,
    pub lang: &'static str,
}

/// The citations of one cited provision ("Henvist fra").
#[derive(Debug, Clone)]
pub struct BacklinkGroup {
    pub url: String,
    pub label: String,
    pub is_current: bool,
    pub from: Vec<BacklinkView>,
}

/// A step of the breadcrumb trail.
#[derive(Debug, Clone)]
pub struct Crumb {
    pub url: String,
    pub label: String,
}

/// `/p/{cite}`: the whole top-level provision the cite lies in.
#[derive(Template)]
#[template(path = "provision.html")]
pub struct ProvisionPage {
    pub chrome: Chrome,
    pub lang: &'static str,
    pub current_label: String,
    pub current_title: Option<String>,
    pub crumbs: Vec<Crumb>,
    pub top: TopView,
    pub nodes: Vec<Node>,
    pub footnotes: Vec<FootnoteView>,
    pub copy_cite: String,
    pub copy_url: String,
    pub book_name: &'static str,
    pub chapter: Option<String>,
    pub pages: String,
    pub in_corpus: bool,
    pub not_in_source: &'static str,
    pub cited_by: Vec<BacklinkGroup>,
    pub extends: Option<LinkView>,
    pub extended_by: Vec<LinkView>,
    pub prev: Option<LinkView>,
    pub next: Option<LinkView>,
    /// The calculator of the current provision (`templates/calc.html`).
    pub calc: Option<super::calc::CalcView>,
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
    pub not_in_source: &'static str,
}

/// One definition in the glossary.
#[derive(Debug, Clone)]
pub struct GlossaryEntry {
    pub anchor: String,
    pub url: String,
    pub term: String,
    pub html: String,
}

/// `/definisjoner`: every definition of the Laws.
#[derive(Template)]
#[template(path = "glossary.html")]
pub struct GlossaryPage {
    pub chrome: Chrome,
    pub entries: Vec<GlossaryEntry>,
}

/// An error as a page (unknown provision, bad request, …).
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub chrome: Chrome,
    pub title: String,
    pub detail: String,
}

/// The book's name in the interface language.
pub fn book_name(book: BookId) -> &'static str {
    match book {
        BookId::Laws => "Lovene for turneringsbridge 2017",
        BookId::Handbook => "Turneringslederhåndbogen 2013",
    }
}

/// Printed pages as a person reads them: "side 25", "side 25–27".
fn pages_text(pages: &[u16]) -> String {
    match (pages.first(), pages.last()) {
        (Some(a), Some(b)) if a == b => format!("side {a}"),
        (Some(a), Some(b)) => format!("side {a}–{b}"),
        _ => String::new(),
    }
}

fn link_view(site: &Site, idx: usize) -> LinkView {
    let p = site.kb().corpus().at(idx);
    LinkView {
        url: url_of(&p.id),
        label: label_of(p),
        title: site.kb().title_of(idx).unwrap_or_default(),
        lang: p.lang(),
    }
}

fn title_notes(p: &Provision) -> String {
    p.footnotes
        .iter()
        .filter(|f| f.block.is_none())
        .map(|f| {
            let l = esc(&f.label);
            format!("<sup class=\"fn\"><a href=\"#fn-{l}\" id=\"fnref-{l}\" aria-label=\"Fotnote {l}\">{l}</a></sup>")
        })
        .collect()
}

impl Site {
    /// The search page, empty or with the results of a search.
    pub fn search_page(
        &self,
        q: &str,
        book: Option<BookId>,
        results: Option<Result<&SearchResults, String>>,
    ) -> Result<String, askama::Error> {
        let corpus = self.kb().corpus();
        let (status, hits) = match results {
            None => (String::new(), Vec::new()),
            Some(Err(message)) => (message, Vec::new()),
            Some(Ok(r)) => {
                let hits: Vec<HitView> = r
                    .hits
                    .iter()
                    .filter(|h| h.index < corpus.provisions().len())
                    .map(|h| {
                        let p = corpus.at(h.index);
                        let label = label_of(p);
                        HitView {
                            url: url_of(&p.id),
                            title: self.kb().title_of(h.index).filter(|t| *t != label),
                            label,
                            snippet: h.snippet.clone(),
                            lang: p.lang(),
                            via_citation: h.via_citation,
                            calculator: crate::rules::has_calculator(&p.id),
                        }
                    })
                    .collect();
                let status = match hits.len() {
                    0 => "Ingen treff".to_string(),
                    1 => "1 treff".to_string(),
                    n => format!("{n} treff"),
                };
                (status, hits)
            }
        };
        SearchPage {
            chrome: self.chrome("search"),
            q: q.to_string(),
            book: book.map(|b| b.as_str().to_string()).unwrap_or_default(),
            status,
            hits,
        }
        .render()
    }

    /// The page of provision `idx`: its whole top-level provision, with `idx`
    /// marked as the current one.
    pub fn provision_page(&self, idx: usize) -> Result<String, askama::Error> {
        self.provision_page_with(idx, &[])
    }

    /// The page of provision `idx` with its calculator's inputs from the
    /// page's query string (`?tables=13&results=6&mp=7,5`), computed on the
    /// server: the form's path without JavaScript.
    pub fn provision_page_with(
        &self,
        idx: usize,
        query: &[(String, String)],
    ) -> Result<String, askama::Error> {
        let kb = self.kb();
        let corpus = kb.corpus();
        let top_idx = kb.top_of(idx);
        let top = corpus.at(top_idx);
        let current = corpus.at(idx);

        let crumbs = corpus
            .path_of(idx)
            .into_iter()
            .map(|i| {
                let p = corpus.at(i);
                Crumb {
                    url: url_of(&p.id),
                    label: crumb_of(p),
                }
            })
            .collect();

        let mut footnotes = Vec::new();
        let collect_notes = |i: usize, footnotes: &mut Vec<FootnoteView>| {
            let p = corpus.at(i);
            let mut r = TextRenderer::new(self, i);
            for (k, f) in p.footnotes.iter().enumerate() {
                footnotes.push(FootnoteView {
                    label: f.label.clone(),
                    number: f.label.parse().unwrap_or(footnotes.len() + 1),
                    html: r.footnote(k),
                });
            }
        };
        collect_notes(top_idx, &mut footnotes);
        // Each defined term is marked once per page, and again in the
        // provision the URL names, where the reader starts.
        let mut top_renderer = TextRenderer::new(self, top_idx);
        let top_body = top_renderer.blocks(None);
        let mut seen = top_renderer.into_seen();
        let top_view = TopView {
            anchor: anchor_of(&top.id),
            label: label_of(top),
            // Front matter and the definitions are named by their title.
            title: top.title.clone().filter(|t| *t != label_of(top)),
            body: top_body,
            title_notes: title_notes(top),
            revisions: top.revisions.clone(),
            gaps: std::iter::once(top_idx)
                .chain(corpus.descendants(top_idx))
                .map(|i| corpus.at(i).gaps)
                .sum(),
            current: false,
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
                seen.clear();
            }
            let mut renderer = TextRenderer::with_seen(self, i, std::mem::take(&mut seen));
            let body = renderer.blocks(body_label);
            seen = renderer.into_seen();
            nodes.push(Node::Open(Box::new(ProvView {
                anchor: anchor_of(&p.id),
                url: url_of(&p.id),
                label: label_of(p),
                printed,
                heading: p.title.clone(),
                body,
                title_notes: title_notes(p),
                revisions: p.revisions.clone(),
                depth: corpus.path_of(i).len() - 1,
                current: i == idx,
                calc_link: crate::rules::calculators().iter().any(|c| c.id() == p.id),
            })));
            collect_notes(i, &mut footnotes);
            stack.push((i, true));
            stack.extend(p.children.iter().rev().map(|&c| (c, false)));
        }

        let (prev, next) = kb.neighbours(idx);
        let graph = kb.graph();
        let extends = graph.extends(top_idx).map(|l| link_view(self, l));
        let extended_by = graph
            .extended_by(top_idx)
            .iter()
            .map(|&x| link_view(self, x))
            .collect();

        ProvisionPage {
            chrome: self.chrome(""),
            lang: top.lang(),
            current_label: label_of(current),
            current_title: kb.title_of(idx),
            crumbs,
            top: top_view,
            nodes,
            footnotes,
            copy_cite: label_of(current),
            copy_url: url_of(&current.id),
            book_name: book_name(top.book),
            chapter: top.chapter.clone(),
            pages: pages_text(&top.source_pages),
            in_corpus: top.in_corpus,
            not_in_source: NOT_IN_SOURCE,
            cited_by: self.backlinks(idx),
            extends,
            extended_by,
            prev: prev.map(|i| link_view(self, i)),
            next: next.map(|i| link_view(self, i)),
            calc: self.calc_view(&current.id, query),
        }
        .render()
    }

    /// "Henvist fra": every provision that cites `idx` or anything below it,
    /// grouped by the cited provision, in reading order.
    fn backlinks(&self, idx: usize) -> Vec<BacklinkGroup> {
        let kb = self.kb();
        let corpus = kb.corpus();
        let graph = kb.graph();
        let mut groups: BTreeMap<usize, Vec<BacklinkView>> = BTreeMap::new();
        let mut seen = std::collections::HashSet::new();
        for target in std::iter::once(idx).chain(corpus.descendants(idx)) {
            for e in graph.cited_by(target) {
                // Citations from inside the provision itself are not news.
                if target != e.from && corpus.path_of(e.from).contains(&idx) {
                    continue;
                }
                if !seen.insert((target, e.from)) {
                    continue;
                }
                let p = corpus.at(e.from);
                groups.entry(target).or_default().push(BacklinkView {
                    url: url_of(&p.id),
                    label: label_of(p),
                    title: kb.title_of(kb.top_of(e.from)),
                    text: e.text.clone(),
                    preview: preview(self, e.from),
                    lang: p.lang(),
                });
            }
        }
        groups
            .into_iter()
            .map(|(target, mut from)| {
                from.sort_by_key(|b| b.url.clone());
                let p = corpus.at(target);
                BacklinkGroup {
                    url: url_of(&p.id),
                    label: label_of(p),
                    is_current: target == idx,
                    from,
                }
            })
            .collect()
    }

    /// The table of contents of both books.
    pub fn contents_page(&self) -> Result<String, askama::Error> {
        let corpus = self.kb().corpus();
        let mut books = Vec::new();
        for book in BookId::ALL {
            let mut groups: Vec<TocGroup> = Vec::new();
            for (i, p) in corpus.book(book).filter(|(_, p)| p.parent.is_none()) {
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
                let _ = i;
            }
            books.push(TocBook {
                anchor: book.as_str(),
                name: book_name(book),
                lang: book.lang(),
                groups,
            });
        }
        ContentsPage {
            chrome: self.chrome("toc"),
            books,
            not_in_source: NOT_IN_SOURCE,
        }
        .render()
    }

    /// Every definition, with its text linked like a provision page.
    pub fn glossary_page(&self) -> Result<String, askama::Error> {
        let entries = self
            .kb()
            .definitions()
            .map(|(i, p)| GlossaryEntry {
                anchor: anchor_of(&p.id),
                url: url_of(&p.id),
                term: label_of(p),
                html: TextRenderer::new(self, i).blocks(None),
            })
            .collect();
        GlossaryPage {
            chrome: self.chrome("glossary"),
            entries,
        }
        .render()
    }

    /// An error page; `title` and `detail` are plain text.
    pub fn error_page(&self, title: &str, detail: &str) -> Result<String, askama::Error> {
        ErrorPage {
            chrome: self.chrome(""),
            title: title.to_string(),
            detail: detail.to_string(),
        }
        .render()
    }

    /// The page frame, with the editor's banner while one is set.
    fn chrome(&self, nav: &'static str) -> Chrome {
        Chrome::new(nav, self.notice())
    }
}

/// An error page that needs no knowledge base (used before one is loaded).
pub fn error_page(title: &str, detail: &str) -> Result<String, askama::Error> {
    ErrorPage {
        chrome: Chrome::new("", None),
        title: title.to_string(),
        detail: detail.to_string(),
    }
    .render()
}
