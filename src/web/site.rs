/*!
A [`Site`]: a knowledge base and what its pages precompute from it once
(the defined-term matcher, the spelling table, the offline index and
service worker), and the editor's [`ReloadNotice`] a server may pin on it
while a corpus folder's newer text does not build.

The type and what it holds are here, below the pages; each page adds its
own `Site` methods in its module, and the site is put together at the top
of `web` (`Site::new` in `web/mod.rs`), above the route table its links,
its worker's list of pages and its page scripts' config are read from.
*/

use std::sync::Arc;

use arc_swap::ArcSwapOption;

use crate::kb::Kb;

use super::assets::{self, Asset};
use super::chrome::{Frame, Links};
use super::notice::ReloadNotice;
use super::suggest::Speller;
use super::terms::Glossary;

/// A knowledge base and what its pages precompute from it.
pub struct Site {
    pub(super) kb: Kb,
    pub(super) glossary: Glossary,
    pub(super) speller: Speller,
    pub(super) offline: Offline,
    /// The paths the pages link to.
    pub(super) links: &'static Links,
    /// Every asset the pages use but the offline ones, in the order the
    /// worker stores them: the embedded ones and the page scripts' config.
    pub(super) assets: &'static [Asset],
    /// The URLs of the scripts every page loads before `app.js`, in order.
    pub(super) scripts: &'static [String],
    /// Set while the folder this was loaded from holds a change that does
    /// not build; every page shows it.
    pub(super) notice: ArcSwapOption<ReloadNotice>,
}

/// The offline assets of one knowledge base (built by `web::offline`).
#[derive(Debug)]
pub(crate) struct Offline {
    /// The compact search index (JSON).
    pub index: Asset,
    /// The service worker.
    pub worker: Asset,
    /// The cache version the worker stores the site under.
    pub version: String,
    /// The assets and the index the worker stores when it installs.
    pub shell: Vec<String>,
    /// Every page the worker stores (the route table's stored pages).
    pub pages: Vec<String>,
}

impl Site {
    /// Shows `notice` on every page from now on (`None`: no banner).
    pub fn set_notice(&self, notice: Option<ReloadNotice>) {
        self.notice.store(notice.map(Arc::new));
    }

    /// The banner every page shows, if any.
    pub fn notice(&self) -> Option<Arc<ReloadNotice>> {
        self.notice.load_full()
    }

    /// The knowledge base.
    pub fn kb(&self) -> &Kb {
        &self.kb
    }

    pub(crate) fn glossary(&self) -> &Glossary {
        &self.glossary
    }

    pub(crate) fn speller(&self) -> &Speller {
        &self.speller
    }

    /// The paths the pages link to.
    pub fn links(&self) -> &'static Links {
        self.links
    }

    /// What the page frame shows of this site.
    pub(crate) fn frame(&self) -> Frame<'_> {
        Frame {
            links: self.links,
            scripts: self.scripts,
            worker: Some(self.worker_url()),
            index: Some(self.offline_index_url()),
            notice: self.notice(),
        }
    }

    /// A frame with the site's links and scripts but none of its offline
    /// assets or banner (the static copy's `/404.html`).
    pub(crate) fn bare_frame(&self) -> Frame<'static> {
        Frame {
            links: self.links,
            scripts: self.scripts,
            worker: None,
            index: None,
            notice: None,
        }
    }

    /// An asset under [`assets::PREFIX`]: one of [`Site::assets`], or this
    /// site's offline index or service worker.
    pub fn asset(&self, file: &str) -> Option<&Asset> {
        let own = [&self.offline.index, &self.offline.worker];
        own.into_iter()
            .chain(self.assets)
            .find(|a| a.url.strip_prefix(assets::PREFIX) == Some(file))
    }

    /// Every asset the pages use but the offline index and the service
    /// worker: the embedded ones ([`assets::ALL`]) and the page scripts'
    /// config, in the order the worker stores them.
    pub fn assets(&self) -> &'static [Asset] {
        self.assets
    }

    /// The URL of the service worker.
    pub fn worker_url(&self) -> &str {
        &self.offline.worker.url
    }

    /// The URL of the offline search index.
    pub fn offline_index_url(&self) -> &str {
        &self.offline.index.url
    }

    /// The version the service worker stores the site under.
    pub fn offline_version(&self) -> &str {
        &self.offline.version
    }

    /// Every page the service worker stores for offline use.
    pub fn offline_pages(&self) -> &[String] {
        &self.offline.pages
    }
}
