//! The router's routes: every row of the route table
//! ([`crate::web::routes::ROUTES`]) mounted at its pattern with its method,
//! each [`Serves`] mapped to its handler, and the layers that belong to one
//! route (the CORS of the read-only citation API, the body limits).

use axum::extract::{DefaultBodyLimit, State};
use axum::handler::Handler;
use axum::routing::{get, post, MethodRouter};
use axum::{Extension, Router};

use crate::web::routes::{Api, Method, Route, Serves, ROUTES};
use crate::web::UiContext;

use super::{api, assets, calc, lang, middleware, pages, AppState};

/// Every route of the table.
pub(super) fn routes() -> Router<AppState> {
    ROUTES
        .iter()
        .fold(Router::new(), |app, r| app.route(&r.pattern(), handler(r)))
}

/// `h` on the route's method.
fn on<H, T>(m: Method, h: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    match m {
        Method::Get => get(h),
        Method::Post => post(h),
    }
}

/// What answers at `r`.
fn handler(r: &Route) -> MethodRouter<AppState> {
    let m = r.method;
    match r.serves {
        Serves::Page(render) => on(m, move |st: State<AppState>, ctx: Extension<UiContext>| {
            pages::page(st, ctx, render)
        }),
        Serves::Search => on(m, pages::search),
        Serves::Results => on(m, pages::results),
        Serves::Provision => on(m, pages::provision),
        Serves::Study => on(m, pages::practice),
        Serves::Rulings => on(m, pages::rulings),
        Serves::Ruling => on(m, pages::ruling),
        Serves::LangSwitch => on(m, lang::switch),
        Serves::Asset => on(m, assets::asset),
        Serves::Embed => on(m, assets::embed_js),
        Serves::Health => on(m, pages::healthz),
        Serves::Api(a) => api_handler(m, a),
    }
}

/// What answers at an endpoint of the JSON API.
fn api_handler(m: Method, a: Api) -> MethodRouter<AppState> {
    // The read-only citation API answers other origins (and their preflight).
    let cors = || axum::middleware::from_fn(middleware::cors);
    match a {
        Api::Search => on(m, api::search),
        Api::Provision => on(m, api::provision),
        Api::Resolve => on(m, api::resolve).options(api::preflight).layer(cors()),
        Api::Link => on(m, api::link)
            .options(api::preflight)
            .layer(DefaultBodyLimit::max(api::MAX_LINK_BODY))
            .layer(cors()),
        Api::Status => on(m, api::status),
        Api::Cards => on(m, api::cards::cards),
        Api::OpenApi => on(m, api::openapi),
        Api::Rulings => on(m, api::rulings::list),
        Api::Ruling => on(m, api::rulings::one),
        Api::Calculators => on(m, calc::list),
        Api::Calculate => on(m, calc::compute).layer(DefaultBodyLimit::max(calc::MAX_CALC_BODY)),
    }
}
