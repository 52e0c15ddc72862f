// lovbok service worker: keeps every page of both books, the contents, the
// definitions and the offline search index on the device, so that a TD can
// read and search with no network.
//
// The server fills in CONFIG for each corpus build: the cache version (from
// the corpus fingerprint and the interface), the shell stored at install,
// and the pages stored in the background once a page asks (with progress
// messages to the pages). A new build is a new worker with a new version;
// on activation it deletes the caches of every other version.
//
// Pages: the network first, so that what the server says wins whenever it
// can be reached; the stored copy when it cannot, or when it takes longer
// than NETWORK_GRACE_MS (a venue's poor Wi-Fi). A provision's own URL that
// was never stored is answered with the stored page of its law or section,
// which holds it; the page script then marks the provision. Assets are
// fingerprinted and never change: stored copy first.
"use strict";

const CONFIG = /*CONFIG*/null;
const CACHE = "lovbok-" + CONFIG.version;
// How long a page request may take before the stored copy is shown.
const NETWORK_GRACE_MS = 3500;
// Pages fetched at once while storing the site.
const PARALLEL = 4;
// A cache entry (not a URL the server has) that records what was stored.
const META_KEY = "/__lovbok/meta";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(CONFIG.shell).then(() => forgetUnstorable(cache, CONFIG.shell)))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("lovbok-") && k !== CACHE).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
  );
});

// --- storing the whole site ------------------------------------------------

let storing = null;

async function readMeta(cache) {
  const r = await cache.match(META_KEY);
  if (!r) return {};
  try {
    return await r.json();
  } catch (e) {
    return {};
  }
}

function writeMeta(cache, meta) {
  return cache.put(
    META_KEY,
    new Response(JSON.stringify(meta), { headers: { "content-type": "application/json" } })
  );
}

async function tell(message) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) c.postMessage(message);
}

// Stores every page; pages already stored in the same interface language
// are kept. `lang` is the language of the page that asked.
function storeAll(lang) {
  if (storing) return storing;
  storing = (async () => {
    const cache = await caches.open(CACHE);
    const meta = await readMeta(cache);
    const relang = Boolean(meta.lang && lang && meta.lang !== lang);
    if (meta.complete && !relang) {
      await tell({ type: "stored", total: CONFIG.pages.length, fresh: false });
      return;
    }
    const todo = [];
    for (const url of CONFIG.pages) {
      if (relang || !(await cache.match(url))) todo.push(url);
    }
    const total = CONFIG.pages.length;
    let done = total - todo.length;
    let failed = 0;
    await tell({ type: "progress", done, total });
    async function worker() {
      while (todo.length) {
        const url = todo.shift();
        try {
          const res = await fetch(url, { credentials: "same-origin" });
          if (storable(res)) {
            if (url === STUDY_PAGE) await storeDeck(cache, res.clone());
            await cache.put(url, res);
          } else failed++;
        } catch (e) {
          failed++;
        }
        done++;
        await tell({ type: "progress", done, total });
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    if (failed) {
      await writeMeta(cache, { lang, complete: false });
      await tell({ type: "store-failed", failed, total });
      return;
    }
    await writeMeta(cache, { lang, complete: true });
    await tell({ type: "stored", total, fresh: true });
  })().finally(() => {
    storing = null;
  });
  return storing;
}

// The study page fetches its cards from a fingerprinted file named in its
// data-deck attribute: store that file with the page.
const STUDY_PAGE = "/ov";
async function storeDeck(cache, res) {
  const m = /data-deck="(\/static\/[^"]+)"/.exec(await res.text());
  if (!m || (await cache.match(m[1]))) return;
  const deck = await fetch(m[1], { credentials: "same-origin" });
  if (deck.ok) await cache.put(m[1], deck);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "store") event.waitUntil(storeAll(data.lang || ""));
});

// --- answering requests ------------------------------------------------------

// The URL a provision's page is stored under: its own, or its top-level
// provision's (from the offline index, which lists every provision).
let tops = null;
async function topPageOf(pathname) {
  if (!tops) {
    const cache = await caches.open(CACHE);
    const r = await cache.match(CONFIG.index);
    if (!r) return null;
    const index = await r.json();
    tops = new Map();
    for (const d of index.docs) tops.set(decodeURIComponent(d.url), index.docs[d.top].url);
  }
  let key = pathname;
  try {
    key = decodeURIComponent(pathname);
  } catch (e) {
    return null;
  }
  return tops.get(key) || null;
}

async function storedPage(cache, url) {
  const exact = await cache.match(url.pathname + url.search);
  if (exact) return exact;
  const page = await cache.match(url.pathname);
  if (page) return page;
  if (url.pathname.startsWith("/p/")) {
    const top = await topPageOf(url.pathname);
    if (top) return cache.match(top);
  }
  if (url.pathname === "/sok") return cache.match("/");
  return undefined;
}

// The pages the server lists as the site (its contents, definitions,
// subject index, picker, study page, the books' pages), the search, and
// any provision.
const SITE_PAGES = new Set(CONFIG.pages);

function isPage(url) {
  const p = url.pathname;
  return p === "/" || p === "/sok" || p === STUDY_PAGE || SITE_PAGES.has(p) || p.startsWith("/p/");
}

// Pages worth keeping when the network brings them: a page itself, or a
// provision shown alone; not search results or calculations.
function keep(url) {
  return url.pathname !== "/sok" && (!url.search || url.search === "?vis=denne");
}

// A page the server lets us keep: not an error, and not marked no-store
// (a page with the editor's banner, which goes once the folder builds).
function storable(res) {
  return res.ok && !/no-store/i.test(res.headers.get("cache-control") || "");
}

// addAll keeps whatever answered 200; drop what may not be kept.
async function forgetUnstorable(cache, urls) {
  for (const url of urls) {
    const res = await cache.match(url);
    if (res && !storable(res)) await cache.delete(url);
  }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function page(event, url) {
  const cache = await caches.open(CACHE);
  const network = fetch(event.request).then(async (res) => {
    if (storable(res) && res.type === "basic" && keep(url)) {
      await cache.put(url.pathname + url.search, res.clone());
    }
    return res;
  });
  event.waitUntil(network.catch(() => undefined));
  const stored = await storedPage(cache, url);
  if (!stored) {
    return network.catch(async () => (await cache.match("/")) || Response.error());
  }
  // A search or a calculation waits for the server as long as it answers;
  // a page may come from storage when the server is slow.
  if (!keep(url)) return network.catch(() => stored);
  return Promise.race([network.catch(() => stored), delay(NETWORK_GRACE_MS).then(() => stored)]);
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(req));
  } else if (req.mode === "navigate" && isPage(url)) {
    event.respondWith(page(event, url));
  }
});
