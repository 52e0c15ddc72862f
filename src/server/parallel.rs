/*!
The parallel texts in the JSON API: their DTOs (a part of the API's field
names that lives beside `api`, to keep that file in bounds) and the answer
of `GET /api/provisions/{cite}?edition=2017-en`.

Every object that carries a parallel text's words names its edition (the
year), its language and its source, so no client can take it for the
built-in text.
*/

use serde::Serialize;

use crate::corpus::{ParallelText, ProvisionId};
use crate::web::parallel::block_anchor;
use crate::web::{label_of, Site};

use super::error::ApiError;

/// The same cite in a parallel text (`parallels` of a provision, or the
/// whole answer with `?edition=`).
#[derive(Serialize)]
pub struct ParallelDto {
    /// What `?edition=` takes: `2017-en`.
    id: String,
    /// The edition's year (`"2017"`).
    edition: String,
    /// The text's language: nb, da or en.
    lang: &'static str,
    /// Where the text comes from (the edition folder's label).
    source: String,
    cite: String,
    label: String,
    title: Option<String>,
    text: String,
    /// The own text as HTML, citations linked to the built-in pages.
    html: String,
    /// The built-in page that shows this text (at its block).
    url: String,
    in_corpus: bool,
    children: Vec<String>,
}

/// A citation in a parallel text of a provision.
#[derive(Serialize)]
pub struct ParallelCitedByDto {
    /// The citing provision, in the parallel text.
    cite: String,
    /// The cite as written.
    text: String,
    url: String,
    /// The parallel text: `2017-en`, its year and language.
    id: String,
    edition: String,
    lang: &'static str,
}

fn dto(site: &Site, k: usize, text: &ParallelText, i: usize) -> ParallelDto {
    let p = text.corpus.at(i);
    ParallelDto {
        id: text.id(),
        edition: text.edition.to_string(),
        lang: text.lang.code(),
        source: text.source.clone(),
        cite: p.id.to_string(),
        label: label_of(p),
        title: p.title.clone(),
        text: p.text(),
        html: site.parallel_html(k, i),
        url: format!("{}#{}", site.kb().href(&p.id), block_anchor(&text.id())),
        in_corpus: p.in_corpus,
        children: p
            .children
            .iter()
            .map(|&c| text.corpus.at(c).id.to_string())
            .collect(),
    }
}

/// The same cite as `id` in every parallel text that has it.
pub fn parallels_of(site: &Site, id: &ProvisionId) -> Vec<ParallelDto> {
    let parallels = site.kb().corpus().parallels();
    parallels
        .iter()
        .enumerate()
        .filter_map(|(k, t)| Some(dto(site, k, t, t.corpus.index_of(id)?)))
        .collect()
}

/// The citations of `id` in the parallel texts.
pub fn cited_by_of(site: &Site, id: &ProvisionId) -> Vec<ParallelCitedByDto> {
    let kb = site.kb();
    let mut out: Vec<ParallelCitedByDto> = Vec::new();
    for (k, text) in kb.corpus().parallels().iter().enumerate() {
        let Some(graph) = kb.parallel_graph(k) else {
            continue;
        };
        for e in graph.edges().filter(|e| &e.to == id) {
            let from = text.corpus.at(e.from);
            let cite = from.id.to_string();
            if out
                .iter()
                .any(|c| c.cite == cite && c.text == e.text && c.id == text.id())
            {
                continue;
            }
            out.push(ParallelCitedByDto {
                cite,
                text: e.text.clone(),
                url: format!("{}#{}", kb.href(&from.id), block_anchor(&text.id())),
                id: text.id(),
                edition: text.edition.to_string(),
                lang: text.lang.code(),
            });
        }
    }
    out
}

/// The editions a caller may name: the built-in one (`2017-nb`) and the
/// parallel texts.
fn known(site: &Site) -> Vec<String> {
    let (year, lang) = crate::corpus::parallel::main_key();
    std::iter::once(crate::corpus::parallel::edition_id(year, lang))
        .chain(site.kb().corpus().parallels().iter().map(ParallelText::id))
        .collect()
}

/// What `?edition=` names: `Ok(None)` for the built-in text, the parallel
/// text's `cite` otherwise; 404 for an edition lovbok does not hold or a
/// cite that edition does not have.
pub fn choose(site: &Site, raw: &str, id: &ProvisionId) -> Result<Option<ParallelDto>, ApiError> {
    let raw = raw.trim();
    let editions = known(site);
    if editions.first().is_some_and(|main| main == raw) {
        return Ok(None);
    }
    let parallels = site.kb().corpus().parallels();
    let Some((k, text)) = parallels.iter().enumerate().find(|(_, t)| t.id() == raw) else {
        return Err(ApiError::NotFound(format!(
            "no edition {raw:?}; the editions are {}",
            editions.join(", ")
        )));
    };
    match text.corpus.index_of(id) {
        Some(i) => Ok(Some(dto(site, k, text, i))),
        None => Err(ApiError::NoSuchProvision {
            detail: format!("{id} is not in edition {raw}"),
            nearest: text
                .corpus
                .nearest(id)
                .map(|p| p.id.to_string())
                .into_iter()
                .collect(),
        }),
    }
}
