/*!
A provision's text as HTML: paragraphs and tables, every citation a link whose
tooltip shows the start of the cited text, defined terms linked to their
definitions, lost text (`[…]`) flagged, footnote markers in place.

The citation links come from the citation pipeline ([`Kb::annotate_html`] over
the spans the graph already found), so a page links exactly what `lovbok link`
and the link API find. Everything here works on escaped HTML and only ever
adds markup to text nodes, so corpus text can never become markup.
*/

use std::collections::{BTreeMap, HashSet};

use percent_encoding::percent_decode_str;

use crate::cite::{Resolved, Span};
use crate::corpus::{Block, Kind, Provision, ProvisionId, Root};
use crate::graph::Place;
use crate::kb::{url_of, PROVISION_PATH};

use super::html::{attr, esc};
use super::i18n::{fill, Lang};
use super::site::Site;

/// The fragment id of a provision on its page: the cite, escaped the way
/// its URL is, so `#12C1e(ii)` and `/p/12C1e(ii)` name it the same way.
pub fn anchor_of(id: &ProvisionId) -> String {
    let url = url_of(id);
    url.strip_prefix(PROVISION_PATH).unwrap_or(&url).to_string()
}

/// How a provision is named to a person: `Lov 12C1c`, `§ 212A`, `X16B`,
/// a definition's term, a front-matter title.
pub fn label_of(p: &Provision) -> String {
    match &p.id {
        ProvisionId::Numbered { .. } => label_of_id(&p.id),
        ProvisionId::Definition(term) => p.title.clone().unwrap_or_else(|| term.clone()),
        ProvisionId::Front { slug, .. } => p.title.clone().unwrap_or_else(|| slug.clone()),
    }
}

/// How a cite is named when there is no provision to ask (a part of a law
/// whose text is not in the source): `Lov 31A`, `§ 212A`, `X16B`.
pub fn label_of_id(id: &ProvisionId) -> String {
    match id {
        ProvisionId::Numbered { root, .. } => match root {
            Root::Law(_) => format!("Lov {id}"),
            Root::Section(_) => format!("§ {id}"),
            Root::Extension(_) => id.to_string(),
        },
        ProvisionId::Definition(term) => term.clone(),
        ProvisionId::Front { slug, .. } => slug.clone(),
    }
}

/// The short name of one step of a breadcrumb trail: the root's full name,
/// then one level each (`C`, `1`, `c`, `(ii)`).
pub fn crumb_of(p: &Provision) -> String {
    match &p.id {
        ProvisionId::Numbered { path, .. } => {
            let step = match path.depth() {
                1 => path.section.map(String::from),
                2 => path.item.map(|n| n.to_string()),
                3 => path.sub.map(String::from),
                4 => path
                    .roman
                    .map(|n| format!("({})", crate::corpus::id::to_roman(n))),
                _ => None,
            };
            step.unwrap_or_else(|| label_of(p))
        }
        _ => label_of(p),
    }
}

impl Site {
    /// A provision's own text as HTML (paragraphs and tables, citations and
    /// defined terms linked), as the pages show it.
    pub fn text_html(&self, idx: usize) -> String {
        TextRenderer::new(self, idx, Lang::default()).blocks(None)
    }

    /// The start of a provision's text, as link tooltips show it.
    pub fn preview(&self, idx: usize) -> String {
        preview(self, idx, Lang::default())
    }
}

/// The first words of a provision, for a link's tooltip: its name, then its
/// own text, or its title and the first text below it.
pub(crate) fn preview(site: &Site, idx: usize, ui: Lang) -> String {
    const MAX_CHARS: usize = 220;
    let corpus = site.kb().corpus();
    let p = corpus.at(idx);
    let mut text = p.text();
    if text.trim().is_empty() {
        if let Some(first) = corpus
            .descendants(idx)
            .into_iter()
            .map(|i| corpus.at(i).text())
            .find(|t| !t.trim().is_empty())
        {
            text = first;
        }
    }
    let mut out = label_of(p);
    if let Some(t) = &p.title {
        if p.kind != Kind::Definition {
            out.push_str(" – ");
            out.push_str(t);
        }
    }
    if !p.in_corpus {
        out.push_str(": ");
        out.push_str(ui.strings().not_in_source);
        return out;
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        out.push_str(": ");
        let cut: String = text.chars().take(MAX_CHARS).collect();
        let more = cut.len() < text.len();
        out.push_str(&cut);
        if more {
            out.push('…');
        }
    }
    out
}

/// What one page has rendered so far, carried from provision to provision.
#[derive(Debug, Default)]
pub(crate) struct PageState {
    /// Terms already marked (each is marked once per provision run).
    pub seen: HashSet<usize>,
    /// Footnote label → the ids of its markers so far, in page order: a note
    /// cited from several places is printed once, with a back-link to each.
    pub refs: BTreeMap<String, Vec<String>>,
}

impl PageState {
    /// The id of the next marker of footnote `label`: `fnref-3`, then
    /// `fnref-3-2`, … so that every id on a page is unique.
    fn next_ref(&mut self, label: &str) -> String {
        let ids = self.refs.entry(label.to_string()).or_default();
        let id = if ids.is_empty() {
            format!("fnref-{label}")
        } else {
            format!("fnref-{label}-{}", ids.len() + 1)
        };
        ids.push(id.clone());
        id
    }
}

/// Renders one provision's own text (not its children's).
pub(crate) struct TextRenderer<'a> {
    site: &'a Site,
    idx: usize,
    ui: Lang,
    state: PageState,
    /// Whether to link defined terms (off for API consumers that want cites only).
    terms: bool,
}

impl<'a> TextRenderer<'a> {
    pub(crate) fn new(site: &'a Site, idx: usize, ui: Lang) -> TextRenderer<'a> {
        TextRenderer::with_state(site, idx, ui, PageState::default())
    }

    /// A renderer that continues a page: terms in `state` are not marked
    /// again, and footnote markers get fresh ids.
    /// Defined terms are the Laws' (Norwegian) words, so only the Laws'
    /// text is marked; the Danish handbook would get false friends.
    pub(crate) fn with_state(
        site: &'a Site,
        idx: usize,
        ui: Lang,
        state: PageState,
    ) -> TextRenderer<'a> {
        let terms = site.kb().corpus().at(idx).book == crate::corpus::BookId::Laws;
        TextRenderer {
            site,
            idx,
            ui,
            state,
            terms,
        }
    }

    /// What the page has rendered so far, to carry on to the next provision.
    pub(crate) fn into_state(self) -> PageState {
        self.state
    }

    /// The marker of footnote `label` in a title or text.
    pub(crate) fn footnote_marker(&mut self, label: &str) -> String {
        let id = self.state.next_ref(label);
        let l = esc(label);
        let name = esc(&fill(self.ui.strings().footnote_ref, &[("label", label)]));
        format!(
            "<sup class=\"fn\"><a href=\"#fn-{l}\" id=\"{id}\" aria-label=\"{name}\">{l}</a></sup>"
        )
    }

    fn resolved_at(&self, place: Place) -> &'a [Resolved] {
        let site: &'a Site = self.site;
        site.kb()
            .graph()
            .text_cites(self.idx)
            .iter()
            .find(|t| t.place == place)
            .map_or(&[], |t| t.resolved.as_slice())
    }

    /// The own text as HTML block elements; `label` (an item's printed
    /// number) is put at the start of the first paragraph.
    pub(crate) fn blocks(&mut self, label: Option<&str>) -> String {
        let site = self.site;
        let p = site.kb().corpus().at(self.idx);
        let url = url_of(&p.id);
        let mut out = String::new();
        let mut label = label.filter(|l| !l.is_empty());
        for (i, block) in p.blocks.iter().enumerate() {
            match block {
                Block::Paragraph { text } => {
                    out.push_str("<p>");
                    if let Some(l) = label.take() {
                        push_label(&mut out, l, &url);
                    }
                    let markers: Vec<(usize, &str)> = p
                        .footnotes
                        .iter()
                        .filter(|f| f.block == Some(i))
                        .map(|f| (f.offset, f.label.as_str()))
                        .collect();
                    let html =
                        self.linked(text, self.resolved_at(Place::Block { block: i }), &markers);
                    out.push_str(&html);
                    out.push_str("</p>\n");
                }
                Block::Table { rows } => {
                    if let Some(l) = label.take() {
                        out.push_str("<p>");
                        push_label(&mut out, l, &url);
                        out.push_str("</p>\n");
                    }
                    self.table(rows, &mut out);
                }
            }
        }
        if let Some(l) = label {
            // An item whose text is all in its sub-items ("1. a) …").
            out.push_str("<p class=\"label-only\">");
            push_label(&mut out, l, &url);
            out.push_str("</p>\n");
        }
        out
    }

    /// Footnote `i` of the provision, linked like the text.
    pub(crate) fn footnote(&mut self, i: usize) -> String {
        let p = self.site.kb().corpus().at(self.idx);
        match p.footnotes.get(i) {
            Some(f) => self.linked(
                &f.text,
                self.resolved_at(Place::Footnote { footnote: i }),
                &[],
            ),
            None => String::new(),
        }
    }

    fn table(&mut self, rows: &[Vec<String>], out: &mut String) {
        out.push_str("<div class=\"table-wrap\"><table>\n");
        for (r, row) in rows.iter().enumerate() {
            if r == 0 {
                out.push_str("<thead>");
            } else if r == 1 {
                out.push_str("<tbody>");
            }
            out.push_str("<tr>");
            let cell = if r == 0 { "th" } else { "td" };
            for c in row {
                out.push('<');
                out.push_str(cell);
                out.push('>');
                let html = self.decorate(&esc(c));
                out.push_str(&html);
                out.push_str("</");
                out.push_str(cell);
                out.push('>');
            }
            out.push_str("</tr>");
            if r == 0 {
                out.push_str("</thead>\n");
            }
        }
        if rows.len() > 1 {
            out.push_str("</tbody>");
        }
        out.push_str("</table></div>\n");
    }

    /// `text` with its citations linked and footnote markers inserted at
    /// their byte offsets.
    fn linked(&mut self, text: &str, resolved: &[Resolved], markers: &[(usize, &str)]) -> String {
        let kb = self.site.kb();
        // Cut the text at each marker (never inside a citation), annotate
        // each piece with the citations that lie in it, and put the marker
        // between the pieces.
        let mut cuts: Vec<(usize, &str)> = markers
            .iter()
            .map(|&(off, label)| {
                let mut off = off.min(text.len());
                if let Some(r) = resolved
                    .iter()
                    .find(|r| r.span.start < off && off < r.span.end)
                {
                    off = r.span.end;
                }
                while !text.is_char_boundary(off) {
                    off += 1;
                }
                (off, label)
            })
            .collect();
        cuts.sort_by_key(|c| c.0);
        let mut html = String::new();
        let mut start = 0;
        let pieces = cuts
            .iter()
            .map(|&(o, l)| (o, Some(l)))
            .chain([(text.len(), None)]);
        for (end, marker) in pieces {
            let piece: Vec<Resolved> = resolved
                .iter()
                .filter(|r| r.span.start >= start && r.span.end <= end)
                .map(|r| {
                    let mut r = r.clone();
                    r.span = Span {
                        start: r.span.start - start,
                        end: r.span.end - start,
                    };
                    r
                })
                .collect();
            html.push_str(&kb.annotate_html(&text[start..end], &piece));
            if let Some(label) = marker {
                let m = self.footnote_marker(label);
                html.push_str(&m);
            }
            start = end;
        }
        self.decorate(&html)
    }

    /// Rewrites the annotated HTML: citation links get a class and a tooltip
    /// with the cited text, and text outside links gets gap and term marks.
    fn decorate(&mut self, html: &str) -> String {
        let mut out = String::with_capacity(html.len() + html.len() / 2);
        let mut in_link = 0usize;
        let mut rest = html;
        while !rest.is_empty() {
            match rest.find('<') {
                Some(0) => {
                    let end = rest.find('>').map_or(rest.len(), |e| e + 1);
                    let tag = &rest[..end];
                    if tag.starts_with("<a ") || tag == "<a>" {
                        in_link += 1;
                        match self.cite_link(tag) {
                            Some(t) => out.push_str(&t),
                            None => out.push_str(tag),
                        }
                    } else if let Some(t) = Self::no_counterpart(tag) {
                        out.push_str(&t);
                    } else {
                        if tag == "</a>" {
                            in_link = in_link.saturating_sub(1);
                        }
                        out.push_str(tag);
                    }
                    rest = &rest[end..];
                }
                found => {
                    let end = found.unwrap_or(rest.len());
                    self.text_node(&rest[..end], in_link > 0, &mut out);
                    rest = &rest[end..];
                }
            }
        }
        out
    }

    /// A span for a cite of an older edition without a current counterpart,
    /// its title in the interface language; `None` for other tags.
    fn no_counterpart(tag: &str) -> Option<String> {
        if !tag.starts_with("<span class=\"cite no-counterpart\"") {
            return None;
        }
        let edition = attr(tag, "data-edition")?;
        let written = attr(tag, "data-written")?;
        let reason = attr(tag, "title")
            .and_then(|t| t.split_once(": ").map(|(_, r)| r.to_string()))
            .unwrap_or_default();
        let title = format!(
            "{written} ({edition}{EDITION_SUFFIX}): {NO_COUNTERPART} {}{EDITION_SUFFIX}. {reason}",
            crate::corpus::CURRENT_EDITION
        );
        Some(format!(
            "<span class=\"cite no-counterpart\" data-edition=\"{}\" data-written=\"{}\" title=\"{}\">",
            esc(&edition),
            esc(&written),
            esc(&title)
        ))
    }

    fn text_node(&mut self, text: &str, in_link: bool, out: &mut String) {
        const GAP: &str = "[…]";
        let mut parts = text.split(GAP).peekable();
        while let Some(part) = parts.next() {
            if in_link || !self.terms {
                out.push_str(part);
            } else {
                let site = self.site;
                let ui = self.ui;
                let skip =
                    (site.kb().corpus().at(self.idx).kind == Kind::Definition).then_some(self.idx);
                let link = |def: usize| -> (String, String) {
                    let d = site.kb().corpus().at(def);
                    (url_of(&d.id), preview(site, def, ui))
                };
                site.glossary()
                    .mark(part, &mut self.state.seen, skip, &link, out);
            }
            if parts.peek().is_some() {
                out.push_str("<span class=\"gap\" title=\"");
                out.push_str(&esc(self.ui.strings().gap_title));
                out.push_str("\">[…]</span>");
            }
        }
    }

    /// A citation link's opening tag (from [`Kb::annotate_html`]), rebuilt
    /// with a tooltip that shows the start of the cited text; `None` for
    /// other links (footnote markers), which stay as they are.
    fn cite_link(&self, tag: &str) -> Option<String> {
        let href = attr(tag, "href")?;
        let target = href.strip_prefix(PROVISION_PATH)?;
        let kb = self.site.kb();
        // The link goes to the nearest provision the corpus has; the cite
        // itself (data-cite, first of a range) may lie below it (`40B2b`).
        let shown: ProvisionId = percent_decode_str(target)
            .decode_utf8()
            .ok()?
            .parse()
            .ok()?;
        let (idx, p) = kb.get(&shown)?;
        let cited = attr(tag, "data-cite").unwrap_or_default();
        let first = cited.split_whitespace().next().unwrap_or_default();
        let mut title = preview(self.site, idx, self.ui);
        if !first.is_empty() && first != p.id.to_string() {
            title = format!("{first} → {title}");
        }
        // `16C (2007-lovene) = 16D: …` for a cite of an older edition.
        if let (Some(edition), Some(written)) =
            (attr(tag, "data-edition"), attr(tag, "data-written"))
        {
            title = format!("{written} ({edition}{EDITION_SUFFIX}) = {title}");
        }
        let class = if p.in_corpus { "cite" } else { "cite outside" };
        Some(format!(
            "<a class=\"{class}\" href=\"{}\" data-cite=\"{}\" title=\"{}\">",
            esc(&href),
            esc(&cited),
            esc(&title)
        ))
    }
}

/// Follows an edition's year: "2007-lovene", the 2007 Laws.
const EDITION_SUFFIX: &str = "-lovene";
/// "no corresponding provision in the": before "2017-lovene".
const NO_COUNTERPART: &str = "ingen tilsvarende bestemmelse i";

/// An item's printed label (`1.`, `a)`), linked to the item's own page so
/// that each numbered piece of text has a visible address.
fn push_label(out: &mut String, label: &str, url: &str) {
    out.push_str("<a class=\"label\" href=\"");
    out.push_str(&esc(url));
    out.push_str("\">");
    out.push_str(&esc(label));
    out.push_str("</a> ");
}
