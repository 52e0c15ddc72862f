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
use crate::web::assets::fnv1a;
use crate::web::Site;

use super::api::cards_dto;

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

/// The deck file of the current site, built on first use.
#[derive(Default)]
pub(crate) struct DeckCache {
    entry: ArcSwapOption<Entry>,
}

impl DeckCache {
    /// The deck file of `site`, building it if the cache holds another
    /// site's (or none).
    pub(crate) fn get(&self, site: &Arc<Site>) -> Result<Arc<DeckFile>, serde_json::Error> {
        if let Some(e) = self.entry.load().as_ref() {
            if std::ptr::eq(e.site.as_ptr(), Arc::as_ptr(site)) {
                return Ok(e.file.clone());
            }
        }
        let body = serde_json::to_vec(&cards_dto(site, &DeckId::ALL, None))?;
        let url = format!("/static/cards.{:010x}.json", fnv1a(&body) & 0xff_ffff_ffff);
        let file = Arc::new(DeckFile {
            url,
            body: Bytes::from(body),
        });
        self.entry.store(Some(Arc::new(Entry {
            site: Arc::downgrade(site),
            file: file.clone(),
        })));
        Ok(file)
    }
}
