//! What the page scripts share with the server, generated from the server's
//! own constants so that the two cannot drift: the search's ranking weights
//! (for the offline ranker, `static/ranker.js`), the cue words of the
//! citation grammar, and the routes. The page scripts read it from the
//! `config.js` asset (`window.LOVBOK_CONFIG`); the offline index carries
//! the same value, for the ranker outside a browser.
//!
//! The config names routes, so it is made here, above the route table,
//! and handed to the site as one more asset: the frame and the assets
//! below the pages know no route.

use serde::Serialize;

use crate::search::offline::{rank_config, RankConfig};

use super::assets::Asset;
use super::routes::LINKS;

/// See the module docs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankerConfig {
    /// The server's ranking constants.
    pub rank: RankConfig,
    /// Words that may stand around a cite typed as a query (`lov 16B1a`).
    pub cues: Vec<&'static str>,
    pub routes: RankerRoutes,
}

/// The paths of the route table the page scripts need.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankerRoutes {
    /// The front page, which shows the search too.
    pub home: &'static str,
    pub search: &'static str,
    pub results: &'static str,
    /// What a provision's path starts with (`/p/`).
    pub provision: &'static str,
    /// The rulings' list; an item's page is this, `/` and its id.
    pub rulings: &'static str,
}

/// The config; see the module docs.
pub fn ranker_config() -> RankerConfig {
    RankerConfig {
        rank: rank_config(),
        cues: crate::cite::query_cue_words(),
        routes: RankerRoutes {
            home: LINKS.home,
            search: LINKS.search,
            results: LINKS.results,
            provision: LINKS.provision,
            rulings: LINKS.rulings,
        },
    }
}

/// The name of the config's asset, among the page scripts
/// (`assets::PAGE_SCRIPTS`).
pub const CONFIG_NAME: &str = "config.js";

/// The config as `window.LOVBOK_CONFIG`.
pub(crate) fn config_script() -> String {
    let json = serde_json::to_string(&ranker_config()).unwrap_or_else(|_| "{}".into());
    format!("window.LOVBOK_CONFIG = {json};\n")
}

/// The `config.js` asset.
pub(crate) fn config_asset() -> Asset {
    Asset::new(
        CONFIG_NAME.into(),
        "text/javascript; charset=utf-8",
        config_script().into_bytes().into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_is_the_servers_own() {
        let c = ranker_config();
        assert_eq!(c.rank, rank_config());
        assert_eq!(c.cues, crate::cite::query_cue_words());
        for cue in ["lov", "lovparagraf", "pkt", "punkt", "law", "se"] {
            assert!(c.cues.contains(&cue), "{cue}");
        }
        assert_eq!(c.routes.search, LINKS.search);
        assert_eq!(c.routes.results, LINKS.results);
        assert_eq!(c.routes.provision, LINKS.provision);
        assert_eq!(
            format!("{}/x", c.routes.rulings),
            LINKS.ruling("x"),
            "the page scripts link a ruling as the server does"
        );
        let script = config_script();
        let json = script
            .strip_prefix("window.LOVBOK_CONFIG = ")
            .and_then(|s| s.strip_suffix(";\n"))
            .unwrap_or_default();
        let v: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        assert_eq!(v["rank"]["synonym"], serde_json::json!(0.7));
        assert_eq!(v["routes"]["search"], LINKS.search);
    }
}
