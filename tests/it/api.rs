//! The HTTP API and pages through `server::router` with `oneshot`, no
//! socket: every endpoint, every error status, conditional requests,
//! compression, the OpenAPI contract checked against real responses, and a
//! few thousand malformed requests that must never produce a 500.

use std::io::Read;
use std::sync::LazyLock;

use axum::body::{to_bytes, Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::Router;
use lovbok::corpus::embedded_sources;
use lovbok::kb::Kb;
use lovbok::server::{router, AppState};
use serde_json::Value;
use tower::ServiceExt;

/// One knowledge base for every test in the binary (building the index is
/// the slow part). Built without the corpus checks: these tests are about
/// the server, whatever state the corpus is in.
pub(crate) fn state() -> AppState {
    static STATE: LazyLock<AppState> = LazyLock::new(|| {
        let (kb, _diagnostics) =
            Kb::build_unchecked(&embedded_sources()).expect("the embedded corpus builds");
        AppState::new(kb)
    });
    STATE.clone()
}

fn app() -> Router {
    router(state())
}

pub(crate) struct Reply {
    pub(crate) status: StatusCode,
    pub(crate) headers: HeaderMap,
    pub(crate) body: Bytes,
}

impl Reply {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
    #[track_caller]
    pub(crate) fn assert_problem(&self, status: StatusCode) -> Value {
        assert_eq!(self.status, status, "body: {}", self.text());
        assert_eq!(
            self.header(header::CONTENT_TYPE),
            "application/problem+json"
        );
        let p = self.json();
        assert_eq!(p["status"], status.as_u16());
        assert!(p["title"].is_string() && p["detail"].is_string(), "{p}");
        check_schema(&p, "Problem");
        p
    }
}

pub(crate) async fn send(req: Request<Body>) -> Reply {
    let res = app().oneshot(req).await.expect("the router is infallible");
    let (parts, body) = res.into_parts();
    let body = to_bytes(body, usize::MAX).await.expect("body");
    Reply {
        status: parts.status,
        headers: parts.headers,
        body,
    }
}

pub(crate) async fn get(uri: &str) -> Reply {
    send(Request::get(uri).body(Body::empty()).unwrap()).await
}

pub(crate) async fn post_json(uri: &str, body: &str) -> Reply {
    send(
        Request::post(uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

// --- the OpenAPI document as a schema checker --------------------------------

fn openapi() -> &'static Value {
    static DOC: LazyLock<Value> = LazyLock::new(|| {
        serde_json::from_str(lovbok::server::api::OPENAPI).expect("openapi.json is JSON")
    });
    &DOC
}

/// Checks `value` against `components.schemas.{name}`: types, required
/// fields, enums, array items, and that no field is undocumented.
#[track_caller]
pub(crate) fn check_schema(value: &Value, name: &str) {
    let schema = serde_json::json!({ "$ref": format!("#/components/schemas/{name}") });
    let mut errors = Vec::new();
    validate(value, &schema, "$", &mut errors);
    assert!(
        errors.is_empty(),
        "{name} does not match the OpenAPI schema:\n{}\nvalue: {value}",
        errors.join("\n")
    );
}

fn resolve_ref(schema: &Value) -> &Value {
    let mut s = schema;
    while let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let path = r.trim_start_matches("#/");
        let mut cur = openapi();
        for part in path.split('/') {
            cur = &cur[part];
        }
        assert!(!cur.is_null(), "dangling $ref {r}");
        s = cur;
    }
    s
}

fn type_ok(value: &Value, ty: &str) -> bool {
    match ty {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        _ => false,
    }
}

fn validate(value: &Value, schema: &Value, at: &str, errors: &mut Vec<String>) {
    let schema = resolve_ref(schema);
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let matching = options
            .iter()
            .filter(|o| {
                let mut e = Vec::new();
                validate(value, o, at, &mut e);
                e.is_empty()
            })
            .count();
        if matching != 1 {
            errors.push(format!(
                "{at}: {value} matches {matching} of the oneOf schemas, not exactly one"
            ));
        }
    }
    if let Some(ty) = schema.get("type") {
        let ok = match ty {
            Value::String(t) => type_ok(value, t),
            Value::Array(ts) => ts
                .iter()
                .filter_map(Value::as_str)
                .any(|t| type_ok(value, t)),
            _ => true,
        };
        if !ok {
            errors.push(format!("{at}: {value} is not of type {ty}"));
            return;
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            errors.push(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    if let Some(c) = schema.get("const") {
        if c != value {
            errors.push(format!("{at}: {value} is not {c}"));
        }
    }
    if let (Some(min), Some(n)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) {
        if n < min {
            errors.push(format!("{at}: {n} < {min}"));
        }
    }
    if let (Some(max), Some(n)) = (
        schema.get("maximum").and_then(Value::as_f64),
        value.as_f64(),
    ) {
        if n > max {
            errors.push(format!("{at}: {n} > {max}"));
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), value.as_array()) {
        for (i, v) in arr.iter().enumerate() {
            validate(v, items, &format!("{at}[{i}]"), errors);
        }
    }
    if let Some(obj) = value.as_object() {
        let props = schema.get("properties").and_then(Value::as_object);
        for req in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(k) = req.as_str() {
                if !obj.contains_key(k) {
                    errors.push(format!("{at}: missing required field {k:?}"));
                }
            }
        }
        if let Some(props) = props {
            for (k, v) in obj {
                match props.get(k) {
                    Some(s) => validate(v, s, &format!("{at}.{k}"), errors),
                    None => errors.push(format!("{at}: field {k:?} is not in the schema")),
                }
            }
        }
    }
}

/// The schema the document promises for a JSON response.
pub(crate) fn response_schema_name(path: &str, method: &str, status: &str) -> String {
    let r = &openapi()["paths"][path][method]["responses"][status];
    let r = resolve_ref(r);
    let s = r["content"]
        .as_object()
        .and_then(|c| c.values().next())
        .map(|c| c["schema"]["$ref"].as_str().unwrap_or_default().to_string())
        .unwrap_or_default();
    s.rsplit('/').next().unwrap_or_default().to_string()
}

// --- health and the contract ---------------------------------------------------

#[tokio::test]
async fn healthz_is_plain_ok() {
    let r = get("/healthz").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.text(), "ok");
    assert!(r.header(header::CONTENT_TYPE).starts_with("text/plain"));
}

#[tokio::test]
async fn openapi_document_describes_every_endpoint() {
    let r = get("/api/openapi.json").await;
    assert_eq!(r.status, StatusCode::OK);
    let doc = r.json();
    assert_eq!(doc["openapi"], "3.1.0");
    // The route table says which routes the document describes; it
    // describes those and no others.
    let documented: Vec<(String, &str)> = lovbok::web::routes::ROUTES
        .iter()
        .filter(|r| r.documented)
        .map(|r| (r.pattern(), r.method.as_str()))
        .collect();
    assert!(documented.len() >= 10, "{documented:?}");
    for (path, method) in &documented {
        assert!(
            doc["paths"][path.as_str()][method].is_object(),
            "{method} {path} is not described"
        );
    }
    let paths = doc["paths"].as_object().expect("paths");
    for (path, ops) in paths {
        for method in ops.as_object().expect("operations").keys() {
            assert!(
                documented.iter().any(|(p, m)| p == path && m == method),
                "{method} {path} is described but no documented route"
            );
        }
    }
    // Every $ref in the document points somewhere.
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                    out.push(r.to_string());
                }
                m.values().for_each(|v| refs(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    refs(&doc, &mut all);
    for r in all {
        resolve_ref(&serde_json::json!({ "$ref": r }));
    }
    assert_eq!(
        response_schema_name("/api/search", "get", "200"),
        "SearchResponse"
    );
    assert_eq!(response_schema_name("/api/search", "get", "400"), "Problem");
}

// --- search ----------------------------------------------------------------------

#[tokio::test]
async fn search_returns_hits_in_the_documented_shape() {
    let r = get("/api/search?q=revoke").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header(header::CONTENT_TYPE), "application/json");
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/search", "get", "200"));
    assert_eq!(v["query"], "revoke");
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty() && hits.len() <= 10);
    assert_eq!(v["total"], hits.len());
    for h in hits {
        let url = h["url"].as_str().unwrap();
        assert!(url.starts_with("/p/"), "{url}");
    }
}

#[tokio::test]
async fn search_honours_limit_and_book() {
    let v = get("/api/search?q=spill&limit=3").await.json();
    assert!(v["hits"].as_array().unwrap().len() <= 3);
    let v = get("/api/search?q=spill&limit=50&book=handbook")
        .await
        .json();
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|h| h["book"] == "handbook"), "{v}");
}

#[tokio::test]
async fn search_with_explain_gives_each_word_a_role_in_the_documented_shape() {
    let q = "hva%20sier%20loven%20om%20en%20pause%20f%C3%B8r%20pass%20i%20holdkamp";
    let v = get(&format!("/api/search?q={q}&explain=true")).await.json();
    check_schema(&v, &response_schema_name("/api/search", "get", "200"));
    let words = v["explain"]["words"].as_array().unwrap();
    assert_eq!(words.len(), 10, "{v}");
    let role = |w: &str| {
        words
            .iter()
            .find(|x| x["word"] == w)
            .map(|x| x["role"].as_str().unwrap_or_default().to_string())
    };
    assert_eq!(role("loven").as_deref(), Some("framing"), "{v}");
    assert_eq!(role("pause").as_deref(), Some("content"), "{v}");
    assert_ne!(role("holdkamp").as_deref(), Some("content"), "{v}");
    let hits = v["explain"]["hits"].as_array().unwrap();
    assert_eq!(hits.len(), v["hits"].as_array().unwrap().len());
    assert_eq!(hits[0]["id"], v["hits"][0]["cite"], "{v}");
    // Without the flag the response has no explanation.
    let plain = get(&format!("/api/search?q={q}")).await.json();
    assert!(plain.get("explain").is_none(), "{plain}");
}

#[tokio::test]
async fn search_for_a_citation_puts_its_provision_first() {
    let v = get("/api/search?q=12C1").await.json();
    assert_eq!(v["hits"][0]["cite"], "12C1", "{v}");
    assert_eq!(v["hits"][0]["via_citation"], true);
}

#[tokio::test]
async fn search_rejects_bad_parameters_with_400_problems() {
    let long = "a".repeat(5000);
    for uri in [
        "/api/search".to_string(),
        "/api/search?q=".to_string(),
        "/api/search?q=%20%20".to_string(),
        "/api/search?q=x&limit=0".to_string(),
        "/api/search?q=x&limit=51".to_string(),
        "/api/search?q=x&limit=ten".to_string(),
        "/api/search?q=x&limit=-1".to_string(),
        "/api/search?q=x&book=bible".to_string(),
        "/api/search?q=x&explain=yes".to_string(),
        format!("/api/search?q={long}"),
    ] {
        let r = get(&uri).await;
        r.assert_problem(StatusCode::BAD_REQUEST);
    }
}

// --- provisions --------------------------------------------------------------------

#[tokio::test]
async fn provision_has_path_children_and_citations() {
    let r = get("/api/provisions/12C1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(
        &v,
        &response_schema_name("/api/provisions/{cite}", "get", "200"),
    );
    assert_eq!(v["cite"], "12C1");
    assert_eq!(v["book"], "laws");
    assert_eq!(v["lang"], "nb");
    assert_eq!(v["kind"], "item");
    assert_eq!(v["path"], serde_json::json!(["12", "12C", "12C1"]));
    assert_eq!(v["parent"], "12C");
    assert_eq!(v["url"], "/p/12C1");
    assert!(v["children"]
        .as_array()
        .unwrap()
        .contains(&Value::from("12C1a")));
    assert_eq!(v["in_corpus"], true);

    // 12C2 is cited from 12A2 ("se C2 nedenfor").
    let v = get("/api/provisions/12C2").await.json();
    let from: Vec<&str> = v["cited_by"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["cite"].as_str())
        .collect();
    assert!(from.contains(&"12A2"), "{v}");
    let v = get("/api/provisions/12A2").await.json();
    assert!(
        v["cites"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["cite"] == "12C2"),
        "{v}"
    );
    assert!(v["html"].as_str().unwrap().contains("href=\"/p/12C2\""));
}

#[tokio::test]
async fn handbook_extensions_and_their_laws_point_at_each_other() {
    let v = get("/api/provisions/X16").await.json();
    assert_eq!(v["extends"], "16");
    assert_eq!(v["lang"], "da");
    assert_eq!(v["kind"], "extension");
    let v = get("/api/provisions/16").await.json();
    assert!(
        v["extended_by"]
            .as_array()
            .unwrap()
            .contains(&Value::from("X16")),
        "{v}"
    );
}

#[tokio::test]
async fn a_definition_is_a_provision() {
    let r = get("/api/provisions/def:Alert").await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    assert_eq!(v["kind"], "definition");
    assert_eq!(v["title"], "Alert");
    // Spaces and parentheses percent-encoded, as url_of writes them.
    let r = get("/api/provisions/def:Urettmessig%20informasjon%20(UI)").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // Definitions match case-insensitively; the answer gives the canonical cite.
    assert_eq!(
        get("/api/provisions/def:alert").await.json()["cite"],
        "def:Alert"
    );
}

#[tokio::test]
async fn a_law_without_text_is_there_but_not_in_corpus() {
    let v = get("/api/provisions/40").await.json();
    assert_eq!(v["in_corpus"], false);
    assert_eq!(v["title"], "Makkeravtaler");
}

#[tokio::test]
async fn unknown_cites_are_404_and_malformed_ones_400() {
    let p = get("/api/provisions/12Z")
        .await
        .assert_problem(StatusCode::NOT_FOUND);
    assert!(p["detail"].as_str().unwrap().contains("12Z"));
    get("/api/provisions/40B2")
        .await
        .assert_problem(StatusCode::NOT_FOUND);
    get("/api/provisions/def:Nonsense")
        .await
        .assert_problem(StatusCode::NOT_FOUND);
    // Well-formed cites of provisions that cannot exist are as unknown as
    // 12Z, with the nearest ones that do.
    for (missing, nearest) in [
        ("99", vec!["93"]),
        ("94", vec!["93"]),
        ("X99", vec!["X93"]),
        ("X50", vec!["X40", "X70"]),
        ("209", vec!["208", "211"]),
        ("12Z", vec!["12", "12A", "12B", "12C"]),
    ] {
        let p = get(&format!("/api/provisions/{missing}"))
            .await
            .assert_problem(StatusCode::NOT_FOUND);
        assert!(p["detail"].as_str().unwrap().contains(missing), "{p}");
        assert_eq!(p["nearest"], serde_json::json!(nearest), "{missing}: {p}");
    }
    for bad in [
        "abc",
        "0",
        "12c",
        "%FF",
        "%00",
        "laws:",
        "12C1e(",
        "13%20kort",
    ] {
        get(&format!("/api/provisions/{bad}"))
            .await
            .assert_problem(StatusCode::BAD_REQUEST);
    }
}

// --- resolve --------------------------------------------------------------------------

#[tokio::test]
async fn resolve_reads_any_citation_form() {
    for (input, want) in [
        ("12C1c", "12C1c"),
        ("§ 12 C 1 c", "12C1c"),
        ("lov 16", "16"),
        ("X16A", "X16A"),
    ] {
        let uri = format!("/api/resolve?cite={}", urlencode(input));
        let r = get(&uri).await;
        assert_eq!(r.status, StatusCode::OK, "{input}: {}", r.text());
        let v = r.json();
        check_schema(&v, &response_schema_name("/api/resolve", "get", "200"));
        assert_eq!(v["input"], input);
        assert_eq!(v["matches"][0]["cite"], want, "{input}: {v}");
    }
}

#[tokio::test]
async fn resolve_reads_relative_citations_against_the_context() {
    let v = get("/api/resolve?cite=C2%20nedenfor&context=12A2")
        .await
        .json();
    assert_eq!(v["matches"][0]["cite"], "12C2", "{v}");
    assert_eq!(v["matches"][0]["url"], "/p/12C2");
}

#[tokio::test]
async fn resolve_marks_citations_outside_the_text() {
    let v = get("/api/resolve?cite=40B2").await.json();
    let m = &v["matches"][0];
    assert_eq!(m["in_corpus"], false, "{v}");
    assert_eq!(m["url"], "/p/40");
}

#[tokio::test]
async fn resolve_rejects_bad_parameters() {
    get("/api/resolve")
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
    get("/api/resolve?cite=")
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
    get("/api/resolve?cite=12&context=nonsense")
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
    let long = "1".repeat(2000);
    get(&format!("/api/resolve?cite={long}"))
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
}

fn urlencode(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
}

// --- link --------------------------------------------------------------------------------

#[tokio::test]
async fn link_finds_citations_with_byte_offsets() {
    let text = "Spilleren påberoper seg 16B; se også lov 12C1 og § 212A. Æ ø å.";
    let body = serde_json::json!({ "text": text }).to_string();
    let r = post_json("/api/link", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/link", "post", "200"));
    let cites = v["citations"].as_array().unwrap();
    assert!(cites.len() >= 3, "{v}");
    for c in cites {
        let (s, e) = (
            c["start"].as_u64().unwrap() as usize,
            c["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&text[s..e], c["text"].as_str().unwrap());
    }
    let all: Vec<&str> = cites
        .iter()
        .flat_map(|c| c["cites"].as_array().unwrap())
        .filter_map(Value::as_str)
        .collect();
    for want in ["16B", "12C1", "212A"] {
        assert!(all.contains(&want), "{want} in {all:?}");
    }
}

#[tokio::test]
async fn link_uses_the_context_for_relative_citations() {
    let body = serde_json::json!({ "text": "se C2 nedenfor", "context": "12A2" }).to_string();
    let v = post_json("/api/link", &body).await.json();
    assert_eq!(v["citations"][0]["cites"][0], "12C2", "{v}");
    assert_eq!(v["citations"][0]["url"], "/p/12C2");
}

#[tokio::test]
async fn link_as_html_escapes_the_text_and_links_the_citations() {
    let body = serde_json::json!({ "text": "<script>alert(1)</script> se 16B & 12C1" }).to_string();
    let r = post_json("/api/link?format=html", &body).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header(header::CONTENT_TYPE).starts_with("text/html"));
    let html = r.text();
    assert!(!html.contains("<script>"), "{html}");
    assert!(
        html.contains("&lt;script&gt;") && html.contains("&amp;"),
        "{html}"
    );
    assert!(html.contains("href=\"/p/16B\""), "{html}");
}

#[tokio::test]
async fn link_rejects_what_it_cannot_read() {
    // 413: over 64 KB.
    let big = serde_json::json!({ "text": "a".repeat(70 * 1024) }).to_string();
    post_json("/api/link", &big)
        .await
        .assert_problem(StatusCode::PAYLOAD_TOO_LARGE);
    // 415: not JSON.
    let r = send(
        Request::post("/api/link")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from("se 16B"))
            .unwrap(),
    )
    .await;
    r.assert_problem(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let r = send(Request::post("/api/link").body(Body::from("{}")).unwrap()).await;
    r.assert_problem(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // 400: broken JSON, a missing field, a wrong type, a bad context or format.
    for body in [
        "{",
        "{}",
        "{\"text\": 5}",
        "[]",
        "null",
        "{\"text\": \"x\", \"context\": \"nonsense\"}",
    ] {
        post_json("/api/link", body)
            .await
            .assert_problem(StatusCode::BAD_REQUEST);
    }
    post_json("/api/link?format=xml", "{\"text\": \"x\"}")
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
}

// --- errors, methods, conditional requests, compression --------------------------------------

#[tokio::test]
async fn wrong_methods_are_405_problems() {
    for (method, uri) in [
        (Method::DELETE, "/api/search?q=x"),
        (Method::POST, "/api/search"),
        (Method::GET, "/api/link"),
        (Method::PUT, "/api/provisions/12"),
        (Method::POST, "/healthz"),
        (Method::PATCH, "/p/12"),
    ] {
        let r = send(
            Request::builder()
                .method(method.clone())
                .uri(uri)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        r.assert_problem(StatusCode::METHOD_NOT_ALLOWED);
    }
}

#[tokio::test]
async fn unknown_routes_are_404_problems_or_pages() {
    get("/api/nothing")
        .await
        .assert_problem(StatusCode::NOT_FOUND);
    get("/nothing").await.assert_problem(StatusCode::NOT_FOUND);
    let r = send(
        Request::get("/nothing")
            .header(header::ACCEPT, "text/html")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.header(header::CONTENT_TYPE).starts_with("text/html"));
    assert!(r.text().contains("Fant ikke siden"));
}

#[tokio::test]
async fn json_has_an_etag_and_if_none_match_gives_304() {
    for uri in [
        "/api/provisions/12",
        "/api/search?q=revoke",
        "/api/resolve?cite=12C1",
        "/p/12",
        "/innhold",
    ] {
        let r = get(uri).await;
        let etag = r.header(header::ETAG).to_string();
        assert!(etag.starts_with("W/\""), "{uri}: {etag:?}");
        let again = send(
            Request::get(uri)
                .header(header::IF_NONE_MATCH, &etag)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(again.body.is_empty());
        assert_eq!(again.header(header::ETAG), etag);
        let other = send(
            Request::get(uri)
                .header(header::IF_NONE_MATCH, "W/\"0\"")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(other.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn responses_are_gzipped_when_the_client_accepts_it() {
    for uri in ["/p/12", "/api/provisions/12", "/api/search?q=revoke"] {
        let r = send(
            Request::get(uri)
                .header(header::ACCEPT_ENCODING, "gzip")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.header(header::CONTENT_ENCODING), "gzip", "{uri}");
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&r.body[..])
            .read_to_string(&mut plain)
            .expect("valid gzip");
        assert!(plain.len() > r.body.len(), "{uri}: compression pays");
        let plain_reply = get(uri).await;
        if uri.starts_with("/api/") {
            let (mut a, mut b) = (
                serde_json::from_str::<Value>(&plain).unwrap(),
                plain_reply.json(),
            );
            // Search timings differ between two runs.
            a["took_us"] = Value::Null;
            b["took_us"] = Value::Null;
            assert_eq!(a, b, "{uri}");
        } else {
            assert_eq!(plain, plain_reply.text(), "{uri}");
        }
        assert_eq!(plain_reply.header(header::CONTENT_ENCODING), "");
    }
}

#[tokio::test]
async fn assets_are_sent_gzipped_once_prepared_and_revalidate() {
    let css = lovbok::web::assets::css_url();
    let plain = get(css).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.header(header::CONTENT_ENCODING), "");
    let etag = plain.header(header::ETAG).to_string();
    assert!(!etag.is_empty());
    let r = send(
        Request::get(css)
            .header(header::ACCEPT_ENCODING, "gzip")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.header(header::CONTENT_ENCODING), "gzip");
    assert_eq!(r.header(header::VARY), "accept-encoding");
    assert_eq!(r.header(header::ETAG), etag, "one name, one content");
    assert!(r.header(header::CACHE_CONTROL).contains("immutable"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&r.body[..])
        .read_to_string(&mut text)
        .expect("valid gzip");
    assert_eq!(text, plain.text());
    assert!(r.body.len() < text.len());
    let r = send(
        Request::get(css)
            .header(header::ACCEPT_ENCODING, "gzip")
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_MODIFIED);
    assert!(r.body.is_empty());
}

#[tokio::test]
async fn overload_is_a_503_problem() {
    let limits = lovbok::server::Limits {
        max_concurrency: 0,
        ..Default::default()
    };
    let app = lovbok::server::router_with(state(), &limits);
    let res = app
        .oneshot(Request::get("/healthz").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        res.headers()[header::CONTENT_TYPE],
        "application/problem+json"
    );
}

// --- static assets and headers -------------------------------------------------------------------

#[tokio::test]
async fn assets_are_fingerprinted_and_immutable() {
    let css = lovbok::web::assets::css_url();
    let r = get(css).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header(header::CONTENT_TYPE).starts_with("text/css"));
    assert!(r.header(header::CACHE_CONTROL).contains("immutable"));
    let etag = r.header(header::ETAG).to_string();
    let again = send(
        Request::get(css)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    for url in [
        lovbok::web::assets::js_url(),
        lovbok::web::assets::icon_url(),
    ] {
        assert_eq!(get(url).await.status, StatusCode::OK, "{url}");
    }
    // The page links the same URLs.
    assert!(get("/").await.text().contains(css));
}

#[tokio::test]
async fn path_traversal_on_assets_is_404() {
    for uri in [
        "/static/../Cargo.toml",
        "/static/..%2fCargo.toml",
        "/static/%2e%2e%2fCargo.toml",
        "/static/%2e%2e/Cargo.toml",
        "/static/..%5cCargo.toml",
        "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/static/app.css",
        "/static/",
        "/static/%00",
        "/static/....//Cargo.toml",
    ] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!r.text().contains("[package]"), "{uri}");
    }
}

#[tokio::test]
async fn every_page_forbids_external_sources_and_inline_script() {
    for uri in [
        "/",
        "/sok?q=revoke",
        "/p/12",
        "/p/X16",
        "/innhold",
        "/definisjoner",
        "/p/def:Alert",
        "/ov",
        "/kjennelser",
        "/kjennelser/dbf-appel-14-mak-10",
    ] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        let csp = r.header(header::CONTENT_SECURITY_POLICY);
        assert!(
            csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"),
            "{uri}: {csp}"
        );
        assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        let html = r.text();
        // No inline script or style, nothing from another origin.
        for script in html.match_indices("<script") {
            let tag = &html[script.0..script.0 + html[script.0..].find('>').unwrap()];
            assert!(
                tag.contains(" src=\"/static/"),
                "{uri}: inline script {tag}"
            );
        }
        assert!(
            !html.contains(" style=") && !html.contains("<style"),
            "{uri}: inline style"
        );
        assert!(!html.contains("src=\"http"), "{uri}: external URL");
        // The one address of another origin a page may hold is a link the
        // reader follows to a ruling's source (`rel="external"`, which sends
        // no referrer and gives the other page no handle on this one);
        // nothing is loaded from it.
        for (at, _) in html.match_indices("href=\"http") {
            let tag_start = html[..at].rfind('<').unwrap_or(0);
            let tag = &html[tag_start..at + html[at..].find('>').unwrap_or(0)];
            assert!(
                tag.starts_with("<a ") && tag.contains("rel=\"external noopener noreferrer\""),
                "{uri}: external URL in {tag}"
            );
        }
        assert!(html.contains("<html lang=\"nb\">"), "{uri}");
    }
}

// --- practice cards ---------------------------------------------------------------------------------

#[tokio::test]
async fn cards_api_returns_one_deck_in_the_documented_shape() {
    let r = get("/api/cards?deck=begreper").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header(header::CONTENT_TYPE), "application/json");
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/cards", "get", "200"));
    assert_eq!(v["decks"][0]["id"], "begreper");
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(v["decks"][0]["cards"], cards.len());
    // Every Begreper card the deck holds once the quality rules have left
    // out pointers, abbreviations and give-aways (142 before those rules).
    let deck = lovbok::cards::Deck::build(&crate::fixtures::corpus());
    assert_eq!(cards.len(), deck.count(lovbok::cards::DeckId::Terms));
    assert!(cards.len() >= 100, "{}", cards.len());
    let provisions: std::collections::HashSet<&str> = v["provisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["cite"].as_str())
        .collect();
    for c in cards {
        assert_eq!(c["deck"], "begreper");
        let choices = c["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 4);
        assert!(c["answer"].as_u64().unwrap() < 4);
        for ch in choices {
            assert!(provisions.contains(ch["cite"].as_str().unwrap()), "{ch}");
        }
        assert!(provisions.contains(c["cite"].as_str().unwrap()));
        assert_eq!(c["hash"].as_str().unwrap().len(), 16);
    }
    // A book narrows the deck.
    let v = get("/api/cards?deck=hvor-star-det&book=handbook")
        .await
        .json();
    let cards = v["cards"].as_array().unwrap();
    assert!(!cards.is_empty());
    assert!(cards.iter().all(|c| c["book"] == "handbook"));
    for p in v["provisions"].as_array().unwrap() {
        assert!(p["url"].as_str().unwrap().starts_with("/p/"), "{p}");
    }
}

/// A Kjennelse card made from a published case names the ruling (its id,
/// title and page), in the documented shape; no other card has a case.
#[tokio::test]
async fn cards_api_names_the_ruling_of_a_case_card() {
    let r = get("/api/cards?deck=kjennelse").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/cards", "get", "200"));
    let cards = v["cards"].as_array().unwrap();
    let mut cased = Vec::new();
    for c in cards {
        let id = c["id"].as_str().unwrap();
        match id.split_once("/case:") {
            Some((_, case)) => {
                assert_eq!(c["case"]["id"], case, "{id}");
                assert_eq!(c["case"]["url"], format!("/kjennelser/{case}"), "{id}");
                assert!(!c["case"]["title"].as_str().unwrap().is_empty(), "{id}");
                cased.push(case.to_string());
            }
            None => assert!(c.get("case").is_none(), "{id}: {}", c["case"]),
        }
    }
    assert!(cased.len() >= 40, "{} case cards", cased.len());
    // The page each names is the ruling's (every tenth case looked at).
    for case in cased.iter().step_by(10) {
        let page = get(&format!("/kjennelser/{case}")).await;
        assert_eq!(page.status, StatusCode::OK, "/kjennelser/{case}");
        let api = get(&format!("/api/rulings/{case}")).await;
        assert_eq!(api.status, StatusCode::OK, "/api/rulings/{case}");
        assert_eq!(api.json()["id"], case.as_str());
    }
}

#[tokio::test]
async fn cards_api_rejects_a_bad_or_missing_deck() {
    for uri in [
        "/api/cards",
        "/api/cards?deck=",
        "/api/cards?deck=alle",
        "/api/cards?deck=Begreper",
        "/api/cards?deck=begreper&book=neither",
        "/api/cards?deck=%FF",
    ] {
        let r = get(uri).await;
        let p = r.assert_problem(StatusCode::BAD_REQUEST);
        assert!(!p["detail"].as_str().unwrap().is_empty(), "{uri}");
    }
    assert_eq!(response_schema_name("/api/cards", "get", "400"), "Problem");
}

#[tokio::test]
async fn practice_page_links_a_fingerprinted_immutable_deck() {
    let r = get("/ov").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.contains(lovbok::web::assets::practice_js_url()));
    assert!(html.contains(lovbok::web::assets::practice_css_url()));
    assert!(html.contains("aria-current=\"page\">Øving</a>"));
    let at = html
        .find("data-deck=\"/static/cards.")
        .expect("the deck URL");
    let url = &html[at + "data-deck=\"".len()..];
    let url = &url[..url.find('"').unwrap()];
    assert!(
        url.ends_with(".json") && url.len() == "/static/cards.0123456789.json".len(),
        "{url}"
    );
    let deck = lovbok::cards::Deck::build(&crate::fixtures::corpus());
    for d in lovbok::cards::DeckId::ALL {
        let c = format!("{} kort", deck.count(d));
        assert!(html.contains(&c), "deck counts on the page: {c}");
    }

    let r = get(url).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header(header::CONTENT_TYPE), "application/json");
    assert!(r.header(header::CACHE_CONTROL).contains("immutable"));
    let v = r.json();
    check_schema(&v, "CardsResponse");
    let decks: Vec<&str> = v["decks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["id"].as_str())
        .collect();
    assert_eq!(
        decks,
        [
            "begreper",
            "lovnummer",
            "hvor-star-det",
            "fyll-inn",
            "hvilken-lov",
            "tall",
            "kjennelse"
        ]
    );
    // The asset is the same document the API gives, deck by deck.
    let api = get("/api/cards?deck=fyll-inn").await.json();
    let in_asset: Vec<&Value> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["deck"] == "fyll-inn")
        .collect();
    assert_eq!(in_asset.len(), api["cards"].as_array().unwrap().len());
    assert_eq!(
        in_asset.first().copied(),
        api["cards"].as_array().unwrap().first()
    );

    let etag = r.header(header::ETAG).to_string();
    let again = send(
        Request::get(url)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    for stale in [
        "/static/cards.0000000000.json",
        "/static/cards.json",
        "/static/cards.",
    ] {
        assert_eq!(get(stale).await.status, StatusCode::NOT_FOUND, "{stale}");
    }
}

/// A test's state builds its cards on use, never on a thread of its own,
/// before or after a reload; a warming state (what `lovbok serve` makes)
/// builds them ahead of the first reader, and again after a reload.
#[test]
fn only_a_warming_state_builds_its_cards_ahead() {
    let kb = |text: &str| Kb::from_sources(&crate::cards::small(text)).expect("fixture builds");
    let ready_within = |state: &AppState| {
        // Liveness, not speed: the thread is given all the time a slow
        // machine needs.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while std::time::Instant::now() < until {
            if state.site().kb().cards_ready() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    };
    let started = std::time::Instant::now();
    let warm = AppState::new(kb("Et signal som gjør motstanderne oppmerksom.")).warming();
    assert!(ready_within(&warm));
    // Ten times what a warm thread took: a cold state's would be done.
    let took = started.elapsed() * 10;
    warm.replace(kb("Et varsel som gjør motstanderne oppmerksom."));
    assert!(ready_within(&warm));
    let cold = AppState::new(kb("Et signal som gjør motstanderne oppmerksom."));
    std::thread::sleep(took);
    assert!(!cold.site().kb().cards_ready());
    cold.replace(kb("Et varsel som gjør motstanderne oppmerksom."));
    std::thread::sleep(took);
    assert!(!cold.site().kb().cards_ready());
}

#[tokio::test]
async fn a_reload_gives_a_new_deck_url_and_the_old_one_is_gone() {
    let kb = |text: &str| Kb::from_sources(&crate::cards::small(text)).expect("fixture builds");
    let state = AppState::new(kb("Et signal som gjør motstanderne oppmerksom."));
    let app = router(state.clone());
    let deck_url = |html: String| {
        let at = html.find("data-deck=\"").expect("deck URL") + "data-deck=\"".len();
        html[at..at + html[at..].find('"').unwrap()].to_string()
    };
    let fetch = |uri: String| {
        let app = app.clone();
        async move {
            let res = app
                .oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            let status = res.status();
            let body = to_bytes(res.into_body(), usize::MAX).await.unwrap();
            (status, String::from_utf8_lossy(&body).into_owned())
        }
    };
    let (_, page) = fetch("/ov".into()).await;
    let old = deck_url(page);
    let (status, body) = fetch(old.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Et signal som"));
    state.replace(kb("Et varsel som gjør motstanderne oppmerksom."));
    let (_, page) = fetch("/ov".into()).await;
    let new = deck_url(page);
    assert_ne!(old, new, "the deck changed, so must its name");
    assert_eq!(fetch(old).await.0, StatusCode::NOT_FOUND);
    let (status, body) = fetch(new).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Et varsel som") && !body.contains("Et signal som"));
}

// --- pages -----------------------------------------------------------------------------------------

#[tokio::test]
async fn home_page_has_a_focused_search_box_and_a_get_form() {
    let html = get("/").await.text();
    assert!(html.contains("action=\"/sok\" method=\"get\""));
    assert!(html.contains("autofocus"));
    assert!(html.contains("data-live"));
}

#[tokio::test]
async fn search_page_renders_results_without_javascript() {
    let r = get("/sok?q=revoke").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.contains("<mark>"), "highlighted snippets");
    assert!(html.contains("href=\"/p/"), "linked hits");
    assert!(html.contains("value=\"revoke\""));
}

#[tokio::test]
async fn a_citation_typed_as_a_search_jumps_to_it() {
    for (q, want) in [
        ("12C1", "/p/12C1"),
        ("lov%2012C1", "/p/12C1"),
        ("%C2%A7%20212A", "/p/212A"),
        ("X16", "/p/X16"),
        ("40", "/p/40"),
    ] {
        let r = get(&format!("/sok?q={q}")).await;
        assert!(r.status.is_redirection(), "{q}: {}", r.status);
        assert_eq!(r.header(header::LOCATION), want, "{q}");
    }
}

#[tokio::test]
async fn non_canonical_cites_redirect_to_the_stable_url() {
    let r = get("/p/%C2%A7%2012%20C%201").await;
    assert_eq!(r.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(r.header(header::LOCATION), "/p/12C1");
    let r = get("/p/def:alert").await;
    assert_eq!(r.header(header::LOCATION), "/p/def:Alert");
}

#[tokio::test]
async fn provision_page_shows_the_whole_law_with_the_target_marked() {
    let r = get("/p/12C1").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(
        html.contains("class=\"prov d2 current\" id=\"12C1\""),
        "current provision marked"
    );
    assert!(html.contains("id=\"12A\""), "the whole law is on the page");
    assert!(
        html.contains("<a href=\"/p/12\">Lov 12</a>"),
        "breadcrumb to the law"
    );
    assert!(
        html.contains(">C</a>") && html.contains("aria-current=\"location\">1</a>"),
        "breadcrumbs"
    );
    for label in ["Kopier henvisning", "Kopier lenke", "Henvist fra"] {
        assert!(html.contains(label), "{label}");
    }
    assert!(
        html.contains("rel=\"prev\" href=\"/p/11\"")
            && html.contains("rel=\"next\" href=\"/p/13\"")
    );
    assert!(html.contains("class=\"cite"), "citations are links");
    assert!(html.contains("class=\"term\""), "defined terms are marked");
}

#[tokio::test]
async fn citation_links_carry_the_cited_text() {
    let html = get("/p/12A2").await.text();
    let at = html.find("href=\"/p/12C2\"").expect("12A2 cites C2");
    let tag = &html[html[..at].rfind("<a ").unwrap()..at + html[at..].find('>').unwrap()];
    assert!(tag.contains("title=\"Lov 12C2"), "{tag}");
}

#[tokio::test]
async fn laws_and_their_handbook_extensions_link_both_ways() {
    let law = get("/p/16").await.text();
    assert!(law.contains("Utvidet i håndboken") && law.contains("href=\"/p/X16\""));
    let ext = get("/p/X16").await.text();
    assert!(
        ext.contains("<article lang=\"da\""),
        "handbook text is marked Danish"
    );
    assert!(ext.contains("Utvider") && ext.contains("href=\"/p/16\""));
    assert!(ext.contains("[2009]"), "revision marks are shown");
}

#[tokio::test]
async fn tables_footnotes_and_gaps_are_rendered() {
    let law2 = get("/p/2").await.text();
    assert!(
        law2.contains("<table>") && law2.contains("<th>"),
        "Law 2's table"
    );
    assert!(law2.contains("class=\"gap\""), "gaps are flagged");
    let law6 = get("/p/6").await.text();
    assert!(
        law6.contains("class=\"footnotes\"") && law6.contains("href=\"#fn-1\""),
        "footnotes"
    );
}

#[tokio::test]
async fn contents_lists_both_books_and_marks_missing_text() {
    let html = get("/innhold").await.text();
    assert!(
        html.contains("Lovene for turneringsbridge 2017")
            && html.contains("Turneringslederhåndbogen 2013")
    );
    assert!(html.contains("Teksten finnes ikke i kilden"));
    assert!(html.contains("href=\"/p/40\""));
    assert!(html.contains("lang=\"da\""));
}

#[tokio::test]
async fn glossary_lists_every_definition() {
    let html = get("/definisjoner").await.text();
    assert!(html.contains("id=\"def:Alert\""));
    assert!(html.contains("href=\"/p/def:Urettmessig%20informasjon%20(UI)\""));
}

#[tokio::test]
async fn a_cite_that_cannot_exist_is_a_404_page_with_the_nearest_provisions() {
    let r = get("/p/99").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let html = r.text();
    assert!(
        html.contains("Lov 99 finnes ikke; lovene går fra 1 til 93."),
        "{html}"
    );
    assert!(html.contains("href=\"/p/93\""), "{html}");
    let html = get("/p/X99").await.text();
    assert!(html.contains("X99 finnes ikke"), "{html}");
    assert!(html.contains("href=\"/p/X93\""), "{html}");
    let html = get("/p/12Z").await.text();
    for link in ["/p/12", "/p/12A", "/p/12B", "/p/12C"] {
        assert!(html.contains(&format!("href=\"{link}\"")), "{link}: {html}");
    }
    assert_eq!(get("/p/nonsense").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_written_form_of_a_cite_opens_its_page() {
    for (uri, want) in [
        ("/p/16b1a", "/p/16B1a"),
        ("/p/lov16b1a", "/p/16B1a"),
        ("/p/16B1A", "/p/16B1a"),
        ("/p/12.c.1.e", "/p/12C1e"),
        ("/p/lov%2012%20C%202", "/p/12C2"),
        ("/p/12C1(e)", "/p/12C1e"),
        ("/p/x78b4", "/p/X78B4"),
        // The query goes along: a calculator's inputs, and "only this".
        ("/p/211b2b?tables=13", "/p/211B2b?tables=13"),
        ("/p/x78b4?tables=13&mp=7%2C5", "/p/X78B4?tables=13&mp=7%2C5"),
        ("/p/12c1?vis=denne", "/p/12C1?vis=denne"),
    ] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::PERMANENT_REDIRECT, "{uri}");
        assert_eq!(r.header(header::LOCATION), want, "{uri}");
    }
}

#[tokio::test]
async fn unknown_provision_pages_are_404_pages() {
    for uri in ["/p/12Z", "/p/nonsense", "/p/%FF"] {
        let r = get(uri).await;
        assert!(
            r.status == StatusCode::NOT_FOUND || r.status == StatusCode::BAD_REQUEST,
            "{uri}: {}",
            r.status
        );
        assert!(
            r.header(header::CONTENT_TYPE).starts_with("text/html"),
            "{uri}"
        );
    }
}

// --- security --------------------------------------------------------------------------------------------

#[tokio::test]
async fn markup_in_queries_and_cites_is_never_executed() {
    let attack = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    let enc = urlencode(attack);
    for uri in [
        format!("/sok?q={enc}"),
        format!("/sok?q=revoke{enc}"),
        format!("/p/{enc}"),
        format!("/api/search?q={enc}"),
        format!("/api/resolve?cite={enc}"),
        format!("/api/provisions/{enc}"),
    ] {
        let r = send(
            Request::get(uri.as_str())
                .header(header::ACCEPT, "text/html")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert!(r.status.as_u16() < 500, "{uri}");
        let ct = r.header(header::CONTENT_TYPE);
        if ct.starts_with("text/html") {
            let body = r.text();
            assert!(!body.contains("<script>alert"), "{uri}: {body}");
            assert!(!body.contains("<img src=x"), "{uri}");
        } else {
            // JSON may echo the query; as JSON with nosniff it is data, not markup.
            assert!(ct.contains("json"), "{uri}: {ct}");
            assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        }
    }
    // Snippets: the search module escapes the text; only <mark> is markup.
    let v = get(&format!("/api/search?q=revoke%20{enc}")).await.json();
    for h in v["hits"].as_array().unwrap() {
        let s = h["snippet"]
            .as_str()
            .unwrap()
            .replace("<mark>", "")
            .replace("</mark>", "");
        assert!(!s.contains('<'), "{s}");
    }
}

// --- nothing a client sends is a 500 ------------------------------------------------------------------------

/// xorshift64*: a tiny seeded generator, so a failure is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next() % xs.len() as u64) as usize]
    }
    fn junk(&mut self, max: usize) -> String {
        const ATOMS: &[&str] = &[
            "a", "Z", "0", "9", "12", "C", "1", "e", "(ii)", "%", "%2", "%zz", "%FF", "%00", "%2F",
            "%C3%B8", "ø", "§", " ", "+", "&", "=", "?", "#", "/", "..", "\\", "\"", "'", "<", ">",
            "<script>", "def:", "laws:", "X", "\u{0}", "\u{202e}", "🂡", "[…]", "\n", ";", ",", "-",
            "*", "{", "}", "$", "null",
        ];
        let n = (self.next() % max as u64) as usize;
        (0..n).map(|_| *self.pick(ATOMS)).collect()
    }
}

#[tokio::test]
async fn no_malformed_request_gets_a_500() {
    const REQUESTS: usize = 3000;
    let mut rng = Rng(0x1ab0_b0c5_eed5_2026);
    let methods = [
        Method::GET,
        Method::GET,
        Method::GET,
        Method::POST,
        Method::HEAD,
        Method::PUT,
        Method::DELETE,
        Method::OPTIONS,
        Method::PATCH,
    ];
    let prefixes = [
        "/",
        "/sok?q=",
        "/sok?book=",
        "/p/",
        "/api/search?q=",
        "/api/search?limit=",
        "/api/search?q=x&book=",
        "/api/provisions/",
        "/api/resolve?cite=",
        "/api/resolve?cite=12&context=",
        "/api/link",
        "/api/link?format=",
        "/api/calc/",
        "/api/calc/X78B4",
        "/api/calc/211B1d?lang=",
        "/p/X78B4?tables=",
        "/static/",
        "/innhold",
        "/definisjoner",
        "/healthz",
        "/api/openapi.json",
        "/api/",
        "/api/cards?deck=",
        "/api/cards?deck=begreper&book=",
        "/ov",
        "/static/cards.",
        "/p/12C1",
        "/sok?q=revoke&q=",
        "/kjennelser?lov=",
        "/kjennelser?type=appeal&utgiver=",
        "/kjennelser/",
        "/api/rulings?cite=",
        "/api/rulings?publisher=",
        "/api/rulings/",
    ];
    let content_types = [
        "application/json",
        "text/plain",
        "",
        "application/json; charset=utf-8",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
    ];
    let encodings = [
        "",
        "gzip",
        "br",
        "deflate, gzip;q=0.5",
        "identity",
        "*",
        "gzip;q=0",
        "x",
    ];
    let mut failures = Vec::new();
    for i in 0..REQUESTS {
        let method = rng.pick(&methods).clone();
        let mut uri = format!("{}{}", rng.pick(&prefixes), rng.junk(12));
        if rng.next() % 4 == 0 {
            uri.push_str(&format!("&{}={}", rng.junk(4), rng.junk(8)));
        }
        let body = match rng.next() % 5 {
            0 => String::new(),
            1 => format!(
                "{{\"text\": \"{}\"}}",
                rng.junk(40).replace(['"', '\\', '\n', '\u{0}'], "")
            ),
            2 => format!(
                "{{\"text\": \"se 12C1\", \"context\": \"{}\"}}",
                rng.junk(6).replace(['"', '\\', '\n', '\u{0}'], "")
            ),
            3 => rng.junk(60),
            _ => format!("{{\"text\": {}}}", rng.next() % 1000),
        };
        let mut req = Request::builder().method(method.clone());
        let ct = *rng.pick(&content_types);
        if !ct.is_empty() {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        let enc = *rng.pick(&encodings);
        if !enc.is_empty() {
            req = req.header(header::ACCEPT_ENCODING, enc);
        }
        if rng.next() % 3 == 0 {
            req = req.header(header::ACCEPT, "text/html");
        }
        if rng.next() % 7 == 0 {
            req = req.header(
                header::IF_NONE_MATCH,
                rng.junk(5).replace(['\n', '\u{0}'], ""),
            );
        }
        // Some junk is not a valid URI at all; hyper would refuse it before
        // the router, so it is not a request the app can see.
        let Ok(req) = req.uri(uri.as_str()).body(Body::from(body)) else {
            continue;
        };
        let r = send(req).await;
        if r.status.is_server_error() {
            failures.push(format!("#{i} {method} {uri} -> {} {}", r.status, r.text()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} server errors:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// --- editions of the Laws ----------------------------------------------------------------

#[tokio::test]
async fn the_handbooks_2007_cites_land_on_their_2017_provisions() {
    // In the API: the cite as written, its edition and where it lands.
    let v = get("/api/provisions/X16A").await.json();
    check_schema(&v, "Provision");
    let c = v["cites"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["text"] == "16C")
        .cloned()
        .unwrap();
    assert_eq!(c["cite"], "16C");
    assert_eq!(c["edition"], "2007");
    assert_eq!(c["maps_to"], "16D");
    assert_eq!(c["edition_reading"], "mapped");
    assert_eq!(c["url"], "/p/16D");
    // "Henvist fra" of the 2017 provision.
    let v = get("/api/provisions/16D").await.json();
    let from: Vec<_> = v["cited_by"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["edition"] == "2007")
        .map(|c| c["cite"].as_str().unwrap().to_string())
        .collect();
    assert!(from.contains(&"X16A".to_string()), "{v}");
    let v = get("/api/provisions/16C").await.json();
    assert!(
        !v["cited_by"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["cite"] == "X16A"),
        "2017 16C is about withdrawn calls, not X16A's subject: {v}"
    );
    // On the pages.
    let html = get("/p/X16").await.text();
    assert!(
        html.contains("title=\"16C (2007-lovene) = Lov 16D"),
        "{html}"
    );
    let html = get("/p/16D").await.text();
    assert!(
        html.contains("<mark>16C (2007-lovene) = 16D</mark>"),
        "{html}"
    );
    let html = get("/p/X12").await.text();
    assert!(html.contains("class=\"cite no-counterpart\""), "{html}");
    assert!(html.contains("12C1e (2007-lovene): ingen tilsvarende bestemmelse i 2017-lovene"));
}

#[tokio::test]
async fn link_and_resolve_read_2007_numbers_in_a_handbook_context() {
    let r = send(
        Request::post("/api/link")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                r#"{"text":"se 16C2 og 12C1e","context":"X16A"}"#,
            ))
            .unwrap(),
    )
    .await;
    let v = r.json();
    check_schema(&v, "LinkResponse");
    let c = &v["citations"];
    assert_eq!(c[0]["edition"], "2007");
    assert_eq!(c[0]["cites"], serde_json::json!(["16C2"]));
    assert_eq!(c[0]["maps_to"], serde_json::json!(["16D2"]));
    assert_eq!(c[0]["url"], "/p/16D2");
    assert_eq!(c[1]["status"], "no_counterpart");
    assert_eq!(c[1]["url"], serde_json::Value::Null);
    let v = get("/api/resolve?cite=16C&context=X16A").await.json();
    check_schema(&v, "ResolveResponse");
    assert_eq!(v["matches"][0]["cite"], "16C");
    assert_eq!(v["matches"][0]["maps_to"], "16D");
    assert_eq!(v["matches"][0]["url"], "/p/16D");
    // Without a handbook context a cite is a 2017 cite.
    let v = get("/api/resolve?cite=16C").await.json();
    assert_eq!(v["matches"][0]["url"], "/p/16C");
    assert_eq!(v["matches"][0]["edition"], serde_json::Value::Null);
}

#[tokio::test]
async fn link_and_resolve_take_the_edition_a_text_is_written_under() {
    let post = |uri: &'static str, body: &'static str| {
        Request::post(uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap()
    };
    // 2007: 16D was withdrawn calls (2017 16C), 23 awareness of damage
    // (2017 72C), 12C1e a rule the 2017 Laws do not have.
    let v = send(post(
        "/api/link?edition=2007",
        r#"{"text":"The TD applied Law 16D, then Law 23 and Law 12C1e."}"#,
    ))
    .await
    .json();
    check_schema(&v, "LinkResponse");
    assert_eq!(v["edition"], "2007");
    let c = &v["citations"];
    assert_eq!(c[0]["cites"], serde_json::json!(["16D"]));
    assert_eq!(c[0]["edition"], "2007");
    assert_eq!(c[0]["maps_to"], serde_json::json!(["16C"]));
    assert_eq!(c[0]["url"], "/p/16C");
    assert_eq!(c[1]["maps_to"], serde_json::json!(["72C"]));
    assert_eq!(c[2]["status"], "no_counterpart");
    assert_eq!(c[2]["maps_to"], serde_json::json!([null]));
    // The same text read as 2017 links the numbers as they stand.
    let v = send(post("/api/link", r#"{"text":"The TD applied Law 16D."}"#))
        .await
        .json();
    assert_eq!(v["edition"], "2017");
    assert_eq!(v["citations"][0]["url"], "/p/16D");
    assert_eq!(v["citations"][0]["edition"], serde_json::Value::Null);
    // The edition may come in the body too.
    let v = send(post(
        "/api/link",
        r#"{"text":"under L12c3","edition":"1997"}"#,
    ))
    .await
    .json();
    assert_eq!(v["citations"][0]["maps_to"], serde_json::json!(["12C1c"]));
    // resolve
    let v = get("/api/resolve?cite=Law%2016D&edition=2007").await.json();
    check_schema(&v, "ResolveResponse");
    assert_eq!(v["matches"][0]["cite"], "16D");
    assert_eq!(v["matches"][0]["maps_to"], "16C");
    assert_eq!(v["matches"][0]["edition"], "2007");
    // An edition this corpus has no concordance for is a 400 naming those it has.
    let r = get("/api/resolve?cite=16&edition=1987").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.text().contains("1997, 2007, 2017"), "{}", r.text());
    let r = send(post("/api/link?edition=x", r#"{"text":"Law 16"}"#)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn link_gives_excerpts_for_popovers_and_allows_other_origins() {
    let r = send(
        Request::post("/api/link?excerpt=true")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ORIGIN, "https://club.example")
            .body(Body::from(r#"{"text":"see Law 16B1 and Law 64"}"#))
            .unwrap(),
    )
    .await;
    assert_eq!(
        r.headers
            .get(header::ACCESS_CONTROL_ALLOW_ORIGIN)
            .and_then(|v| v.to_str().ok()),
        Some("*")
    );
    let v = r.json();
    check_schema(&v, "LinkResponse");
    let c = &v["citations"];
    assert!(
        c[0]["excerpt"].as_str().is_some_and(|e| !e.is_empty()),
        "{v}"
    );
    assert!(c[0]["title"].as_str().is_some(), "{v}");
    // Law 64 has its title only in this edition.
    assert_eq!(c[1]["excerpt"], serde_json::Value::Null, "{v}");
    // Without excerpt=true there is none.
    let v = send(
        Request::post("/api/link")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(r#"{"text":"see Law 16B1"}"#))
            .unwrap(),
    )
    .await
    .json();
    assert!(v["citations"][0].get("excerpt").is_none(), "{v}");
    // The preflight of a cross-origin POST with JSON.
    let r = send(
        Request::options("/api/link")
            .header(header::ORIGIN, "https://club.example")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "content-type")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let h = |name| {
        r.headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(h(header::ACCESS_CONTROL_ALLOW_ORIGIN), "*");
    assert!(h(header::ACCESS_CONTROL_ALLOW_METHODS).contains("POST"));
    assert_eq!(h(header::ACCESS_CONTROL_ALLOW_HEADERS), "content-type");
    // Pages are not opened to other origins.
    let r = get("/p/16B1").await;
    assert!(r.headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
}

#[tokio::test]
async fn the_embed_script_is_served_with_the_grammars_words() {
    let r = get("/embed.js").await;
    assert_eq!(r.status, StatusCode::OK);
    let ct = r
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    assert!(ct.starts_with("text/javascript"), "{ct}");
    assert_eq!(
        r.headers
            .get("cross-origin-resource-policy")
            .and_then(|v| v.to_str().ok()),
        Some("cross-origin")
    );
    let body = r.text();
    assert!(
        body.starts_with("window.LOVBOK_EMBED = {"),
        "{}",
        &body[..80]
    );
    for word in ["\"lov\"", "\"law\"", "\"lag\""] {
        assert!(body.contains(word), "{word} in the embed config");
    }
}

/// The fallback of /embed.js (the link API unreachable) links where the
/// server would: it carries the corpus's table of provisions, with whether
/// each one's text is in lovbok, and the words that also name a team.
#[tokio::test]
async fn the_embed_script_carries_the_servers_table_of_provisions() {
    let body = get("/embed.js").await.text();
    let Some(json) = body
        .strip_prefix("window.LOVBOK_EMBED = ")
        .and_then(|b| b.split_once(";\n"))
        .map(|(j, _)| j)
    else {
        panic!("no config line: {}", &body[..80]);
    };
    let config: serde_json::Value = serde_json::from_str(json).expect("the config is JSON");
    let ids = &config["ids"];
    // Law 12 has its text down to 12C1c; Law 64 has only its title, so a
    // cite under it links the law; 12Z and 99 are absent, linked nowhere.
    assert_eq!(ids["12"], 1);
    assert_eq!(ids["12C1c"], 1);
    assert_eq!(ids["64"], 0);
    assert!(ids.get("64A2").is_none() && ids.get("12Z").is_none() && ids.get("99").is_none());
    assert_eq!(config["edition"], 2017);
    assert_eq!(config["teamCues"], serde_json::json!(["lag"]));
    let list_words = config["listWords"].as_array().expect("the list words");
    assert!(["og", "and", "eller", "or"]
        .iter()
        .all(|w| list_words.contains(&serde_json::json!(w))));
}

#[tokio::test]
async fn resolve_reads_every_form_class() {
    for (input, want) in [
        ("16B1A", vec!["16B1a"]),
        ("lov16b1a", vec!["16B1a"]),
        ("12.c.1.e", vec!["12C1e"]),
        ("§ 40 B 2 a", vec!["40B2a"]),
        ("Law 40B2(a)(ii)", vec!["40B2a(ii)"]),
        ("27B1b)", vec!["27B1b"]),
        ("Laws 53 to 56", vec!["53", "54", "55", "56"]),
        ("53 t.o.m. 56", vec!["53", "54", "55", "56"]),
        ("12C1b, c og e", vec!["12C1b", "12C1c", "12C1e"]),
        ("paragraf 16", vec!["16"]),
    ] {
        let v = get(&format!("/api/resolve?cite={}", urlencode(input)))
            .await
            .json();
        let got: Vec<&str> = v["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["cite"].as_str().unwrap())
            .collect();
        assert_eq!(got, want, "{input}: {v}");
    }
}
