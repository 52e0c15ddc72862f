//! The rulings and commentary beside the rules as JSON: `GET /api/rulings`
//! (filtered by cite, language, publisher and kind) and
//! `GET /api/rulings/{id}`. A child of [`super`], where the API's other
//! field names live. Every item is lovbok's summary of a published source,
//! never the source's text but for its one short quote.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::corpus::{Mapped, Ruling, RulingKind, RulingSet};
use crate::kb::Kb;
use crate::rulings::{BadFilter, FilterQuery, RulingFilter};
use crate::web::routes::LINKS;
use crate::web::Site;

use crate::server::error::{ApiError, ApiPath, ApiQuery};
use crate::server::AppState;

/// `GET /api/rulings` parameters, as sent; each is checked by itself so
/// that each mistake gets its own message.
#[derive(Deserialize)]
pub(crate) struct RulingsParams {
    cite: Option<String>,
    lang: Option<String>,
    publisher: Option<String>,
    kind: Option<String>,
}

/// The body of `GET /api/rulings`.
#[derive(Serialize)]
pub struct RulingsResponse {
    total: usize,
    items: Vec<RulingDto>,
}

/// One item: a published case or statement, in lovbok's words.
#[derive(Serialize)]
pub struct RulingDto {
    id: String,
    /// Its page (`/kjennelser/{id}`).
    url: String,
    kind: &'static str,
    /// The source's own title of the case.
    title: String,
    /// The case in its source.
    source_url: String,
    date: String,
    publisher: String,
    /// The publisher as the `publisher` filter takes it.
    publisher_id: String,
    /// The collection the case is published in, and its page.
    collection: String,
    collection_url: String,
    /// The language of the source.
    source_lang: &'static str,
    /// The language `situation` and `ruling` are written in.
    lang: &'static str,
    authority: String,
    /// True only when the publisher says its decisions bind later cases.
    precedent: bool,
    /// The edition of the Laws it was decided under.
    edition: String,
    cites: Vec<RulingCiteDto>,
    situation: String,
    ruling: String,
    quote: String,
    quote_at: String,
}

/// One citation of the source, as written and as it reads in the current
/// Laws or the handbook.
#[derive(Serialize)]
pub struct RulingCiteDto {
    written: String,
    /// The current provisions (empty with `no_counterpart`).
    maps_to: Vec<String>,
    /// The current Laws have no counterpart of the rule the source applied.
    no_counterpart: bool,
}

/// One item as the API gives it.
pub fn ruling_dto(set: &RulingSet, r: &Ruling) -> RulingDto {
    let source = set.source_of(r);
    RulingDto {
        id: r.id.clone(),
        url: LINKS.ruling(&r.id),
        kind: r.kind.as_str(),
        title: r.title.clone(),
        source_url: r.url.clone(),
        date: r.date.clone(),
        publisher: source.publisher.clone(),
        publisher_id: source.slug(),
        collection: source.title.clone(),
        collection_url: source.url.clone(),
        source_lang: source.lang.as_str(),
        lang: r.lang.as_str(),
        authority: r.authority.clone(),
        precedent: r.precedent,
        edition: r.edition.to_string(),
        cites: r
            .cites
            .iter()
            .map(|c| RulingCiteDto {
                written: c.written.clone(),
                maps_to: match &c.maps {
                    Mapped::Cites(ids) => ids.iter().map(ToString::to_string).collect(),
                    Mapped::NoCounterpart => Vec::new(),
                },
                no_counterpart: c.maps == Mapped::NoCounterpart,
            })
            .collect(),
        situation: r.situation.clone(),
        ruling: r.ruling.clone(),
        quote: r.quote.clone(),
        quote_at: r.quote_at.clone(),
    }
}

/// The filter a request asks for, or the 400 that names its first mistake.
fn filter_of(kb: &Kb, p: &RulingsParams) -> Result<RulingFilter, ApiError> {
    let q = FilterQuery {
        cite: p.cite.as_deref(),
        lang: p.lang.as_deref(),
        publisher: p.publisher.as_deref(),
        kind: p.kind.as_deref(),
    };
    kb.ruling_filter(&q).map_err(|e| {
        ApiError::BadRequest(match e {
            BadFilter::MissingCite(id) => format!("cite {id} is not a provision of the corpus"),
            BadFilter::NotACite(c) => {
                format!("cite must name one provision (16B1, lov 12C), not {c:?}")
            }
            BadFilter::Lang(l) => format!("lang must be nb, da, sv or en, not {l:?}"),
            BadFilter::Kind(k) => {
                let all: Vec<&str> = RulingKind::ALL.iter().map(|k| k.as_str()).collect();
                format!("kind must be one of {}, not {k:?}", all.join(", "))
            }
            BadFilter::Publisher(name) => {
                let set = kb.corpus().rulings();
                let mut known: Vec<String> = set.sources().iter().map(|s| s.slug()).collect();
                known.sort();
                known.dedup();
                format!(
                    "publisher {name:?} has no items; the publishers are {}",
                    known.join(", ")
                )
            }
        })
    })
}

/// The items of a site the filter asks for.
pub fn rulings_response(site: &Site, filter: &RulingFilter) -> RulingsResponse {
    let kb = site.kb();
    let set = kb.corpus().rulings();
    let items: Vec<RulingDto> = kb
        .rulings(filter)
        .into_iter()
        .map(|r| ruling_dto(set, r))
        .collect();
    RulingsResponse {
        total: items.len(),
        items,
    }
}

/// `GET /api/rulings`.
pub(crate) async fn list(
    State(st): State<AppState>,
    ApiQuery(p): ApiQuery<RulingsParams>,
) -> Result<Json<RulingsResponse>, ApiError> {
    let site = st.site();
    let filter = filter_of(site.kb(), &p)?;
    Ok(Json(rulings_response(&site, &filter)))
}

/// `GET /api/rulings/{id}`.
pub(crate) async fn one(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RulingDto>, ApiError> {
    let site = st.site();
    let set = site.kb().corpus().rulings();
    let r = set
        .get(&id)
        .ok_or_else(|| ApiError::NotFound(format!("no ruling has the id {id:?}")))?;
    Ok(Json(ruling_dto(set, r)))
}
