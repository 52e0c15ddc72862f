/*!
The route table: every path the site answers, once, with what answers it
and the rules that go with it. The server's router mounts [`ROUTES`] and
its response cache caches the rows that say so; the service worker's list
of pages, the static copy's files and the OpenAPI check
(`tests/it/api.rs`) are read from the same rows; and the pages link through
[`LINKS`], which names paths of these rows only. Adding a page is one row
and its module (a page that is a function of the site alone, [`Serves::Page`],
needs no handler of its own: the server and the static copy call its
renderer).

The table is data above the pages: it names their renderers, and nothing
below the pages needs it (the frame gets [`LINKS`] handed down through the
`Site`). `web` knows no HTTP, so a row's [`Method`] and its handler
([`Serves`]) are plain names the server maps to axum.

The one page path written elsewhere is the provisions' prefix
([`crate::kb::PROVISION_PATH`]): the links `Kb::annotate_html` writes below
`web` need it, and the provision row takes it from there.
*/

use crate::kb::PROVISION_PATH;

use super::assets;
use super::chrome::{Links, UiContext};
use super::site::Site;

/// A page that is a function of the site alone, in the reader's context.
pub type Render = fn(&Site, &UiContext) -> Result<String, askama::Error>;

/// The HTTP method a route answers (and a CORS preflight where the server
/// adds one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    /// The name OpenAPI gives it (`get`).
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "get",
            Method::Post => "post",
        }
    }
}

/// What answers at a route: a page's renderer, or the name of the server's
/// handler.
#[derive(Clone, Copy)]
pub enum Serves {
    /// A page that is a function of the site alone: the server and the
    /// static copy render it the same way.
    Page(Render),
    /// The search page (with server-rendered results for a query).
    Search,
    /// The results fragment of the search page.
    Results,
    /// A provision's page (`{cite}`).
    Provision,
    /// The study page, with its deck.
    Study,
    /// The list of rulings and commentary, filtered by its query.
    Rulings,
    /// One ruling's page (`{id}`).
    Ruling,
    /// The language switch.
    LangSwitch,
    /// A fingerprinted asset (`{file}`).
    Asset,
    /// The linker other sites include.
    Embed,
    /// The health check.
    Health,
    /// An endpoint of the JSON API.
    Api(Api),
}

/// The JSON API's endpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    Search,
    Provision,
    Resolve,
    Link,
    Status,
    Cards,
    OpenApi,
    Calculators,
    Calculate,
    Rulings,
    Ruling,
}

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Route {
    /// The path, or what it starts with when it takes a parameter (`/p/`).
    pub path: &'static str,
    /// The name of the path's one parameter, its last segment (`cite`).
    pub param: Option<&'static str>,
    pub method: Method,
    pub serves: Serves,
    /// A GET's answer depends on the URI, the interface language and the
    /// knowledge base alone: the server's response cache keeps it.
    pub cached: bool,
    /// The service worker stores the page for offline use, in every
    /// interface language (a provision row: the page of every top-level
    /// provision, which holds the rest).
    pub stored: bool,
    /// The static copy (`lovbok export --site`) writes the page (a
    /// provision row: every provision).
    pub exported: bool,
    /// `openapi.json` describes the route.
    pub documented: bool,
}

impl Route {
    const fn new(path: &'static str, method: Method, serves: Serves) -> Route {
        Route {
            path,
            param: None,
            method,
            serves,
            cached: false,
            stored: false,
            exported: false,
            documented: false,
        }
    }

    const fn get(path: &'static str, serves: Serves) -> Route {
        Route::new(path, Method::Get, serves)
    }

    const fn post(path: &'static str, serves: Serves) -> Route {
        Route::new(path, Method::Post, serves)
    }

    /// The path goes on with a parameter segment.
    const fn with(mut self, param: &'static str) -> Route {
        self.param = Some(param);
        self
    }

    const fn cached(mut self) -> Route {
        self.cached = true;
        self
    }

    const fn stored(mut self) -> Route {
        self.stored = true;
        self
    }

    const fn exported(mut self) -> Route {
        self.exported = true;
        self
    }

    const fn documented(mut self) -> Route {
        self.documented = true;
        self
    }

    /// The router's pattern: `/p/{cite}`, or the path.
    pub fn pattern(&self) -> String {
        match self.param {
            Some(p) => format!("{}{{{p}}}", self.path),
            None => self.path.to_string(),
        }
    }

    /// Whether a request's path is this route's: the path itself, or for a
    /// route with a parameter, the path and one non-empty segment.
    pub fn matches(&self, path: &str) -> bool {
        match self.param {
            None => path == self.path,
            Some(_) => path
                .strip_prefix(self.path)
                .is_some_and(|rest| !rest.is_empty() && !rest.contains('/')),
        }
    }
}

/// The front page, which shows the search.
const HOME: &str = "/";
const SEARCH: &str = "/sok";
const RESULTS: &str = "/sok/treff";
const CONTENTS: &str = "/innhold";
const DEFINITIONS: &str = "/definisjoner";
const SUBJECTS: &str = "/stikkord";
const WHAT_HAPPENED: &str = "/hva-har-skjedd";
const STUDY: &str = "/ov";
/// The rulings and commentary; an item's page is `/kjennelser/{id}`.
const RULINGS: &str = "/kjennelser";
/// What an item's page path starts with.
const RULING: &str = "/kjennelser/";
/// The language switch (`?l=da&til=/p/12`).
const LANG_SWITCH: &str = "/sprak";
const CALCULATE: &str = "/api/calc/";
const CARDS: &str = "/api/cards";

/// Every route, in the order the service worker lists the pages it stores
/// (the provisions last).
pub const ROUTES: &[Route] = &[
    Route::get(HOME, Serves::Search)
        .cached()
        .stored()
        .exported(),
    Route::get(SEARCH, Serves::Search).cached().exported(),
    Route::get(RESULTS, Serves::Results).cached(),
    Route::get(CONTENTS, Serves::Page(Site::contents_page))
        .cached()
        .stored()
        .exported(),
    Route::get(DEFINITIONS, Serves::Page(Site::glossary_page))
        .cached()
        .stored()
        .exported(),
    Route::get(SUBJECTS, Serves::Page(Site::subjects_page))
        .cached()
        .stored()
        .exported(),
    Route::get(WHAT_HAPPENED, Serves::Page(Site::what_happened_page))
        .cached()
        .stored()
        .exported(),
    // Not cached: the page names the deck asset, which the server makes
    // on first use.
    Route::get(STUDY, Serves::Study).stored().exported(),
    Route::get(RULINGS, Serves::Rulings)
        .cached()
        .stored()
        .exported(),
    Route::get(RULING, Serves::Ruling)
        .with("id")
        .cached()
        .stored()
        .exported(),
    Route::get(PROVISION_PATH, Serves::Provision)
        .with("cite")
        .cached()
        .stored()
        .exported(),
    Route::get(LANG_SWITCH, Serves::LangSwitch),
    Route::get("/api/search", Serves::Api(Api::Search))
        .cached()
        .documented(),
    Route::get("/api/provisions/", Serves::Api(Api::Provision))
        .with("cite")
        .cached()
        .documented(),
    Route::get("/api/resolve", Serves::Api(Api::Resolve))
        .cached()
        .documented(),
    Route::post("/api/link", Serves::Api(Api::Link)).documented(),
    Route::get("/api/status", Serves::Api(Api::Status)).documented(),
    Route::get(CARDS, Serves::Api(Api::Cards)).documented(),
    Route::get("/api/openapi.json", Serves::Api(Api::OpenApi))
        .cached()
        .documented(),
    Route::get("/api/rulings", Serves::Api(Api::Rulings))
        .cached()
        .documented(),
    Route::get("/api/rulings/", Serves::Api(Api::Ruling))
        .with("id")
        .cached()
        .documented(),
    Route::get("/api/calc", Serves::Api(Api::Calculators)).documented(),
    Route::post(CALCULATE, Serves::Api(Api::Calculate))
        .with("cite")
        .documented(),
    Route::get(assets::PREFIX, Serves::Asset).with("file"),
    Route::get("/embed.js", Serves::Embed),
    Route::get("/healthz", Serves::Health).documented(),
];

/// The paths the pages link to, each the path of a row of [`ROUTES`].
pub static LINKS: Links = Links {
    home: HOME,
    search: SEARCH,
    results: RESULTS,
    lang_switch: LANG_SWITCH,
    provision: PROVISION_PATH,
    contents: CONTENTS,
    definitions: DEFINITIONS,
    subjects: SUBJECTS,
    what_happened: WHAT_HAPPENED,
    study: STUDY,
    rulings: RULINGS,
    calc_api: CALCULATE,
    cards_api: CARDS,
    static_worker: STATIC_WORKER,
};

/// Where a static copy keeps its service worker: at the root, where a
/// static host lets it control every page without a header.
pub const STATIC_WORKER: &str = "/sw.js";
/// The static copy's page for an address that is no page.
pub const STATIC_NOT_FOUND: &str = "/404.html";

/// The request header that asks for a page in one interface language,
/// before the reader's cookie: the service worker stores every page in
/// both languages with it.
pub const LANG_HEADER: &str = "x-lovbok-lang";

/// Whether the response cache keeps a GET of `path` (see `Route::cached`).
pub fn is_cached(path: &str) -> bool {
    ROUTES.iter().any(|r| r.cached && r.matches(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_is_mounted_once() {
        let mut seen = std::collections::BTreeSet::new();
        for r in ROUTES {
            assert!(
                seen.insert((r.pattern(), r.method)),
                "{} twice",
                r.pattern()
            );
            assert!(r.path.starts_with('/'), "{}", r.path);
        }
    }

    #[test]
    fn every_link_is_a_route() {
        let l = &LINKS;
        let linked = [
            l.home,
            l.search,
            l.results,
            l.lang_switch,
            l.provision,
            l.contents,
            l.definitions,
            l.subjects,
            l.what_happened,
            l.study,
            l.rulings,
            l.calc_api,
            l.cards_api,
        ];
        for path in linked {
            assert!(ROUTES.iter().any(|r| r.path == path), "{path} is no route");
        }
    }

    #[test]
    fn only_pages_are_stored_or_exported() {
        for r in ROUTES.iter().filter(|r| r.stored || r.exported) {
            assert!(
                matches!(
                    r.serves,
                    Serves::Page(_)
                        | Serves::Search
                        | Serves::Study
                        | Serves::Provision
                        | Serves::Rulings
                        | Serves::Ruling
                ),
                "{}",
                r.path
            );
            assert_eq!(r.method, Method::Get, "{}", r.path);
        }
    }

    #[test]
    fn the_cache_rules_follow_the_rows() {
        assert!(ROUTES
            .iter()
            .any(|r| r.path == RULING && LINKS.ruling("x").starts_with(r.path)));
        for (path, cached) in [
            ("/", true),
            ("/kjennelser", true),
            ("/kjennelser/dbf-appel-14-mak-10", true),
            ("/kjennelser/a/b", false),
            ("/api/rulings", true),
            ("/api/rulings/x", true),
            ("/sok", true),
            ("/sok/treff", true),
            ("/p/12C1", true),
            ("/p/", false),
            ("/p/12/x", false),
            ("/innhold", true),
            ("/innholdet", false),
            ("/ov", false),
            ("/api/provisions/12", true),
            ("/api/status", false),
            ("/api/calc/12C1", false),
            ("/static/app.css", false),
        ] {
            assert_eq!(is_cached(path), cached, "{path}");
        }
    }

    #[test]
    fn patterns_name_their_parameter() {
        let provision = ROUTES
            .iter()
            .find(|r| matches!(r.serves, Serves::Provision))
            .map(Route::pattern);
        assert_eq!(provision.as_deref(), Some("/p/{cite}"));
        assert!(ROUTES.iter().any(|r| r.pattern() == "/static/{file}"));
    }
}
