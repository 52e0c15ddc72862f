/*!
The parallel texts on the pages: another edition or language of the Laws
shown beside the built-in text (below it on a phone), each block labelled
with its edition, its language (`lang` attribute) and its source, and never
mixed into the built-in text. A title-only law whose text a parallel text
holds shows that text near the top, with a label saying plainly that it is
not the Norwegian translation. Citations in a parallel text are linked
(`graph::Graph::build_parallel`) and listed under "Henvist fra" of the
provision they cite, labelled with the edition. Search hits in a parallel
text (`search::search_parallels`) are listed apart, labelled the same way.
*/

use crate::corpus::{Block, ParallelText, ProvisionId, TextLang, CURRENT_EDITION};
use crate::diff::Change;
use crate::graph::Place;
use crate::search::ParallelHit;

use super::html::esc;
use super::i18n::{fill, Lang, Strings};
use super::render::label_of;
use super::site::Site;

/// One provision of a parallel text, in reading order below the cite shown.
#[derive(Debug, Clone)]
pub struct ParallelNode {
    /// 0 for the provision the page is about, 1 for its children …
    pub depth: usize,
    /// The label as printed (`A.`, `1.`, `a)`), empty for the top.
    pub printed: String,
    pub heading: Option<String>,
    /// HTML of the own text, citations linked.
    pub body: String,
}

/// One parallel text of the provision a page is about.
#[derive(Debug, Clone)]
pub struct ParallelView {
    /// `2017-en`, also the block's anchor (`#ed-2017-en`).
    pub id: String,
    /// The text's language, for the block's `lang` attribute.
    pub lang: &'static str,
    /// "Engelsk original, 2017-utgaven".
    pub label: String,
    /// "Kilde: …".
    pub source: String,
    /// For a provision whose built-in text is absent: "Tekst fra …: … —
    /// ikke den norske oversettelsen".
    pub supplied: String,
    /// The provision's full name (`Lov 64`, in the interface's words) and
    /// its title in this text.
    pub cite_label: String,
    pub title: Option<String>,
    /// The parallel text has the provision's text, not only its title.
    pub has_text: bool,
    pub nodes: Vec<ParallelNode>,
}

/// The citations in one parallel text of the provision a page is about.
#[derive(Debug, Clone)]
pub struct ParallelBacklinks {
    /// "Henvisninger i engelsk original, 2017-utgaven".
    pub heading: String,
    pub lang: &'static str,
    pub links: Vec<ParallelBacklink>,
}

/// One citation in a parallel text.
#[derive(Debug, Clone)]
pub struct ParallelBacklink {
    /// The citing provision's page (at the parallel text) and name.
    pub url: String,
    pub label: String,
    /// The cite as written.
    pub text: String,
}

/// One search hit in a parallel text.
#[derive(Debug, Clone)]
pub struct ParallelHitView {
    pub url: String,
    pub label: String,
    pub title: Option<String>,
    pub snippet: String,
    pub lang: &'static str,
    /// "Engelsk original, 2017-utgaven".
    pub edition: String,
}

/// A text's language as the interface names it.
fn lang_name(t: &Strings, lang: TextLang) -> &'static str {
    match lang {
        TextLang::Nb => t.text_lang_nb,
        TextLang::Da => t.text_lang_da,
        TextLang::En => t.text_lang_en,
    }
}

/// "Engelsk original, 2017-utgaven": a parallel text named for a reader.
pub fn edition_label(t: &Strings, text: &ParallelText) -> String {
    fill(
        t.parallel_label,
        &[
            ("lang", lang_name(t, text.lang)),
            ("edition", &text.edition.to_string()),
        ],
    )
}

/// The first letter in upper case, for a label that opens a line.
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The anchor of a parallel text's block on a provision page.
pub fn block_anchor(id: &str) -> String {
    format!("ed-{id}")
}

/// One change mark: what became of `id` in a later `edition`, as the
/// comparison of the two texts found it.
fn change_mark(t: &Strings, id: &ProvisionId, edition: u16, change: &Change) -> String {
    let year = edition.to_string();
    let cites = |ids: &[ProvisionId]| {
        ids.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match change {
        Change::Changed { .. } => fill(t.change_changed, &[("edition", &year)]),
        Change::Renumbered {
            old,
            new,
            carried,
            words,
            ..
        } => {
            // A part carried along with its whole names its own new cite.
            let to = if old == id {
                new.to_string()
            } else {
                carried
                    .iter()
                    .find(|(o, _)| o == id)
                    .map_or_else(|| new.to_string(), |(_, n)| n.to_string())
            };
            let template = if words.is_some() && old == id {
                t.change_renumbered_changed
            } else {
                t.change_renumbered
            };
            fill(template, &[("cite", &to), ("edition", &year)])
        }
        Change::Removed { .. } => fill(t.change_removed, &[("edition", &year)]),
        Change::Split { new, .. } => fill(
            t.change_split,
            &[("cites", &cites(new)), ("edition", &year)],
        ),
        Change::Merged { new, .. } => fill(
            t.change_merged,
            &[("cite", &new.to_string()), ("edition", &year)],
        ),
        // A provision of the built-in text is never one the later
        // edition added.
        Change::Added { new, .. } => new.to_string(),
    }
}

impl Site {
    /// Every parallel text of provision `idx` (the same cite), with the
    /// provisions below it.
    pub fn parallel_views(&self, idx: usize, ui: Lang) -> Vec<ParallelView> {
        let t = ui.strings();
        let kb = self.kb();
        let id = &kb.corpus().at(idx).id;
        let mut out = Vec::new();
        for (k, text) in kb.corpus().parallels().iter().enumerate() {
            let Some(top) = text.corpus.index_of(id) else {
                continue;
            };
            let p = text.corpus.at(top);
            let mut nodes = Vec::new();
            for i in std::iter::once(top).chain(text.corpus.descendants(top)) {
                let q = text.corpus.at(i);
                let printed = if i == top {
                    String::new()
                } else {
                    q.label.clone()
                };
                let mut body = self.parallel_html(k, i);
                // A label without a heading opens its first paragraph, as
                // the book prints it.
                if q.title.is_none() && !printed.is_empty() {
                    let label = format!("<span class=\"label\">{}</span> ", esc(&printed));
                    match body.strip_prefix("<p>") {
                        Some(rest) => body = format!("<p>{label}{rest}"),
                        None => body = format!("<p>{label}</p>{body}"),
                    }
                }
                nodes.push(ParallelNode {
                    depth: text.corpus.path_of(i).len() - text.corpus.path_of(top).len(),
                    printed,
                    heading: q.title.clone(),
                    body,
                });
            }
            let label = edition_label(t, text);
            let supplied_template = if text.lang == TextLang::Nb {
                t.supplied_label_same_lang
            } else {
                t.supplied_label
            };
            out.push(ParallelView {
                id: text.id(),
                lang: text.lang.code(),
                source: fill(t.parallel_source, &[("source", &text.source)]),
                supplied: fill(
                    supplied_template,
                    &[
                        ("source", &text.source),
                        ("lang", lang_name(t, text.lang)),
                        ("edition", &text.edition.to_string()),
                        ("main", &CURRENT_EDITION.to_string()),
                    ],
                ),
                label: capitalised(&label),
                cite_label: label_of(p),
                title: p.title.clone(),
                has_text: p.in_corpus,
                nodes,
            });
        }
        out
    }

    /// The own text of provision `i` of parallel text `k` as HTML: one
    /// paragraph per block, citations linked, footnotes after it.
    pub fn parallel_html(&self, k: usize, i: usize) -> String {
        let kb = self.kb();
        let Some(text) = kb.corpus().parallels().get(k) else {
            return String::new();
        };
        let p = text.corpus.at(i);
        let cites = kb.parallel_graph(k).map(|g| g.text_cites(i)).unwrap_or(&[]);
        let mut html = String::new();
        for (b, block) in p.blocks.iter().enumerate() {
            let plain = block.plain();
            let resolved = cites
                .iter()
                .find(|c| c.place == Place::Block { block: b })
                .map(|c| c.resolved.as_slice())
                .unwrap_or(&[]);
            let inner = kb.annotate_html(&plain, resolved);
            match block {
                Block::Paragraph { .. } => html.push_str(&format!("<p>{}</p>", inner)),
                Block::Table { .. } => html.push_str(&format!("<pre>{}</pre>", inner)),
            }
        }
        for f in &p.footnotes {
            html.push_str(&format!(
                "<p class=\"parallel-note\">[{}] {}</p>",
                esc(&f.label),
                esc(&f.text)
            ));
        }
        html
    }

    /// The change marks of a provision page: what became, in each later
    /// edition of the Laws loaded beside the built-in text, of the
    /// provision the page opens at and of each of its parts (these named
    /// by their cite).
    pub fn change_marks(&self, idx: usize, ui: Lang) -> Vec<String> {
        let t = ui.strings();
        let kb = self.kb();
        let corpus = kb.corpus();
        let mut out = Vec::new();
        for i in std::iter::once(idx).chain(corpus.descendants(idx)) {
            let id = &corpus.at(i).id;
            for (later, change) in kb.later_changes(id) {
                let mark = change_mark(t, id, later.edition, change);
                out.push(if i == idx {
                    mark
                } else {
                    format!("{id}: {mark}")
                });
            }
        }
        out
    }

    /// The citations in the parallel texts that land on provision `idx`,
    /// one group per text.
    pub fn parallel_backlinks(&self, idx: usize, ui: Lang) -> Vec<ParallelBacklinks> {
        let t = ui.strings();
        let kb = self.kb();
        let id = &kb.corpus().at(idx).id;
        let mut out = Vec::new();
        for (k, text) in kb.corpus().parallels().iter().enumerate() {
            let Some(graph) = kb.parallel_graph(k) else {
                continue;
            };
            let mut links: Vec<ParallelBacklink> = Vec::new();
            for e in graph.edges().filter(|e| &e.to == id) {
                let from = text.corpus.at(e.from);
                let url = format!("{}#{}", kb.href(&from.id), block_anchor(&text.id()));
                if links.iter().any(|b| b.url == url && b.text == e.text) {
                    continue;
                }
                links.push(ParallelBacklink {
                    url,
                    label: label_of(from),
                    text: e.text.clone(),
                });
            }
            if !links.is_empty() {
                out.push(ParallelBacklinks {
                    heading: fill(t.parallel_cited_by, &[("label", &edition_label(t, text))]),
                    lang: text.lang.code(),
                    links,
                });
            }
        }
        out
    }

    /// The parallel texts that hold the text of `id`, named for a reader
    /// (for the table of contents).
    pub fn parallel_labels(&self, id: &ProvisionId, ui: Lang) -> Vec<String> {
        let t = ui.strings();
        self.kb()
            .corpus()
            .parallels()
            .iter()
            .filter(|text| text.corpus.get(id).is_some_and(|p| p.in_corpus))
            .map(|text| edition_label(t, text))
            .collect()
    }

    /// The search hits in the parallel texts, each labelled with its text.
    pub fn parallel_hit_views(&self, hits: &[ParallelHit], ui: Lang) -> Vec<ParallelHitView> {
        let t = ui.strings();
        let parallels = self.kb().corpus().parallels();
        hits.iter()
            .filter_map(|h| {
                let text = parallels.get(h.text)?;
                let p = text.corpus.provisions().get(h.index)?;
                let mut top = h.index;
                while let Some(up) = text.corpus.at(top).parent {
                    if text.corpus.at(top).title.is_some() {
                        break;
                    }
                    top = up;
                }
                Some(ParallelHitView {
                    url: format!("{}#{}", self.kb().href(&p.id), block_anchor(&text.id())),
                    label: label_of(p),
                    title: text.corpus.at(top).title.clone(),
                    snippet: h.snippet.clone(),
                    lang: text.lang.code(),
                    edition: edition_label(t, text),
                })
            })
            .collect()
    }
}
