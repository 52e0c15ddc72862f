/*!
The JSON API: its data transfer objects and handlers.

This is the only place JSON field names live. Every DTO is built from domain
types by a function here, so renaming a field in the corpus or the search
module cannot silently change the contract other software depends on; the
contract itself is written down in `openapi.json` and checked against real
responses by the integration tests.
*/

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::cite::{self, EditionNote, EditionReading, Resolved, Status};
use crate::corpus::{BookId, ProvisionId};
use crate::kb::{url_of, KbSearchError, TypedCite};
use crate::search::{CaseHit, Explanation, Hit, ParallelHit, SearchOptions};
use crate::web::assets::fnv1a;
use crate::web::{label_of, Site};

use super::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use super::status::{rfc3339, SourceKind};
use super::AppState;

pub(crate) mod cards;
pub(crate) mod rulings;

/// The largest `limit` a search accepts.
pub const MAX_LIMIT: usize = 50;
/// The `limit` when none is given.
pub const DEFAULT_LIMIT: usize = 10;
/// The largest body `POST /api/link` accepts.
pub const MAX_LINK_BODY: usize = 64 * 1024;
/// The longest citation `/api/resolve` accepts, in bytes.
const MAX_RESOLVE_INPUT: usize = 1000;

/// The OpenAPI description of this API.
pub const OPENAPI: &str = include_str!("openapi.json");

// --- search ---------------------------------------------------------------

/// `GET /api/search` parameters, as sent; checked by the handler so that
/// each mistake gets its own message.
#[derive(Deserialize)]
pub(crate) struct SearchParams {
    q: Option<String>,
    limit: Option<String>,
    book: Option<String>,
    explain: Option<String>,
}

#[derive(Serialize)]
pub struct SearchResponse {
    query: String,
    total: usize,
    took_us: u64,
    hits: Vec<HitDto>,
    /// Hits in the parallel texts (other editions or languages of the
    /// Laws), apart from the ranked hits of the built-in books.
    parallel_hits: Vec<HitDto>,
    /// Published rulings whose situation meets the query (lovbok's own
    /// words, not the books'), apart from and below the provisions.
    ruling_hits: Vec<RulingHitDto>,
    /// With `explain=true`: each word's role and weight, the subjects met
    /// and why each hit ranks where it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Explanation>,
}

#[derive(Serialize)]
pub struct HitDto {
    cite: String,
    /// The provision's name for people (`Lov 12C1`).
    label: String,
    book: BookId,
    kind: &'static str,
    title: Option<String>,
    /// Escaped HTML with `<mark>` around matched words.
    snippet: String,
    url: String,
    score: f32,
    /// True when the query was a citation and this is its target.
    via_citation: bool,
    /// True when the provision's page has a calculator (`POST /api/calc/{cite}`).
    calculator: bool,
    /// The term of lovbok's subject index (Stikkord, our words, not the
    /// books') that the query met, when that is most of why it ranks.
    subject: Option<String>,
    /// The edition (year) and language of the text the hit is in, and for
    /// a parallel text where it comes from (null for the built-in books).
    edition: String,
    lang: &'static str,
    source: Option<String>,
}

/// A similar case: a published ruling (`kjennelser/`) whose situation
/// meets the query, with the current provisions it applies.
#[derive(Serialize)]
pub struct RulingHitDto {
    /// Always `ruling`: a hit of its own kind, never a provision.
    kind: &'static str,
    id: String,
    /// The source's own title of the case.
    title: String,
    /// The 2017 provisions (or the handbook's) it applies.
    cites: Vec<String>,
    /// Its page (`/kjennelser/{id}`).
    url: String,
    score: f32,
    /// The language its title and summary are written in.
    lang: &'static str,
}

/// One similar case as `GET /api/search` returns it.
pub fn ruling_hit_dto(hit: &CaseHit) -> RulingHitDto {
    RulingHitDto {
        kind: "ruling",
        id: hit.id.clone(),
        title: hit.title.clone(),
        cites: hit.cites.iter().map(ToString::to_string).collect(),
        url: crate::web::routes::LINKS.ruling(&hit.id),
        score: hit.score,
        lang: hit.lang,
    }
}

/// One hit as `GET /api/search` returns it (also what `lovbok search
/// --json` prints). `hit.index` must be an index of the site's corpus.
pub fn hit_dto(site: &Site, hit: &Hit) -> HitDto {
    let p = site.kb().corpus().at(hit.index);
    HitDto {
        cite: p.id.to_string(),
        label: label_of(p),
        book: p.book,
        kind: p.kind.as_str(),
        title: site.kb().title_of(hit.index),
        snippet: hit.snippet.clone(),
        url: url_of(&p.id),
        score: hit.score,
        via_citation: hit.via_citation,
        calculator: crate::rules::has_calculator(&p.id),
        subject: hit.subject.clone(),
        edition: p.book.edition().to_string(),
        lang: p.lang(),
        source: None,
    }
}

/// One hit in a parallel text, labelled with its edition, language and
/// source; `None` when the hit is not of the site's corpus.
pub fn parallel_hit_dto(site: &Site, hit: &ParallelHit) -> Option<HitDto> {
    let text = site.kb().corpus().parallels().get(hit.text)?;
    let p = text.corpus.provisions().get(hit.index)?;
    Some(HitDto {
        cite: p.id.to_string(),
        label: label_of(p),
        book: p.book,
        kind: p.kind.as_str(),
        title: p.title.clone(),
        snippet: hit.snippet.clone(),
        url: format!(
            "{}#{}",
            site.kb().href(&p.id),
            crate::web::parallel::block_anchor(&text.id())
        ),
        score: hit.score as f32,
        via_citation: false,
        calculator: false,
        subject: None,
        edition: text.edition.to_string(),
        lang: text.lang.code(),
        source: Some(text.source.clone()),
    })
}

pub(crate) fn parse_book(raw: Option<&str>) -> Result<Option<BookId>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(b) => b
            .parse()
            .map(Some)
            .map_err(|_| ApiError::BadRequest(format!("book must be laws or handbook, not {b:?}"))),
    }
}

fn parse_explain(raw: Option<&str>) -> Result<bool, ApiError> {
    match raw.map(str::trim) {
        None | Some("") | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(e) => Err(ApiError::BadRequest(format!(
            "explain must be true or false, not {e:?}"
        ))),
    }
}

fn parse_limit(raw: Option<&str>) -> Result<usize, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(DEFAULT_LIMIT),
        Some(l) => match l.parse::<usize>() {
            Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
            _ => Err(ApiError::BadRequest(format!(
                "limit must be a whole number from 1 to {MAX_LIMIT}, not {l:?}"
            ))),
        },
    }
}

impl From<KbSearchError> for ApiError {
    fn from(e: KbSearchError) -> ApiError {
        match e {
            KbSearchError::Query(q) => ApiError::BadRequest(q.to_string()),
            KbSearchError::Search(s) => ApiError::Internal(format!("search: {s}")),
        }
    }
}

pub(crate) async fn search(
    State(st): State<AppState>,
    ApiQuery(p): ApiQuery<SearchParams>,
) -> Result<Response, ApiError> {
    let q = p.q.unwrap_or_default();
    if q.trim().is_empty() {
        return Err(ApiError::BadRequest(
            "q (the query) is missing or empty".into(),
        ));
    }
    let opts = SearchOptions {
        limit: parse_limit(p.limit.as_deref())?,
        book: parse_book(p.book.as_deref())?,
    };
    let explain = parse_explain(p.explain.as_deref())?;
    let site = st.site();
    let results = site.kb().search(&q, &opts)?;
    let explain = if explain {
        Some(site.kb().explain_search(&q, &opts)?)
    } else {
        None
    };
    st.metrics.search_done(results.took_us);
    let corpus = site.kb().corpus();
    let hits: Vec<HitDto> = results
        .hits
        .iter()
        .filter(|h| h.index < corpus.provisions().len())
        .map(|h| hit_dto(&site, h))
        .collect();
    // The body carries its own timing, so the ETag is the hash of the
    // answer without it: the same query on the same corpus revalidates.
    let parallel_hits: Vec<HitDto> = results
        .parallel_hits
        .iter()
        .filter_map(|h| parallel_hit_dto(&site, h))
        .collect();
    let ruling_hits: Vec<RulingHitDto> = results.case_hits.iter().map(ruling_hit_dto).collect();
    let etag = serde_json::to_vec(&(&q, &hits, &parallel_hits, &ruling_hits))
        .map(|b| format!("W/\"{:016x}\"", fnv1a(&b)))
        .ok()
        .and_then(|t| HeaderValue::from_str(&t).ok());
    let body = Json(SearchResponse {
        query: q,
        total: hits.len(),
        took_us: u64::try_from(results.took_us).unwrap_or(u64::MAX),
        hits,
        parallel_hits,
        ruling_hits,
        explain,
    });
    let mut res = body.into_response();
    if let Some(tag) = etag {
        res.headers_mut().insert(header::ETAG, tag);
    }
    Ok(res)
}

// --- provisions -------------------------------------------------------------

#[derive(Serialize)]
pub struct ProvisionDto {
    cite: String,
    label: String,
    book: BookId,
    lang: &'static str,
    kind: &'static str,
    title: Option<String>,
    text: String,
    html: String,
    url: String,
    path: Vec<String>,
    parent: Option<String>,
    children: Vec<String>,
    cites: Vec<CiteDto>,
    cited_by: Vec<CitedByDto>,
    extends: Option<String>,
    extended_by: Vec<String>,
    in_corpus: bool,
    source_pages: Vec<u16>,
    revisions: Vec<u16>,
    gaps: usize,
    /// True when the provision has a calculator (`POST /api/calc/{cite}`).
    calculator: bool,
    /// The edition (year) of the book the text is from.
    edition: String,
    /// The same cite in the parallel texts (other editions or languages).
    parallels: Vec<super::parallel::ParallelDto>,
    /// Citations of this provision in the parallel texts.
    parallel_cited_by: Vec<super::parallel::ParallelCitedByDto>,
}

/// A citation this provision makes.
#[derive(Serialize)]
pub struct CiteDto {
    /// The cited provision, numbered as the citing text numbers it.
    cite: String,
    /// The citation as written.
    text: String,
    in_corpus: bool,
    status: &'static str,
    url: Option<String>,
    #[serde(flatten)]
    edition: EditionDto,
}

/// A provision that cites this one.
#[derive(Serialize)]
pub struct CitedByDto {
    cite: String,
    text: String,
    url: String,
    /// The edition of the Laws the citation is numbered in, when older.
    edition: Option<String>,
}

/// For a cite numbered as in an older edition of the Laws: which edition,
/// where it lands now, and why (all null for a cite of the current edition).
#[derive(Serialize, Default)]
pub struct EditionDto {
    /// The edition the cite is numbered in (`"2007"`).
    edition: Option<String>,
    /// The provision it lands on in the current edition (`"16D"` for the
    /// 2007 `"16C"`); null when the rule has no counterpart.
    maps_to: Option<String>,
    /// mapped, unchanged, no_counterpart or undecided.
    edition_reading: Option<&'static str>,
    /// Where the concordance's decision comes from.
    edition_source: Option<String>,
    /// Why there is no counterpart.
    edition_reason: Option<String>,
}

/// The cite as written (its number in its own edition) and its edition facts.
fn edition_of(
    id: &ProvisionId,
    status: &Status,
    note: Option<&EditionNote>,
) -> (String, EditionDto) {
    let Some(n) = note else {
        return (id.to_string(), EditionDto::default());
    };
    let (reading, source) = match &n.reading {
        EditionReading::Mapped { source } => ("mapped", Some(source.clone())),
        EditionReading::Unchanged { source } => ("unchanged", Some(source.clone())),
        EditionReading::NoCounterpart { source } => ("no_counterpart", Some(source.clone())),
        EditionReading::Undecided => ("undecided", None),
    };
    let reason = match status {
        Status::NoCounterpart { reason, .. } => Some(reason.clone()),
        _ => None,
    };
    let maps_to = (!matches!(status, Status::NoCounterpart { .. })).then(|| id.to_string());
    (
        n.cite.to_string(),
        EditionDto {
            edition: Some(n.edition.to_string()),
            maps_to,
            edition_reading: Some(reading),
            edition_source: source,
            edition_reason: reason,
        },
    )
}

fn status_name(s: &Status) -> &'static str {
    match s {
        Status::InCorpus => "in_corpus",
        Status::OutsideText { .. } => "outside_text",
        Status::External => "external",
        Status::Unresolved { .. } => "unresolved",
        Status::NoCounterpart { .. } => "no_counterpart",
    }
}

/// The JSON object of `GET /api/provisions/{cite}` for provision `idx`
/// (also what `lovbok show --json` prints).
pub fn provision_dto(site: &Site, idx: usize) -> ProvisionDto {
    let kb = site.kb();
    let corpus = kb.corpus();
    let graph = kb.graph();
    let p = corpus.at(idx);
    let cite = |i: usize| corpus.at(i).id.to_string();
    let top = kb.top_of(idx);
    let mut cited_by: Vec<CitedByDto> = Vec::new();
    for e in graph.cited_by(idx) {
        let from = corpus.at(e.from);
        if !cited_by
            .iter()
            .any(|c| c.cite == from.id.to_string() && c.text == e.text)
        {
            cited_by.push(CitedByDto {
                cite: from.id.to_string(),
                text: e.text.clone(),
                url: url_of(&from.id),
                edition: e.edition.as_ref().map(|n| n.edition.to_string()),
            });
        }
    }
    ProvisionDto {
        cite: p.id.to_string(),
        label: label_of(p),
        book: p.book,
        lang: p.lang(),
        kind: p.kind.as_str(),
        title: kb.title_of(idx),
        text: p.text(),
        html: site.text_html(idx),
        url: url_of(&p.id),
        path: corpus.path_of(idx).into_iter().map(cite).collect(),
        parent: p.parent.map(cite),
        children: p.children.iter().map(|&c| cite(c)).collect(),
        cites: graph
            .cites(idx)
            .iter()
            .map(|e| {
                let (cite, edition) = edition_of(&e.to, &e.status, e.edition.as_ref());
                CiteDto {
                    cite,
                    text: e.text.clone(),
                    in_corpus: e.status == Status::InCorpus,
                    status: status_name(&e.status),
                    url: e.to_index.map(|i| url_of(&corpus.at(i).id)),
                    edition,
                }
            })
            .collect(),
        cited_by,
        extends: graph.extends(top).map(cite),
        extended_by: graph.extended_by(top).iter().map(|&x| cite(x)).collect(),
        in_corpus: p.in_corpus,
        source_pages: p.source_pages.clone(),
        revisions: p.revisions.clone(),
        gaps: p.gaps,
        calculator: crate::rules::has_calculator(&p.id),
        edition: p.book.edition().to_string(),
        parallels: super::parallel::parallels_of(site, &p.id),
        parallel_cited_by: super::parallel::cited_by_of(site, &p.id),
    }
}

/// `GET /api/provisions/{cite}` parameters.
#[derive(Deserialize)]
pub(crate) struct ProvisionParams {
    /// An edition and language (`2017-en`): that text of the cite.
    edition: Option<String>,
}

pub(crate) async fn provision(
    State(st): State<AppState>,
    ApiPath(raw): ApiPath<String>,
    ApiQuery(params): ApiQuery<ProvisionParams>,
) -> Result<Response, ApiError> {
    let site = st.site();
    let kb = site.kb();
    // The canonical form only; but a well-formed cite of a provision that
    // cannot exist (`99`, `X99`) is as unknown as `12Z`, not malformed.
    let id: ProvisionId = match raw.parse() {
        Ok(id) => id,
        Err(e) => match kb.read_cite(&raw) {
            TypedCite::Missing(id) => id,
            TypedCite::Found(id) => {
                return Err(ApiError::BadRequest(format!(
                    "{e}; the canonical form of this cite is {id}"
                )))
            }
            TypedCite::NotACite => return Err(e.into()),
        },
    };
    if let Some(edition) = params.edition.as_deref().filter(|e| !e.trim().is_empty()) {
        if let Some(text) = super::parallel::choose(&site, edition, &id)? {
            return Ok(Json(text).into_response());
        }
    }
    let Some((idx, _)) = kb.get(&id) else {
        let nearest: Vec<String> = kb
            .nearest_existing(&id)
            .iter()
            .map(ToString::to_string)
            .collect();
        let hint = match nearest.as_slice() {
            [] => String::new(),
            n => format!("; the nearest provisions are {}", n.join(", ")),
        };
        let why = match cite::status_of(&id, kb.corpus()) {
            Status::Unresolved { reason } => format!("{id} does not exist: {reason}"),
            _ => format!("{id} is not in the corpus"),
        };
        return Err(ApiError::NoSuchProvision {
            detail: format!("{why}{hint}"),
            nearest,
        });
    };
    Ok(Json(provision_dto(&site, idx)).into_response())
}

// --- resolve ----------------------------------------------------------------

#[derive(Deserialize)]
pub(crate) struct ResolveParams {
    cite: Option<String>,
    context: Option<String>,
    edition: Option<String>,
}

/// The edition of the Laws a caller says its text or cite is numbered in.
fn parse_edition(site: &Site, raw: Option<&str>) -> Result<Option<u16>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(e) => site.kb().parse_edition(e).map_err(ApiError::BadRequest),
    }
}

#[derive(Serialize)]
pub struct ResolveResponse {
    input: String,
    matches: Vec<MatchDto>,
}

#[derive(Serialize)]
pub struct MatchDto {
    cite: String,
    book: BookId,
    title: Option<String>,
    in_corpus: bool,
    status: &'static str,
    /// Null only for an older edition's cite without a current counterpart.
    url: Option<String>,
    #[serde(flatten)]
    edition: EditionDto,
}

fn parse_context(raw: Option<&str>) -> Result<Option<ProvisionId>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(c) => Ok(Some(c.parse().map_err(|e| {
            ApiError::BadRequest(format!("context must be a canonical cite: {e}"))
        })?)),
    }
}

pub(crate) async fn resolve(
    State(st): State<AppState>,
    ApiQuery(p): ApiQuery<ResolveParams>,
) -> Result<Json<ResolveResponse>, ApiError> {
    let input = p.cite.unwrap_or_default();
    if input.trim().is_empty() {
        return Err(ApiError::BadRequest("cite is missing or empty".into()));
    }
    if input.len() > MAX_RESOLVE_INPUT {
        return Err(ApiError::BadRequest(format!(
            "cite is longer than {MAX_RESOLVE_INPUT} bytes; use POST /api/link for text"
        )));
    }
    let context = parse_context(p.context.as_deref())?;
    let site = st.site();
    let edition = parse_edition(&site, p.edition.as_deref())?;
    let kb = site.kb();
    let mut matches: Vec<MatchDto> = Vec::new();
    for t in kb.resolve_in_edition(&input, context.as_ref(), edition) {
        if matches!(t.status, Status::Unresolved { .. } | Status::External) {
            continue;
        }
        let (written, edition) = edition_of(&t.id, &t.status, t.edition.as_ref());
        let title = kb
            .corpus()
            .nearest(&t.id)
            .and_then(|n| kb.corpus().index_of(&n.id))
            .and_then(|i| kb.title_of(i));
        let cite = written;
        if matches.iter().any(|m| m.cite == cite) {
            continue;
        }
        matches.push(MatchDto {
            book: t.id.book(),
            title,
            in_corpus: t.status == Status::InCorpus,
            status: status_name(&t.status),
            url: t.shown().map(|_| kb.href(&t.id)),
            cite,
            edition,
        });
    }
    Ok(Json(ResolveResponse { input, matches }))
}

// --- link -------------------------------------------------------------------

/// `OPTIONS` on the citation API: the CORS layer answers it; this gives
/// the route the method.
pub(crate) async fn preflight() -> axum::http::StatusCode {
    axum::http::StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
pub(crate) struct LinkRequest {
    text: String,
    #[serde(default)]
    context: Option<String>,
    /// The edition of the Laws the text is written under (`"2007"`); the
    /// query parameter of the same name wins when both are given.
    #[serde(default)]
    edition: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct LinkParams {
    format: Option<String>,
    edition: Option<String>,
    /// `true`: each citation carries its target's title and the start of
    /// its text, for a popover (the embed script asks for this).
    excerpt: Option<String>,
}

#[derive(Serialize)]
pub struct LinkResponse {
    /// The edition of the Laws the text was read as.
    edition: String,
    citations: Vec<CitationDto>,
}

#[derive(Serialize)]
pub struct CitationDto {
    /// The edition of the Laws the citation is numbered in, when older.
    edition: Option<String>,
    /// Where each of `cites` lands in the current edition, in the same
    /// order (null for a rule without a counterpart); present only with
    /// `edition`.
    maps_to: Option<Vec<Option<String>>>,
    /// Byte offset of the citation's start in the text.
    start: usize,
    /// Byte offset just past its end.
    end: usize,
    text: String,
    cites: Vec<String>,
    in_corpus: bool,
    status: &'static str,
    url: Option<String>,
    /// With `excerpt=true`: the first target's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    /// With `excerpt=true`: the start of the first target's text, or null
    /// when the corpus holds its title only.
    #[serde(skip_serializing_if = "Option::is_none")]
    excerpt: Option<Option<String>>,
}

/// How much of a provision's text an excerpt shows, in characters.
const EXCERPT_CHARS: usize = 280;

/// The title and the start of the text of the provision `r` first links
/// to, for a popover.
pub fn with_excerpt(site: &Site, r: &Resolved, mut dto: CitationDto) -> CitationDto {
    let kb = site.kb();
    let Some(idx) = r
        .targets
        .iter()
        .find_map(|t| t.shown())
        .and_then(|id| kb.corpus().nearest(id))
        .and_then(|p| kb.corpus().index_of(&p.id))
    else {
        return dto;
    };
    let text = kb.corpus().at(idx).text();
    let excerpt = (!text.trim().is_empty()).then(|| {
        let mut cut: String = text.chars().take(EXCERPT_CHARS).collect();
        if text.chars().count() > EXCERPT_CHARS {
            cut.push('…');
        }
        cut
    });
    dto.title = kb.title_of(idx);
    dto.excerpt = Some(excerpt);
    dto
}

/// One citation as `POST /api/link` (and `lovbok link`) reports it.
pub fn citation_dto(site: &Site, r: &Resolved) -> CitationDto {
    let resolved: Vec<_> = r.targets.iter().filter(|t| t.shown().is_some()).collect();
    // The citation's status is its weakest target's.
    let status = r
        .targets
        .iter()
        .map(|t| &t.status)
        .max_by_key(|s| match s {
            Status::InCorpus => 0,
            Status::OutsideText { .. } => 1,
            Status::External => 2,
            Status::Unresolved { .. } | Status::NoCounterpart { .. } => 3,
        })
        .map_or("unresolved", status_name);
    let edition = r
        .targets
        .iter()
        .find_map(|t| t.edition.as_ref())
        .map(|n| n.edition.to_string());
    let maps_to = edition.as_ref().map(|_| {
        r.targets
            .iter()
            .map(|t| (!matches!(t.status, Status::NoCounterpart { .. })).then(|| t.id.to_string()))
            .collect()
    });
    CitationDto {
        edition,
        maps_to,
        start: r.span.start,
        end: r.span.end,
        text: r.text.clone(),
        cites: r
            .targets
            .iter()
            .map(|t| t.edition.as_ref().map_or(&t.id, |n| &n.cite).to_string())
            .collect(),
        in_corpus: !r.targets.is_empty() && r.targets.iter().all(|t| t.status == Status::InCorpus),
        status,
        url: resolved.first().map(|t| site.kb().href(&t.id)),
        title: None,
        excerpt: None,
    }
}

pub(crate) async fn link(
    State(st): State<AppState>,
    ApiQuery(params): ApiQuery<LinkParams>,
    ApiJson(body): ApiJson<LinkRequest>,
) -> Result<Response, ApiError> {
    let html = match params.format.as_deref().map(str::trim) {
        None | Some("") | Some("json") => false,
        Some("html") => true,
        Some(f) => {
            return Err(ApiError::BadRequest(format!(
                "format must be json or html, not {f:?}"
            )))
        }
    };
    let context = parse_context(body.context.as_deref())?;
    let site = st.site();
    let edition = parse_edition(&site, params.edition.as_deref().or(body.edition.as_deref()))?;
    let excerpt = match params.excerpt.as_deref().map(str::trim) {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(e) => {
            return Err(ApiError::BadRequest(format!(
                "excerpt must be true or false, not {e:?}"
            )))
        }
    };
    let resolved = site
        .kb()
        .link_in_edition(&body.text, context.as_ref(), edition);
    if html {
        let out = site.kb().annotate_html(&body.text, &resolved);
        return Ok((
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            )],
            out,
        )
            .into_response());
    }
    let citations = resolved
        .iter()
        .map(|r| {
            let dto = citation_dto(&site, r);
            if excerpt {
                with_excerpt(&site, r, dto)
            } else {
                dto
            }
        })
        .collect();
    Ok(Json(LinkResponse {
        edition: edition
            .or_else(|| {
                context
                    .as_ref()
                    .and_then(|c| crate::cite::Lookup::laws_edition(site.kb().corpus(), c))
            })
            .unwrap_or(crate::corpus::CURRENT_EDITION)
            .to_string(),
        citations,
    })
    .into_response())
}

// --- status -------------------------------------------------------------------

/// `GET /api/status`: what this server is serving and how its last reload went.
#[derive(Serialize)]
pub struct StatusDto {
    /// lovbok's version.
    version: &'static str,
    corpus: CorpusDto,
    /// When the server started (RFC 3339, UTC).
    started_at: String,
    /// The last reload of a corpus folder; `null` when there was none.
    last_reload: Option<ReloadDto>,
}

/// The corpus being served.
#[derive(Serialize)]
pub struct CorpusDto {
    /// `built_in` or `folder`.
    source: &'static str,
    /// Content hash of the corpus files (16 hex digits).
    fingerprint: String,
    provisions: usize,
    citations: usize,
    /// When this corpus was loaded (RFC 3339, UTC).
    loaded_at: String,
    /// The parallel texts served beside it (`2017-en`).
    editions: Vec<String>,
}

/// One reload of the corpus folder.
#[derive(Serialize)]
pub struct ReloadDto {
    /// When it finished (RFC 3339, UTC).
    at: String,
    /// True when the changed folder is now being served.
    ok: bool,
    took_ms: u64,
    /// Why it was rejected; empty when `ok`.
    errors: Vec<ProblemDto>,
}

/// One reason a corpus folder does not build.
#[derive(Serialize)]
pub struct ProblemDto {
    file: Option<String>,
    line: Option<usize>,
    /// The line `lovbok check` prints for it.
    text: String,
}

/// The status of the server behind `state`.
pub fn status_dto(state: &AppState) -> StatusDto {
    let site = state.site();
    let kb = site.kb();
    let board = &state.board;
    StatusDto {
        version: env!("CARGO_PKG_VERSION"),
        corpus: CorpusDto {
            source: match board.source {
                SourceKind::BuiltIn => "built_in",
                SourceKind::Folder => "folder",
            },
            fingerprint: format!("{:016x}", kb.fingerprint()),
            provisions: kb.corpus().provisions().len(),
            citations: kb.citation_count(),
            loaded_at: rfc3339(board.loaded()),
            editions: kb
                .corpus()
                .parallels()
                .iter()
                .map(crate::corpus::ParallelText::id)
                .collect(),
        },
        started_at: rfc3339(board.started),
        last_reload: board.last_reload().map(|r| ReloadDto {
            at: rfc3339(r.at),
            ok: r.problems.is_empty(),
            took_ms: u64::try_from(r.took.as_millis()).unwrap_or(u64::MAX),
            errors: r
                .problems
                .iter()
                .map(|p| ProblemDto {
                    file: p.file.clone(),
                    line: p.line,
                    text: p.text.clone(),
                })
                .collect(),
        }),
    }
}

pub(crate) async fn status(State(st): State<AppState>) -> Response {
    let mut res = Json(status_dto(&st)).into_response();
    // A status is read to learn what is true now.
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// `GET /api/openapi.json`.
pub(crate) async fn openapi() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        OPENAPI,
    )
        .into_response()
}
