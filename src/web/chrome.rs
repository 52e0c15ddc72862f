/*!
The page frame: who a page is for ([`UiContext`]) and what every page shows
around its content ([`Chrome`]: language, assets, menu, search box, the
language switch, the editor's banner, the offline assets).

The frame is the bottom of `web`, below the pages, and knows no route: the
paths it links to come from above as [`Links`] (the route table's,
`web::routes::LINKS`), and what it shows of a site (the scripts it loads,
its offline assets, its banner) as a [`Frame`]. So no page, and nothing a
page is built from, can close a loop through the routes.
*/

use std::sync::Arc;

use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};

use super::assets;
use super::i18n::{Lang, Strings};
use super::notice::ReloadNotice;

/// Who a page is rendered for: the interface language and the page's own
/// address (path and query), which the language switch returns to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiContext {
    pub lang: Lang,
    /// The request's path and query (`/p/12C1?vis=denne`).
    pub path: String,
    /// Rendered for `lovbok export --site`: static files with no server
    /// behind them, so search answers in the browser and the calculators
    /// and the language switch, which need the server, say so or are left out.
    pub static_copy: bool,
}

impl UiContext {
    /// A context in `lang` for the page at `path`.
    pub fn new(lang: Lang, path: impl Into<String>) -> UiContext {
        UiContext {
            lang,
            path: path.into(),
            static_copy: false,
        }
    }

    /// The same context for a page of a static copy.
    pub fn for_static_copy(mut self) -> UiContext {
        self.static_copy = true;
        self
    }
}

/// The paths pages and their frame link to: the route table's
/// (`web::routes::LINKS`), handed down so that no page, and nothing a page
/// is built from, writes a path of its own or needs the table.
#[derive(Debug)]
pub struct Links {
    /// The front page, which is the search page.
    pub home: &'static str,
    pub search: &'static str,
    /// The results fragment the search page fetches as the reader types.
    pub results: &'static str,
    pub lang_switch: &'static str,
    /// What a provision's page path starts with (`/p/`).
    pub provision: &'static str,
    pub contents: &'static str,
    pub definitions: &'static str,
    pub subjects: &'static str,
    pub what_happened: &'static str,
    pub study: &'static str,
    /// The list of rulings and commentary; an item's page is below it
    /// ([`Links::ruling`]).
    pub rulings: &'static str,
    /// Where a provision's calculator answers (`{calc_api}{cite}`).
    pub calc_api: &'static str,
    /// The study mode's cards as JSON, named in its no-script note.
    pub cards_api: &'static str,
    /// Where a static copy keeps its service worker.
    pub static_worker: &'static str,
}

impl Links {
    /// The page of the ruling `id` (`/kjennelser/{id}`): its one stable URL.
    pub fn ruling(&self, id: &str) -> String {
        format!("{}/{id}", self.rulings)
    }
}

/// What the frame shows of the site a page belongs to.
#[derive(Debug, Clone)]
pub struct Frame<'a> {
    pub links: &'static Links,
    /// The URLs of the scripts every page loads before `app.js`, in order
    /// (the page scripts' config among them, which is made above the frame).
    pub scripts: &'static [String],
    /// The service worker, when the page may ask for the site to be stored.
    pub worker: Option<&'a str>,
    /// The offline search index.
    pub index: Option<&'a str>,
    /// The editor's banner.
    pub notice: Option<Arc<ReloadNotice>>,
}

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
    /// The scripts loaded before [`Chrome::js`], in order.
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
    /// `search`, `toc`, `glossary`, `subjects`, `rulings`, `practice` or empty: which
    /// menu item is the current page.
    pub nav: &'static str,
    /// The language switch: where it goes and the language it offers.
    pub switch_url: String,
    pub switch_lang: &'static str,
    /// The editor's banner (`reload-notice.html`), while the site has one.
    pub notice: Option<Arc<ReloadNotice>>,
    /// A page of a static copy (`lovbok export --site`).
    pub static_copy: bool,
    /// The pages the menu, the search box and the page itself link to.
    pub links: &'static Links,
}

impl Chrome {
    /// The frame of a page for `ctx` with menu item `nav` current.
    pub(crate) fn new(frame: &Frame<'_>, ctx: &UiContext, nav: &'static str) -> Chrome {
        let links = frame.links;
        let other = ctx.lang.other();
        let back = if ctx.path.starts_with('/') && !ctx.path.starts_with("//") {
            ctx.path.as_str()
        } else {
            links.home
        };
        Chrome {
            t: ctx.lang.strings(),
            lang: ctx.lang.code(),
            css: assets::css_url(),
            js: assets::js_url(),
            scripts: frame.scripts,
            strings_js: assets::strings_url(ctx.lang),
            icon: assets::icon_url(),
            apple_touch_icon: assets::apple_touch_icon_url(),
            manifest: assets::manifest_url(ctx.lang),
            // A page with the editor's banner does not ask for the site to be
            // stored: the stored copy would keep a banner that has gone.
            // A static copy's worker sits at the root, where a static host
            // lets it control every page without a header.
            sw: frame
                .worker
                .filter(|_| frame.notice.is_none())
                .map(|w| {
                    if ctx.static_copy {
                        links.static_worker
                    } else {
                        w
                    }
                })
                .unwrap_or_default()
                .to_string(),
            index: frame.index.unwrap_or_default().to_string(),
            nav,
            switch_url: format!(
                "{}?l={}&til={}",
                links.lang_switch,
                other.code(),
                utf8_percent_encode(back, NON_ALPHANUMERIC)
            ),
            switch_lang: other.code(),
            notice: frame.notice.clone(),
            static_copy: ctx.static_copy,
            links,
        }
    }
}
