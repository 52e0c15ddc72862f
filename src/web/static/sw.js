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
// Languages: every page is stored in each interface language (CONFIG.langs),
// fetched with the language header the server honours before the cookie,
// under a key of its own per language ("/__lovbok/da/p/12"). The worker
// remembers the reader's language (from the pages and from the language
// switch) and answers from that language's copy, so the switch works with
// no network too; a switch made offline is told to the server (its cookie)
// as soon as the network answers again.
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
// The reader's language and whether the server has yet to hear of it.
const LANG_KEY = "/__lovbok/lang";
const LANGS = CONFIG.langs;
const SWITCH_PATH = CONFIG.routes.lang_switch;

// Where a page is stored for one language.
function pageKey(path, lang) {
  return "/__lovbok/" + lang + path;
}

// Fetches a page in `lang`, whatever the cookie says. A static copy has one
// language, and its pages are folders: ask for the folder, which a static
// host would redirect to anyway.
function fetchIn(path, lang) {
  if (CONFIG.static_copy) return fetch(path.endsWith("/") ? path : path + "/", { credentials: "same-origin" });
  return fetch(path, { credentials: "same-origin", headers: { [CONFIG.lang_header]: lang } });
}

// A page's path as the site names it: a static copy's folder (`/p/12/`) is
// the page `/p/12`.
function pagePath(pathname) {
  return CONFIG.static_copy && pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        await cache.addAll(CONFIG.shell);
        await forgetUnstorable(cache, CONFIG.shell);
        for (const lang of LANGS) {
          const res = await fetchIn("/", lang).catch(() => null);
          if (res && storable(res)) await cache.put(pageKey("/", lang), res);
          await storeNotFound(cache, lang);
        }
      })
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

// The site's own page for an address that is no page, in `lang`: the
// static copy's 404.html, or what the server answers for an unknown
// address (a 404, kept all the same).
const NOT_FOUND = CONFIG.routes.not_found;
async function storeNotFound(cache, lang) {
  const res = await fetch(NOT_FOUND, {
    credentials: "same-origin",
    headers: CONFIG.static_copy ? { accept: "text/html" } : { accept: "text/html", [CONFIG.lang_header]: lang },
  }).catch(() => null);
  const type = (res && res.headers.get("content-type")) || "";
  if (res && (res.ok || res.status === 404) && type.startsWith("text/html")) {
    await cache.put(pageKey(NOT_FOUND, lang), new Response(await res.text(), { headers: { "content-type": type } }));
  }
}

// That page as a 404, in the reader's language if stored, else in any.
async function notFoundPage(cache, lang) {
  const order = [lang].concat(LANGS.filter((l) => l !== lang));
  for (const l of order) {
    const r = await cache.match(pageKey(NOT_FOUND, l));
    if (r) return new Response(await r.text(), { status: 404, headers: { "content-type": r.headers.get("content-type") || "text/html; charset=utf-8" } });
  }
  return null;
}

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

// The reader's language as the worker last heard it, and whether a switch
// made offline has still to reach the server.
async function readLang(cache) {
  const r = await cache.match(LANG_KEY);
  const v = r ? await r.json().catch(() => ({})) : {};
  return { lang: LANGS.includes(v.lang) ? v.lang : LANGS[0], pending: Boolean(v.pending) };
}

function writeLang(cache, lang, pending) {
  return cache.put(
    LANG_KEY,
    new Response(JSON.stringify({ lang, pending }), { headers: { "content-type": "application/json" } })
  );
}

// Stores every page in every language, the reader's first; pages already
// stored are kept. `lang` is the language of the page that asked.
function storeAll(lang) {
  if (storing) return storing;
  storing = (async () => {
    const cache = await caches.open(CACHE);
    const known = await readLang(cache);
    if (LANGS.includes(lang) && !known.pending) await writeLang(cache, lang, false);
    const first = LANGS.includes(lang) ? lang : known.lang;
    const order = [first].concat(LANGS.filter((l) => l !== first));
    const total = CONFIG.pages.length * order.length;
    const meta = await readMeta(cache);
    if (meta.complete) {
      await tell({ type: "stored", total, fresh: false });
      return;
    }
    const todo = [];
    for (const l of order) {
      for (const url of CONFIG.pages) {
        if (!(await cache.match(pageKey(url, l)))) todo.push([url, l]);
      }
    }
    let done = total - todo.length;
    let failed = 0;
    await tell({ type: "progress", done, total });
    async function worker() {
      while (todo.length) {
        const [url, l] = todo.shift();
        try {
          const res = await fetchIn(url, l);
          if (storable(res)) {
            if (url === STUDY_PAGE) await storeDeck(cache, res.clone());
            await cache.put(pageKey(url, l), res);
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
      await writeMeta(cache, { complete: false });
      await tell({ type: "store-failed", failed, total });
      return;
    }
    await writeMeta(cache, { complete: true });
    await tell({ type: "stored", total, fresh: true });
  })().finally(() => {
    storing = null;
  });
  return storing;
}

// The study page fetches its cards from a fingerprinted file named in its
// data-deck attribute: store that file with the page.
const STUDY_PAGE = CONFIG.routes.study;
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
// Provision URLs by their lower-case form too: a cite reads in any case
// (`/p/16b1` is 16B1), as on the server.
let tops = null;
let folded = null;
async function readTops() {
  if (!tops) {
    const cache = await caches.open(CACHE);
    const r = await cache.match(CONFIG.index);
    if (!r) return false;
    const index = await r.json();
    tops = new Map();
    folded = new Map();
    for (const d of index.docs) {
      const url = decodeURIComponent(d.url);
      tops.set(url, index.docs[d.top].url);
      if (url.startsWith(CONFIG.routes.provision)) folded.set(url.toLowerCase(), d.url);
    }
  }
  return true;
}

function decoded(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch (e) {
    return null;
  }
}

async function topPageOf(pathname) {
  const key = decoded(pathname);
  if (key === null || !(await readTops())) return null;
  return tops.get(key) || null;
}

// A provision path as the site writes it (`/p/16B1` for `/p/16b1`); the
// path itself when it is that already; null when the index knows no such
// provision; undefined when there is no index to ask.
async function canonicalProvision(pathname) {
  const key = decoded(pathname);
  if (key === null) return null;
  if (!(await readTops())) return undefined;
  if (tops.has(key)) return pathname;
  return folded.get(key.toLowerCase()) || null;
}

// A stored page for `url` in `lang`: the URL itself, the page without its
// query, the page of the provision's law or section, the search page for a
// search; in the other language only when this one has none.
async function storedPage(cache, url, lang) {
  const order = [lang].concat(LANGS.filter((l) => l !== lang));
  for (const l of order) {
    const exact = await cache.match(pageKey(url.pathname + url.search, l));
    if (exact) return exact;
    const page = await cache.match(pageKey(url.pathname, l));
    if (page) return page;
    if (url.pathname.startsWith(CONFIG.routes.provision)) {
      const top = await topPageOf(url.pathname);
      const held = top && (await cache.match(pageKey(top, l)));
      if (held) return held;
    }
    if (url.pathname === CONFIG.routes.search) {
      const search = await cache.match(pageKey("/", l));
      if (search) return search;
    }
  }
  return undefined;
}

// The pages the server lists as the site (its contents, definitions,
// subject index, picker, study page, the books' pages), the search, and
// any provision.
const SITE_PAGES = new Set(CONFIG.pages);

function isPage(url) {
  const p = url.pathname;
  return p === "/" || p === CONFIG.routes.search || SITE_PAGES.has(p) || p.startsWith(CONFIG.routes.provision);
}

// Pages worth keeping when the network brings them: a page itself, or a
// provision shown alone; not search results or calculations.
function keep(url) {
  return url.pathname !== CONFIG.routes.search && (!url.search || url.search === "?vis=denne");
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

// Tells the server of a language chosen offline (the switch sets its
// cookie), once the network answers; a failure leaves it for next time.
// Returns the reader's language.
async function tellServerLang(cache) {
  const { lang, pending } = await readLang(cache);
  if (!pending) return lang;
  const url = SWITCH_PATH + "?l=" + encodeURIComponent(lang) + "&til=/";
  const answered = await Promise.race([
    fetch(url, { credentials: "same-origin", redirect: "manual" }).then(
      () => true,
      () => false
    ),
    delay(NETWORK_GRACE_MS).then(() => false),
  ]);
  if (answered) await writeLang(cache, lang, false);
  return lang;
}

async function page(event, url) {
  const cache = await caches.open(CACHE);
  const lang = await tellServerLang(cache);
  if (url.pathname.startsWith(CONFIG.routes.provision)) {
    const canonical = await canonicalProvision(url.pathname);
    if (canonical && canonical !== url.pathname) return Response.redirect(canonical + url.search, 301);
    // A static host has no page for it and says so in its own words.
    if (canonical === null && CONFIG.static_copy) return (await notFoundPage(cache, lang)) || fetch(event.request);
  }
  const network = fetch(event.request).then(async (res) => {
    if (storable(res) && res.type === "basic" && keep(url)) {
      const served = res.headers.get("content-language");
      const l = LANGS.includes(served) ? served : lang;
      await cache.put(pageKey(url.pathname + url.search, l), res.clone());
    }
    return res;
  });
  event.waitUntil(network.catch(() => undefined));
  const stored = await storedPage(cache, url, lang);
  if (!stored) {
    // Offline, the search page answers a search; any other address gets
    // the site's "no such page", never the search page in its place.
    return network.catch(async () =>
      (url.pathname === CONFIG.routes.search && (await cache.match(pageKey("/", lang)))) ||
      (await notFoundPage(cache, lang)) ||
      Response.error()
    );
  }
  // A search or a calculation waits for the server as long as it answers;
  // a page may come from storage when the server is slow.
  if (!keep(url)) return network.catch(() => stored);
  return Promise.race([network.catch(() => stored), delay(NETWORK_GRACE_MS).then(() => stored)]);
}

// The language switch: the reader's choice is remembered here at once; the
// server answers it when it can (and sets its cookie), and without network
// the page asked for is shown from this language's stored copy.
async function switchLang(event, url) {
  const cache = await caches.open(CACHE);
  const lang = url.searchParams.get("l");
  const back = new URL(url.searchParams.get("til") || "/", self.location.origin);
  const to = back.origin === self.location.origin ? back.pathname + back.search + back.hash : "/";
  if (LANGS.includes(lang)) await writeLang(cache, lang, true);
  const network = fetch(event.request).then(async (res) => {
    if (LANGS.includes(lang)) await writeLang(cache, lang, false);
    return res;
  });
  event.waitUntil(network.catch(() => undefined));
  return Promise.race([network, delay(NETWORK_GRACE_MS).then(() => Promise.reject(new Error("slow")))]).catch(() =>
    Response.redirect(to, 303)
  );
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
  const path = pagePath(url.pathname);
  if (path !== url.pathname) url.pathname = path;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(req));
  } else if (req.mode === "navigate" && url.pathname === SWITCH_PATH) {
    event.respondWith(switchLang(event, url));
  } else if (req.mode === "navigate" && isPage(url)) {
    event.respondWith(page(event, url));
  } else if (req.mode === "navigate" && CONFIG.static_copy) {
    event.respondWith(otherAddress(event));
  }
});

// An address of a static copy that is none of its pages: what the host
// has there, unless it has nothing (its own 404 page, in its own words,
// or no network), when the copy's own 404 page answers.
async function otherAddress(event) {
  const cache = await caches.open(CACHE);
  const { lang } = await readLang(cache);
  const res = await fetch(event.request).catch(() => null);
  if (res && res.status !== 404) return res;
  return (await notFoundPage(cache, lang)) || res || Response.error();
}
