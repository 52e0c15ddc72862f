/*!
The static files every page uses (stylesheet, script, icon, the interface
strings for the script, the web app manifests), compiled into or generated
by the binary, so that the server touches no files and a page makes no
request beyond its own origin.

Each asset is served under a fingerprinted name (`app.3f9a1c0e2b.css`, a hash
of its bytes) below [`PREFIX`], so that browsers may cache it forever: a new
build gives a new name. Only the names in [`ALL`] (and the site's generated
assets: the page scripts' config, the offline index and worker, the deck)
exist; anything else under `/static/` is a 404, which also makes path
traversal impossible by construction.

This is the bottom of `web`, under the page frame: it knows no route. The
one asset that does, the page scripts' config (`config.js`, with the
routes), is made above the pages (`web::ranker_config`) with [`Asset::new`].
*/

use std::sync::{Arc, LazyLock};

use super::i18n::{js_strings, Lang};

pub mod icons;

/// One file served under `/static/`.
#[derive(Debug, Clone)]
pub struct Asset {
    /// The name in the source tree or the generated name (`app.css`).
    pub name: String,
    /// The `Content-Type` to serve it with.
    pub content_type: &'static str,
    /// The bytes.
    pub body: Arc<[u8]>,
    /// The URL path with the content hash in the name (`/static/app.<hash>.css`).
    pub url: String,
    /// True for the service worker, which controls the whole site from
    /// under `/static/`.
    pub worker: bool,
    /// True when the service worker stores it at install.
    pub precache: bool,
}

/// Where the assets are served: every asset's URL starts so. The route
/// table's asset route takes it from here.
pub const PREFIX: &str = "/static/";

/// The URL of a file named `name` with these bytes: the name with the hash
/// of the bytes in it (`/static/app.3f9a1c0e2b.css`).
pub fn fingerprinted_url(name: &str, body: &[u8]) -> String {
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    format!("{PREFIX}{stem}.{:010x}.{ext}", fnv1a(body) & 0xff_ffff_ffff)
}

impl Asset {
    /// An asset named by the hash of its bytes.
    pub fn new(name: String, content_type: &'static str, body: Arc<[u8]>) -> Asset {
        let url = fingerprinted_url(&name, &body);
        Asset {
            name,
            content_type,
            body,
            url,
            worker: false,
            precache: true,
        }
    }
}

fn embedded(name: &str, content_type: &'static str, body: &'static [u8]) -> Asset {
    Asset::new(name.to_string(), content_type, Arc::from(body))
}

/// Positions in [`ALL`].
const CSS: usize = 0;
const JS: usize = 1;
const ICON: usize = 2;
const CALC_JS: usize = 3;
const CALC_CSS: usize = 4;
const PRACTICE_CSS: usize = 5;
const PRACTICE_JS: usize = 6;
const STRINGS: [usize; 2] = [7, 8];
const MANIFEST: [usize; 2] = [9, 10];

fn lang_slot(lang: Lang) -> usize {
    match lang {
        Lang::Nb => 0,
        Lang::Da => 1,
    }
}

/// The web app manifest of one interface language: what a phone shows
/// when the site is installed on its home screen.
/// It lists the SVG icon and the generated PNGs with their sizes and purposes.
fn manifest(lang: Lang, svg: &str, pngs: &[(Asset, &icons::PngIcon)]) -> Vec<u8> {
    let s = lang.strings();
    let mut icons = vec![serde_json::json!(
        { "src": svg, "sizes": "any", "type": "image/svg+xml", "purpose": "any" }
    )];
    icons.extend(pngs.iter().filter_map(|(asset, png)| {
        png.purpose.map(|purpose| {
            serde_json::json!({
                "src": asset.url,
                "sizes": format!("{0}x{0}", png.size),
                "type": "image/png",
                "purpose": purpose,
            })
        })
    }));
    let m = serde_json::json!({
        "name": "lovbok",
        "short_name": "lovbok",
        "description": s.app_description,
        "lang": lang.code(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fdfdfb",
        "theme_color": "#0b5cad",
        "icons": icons,
    });
    serde_json::to_vec(&m).unwrap_or_default()
}

/// Every asset the pages use.
pub static ALL: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut all = vec![
        embedded(
            "app.css",
            "text/css; charset=utf-8",
            include_bytes!("static/app.css"),
        ),
        embedded(
            "app.js",
            "text/javascript; charset=utf-8",
            include_bytes!("static/app.js"),
        ),
        embedded("icon.svg", "image/svg+xml", icons::SVG),
        embedded(
            "calc.js",
            "text/javascript; charset=utf-8",
            include_bytes!("static/calc.js"),
        ),
        embedded(
            "calc.css",
            "text/css; charset=utf-8",
            include_bytes!("static/calc.css"),
        ),
        embedded(
            "practice.css",
            "text/css; charset=utf-8",
            include_bytes!("static/practice.css"),
        ),
        embedded(
            "practice.js",
            "text/javascript; charset=utf-8",
            include_bytes!("static/practice.js"),
        ),
    ];
    for lang in Lang::ALL {
        let json = js_strings(lang.strings());
        let body = format!("window.LOVBOK_L = {json};\n");
        all.push(Asset::new(
            format!("strings-{}.js", lang.code()),
            "text/javascript; charset=utf-8",
            body.into_bytes().into(),
        ));
    }
    let icon = all[ICON].url.clone();
    let pngs: Vec<(Asset, &icons::PngIcon)> = icons::PNGS
        .iter()
        .map(|png| (embedded(png.name, "image/png", png.bytes), png))
        .collect();
    for lang in Lang::ALL {
        let mut m = Asset::new(
            format!("manifest-{}.webmanifest", lang.code()),
            "application/manifest+json",
            manifest(lang, &icon, &pngs).into(),
        );
        m.precache = false;
        all.push(m);
    }
    all.extend(pngs.into_iter().map(|(asset, _)| asset));
    all.extend(page_scripts());
    all
});

/// The scripts every page loads before `app.js` that are files of their
/// own: the shared DOM helpers, the offline ranker, search as you type and
/// the reader (`app.js` starts them). The page frame loads them in
/// [`PAGE_SCRIPTS`] order, with the generated config after the first.
fn page_scripts() -> Vec<Asset> {
    let js = "text/javascript; charset=utf-8";
    vec![
        embedded("dom.js", js, include_bytes!("static/dom.js")),
        embedded("ranker.js", js, include_bytes!("static/ranker.js")),
        embedded("search.js", js, include_bytes!("static/search.js")),
        embedded("reader.js", js, include_bytes!("static/reader.js")),
    ]
}

/// The names of the scripts every page loads before `app.js`, in order;
/// `config.js` is the generated config (`web::ranker_config`).
pub const PAGE_SCRIPTS: [&str; 5] = ["dom.js", "config.js", "ranker.js", "search.js", "reader.js"];

/// The asset served at [`PREFIX`]`{file}`, if `file` is one of the fingerprinted names.
pub fn lookup(file: &str) -> Option<&'static Asset> {
    ALL.iter()
        .find(|a| a.url.strip_prefix(PREFIX) == Some(file))
}

/// The URL of the stylesheet.
pub fn css_url() -> &'static str {
    &ALL[CSS].url
}

/// The URL of the script.
pub fn js_url() -> &'static str {
    &ALL[JS].url
}

/// The URL of the icon.
pub fn icon_url() -> &'static str {
    &ALL[ICON].url
}

/// The URL of the icon iOS puts on its home screen (the manifest does not
/// list it: iOS reads a `<link rel="apple-touch-icon">`).
pub fn apple_touch_icon_url() -> &'static str {
    ALL.iter()
        .find(|a| a.name == icons::APPLE_TOUCH)
        .map_or("", |a| a.url.as_str())
}

/// The URL of the calculator's script (loaded only by pages with a calculator).
pub fn calc_js_url() -> &'static str {
    &ALL[CALC_JS].url
}

/// The URL of the calculator's stylesheet.
pub fn calc_css_url() -> &'static str {
    &ALL[CALC_CSS].url
}

/// The URL of the script that gives the page script its strings.
pub fn strings_url(lang: Lang) -> &'static str {
    &ALL[STRINGS[lang_slot(lang)]].url
}

/// The URL of the web app manifest.
pub fn manifest_url(lang: Lang) -> &'static str {
    &ALL[MANIFEST[lang_slot(lang)]].url
}

/// The URL of the study page's stylesheet.
pub fn practice_css_url() -> &'static str {
    &ALL[PRACTICE_CSS].url
}

/// The URL of the study page's script.
pub fn practice_js_url() -> &'static str {
    &ALL[PRACTICE_JS].url
}

/// 64-bit FNV-1a: a stable, dependency-free content hash for fingerprints and
/// ETags (not for anything an attacker could exploit).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprinted_names_resolve_and_nothing_else_does() {
        let css = css_url().strip_prefix("/static/").unwrap();
        assert!(css.starts_with("app.") && css.ends_with(".css"));
        assert_eq!(lookup(css).map(|a| a.name.as_str()), Some("app.css"));
        for bad in ["app.css", "../Cargo.toml", "", "app.js/../app.css"] {
            assert!(lookup(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn each_language_has_its_strings_and_manifest() {
        for lang in Lang::ALL {
            let s = lookup(strings_url(lang).strip_prefix("/static/").unwrap()).unwrap();
            assert!(std::str::from_utf8(&s.body)
                .unwrap()
                .starts_with("window.LOVBOK_L = {"));
            let m = lookup(manifest_url(lang).strip_prefix("/static/").unwrap()).unwrap();
            let v: serde_json::Value = serde_json::from_slice(&m.body).unwrap();
            assert_eq!(v["lang"], lang.code());
            assert_eq!(v["icons"][0]["src"], icon_url());
        }
        assert_ne!(strings_url(Lang::Nb), strings_url(Lang::Da));
    }

    #[test]
    fn the_manifest_lists_every_png_at_a_url_that_serves_it() {
        let m = lookup(manifest_url(Lang::Nb).strip_prefix("/static/").unwrap()).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&m.body).unwrap();
        let listed = v["icons"].as_array().unwrap();
        for want in [
            "192x192 any",
            "512x512 any",
            "512x512 maskable",
            "512x512 monochrome",
        ] {
            let entry = listed
                .iter()
                .find(|i| {
                    format!(
                        "{} {}",
                        i["sizes"].as_str().unwrap(),
                        i["purpose"].as_str().unwrap()
                    ) == want
                })
                .unwrap_or_else(|| panic!("no {want} icon in {listed:?}"));
            assert_eq!(entry["type"], "image/png");
            let asset = lookup(
                entry["src"]
                    .as_str()
                    .unwrap()
                    .strip_prefix("/static/")
                    .unwrap(),
            )
            .unwrap();
            let png = icons::PNGS.iter().find(|p| p.name == asset.name).unwrap();
            assert_eq!(&asset.body[..], png.bytes, "{want}");
            assert!(asset.precache, "stored for offline use like the SVG icon");
        }
        let apple = lookup(apple_touch_icon_url().strip_prefix("/static/").unwrap()).unwrap();
        assert_eq!(
            (apple.name.as_str(), apple.content_type),
            (icons::APPLE_TOUCH, "image/png")
        );
        assert!(!listed.iter().any(|i| i["src"] == apple_touch_icon_url()));
    }
}
