/*!
The static files every page uses (stylesheet, script, icon), compiled into the
binary so that the server touches no files and a page makes no request beyond
its own origin.

Each asset is served under a fingerprinted name (`app.3f9a1c0e2b.css`, a hash
of its bytes) so that browsers may cache it forever: a new build gives a new
name. Only the names in [`ALL`] exist; anything else under `/static/` is a
404, which also makes path traversal impossible by construction.
*/

use std::sync::LazyLock;

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// The name in the source tree (`app.css`).
    pub name: &'static str,
    /// The `Content-Type` to serve it with.
    pub content_type: &'static str,
    /// The bytes.
    pub body: &'static [u8],
    /// The URL path with the content hash in the name (`/static/app.<hash>.css`).
    pub url: String,
}

fn asset(name: &'static str, content_type: &'static str, body: &'static [u8]) -> Asset {
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    let url = format!("/static/{stem}.{:010x}.{ext}", fnv1a(body) & 0xff_ffff_ffff);
    Asset {
        name,
        content_type,
        body,
        url,
    }
}

/// Every asset the pages use.
pub static ALL: LazyLock<[Asset; 5]> = LazyLock::new(|| {
    [
        asset(
            "app.css",
            "text/css; charset=utf-8",
            include_bytes!("static/app.css"),
        ),
        asset(
            "app.js",
            "text/javascript; charset=utf-8",
            include_bytes!("static/app.js"),
        ),
        asset(
            "icon.svg",
            "image/svg+xml",
            include_bytes!("static/icon.svg"),
        ),
        asset(
            "calc.js",
            "text/javascript; charset=utf-8",
            include_bytes!("static/calc.js"),
        ),
        asset(
            "calc.css",
            "text/css; charset=utf-8",
            include_bytes!("static/calc.css"),
        ),
    ]
});

/// The asset served at `/static/{file}`, if `file` is one of the fingerprinted names.
pub fn lookup(file: &str) -> Option<&'static Asset> {
    ALL.iter()
        .find(|a| a.url.strip_prefix("/static/") == Some(file))
}

/// The URL of the stylesheet.
pub fn css_url() -> &'static str {
    &ALL[0].url
}

/// The URL of the script.
pub fn js_url() -> &'static str {
    &ALL[1].url
}

/// The URL of the icon.
pub fn icon_url() -> &'static str {
    &ALL[2].url
}

/// The URL of the calculator's script (loaded only by pages with a calculator).
pub fn calc_js_url() -> &'static str {
    &ALL[3].url
}

/// The URL of the calculator's stylesheet.
pub fn calc_css_url() -> &'static str {
    &ALL[4].url
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
        assert_eq!(lookup(css).map(|a| a.name), Some("app.css"));
        for bad in ["app.css", "../Cargo.toml", "", "app.js/../app.css"] {
            assert!(lookup(bad).is_none(), "{bad}");
        }
    }
}
