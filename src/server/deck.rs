/*!
The deck asset: every practice card as one JSON file under a fingerprinted
name (`/static/cards.<hash>.json`), so that `/ov` can fetch it once and a
browser (or the offline cache) may keep it forever.

Unlike the embedded assets, the deck depends on the corpus, which a reload
can change; so the file is built from the site it belongs to, on first use,
and kept beside it. The cache holds a weak reference to that site: a request
served by another site (after a reload) builds the new file, and an old
fingerprint then answers 404, never stale cards.
*/

use std::sync::{Arc, Weak};

use arc_swap::ArcSwapOption;
use axum::body::Bytes;

use crate::cards::DeckId;
use crate::web::assets::fingerprinted_url;
use crate::web::Site;

use super::api::cards::cards_dto;
use super::AppState;

/// The deck of one site, serialized.
#[derive(Debug)]
pub(crate) struct DeckFile {
    /// `/static/cards.<hash>.json`.
    pub url: String,
    pub body: Bytes,
}

struct Entry {
    site: Weak<Site>,
    file: Arc<DeckFile>,
}

/// Why the deck file could not be made (lovbok's fault, never the client's).
#[derive(Debug, thiserror::Error)]
pub(crate) enum DeckError {
    #[error("serializing the deck: {0}")]
    Json(#[from] serde_json::Error),
    #[error("building the deck panicked")]
    Panicked,
}

/// The deck file of `site`: every card, under a name from its content.
pub(crate) fn deck_file(site: &Site) -> Result<DeckFile, DeckError> {
    let body = serde_json::to_vec(&cards_dto(site, &DeckId::ALL, None))?;
    let url = fingerprinted_url("cards.json", &body);
    Ok(DeckFile {
        url,
        body: Bytes::from(body),
    })
}

/// The deck file of the current site, built on first use.
#[derive(Default)]
pub(crate) struct DeckCache {
    entry: ArcSwapOption<Entry>,
}

impl DeckCache {
    /// The deck file of `site`, if the cache holds it.
    fn cached(&self, site: &Arc<Site>) -> Option<Arc<DeckFile>> {
        let e = self.entry.load_full()?;
        std::ptr::eq(e.site.as_ptr(), Arc::as_ptr(site)).then(|| e.file.clone())
    }

    /// Builds the deck file of `site` and keeps it in place of any other.
    fn build(&self, site: &Arc<Site>) -> Result<Arc<DeckFile>, DeckError> {
        let file = Arc::new(deck_file(site)?);
        self.entry.store(Some(Arc::new(Entry {
            site: Arc::downgrade(site),
            file: file.clone(),
        })));
        Ok(file)
    }
}

/// The deck file of `site` (the one a request started with). The first
/// request after a load or reload generates the cards (0.1-0.25 s in a
/// release build) on a blocking thread, off the async runtime; every later one
/// gets the kept file.
pub(crate) async fn current(st: &AppState, site: &Arc<Site>) -> Result<Arc<DeckFile>, DeckError> {
    if let Some(f) = st.deck.cached(site) {
        return Ok(f);
    }
    let cache = st.deck.clone();
    let site = Arc::clone(site);
    tokio::task::spawn_blocking(move || cache.build(&site))
        .await
        .map_err(|_| DeckError::Panicked)?
}
