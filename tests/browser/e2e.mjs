// End-to-end test of lovbok's web pages in headless Chromium, at phone size.
//
// Usage: node e2e.mjs <base-url> <static-copy-dir> [<editions-base-url>]   (tests/it/browser.rs
// starts the server, writes the static copy, and runs this). Exits 0 when every check passes, 1 on the first failure.
//
// What it checks, in order: search as you type and the keyboard; a cite
// typed and Enter pressed at once; zero results and unknown cites; the
// sticky bar and "only this" on a deep provision; title-only laws;
// "Henvist fra" with context; footnotes and unique ids; definitions (A–Å
// index, popovers on hover, keyboard focus and tap, Escape); favourites and
// recent provisions; the language switch; copy buttons; markup in queries;
// the pages without JavaScript; tap targets of every link and button on
// every page type; axe-core on every page type in both colour schemes; and
// offline use: the site stored, then ten provisions of both books, the
// contents and the definitions opened, and a cite and a word searched, with
// the network off, the offline bar in view after a jump; no answer while the
// browser believes it is online (a captive portal: requests aborted), where
// the search and the calculator say so in Norwegian; what the handbook says
// right under 16B1; a first visit whose storing note covers no link;
// /embed.js on another origin's page (focus, Tab, the right edge, a tap and
// a second tap on a phone, and the link API down, where every plain link
// must be one the server makes); the header's search box as you type; the
// picker's filter and its open place through reload and Back; and the
// static copy's own 404 page and case-insensitive cites, online and
// offline. It waits for conditions, never for fixed times (but for the
// popover's blur timer, which is what it checks).
//
// Artefacts in target/screenshots/: <name>-<light|dark>.png at 390 px for a
// title-only law, a deep provision with the sticky bar, the definitions
// index and an offline search (plus a few more), and sizes.json with the
// first-load weight and the offline cache size.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { get as httpGet, createServer } from "node:http";

const base = (process.argv[2] || "").replace(/\/$/, "");
if (!base.startsWith("http://127.0.0.1:") && !base.startsWith("http://localhost:")) {
  console.error("usage: node e2e.mjs http://127.0.0.1:PORT");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, "..", "..", "target", "screenshots");
mkdirSync(shots, { recursive: true });
rmSync(join(shots, "failure.png"), { force: true });
// axe-core from node_modules, injected into the page: no CDN.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PHONE = { width: 390, height: 844 };
// Generous: a loaded 2-core machine renders long pages slowly.
const WAIT = 30000;
// The smallest target, in CSS px (WCAG 2.2, 2.5.8); a hair under for
// sub-pixel rounding of box sizes.
const MIN_TARGET = 24 - 0.01;

let step = "start";
function check(cond, what) {
  if (!cond) throw new Error(`${step}: ${what}`);
}
const log = (...a) => console.log(...a);

// Every page type the issue lists, for the tap-target and axe checks.
const PAGE_TYPES = [
  ["home", "/"],
  ["results", "/sok?q=revoke"],
  ["provision", "/p/12C1"],
  ["title-only", "/p/31"],
  ["contents", "/innhold"],
  ["definitions", "/definisjoner"],
  ["subjects", "/stikkord"],
  ["picker", "/hva-har-skjedd"],
  ["rulings", "/kjennelser"],
  ["ruling", "/kjennelser/dbf-appel-14-mak-10"],
  ["404", "/p/12C9"],
  ["practice", "/ov"],
];

async function launch(profile, extra = {}) {
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: "nb-NO",
    ...extra,
  });
  ctx.setDefaultTimeout(WAIT);
  ctx.setDefaultNavigationTimeout(WAIT);
  return ctx;
}

async function shot(page, name, scheme) {
  await page.screenshot({ path: join(shots, `${name}-${scheme}.png`) });
}

async function scheme(page, s) {
  await page.emulateMedia({ colorScheme: s });
  await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, s);
}

// Every visible link and button smaller than a target.
async function smallTargets(page) {
  return page.evaluate((min) => {
    const out = [];
    for (const e of document.querySelectorAll("a[href], button")) {
      const style = getComputedStyle(e);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right < 0 || r.left > document.documentElement.clientWidth + 1) continue;
      if (r.width < min || r.height < min) {
        out.push(`${e.tagName.toLowerCase()} "${(e.textContent || "").trim().slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
    }
    return out;
  }, MIN_TARGET);
}

async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) {
    await page.evaluate(AXE_SOURCE);
  }
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`);
  });
  return result;
}

async function duplicateIds(page) {
  return page.evaluate(() => {
    const seen = new Set();
    const dup = [];
    for (const e of document.querySelectorAll("[id]")) {
      if (seen.has(e.id)) dup.push(e.id);
      seen.add(e.id);
    }
    return dup;
  });
}

const sizes = {};
const profile = mkdtempSync(join(tmpdir(), "lovbok-e2e-"));
let context;
try {
  context = await launch(profile);
  const page = context.pages()[0] || (await context.newPage());

  // Every request must stay on the server (no CDNs, no fonts from elsewhere),
  // and the page must log no errors (a CSP violation is one) while online.
  const problems = [];
  let offline = false;
  context.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith("data:")) problems.push(`external request: ${u}`);
  });
  // The 404 page is meant to be one.
  const expected404 = (m) => new URL(page.url()).pathname === "/p/12C9" && m.text().includes("404");
  page.on("console", (m) => {
    if (m.type() === "error" && !offline && !expected404(m)) problems.push(`console error on ${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  if (process.env.E2E_DEBUG) page.on("framenavigated", (f) => log(`[${step}] navigated to ${f.url()}`));

  // 0. First load: what a phone downloads for the first page (fresh profile).
  step = "first load";
  await page.goto(base + "/");
  await page.waitForFunction(() => window.LOVBOK_L !== undefined);
  sizes.first_load = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const res = performance.getEntriesByType("resource").filter((r) => /\.(css|js)$/.test(new URL(r.name).pathname));
    const pick = (e) => ({ url: new URL(e.name).pathname, transfer: e.transferSize, body: e.encodedBodySize, decoded: e.decodedBodySize });
    return { html: pick(nav), assets: res.map(pick) };
  });
  {
    const all = [sizes.first_load.html, ...sizes.first_load.assets];
    sizes.first_load.total_transfer = all.reduce((s, e) => s + e.transfer, 0);
    sizes.first_load.total_encoded_body = all.reduce((s, e) => s + e.body, 0);
    sizes.first_load.total_decoded = all.reduce((s, e) => s + e.decoded, 0);
  }

  // 1. The search page: the box is focused, results come as you type.
  step = "search page";
  check((await page.evaluate(() => document.activeElement && document.activeElement.id)) === "q", "the search box is focused");
  await page.focus("#q");
  await page.keyboard.type("revoke", { delay: 40 });
  await page.waitForFunction(() => document.querySelector(".results-inner") && document.querySelector(".results-inner").getAttribute("data-q") === "revoke" && document.querySelectorAll("#hits li a").length > 0);
  check((await page.locator("#hits mark").count()) > 0, "snippets highlight the query");
  await page.waitForURL(/\/sok\?q=revoke/);
  await page.screenshot({ path: join(shots, "search.png") });

  // 2. Keyboard: arrow down selects the first hit, Enter opens it.
  step = "keyboard";
  await page.keyboard.press("ArrowDown");
  check(await page.evaluate(() => document.activeElement === document.querySelector("#hits li a")), "ArrowDown moves to the first hit");
  const firstHref = await page.locator("#hits li a").first().getAttribute("href");
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/p/")), page.keyboard.press("Enter")]);
  check(new URL(page.url()).pathname === firstHref, `Enter opens the first hit (${page.url()} vs ${firstHref})`);

  // 3. A cite typed and Enter pressed at once lands on the provision, in
  // lower case too, whatever the script has shown by then.
  step = "cite and Enter at once";
  for (const [typed, want] of [["16b1", "/p/16B1"], ["12C1", "/p/12C1"], ["§ 212A", "/p/212A"]]) {
    await page.goto(base + "/");
    await page.focus("#q");
    await page.keyboard.type(typed);
    await Promise.all([page.waitForURL((u) => u.pathname === want), page.keyboard.press("Enter")]);
  }
  // And after waiting, the list shows the cited provision first, selected.
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("12c1", { delay: 30 });
  await page.waitForFunction(() => document.querySelector("#hits li.selected a[data-cite-hit]"));
  await Promise.all([page.waitForURL((u) => u.pathname === "/p/12C1"), page.keyboard.press("Enter")]);

  // 4. Zero results and unknown cites lead somewhere.
  step = "zero results";
  await page.goto(base + "/sok?q=kevoke");
  check((await page.locator("#no-hits a[href='/sok?q=revoke']").count()) === 1, "a misspelt query offers the corrected one");
  check(await page.locator("#tips").isVisible(), "the tips stay when nothing is found");
  await page.goto(base + "/sok?q=kortstokken&book=handbook");
  check((await page.locator("#no-hits a[href*='book=laws']").count()) === 1, "nothing in one book offers the other book");
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("qqxyzzy", { delay: 20 });
  await page.waitForFunction(() => document.querySelector(".results-inner[data-q=qqxyzzy] #tips"));
  step = "unknown cite";
  await page.goto(base + "/sok?q=12C9");
  check((await page.locator("#unknown-cite").textContent()).includes("12C9"), "an unknown cite says so");
  check((await page.locator("#unknown-cite a[href='/p/12C']").count()) === 1, "and offers the nearest provisions");
  const r404 = await page.goto(base + "/p/12C9");
  check(r404.status() === 404, "an unknown provision page is a 404");
  check((await page.locator("main a[href='/p/12C']").count()) >= 1, "the 404 page offers the nearest provisions");

  // 5. A deep provision: the sticky bar names what is in view, and
  // "only this" shows it with the headings above it.
  step = "sticky bar";
  await page.goto(base + "/p/12C2b");
  await page.waitForFunction(() => document.querySelector("#here-cite"));
  const bar = page.locator("#here");
  check((await page.locator("#here-cite").textContent()).includes("12C2b"), "the bar names the provision the URL names");
  {
    const top = await bar.evaluate((b) => b.getBoundingClientRect().top);
    check(Math.abs(top) < 1, `the bar sticks to the top of the screen (${top})`);
  }
  check(await page.locator("#here-search").isVisible(), "the search is one tap away");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => !document.querySelector("#here-cite").textContent.includes("12C2b"));
  await page.evaluate(() => document.querySelector("section.prov.current").scrollIntoView({ block: "start" }));
  await page.waitForFunction(() => document.querySelector("#here-cite").textContent.includes("12C2b"));
  await page.evaluate(() => window.scrollBy(0, -40));
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await shot(page, "deep-provision-sticky-bar", s);
  }
  await scheme(page, "light");
  step = "only this";
  await page.click("#here-toggle");
  await page.waitForURL(/vis=denne/);
  check(await page.locator("section.prov.current").isVisible(), "the provision stays");
  check(!(await page.locator("section[id='12A']").isVisible()), "other parts of the law go");
  check(await page.locator("section.prov.path[id='12C'] > h2").isVisible(), "the headings above it stay");
  await page.click("#here-toggle");
  await page.waitForURL((u) => !u.search.includes("vis="));
  check(await page.locator("section[id='12A']").isVisible(), "the whole law comes back");

  // 6. A title-only law shows what the books say about it.
  step = "title-only law";
  // Law 31: nothing cites it, but the page says plainly that the source
  // holds only its title (no printed page to look for) and leads to its
  // neighbours.
  await page.goto(base + "/p/31");
  check(await page.locator(".absent").isVisible(), "the missing text is explained");
  {
    const absent = (await page.locator(".absent").textContent()) || "";
    check(absent.includes("bare tittelen") && !absent.includes("etter side"), `the source holds only the title (${absent})`);
  }
  check((await page.locator(".related a[href='/p/30']").count()) > 0, "with its neighbours");
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await shot(page, "title-only-law-31", s);
  }
  // Law 54: cited by another law and by a definition.
  await page.goto(base + "/p/54");
  check((await page.locator(".cited-by ul.backlinks li:not([hidden])").count()) >= 2, "citations of it and its parts are listed");
  check((await page.locator(".cited-by q.bl-quote mark").count()) >= 2, "each with its sentence");
  check((await page.locator(".bl-group[data-rel=part]").count()) > 0, "citations of its parts (54A) count");
  check((await page.locator("#defs-citing a[href='/p/def:Spillef%C3%B8rer']").count()) === 1, "the definitions that refer to it");
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await shot(page, "title-only-law", s);
  }
  await scheme(page, "light");
  step = "search marks title-only hits";
  await page.goto(base + "/sok?q=bud%20utenfor%20tur");
  check((await page.locator("#hits .absent-badge").count()) > 0, "hits without text are marked");

  // 7. "Henvist fra" with context: citations of the whole law count.
  step = "henvist fra";
  for (const cite of ["14B1", "16B1"]) {
    await page.goto(base + "/p/" + cite);
    check((await page.locator(".bl-group[data-rel=whole]:not([hidden])").count()) > 0, `${cite} lists citations of its ancestors`);
    check(((await page.locator(".bl-group[data-rel=whole] h3").first().textContent()) || "").includes("hele"), "labelled as such");
  }
  // What the handbook says is right under the provision a page opens at:
  // on 16B1, X90B4a (the penalty for using unauthorised information, which
  // cites 16B) within one screen of the jump point, its sentence a tap away.
  step = "håndboken sier";
  await page.goto(base + "/p/16B1");
  await page.waitForFunction(() => document.querySelector("section.current"));
  const says = page.locator("section.current .handbook-says a[href='/p/X90B4a']");
  check((await says.count()) === 1, "16B1 shows X90B4a under it");
  const gap = await page.evaluate(() => {
    const top = document.querySelector("section.current").getBoundingClientRect().top;
    const link = document.querySelector("section.current .handbook-says a[href='/p/X90B4a']");
    return link.getBoundingClientRect().top - top;
  });
  check(gap >= 0 && gap < 844, `X90B4a is within one screen of 16B1 (${Math.round(gap)} px below)`);
  await page.locator("section.current .handbook-says summary").first().click();
  check(await page.locator("section.current .handbook-says q").first().isVisible(), "a tap shows the citing sentence");
  await page.goto(base + "/p/12C1");
  const cite = page.locator("article a.cite").first();
  check(((await cite.getAttribute("title")) || "").length > 10, "a citation link shows the cited text on hover");

  // 8. Footnotes printed once, unique ids everywhere.
  step = "footnotes and ids";
  await page.goto(base + "/p/X78");
  check((await page.locator(".footnotes li[id='fn-3']").count()) === 1, "footnote 3 is printed once");
  check((await page.locator("#fn-3 a.backref").count()) === 4, "with a back-link to each of its four references");
  for (const uri of ["/p/X78", "/p/204", "/p/208", "/p/12", "/definisjoner", "/innhold", "/sok?q=revoke"]) {
    await page.goto(base + uri);
    const dup = await duplicateIds(page);
    check(dup.length === 0, `${uri} has duplicate ids: ${dup.join(", ")}`);
  }

  // 9. Definitions: an A–Å index, and popovers on hover, focus and Escape.
  step = "definitions";
  await page.goto(base + "/definisjoner");
  check((await page.locator("nav.az a").count()) >= 15, "the A–Å index links the letters");
  await page.click("nav.az a[href='#bokstav-M']");
  await page.waitForURL(/#bokstav-M/);
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "definitions-index", s);
  }
  await scheme(page, "light");
  step = "term popover";
  await page.goto(base + "/p/12");
  const term = page.locator("button.term").first();
  await term.waitFor();
  await term.hover();
  await page.waitForSelector("#term-pop");
  check((await term.getAttribute("aria-expanded")) === "true", "hover opens the definition");
  check(((await page.locator("#term-pop").textContent()) || "").length > 20, "the popover shows the definition");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#term-pop", { state: "detached" });
  check((await term.getAttribute("aria-expanded")) === "false", "Escape closes it");
  await page.mouse.move(0, 0);
  // Keyboard focus opens it too.
  await term.evaluate((b) => {
    const all = Array.from(document.querySelectorAll("a[href], button"));
    all[all.indexOf(b) - 1].focus();
  });
  await page.keyboard.press("Tab");
  await page.waitForSelector("#term-pop");
  check((await term.getAttribute("aria-expanded")) === "true", "keyboard focus opens the definition");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#term-pop", { state: "detached" });

  // 10. Favourites and recently read, kept in this browser.
  step = "favourites";
  await page.goto(base + "/p/12C1");
  await page.click("button[data-fav]");
  check((await page.locator("button[data-fav]").getAttribute("aria-pressed")) === "true", "the star is on");
  await page.goto(base + "/p/X78B4");
  await page.goto(base + "/");
  await page.waitForSelector("#mine:not([hidden])");
  check((await page.locator("#favs a[href='/p/12C1']").count()) === 1, "the favourite is on the home page");
  check((await page.locator("#recent a[href='/p/X78B4']").count()) === 1, "the last provisions read are on the home page");

  // 11. Copy buttons are shown once the script runs.
  step = "copy";
  await page.goto(base + "/p/12C1");
  check(await page.getByRole("button", { name: "Kopier henvisning" }).isVisible(), "Kopier henvisning is visible");
  check(await page.getByRole("button", { name: "Kopier lenke" }).isVisible(), "Kopier lenke is visible");

  // 12. Markup in a query is text, never script.
  step = "xss";
  await page.goto(base + "/sok?q=" + encodeURIComponent("<script>window.__xss=1</script><img src=x onerror=window.__xss=2>"));
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("<img src=x onerror=window.__xss=3>revoke", { delay: 5 });
  await page.waitForFunction(() => (document.querySelector(".results-inner") || {}).getAttribute?.("data-q")?.endsWith("revoke"));
  check((await page.evaluate(() => window.__xss)) === undefined, "no injected script ran");

  // 13. Tap targets and axe-core on every page type, in both schemes.
  for (const [name, uri] of PAGE_TYPES) {
    step = `targets and axe: ${name}`;
    await page.goto(base + uri);
    await page.waitForFunction(() => window.LOVBOK_L !== undefined);
    const small = await smallTargets(page);
    check(small.length === 0, `targets under 24×24 px:\n  ${small.join("\n  ")}`);
    for (const s of ["light", "dark"]) {
      await scheme(page, s);
      const v = await axe(page);
      check(v.length === 0, `axe (${s}):\n  ${v.join("\n  ")}`);
    }
    await scheme(page, "light");
  }

  // 14. The language: Danish from the browser, a switch that is remembered.
  step = "language";
  {
    const daProfile = mkdtempSync(join(tmpdir(), "lovbok-e2e-da-"));
    const daContext = await launch(daProfile, { locale: "da-DK" });
    try {
      const da = daContext.pages()[0] || (await daContext.newPage());
      await da.goto(base + "/p/X78B4");
      check((await da.getAttribute("html", "lang")) === "da", "Danish for a Danish browser");
      check(await da.getByRole("button", { name: "Kopiér henvisning" }).isVisible(), "the interface is Danish");
      check((await da.getAttribute("article", "lang")) === "da", "the corpus keeps its language");
      await Promise.all([da.waitForURL((u) => u.pathname === "/p/X78B4"), da.click("a.lang-switch")]);
      await da.waitForFunction(() => document.documentElement.lang === "nb");
      check(await da.getByRole("button", { name: "Kopier henvisning" }).isVisible(), "the switch gives Norwegian");
      await da.goto(base + "/innhold");
      check((await da.getAttribute("html", "lang")) === "nb", "and it is remembered");
      await da.click("a.lang-switch");
      await da.waitForFunction(() => document.documentElement.lang === "da");
      check((await da.locator("main h1").textContent()) === "Indhold", "and switched back");
    } finally {
      await daContext.close();
      rmSync(daProfile, { recursive: true, force: true });
    }
  }

  // 15. Without JavaScript (a browser with scripts off: no service worker
  // either) the search, "only this" and the pages still work.
  step = "no js";
  const nojsProfile = mkdtempSync(join(tmpdir(), "lovbok-e2e-nojs-"));
  const nojs = await launch(nojsProfile, { javaScriptEnabled: false });
  try {
    const plain = nojs.pages()[0] || (await nojs.newPage());
    await plain.goto(base + "/");
    await plain.fill("#q", "revoke");
    await Promise.all([plain.waitForURL(/\/sok\?/), plain.press("#q", "Enter")]);
    check((await plain.locator("#hits li a").count()) > 0, "server-rendered results without script");
    await plain.goto(base + "/");
    await plain.fill("#q", "16b1");
    await Promise.all([plain.waitForURL((u) => u.pathname === "/p/16B1"), plain.press("#q", "Enter")]);
    await plain.goto(base + "/p/12C2b");
    await Promise.all([plain.waitForURL(/vis=denne/), plain.click("#here-toggle")]);
    check(!(await plain.locator("section[id='12A']").isVisible()), "only this, rendered by the server");
    check(await plain.locator("section.prov.current").isVisible(), "with the provision");
    await Promise.all([plain.waitForURL((u) => !u.search), plain.click("#here-toggle")]);
    check(await plain.locator("section[id='12A']").isVisible(), "and back to the whole law");
    check(await plain.locator("a.term").first().isVisible(), "defined terms are links to their definitions");
    await Promise.all([plain.waitForURL((u) => u.pathname === "/innhold"), plain.click("nav a[href='/innhold']")]);
  } catch (e) {
    await nojs.close();
    rmSync(nojsProfile, { recursive: true, force: true });
    throw e;
  }

  // 16. Offline: the worker stores the site; then, with the network off,
  // ten provisions of both books, the contents and the definitions open,
  // and the search answers a cite and words from the stored index.
  step = "offline: storing";
  await page.goto(base + "/");
  await page.waitForFunction(() => document.documentElement.getAttribute("data-offline") === "ready", null, { timeout: 120000 });
  {
    // Installable on a phone's home screen: Chromium finds no fault with
    // the manifest, the icon and the worker.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    check(installabilityErrors.length === 0, `not installable: ${JSON.stringify(installabilityErrors)}`);
    await cdp.detach();
  }
  {
    // The manifest's icons (and the apple-touch-icon): PNG 192 and 512, a
    // maskable one; each fetched, its PNG header and the decoded image the
    // size the manifest states, and the opaque ones with no alpha channel.
    step = "icons";
    const icons = await page.evaluate(async () => {
      const manifest = await (await fetch(document.querySelector('link[rel="manifest"]').href)).json();
      const apple = document.querySelector('link[rel="apple-touch-icon"]').href;
      const list = [...manifest.icons, { src: apple, sizes: "180x180", type: "image/png", purpose: "apple-touch-icon" }];
      const out = [];
      for (const icon of list) {
        const res = await fetch(icon.src);
        const bytes = new DataView(await res.arrayBuffer());
        const png = bytes.byteLength > 26 && bytes.getUint32(0) === 0x89504e47 && bytes.getUint32(12) === 0x49484452;
        const img = new Image();
        img.src = icon.src;
        await img.decode();
        out.push({
          ...icon,
          status: res.status,
          contentType: res.headers.get("content-type"),
          ihdr: png ? `${bytes.getUint32(16)}x${bytes.getUint32(20)}` : null,
          colourType: png ? bytes.getUint8(25) : null,
          decoded: `${img.naturalWidth}x${img.naturalHeight}`,
          bytes: bytes.byteLength,
        });
      }
      return out;
    });
    const has = (sizes, purpose) => icons.some((i) => i.type === "image/png" && i.sizes === sizes && i.purpose.split(" ").includes(purpose));
    check(has("192x192", "any"), "the manifest lists a PNG 192 icon");
    check(has("512x512", "any"), "the manifest lists a PNG 512 icon");
    check(has("512x512", "maskable"), "the manifest lists a maskable PNG icon");
    check(has("512x512", "monochrome"), "the manifest lists a monochrome PNG icon");
    for (const i of icons) {
      const what = `icon ${i.purpose} ${i.sizes}`;
      check(i.status === 200 && i.contentType === i.type, `${what}: served as ${i.type} (${i.status} ${i.contentType})`);
      if (i.type !== "image/png") continue;
      check(i.ihdr === i.sizes && i.decoded === i.sizes, `${what}: header ${i.ihdr}, decoded ${i.decoded}`);
      if (i.purpose === "maskable" || i.purpose === "apple-touch-icon") check(i.colourType === 2, `${what}: opaque RGB, colour type ${i.colourType}`);
    }
    sizes.icons = Object.fromEntries(icons.map((i) => [`${i.purpose} ${i.sizes}`, i.bytes]));
  }
  sizes.offline_cache = await page.evaluate(async () => {
    let bytes = 0, entries = 0;
    for (const name of await caches.keys()) {
      if (!name.startsWith("lovbok-")) continue;
      const c = await caches.open(name);
      for (const req of await c.keys()) {
        const res = await c.match(req);
        bytes += (await res.arrayBuffer()).byteLength;
        entries++;
      }
    }
    return { entries, bytes };
  });
  // What storing the site costs on the wire: every URL the worker stores,
  // fetched gzip-compressed as the browser does.
  {
    const swUrl = await page.getAttribute('meta[name="lovbok-sw"]', "content");
    const swText = await (await fetch(base + swUrl)).text();
    const config = JSON.parse(swText.match(/const CONFIG = (.*);/)[1]);
    const urls = [...new Set([...config.shell, ...config.pages])];
    const gzBytes = (u) =>
      new Promise((resolve, reject) => {
        httpGet(base + u, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          let n = 0;
          res.on("data", (c) => (n += c.length));
          res.on("end", () => resolve(n));
        }).on("error", reject);
      });
    let total = 0;
    for (const u of urls) total += await gzBytes(u);
    sizes.offline_store = { urls: urls.length, gzip_transfer: total };
  }
  step = "offline: pages";
  offline = true;
  await context.setOffline(true);
  const visits = [
    ["/p/12C1", "12C1"],
    ["/p/16B1", "16B1"],
    ["/p/20F5", "20F5"],
    ["/p/7B1", "7B1"],
    ["/p/16B2", "16B2"],
    ["/p/31", "31"],
    ["/p/X78B4", "X78B4"],
    ["/p/X16A3", "X16A3"],
    ["/p/212B2b", "212B2b"],
    ["/p/212A3d", "212A3d"],
    ["/p/def:Alert", "def:Alert"],
  ];
  const notVisitedOnline = ["20F5", "7B1", "16B2", "X16A3", "212B2b"];
  // Never opened online, and stored as its own page: a calculator's form is
  // on its own page only (212A3d shows 212A's).
  const calculatorPages = ["212A3d"];
  for (const [uri, want] of visits) {
    await page.goto(base + uri);
    await page.waitForFunction((w) => {
      const a = document.querySelector("article.provision");
      return a && a.getAttribute("data-cite") === w;
    }, want);
    check((await page.locator(`.prov.current[data-cite='${want}']`).count()) === 1, `${uri} offline: the provision is marked`);
    check(await page.locator("#offline-note").isVisible(), `${uri} offline: the page says it is offline`);
    if (notVisitedOnline.includes(want)) {
      // Never fetched as such: the stored page of its law answered, so the
      // network was not used, and the page was made about the provision.
      check((await page.getAttribute("html", "data-retargeted")) === want, `${uri} offline: served from the stored law page`);
      check(((await page.locator("#here-cite").textContent()) || "").endsWith(want), `${uri} offline: the bar names it`);
    }
    if (calculatorPages.includes(want)) {
      check((await page.getAttribute("html", "data-retargeted")) === null, `${uri} offline: its own stored page`);
      check(await page.locator("#regn-ut form").isVisible(), `${uri} offline: the calculator is on the page`);
    }
  }
  // After a jump deep into a long page the offline bar is still in view.
  await page.goto(base + "/p/16B1");
  await page.waitForFunction(() => document.querySelector("section.current"));
  const note = await page.evaluate(() => {
    const r = document.getElementById("offline-note").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, scrolled: window.scrollY, h: window.innerHeight };
  });
  check(note.scrolled > 0 && note.top >= 0 && note.bottom <= note.h + 1, `the offline bar is in view after a jump (${JSON.stringify(note)})`);
  // "Henvist fra" regrouped for the provision: citations of 16B as a whole.
  await page.goto(base + "/p/16B2");
  await page.waitForFunction(() => document.documentElement.getAttribute("data-retargeted") === "16B2");
  check((await page.locator(".bl-group[data-rel=whole]:not([hidden]) h3").first().textContent()).includes("hele"), "offline: citations of the whole, labelled");
  for (const uri of ["/innhold", "/definisjoner"]) {
    await page.goto(base + uri);
    check((await page.locator("main h1").count()) === 1, `${uri} offline`);
  }
  // The language switch works offline: the worker stored both languages.
  step = "offline: language switch";
  await page.goto(base + "/p/16B1");
  await Promise.all([page.waitForURL((u) => u.pathname === "/p/16B1"), page.click("a.lang-switch")]);
  await page.waitForFunction(() => document.documentElement.lang === "da");
  check(await page.getByRole("button", { name: "Kopiér henvisning" }).first().isVisible(), "offline: the switch gives the Danish interface");
  check(((await page.locator("#offline-note").textContent()) || "").startsWith("Offline:"), "offline: the bar speaks Danish");
  check((await page.locator(".prov.current[data-cite='16B1']").count()) === 1, "offline: back on the provision after the switch");
  await page.goto(base + "/innhold");
  check((await page.locator("main h1").textContent()) === "Indhold", "offline: Danish is remembered");
  await Promise.all([page.waitForURL((u) => u.pathname === "/innhold"), page.click("a.lang-switch")]);
  await page.waitForFunction(() => document.documentElement.lang === "nb");
  check((await page.locator("main h1").textContent()) === "Innhold", "offline: and switched back");
  step = "offline: search";
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("12c1");
  await page.waitForFunction(() => document.querySelector("#offline-answer") && document.querySelector("#hits a[data-cite-hit]"));
  await Promise.all([page.waitForURL((u) => u.pathname === "/p/12C1"), page.keyboard.press("Enter")]);
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("revoke etablert", { delay: 20 });
  await page.waitForFunction(() => {
    const r = document.querySelector(".results-inner");
    return r && r.getAttribute("data-q") === "revoke etablert" && document.querySelector("#offline-answer") && document.querySelectorAll("#hits li").length > 0;
  });
  const offHits = await page.locator("#hits li a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  check(offHits.slice(0, 5).includes("/p/63"), `the offline answer finds Law 63 (${offHits.slice(0, 5).join(" ")})`);
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await shot(page, "offline-search", s);
  }
  await scheme(page, "light");
  // A cite typed into the form and sent: the stored search page answers.
  await page.goto(base + "/sok?q=" + encodeURIComponent("lov 16b1"));
  await page.waitForURL((u) => u.pathname === "/p/16B1");

  // The subject index offline: "Hva har skjedd?" reaches Law 64 in three
  // taps (under the heading of when: area → what happened → the
  // provision), /stikkord filters as you type, and the offline search
  // finds a title-only law by a subject in each language (none of these
  // words is in the law's title).
  step = "offline: Hva har skjedd?";
  await page.goto(base + "/hva-har-skjedd");
  check(await page.locator("#offline-note").isVisible(), "the picker offline says it is offline");
  // The area under the play's heading, the subject, its provision
  // (clicks: this context has no touch screen).
  check(await page.locator("#play > h2").isVisible(), "the play is a heading, open");
  await page.locator("#play details.pick-area:has(#play-revoke-etablert) > summary").click();
  await page.locator("#play-revoke-etablert > summary").click();
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/p/64"),
    page.locator("#play-revoke-etablert a[href='/p/64']").click(),
  ]);
  await page.waitForFunction(() => document.querySelector("article.provision")?.getAttribute("data-cite") === "64");
  check((await page.locator(".subjects-here").count()) > 0, "Law 64 offline lists its subjects");
  step = "offline: /stikkord";
  await page.goto(base + "/stikkord");
  const allRows = await page.locator(".subject").count();
  await page.locator("#subject-q").fill("kulorsvigt");
  const shownRows = await page.locator(".subject:not([hidden])").count();
  check(shownRows > 0 && shownRows < allRows, `the filter keeps the revoke subjects (${shownRows} of ${allRows})`);
  await page.locator("#subject-q").fill("zzzz");
  check(await page.locator("#subject-none").isVisible(), "the filter says when nothing matches");
  step = "offline: a title-only law by its subjects";
  for (const [q, want] of [
    ["renege", "/p/61"],
    ["etableret kulørsvigt", "/p/64"],
    ["krevde resten av stikkene", "/p/68"],
  ]) {
    await page.goto(base + "/");
    await page.focus("#q");
    await page.keyboard.type(q, { delay: 10 });
    await page.waitForFunction((w) => {
      const r = document.querySelector(".results-inner");
      return r && r.getAttribute("data-q") === w && document.querySelector("#offline-answer") && document.querySelectorAll("#hits li").length > 0;
    }, q);
    const hrefs = await page.locator("#hits li a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    check(hrefs.slice(0, 5).includes(want), `offline "${q}" finds ${want} (${hrefs.slice(0, 5).join(" ")})`);
  }
  await context.setOffline(false);

  // No answer while the browser believes it is online (a captive portal):
  // the search answers from the stored index and the page says so.
  step = "no answer: search";
  await page.route("**/sok/treff**", (r) => r.abort("timedout"));
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("revoke", { delay: 10 });
  await page.waitForSelector("#offline-answer", { timeout: 15000 });
  check(await page.locator("#offline-note").isVisible(), "the search page says it has no network");
  await page.unroute("**/sok/treff**");
  offline = false;

  // 17. On a touch screen, a tap on a citation shows the cited text first,
  // and a tap on a defined term opens its definition.
  step = "tap";
  const touchProfile = mkdtempSync(join(tmpdir(), "lovbok-e2e-touch-"));
  const touch = await launch(touchProfile, { isMobile: true, hasTouch: true });
  try {
    const tp = touch.pages()[0] || (await touch.newPage());
    await tp.goto(base + "/p/16");
    const before = tp.url();
    await tp.locator("article a.cite").first().tap();
    await tp.waitForSelector(".cite-pop");
    check(tp.url() === before, "the first tap on a citation does not leave the page");
    check(((await tp.locator(".cite-pop p").textContent()) || "").length > 10, "the popover shows the cited text");
    await tp.locator(".cite-pop button").tap();
    await tp.waitForSelector(".cite-pop", { state: "detached" });
    const t = tp.locator("button.term").first();
    await t.tap();
    await tp.waitForSelector("#term-pop");
    check((await t.getAttribute("aria-expanded")) === "true", "a tap opens a definition");
    await tp.screenshot({ path: join(shots, "term-popover-light.png") });
  } finally {
    await touch.close();
    rmSync(touchProfile, { recursive: true, force: true });
  }

  await checkCalculator(context, nojs, problems);
  await checkEveryCalculator(context, nojs, problems);
  await nojs.close();
  rmSync(nojsProfile, { recursive: true, force: true });

  // 10. The study page (/ov) on a phone: a round, progress kept, an exam, axe.
  await practice(context, problems);

  // 11. The embed script on another site's page.
  await embedCheck();
  await fallbackAgrees();

  // 11b. The header's search box outside the search page, as you type.
  step = "header search";
  const hp = await context.newPage();
  await headerSearch(hp, base, "live");
  // 11c. The picker's filter, and its open place kept through reload and Back.
  await pickerCheck(hp);
  await pickerReach(hp);
  await hp.close();

  // 12. A first visit: storing the site covers nothing and can be closed.
  await firstVisit();

  // 13. The static copy (lovbok export --site) on a plain file server.
  await staticCopy(process.argv[3]);

  // 14. A parallel text (an edition folder of our own invented English
  // sentences) served beside the built-in text by a second server.
  if (process.argv[4]) await editionsCheck(process.argv[4].replace(/\/$/, ""));

  step = "console";
  check(problems.length === 0, problems.join("\n"));
  writeFileSync(join(shots, "sizes.json"), JSON.stringify(sizes, null, 2));
  log(`e2e: first load ${sizes.first_load.total_transfer} bytes transferred (${sizes.first_load.total_decoded} decoded); storing the site ${sizes.offline_store.urls} URLs, ${sizes.offline_store.gzip_transfer} bytes gzip; offline cache ${sizes.offline_cache.entries} entries, ${sizes.offline_cache.bytes} bytes`);
  log(`e2e: all checks passed; screenshots in ${shots}`);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  process.exit(0);
} catch (e) {
  console.error(`e2e FAILED (at ${step}): ${e.message}`);
  try {
    const p = context && context.pages()[context.pages().length - 1];
    if (p) await p.screenshot({ path: join(shots, "failure.png") });
  } catch {}
  if (context) await context.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
  process.exit(1);
}

// The "Regn ut" calculator on a phone (390×844): typed inputs are computed
// by POST /api/calc as you type, the formula is shown with the numbers
// filled in, a bad input gets a Norwegian message, and without JavaScript
// the form still answers from the server.
async function checkCalculator(context, nojs, problems) {
  step = "calculator";
  const page = await context.newPage();
  // The deliberately bad input below is answered 400, which Chromium logs.
  let expectBad = false;
  let expectOffline = false;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (expectBad && m.text().includes("status of 400")) return;
    // With the network off, or a captive portal's requests that time out.
    if (expectOffline && /ERR_INTERNET_DISCONNECTED|ERR_TIMED_OUT/.test(m.text())) return;
    problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(base + "/p/X78B4");
  const form = page.locator("#regn-ut form");
  check(await form.isVisible(), "the calculator form is on the page");
  await page.locator("#calc-tables").fill("13");
  await page.locator("#calc-results").fill("6");
  await page.locator("#calc-mp").fill("7,5");
  const first = page.locator("#regn-ut .calc-result dd").first();
  await first.waitFor({ timeout: 5000 });
  await page.waitForFunction(
    () => (document.querySelector("#regn-ut .calc-result dd") || {}).textContent === "17,4 poeng",
    null,
    { timeout: 5000 }
  );
  check((await first.textContent()) === "17,4 poeng", `Neuberg gives 17,4 (${await first.textContent()})`);
  const steps = (await page.locator("#regn-ut .calc-steps").textContent()) || "";
  check(steps.includes("13 / 6 × (7,5 + 1) − 1 = 17,41666…"), `the formula is filled in (${steps})`);
  check(steps.includes("X78C1"), "the rounding step cites X78C1");
  check((await page.locator("#regn-ut .calc-by a").textContent()) === "X78B4", "the result names its cite");
  check(/[?&]mp=7%2C5/.test(page.url()) || /[?&]mp=7,5/.test(page.url()), `the URL keeps the inputs (${page.url()})`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `nothing is wider than the phone (${wide}px)`);
  const box = await page.locator("#calc-mp").boundingBox();
  check(box && box.height >= 24 && box.x + box.width <= 390, "the fields fit and are big enough to tap");
  await page.locator("#regn-ut").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "calculator.png") });

  // A bad input: the message names the field, in Norwegian.
  expectBad = true;
  await page.locator("#calc-tables").fill("5");
  await page.waitForSelector("#regn-ut .calc-error", { timeout: 5000 });
  const err = (await page.locator("#regn-ut .calc-error").textContent()) || "";
  check(err.includes("Antall bord (A)") && err.includes("større enn"), `the error is explained (${err})`);

  // Offline the calculator cannot reach the server, and says so plainly.
  expectOffline = true;
  await context.setOffline(true);
  await page.locator("#calc-tables").fill("14");
  await page.waitForFunction(
    () => ((document.querySelector("#regn-ut .calc-error") || {}).textContent || "").startsWith("Uten nett"),
    null,
    { timeout: 5000 }
  );
  await context.setOffline(false);
  // The network back: the offline bar goes, without another calculation.
  await page.waitForFunction(() => document.getElementById("offline-note").hidden, null, { timeout: 10000 });
  // A captive portal: the browser believes it is online, and no request
  // answers. The calculator says so in the page's language, never with
  // the browser's English, and the page says it is offline.
  await page.route("**/api/calc/**", (r) => r.abort("timedout"));
  await page.locator("#calc-tables").fill("15");
  await page.waitForFunction(
    () => !document.getElementById("offline-note").hidden && ((document.querySelector("#regn-ut .calc-error") || {}).textContent || "").startsWith("Uten nett"),
    null,
    { timeout: 10000 }
  );
  const said = (await page.locator("#regn-ut .calc-error").textContent()) || "";
  check(!/fetch|Failed|network/i.test(said), `no browser text in the calculator (${said})`);
  check(await page.locator("#offline-note").isVisible(), "the page says it has no network");
  await page.unroute("**/api/calc/**");
  // The network back: the next answer takes the bar away…
  await page.locator("#calc-tables").fill("13");
  await page.waitForSelector("#regn-ut .calc-result dd", { timeout: 5000 });
  await page.waitForFunction(() => document.getElementById("offline-note").hidden, null, { timeout: 5000 });
  // …and so does the browser saying it is online, which asks the network.
  await page.route("**/api/calc/**", (r) => r.abort("timedout"));
  await page.locator("#calc-tables").fill("16");
  await page.waitForFunction(() => !document.getElementById("offline-note").hidden, null, { timeout: 10000 });
  await page.unroute("**/api/calc/**");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.waitForFunction(() => document.getElementById("offline-note").hidden, null, { timeout: 10000 });
  await page.close();

  // Without JavaScript the same form is computed by the server.
  step = "calculator without js";
  const plain = await nojs.newPage();
  await plain.setViewportSize({ width: 390, height: 844 });
  await plain.goto(base + "/p/211B1d");
  check((await plain.locator("#calc-form").inputValue()) === "knockout", "211B1d presets the single match");
  await plain.goto(base + "/p/X78B4");
  await plain.fill("#calc-tables", "13");
  await plain.fill("#calc-results", "6");
  await plain.fill("#calc-mp", "7,5");
  await Promise.all([plain.waitForURL(/\/p\/X78B4\?/), plain.press("#calc-mp", "Enter")]);
  check((await plain.locator("#regn-ut .calc-result dd").first().textContent()) === "17,4 poeng", "the server computes the form");
  await plain.close();
}

// Every calculator, with JavaScript and without: its example (GET
// /api/calc) typed and chosen into its own page's form gives a result.
// A calculator whose inputs are all choices (204C, 206A) computes as soon
// as one is chosen, and a submitted form is computed too.
async function checkEveryCalculator(context, nojs, problems) {
  const list = await (await fetch(base + "/api/calc")).json();
  const fill = async (page, calc) => {
    for (const [name, value] of Object.entries(calc.example)) {
      const input = calc.inputs.find((i) => i.name === name);
      const field = page.locator(`#calc-${name}`);
      if (input && input.kind === "choice") await field.selectOption(String(value));
      else await field.fill(String(value));
    }
  };
  step = "every calculator with js";
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  for (const calc of list.calculators) {
    await page.goto(base + calc.url);
    await fill(page, calc);
    // A form with no text field is sent when a choice is made; the
    // submit button sends any form.
    const texts = calc.inputs.filter((i) => i.kind !== "choice").length;
    if (texts > 0) await page.click("#regn-ut button[type=submit]");
    await page
      .waitForSelector("#regn-ut .calc-result dd", { timeout: 5000 })
      .catch(() => undefined);
    const got = await page.locator("#regn-ut .calc-result dd").count();
    // A locator's textContent waits for its element: ask only if it is there.
    const errors = page.locator("#regn-ut .calc-error");
    const err = (await errors.count()) > 0 ? (await errors.first().textContent()) || "" : "";
    check(got > 0, `${calc.cite} computes with JavaScript (${err})`);
  }
  // 206A: all choices, computed on the choice alone.
  await page.goto(base + "/p/206A");
  await page.locator("#calc-side").selectOption("plus");
  await page.waitForSelector("#regn-ut .calc-result dd", { timeout: 5000 });
  check((await page.locator("#regn-ut .calc-result dd").first().textContent()) === "1,2 poeng", "206A computes on the choice");
  // An empty form submitted lists every choice it lacks, by its labels.
  await page.goto(base + "/p/12C2");
  await page.click("#regn-ut button[type=submit]");
  await page.waitForSelector("#regn-ut .calc-error", { timeout: 5000 });
  const missing = (await page.locator("#regn-ut .calc-error").textContent()) || "";
  check(missing.includes("Utregning") && missing.includes("; ") && !missing.includes("pairs"), `every missing choice by its label (${missing})`);
  await page.close();

  step = "every calculator without js";
  const plain = await nojs.newPage();
  for (const calc of list.calculators) {
    await plain.goto(base + calc.url);
    await fill(plain, calc);
    await Promise.all([plain.waitForURL((u) => u.search.length > 1), plain.click("#regn-ut button[type=submit]")]);
    const got = await plain.locator("#regn-ut .calc-result dd").count();
    check(got > 0, `${calc.cite} computes without JavaScript`);
  }
  await plain.close();
}

// --- the study page (/ov) ----------------------------------------------------
//
// Kept as one function so that it merges cleanly with other changes to the
// steps above. Plays a round of Begreper on a 390x844 phone viewport: one
// answer right, one wrong (the right choice is read from the deck the page
// itself fetched), checks the feedback links the provision, reloads and sees
// the progress kept in localStorage; takes a short exam and checks that each
// wrong answer links its provision; runs axe-core on the page in light and
// dark mode, with a card answered and on the exam's result, and fails on any
// serious or critical violation (step 13 covers /ov's first view with the
// other page types).

// axe-core: the shared axe() helper above (serious and critical violations).
// Another site's page (served from its own origin) that includes
// /embed.js: its citations are linked to this server, a popover shows the
// cited text on focus, its own links, code and form fields are untouched,
// axe finds nothing serious; and with the link API unreachable the
// citations become plain links.
async function embedCheck() {
  step = "embed: a page on another origin";
  const fixture = readFileSync(join(here, "fixtures", "embed.html"), "utf8").replaceAll("{{BASE}}", base);
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(fixture);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const site = `http://127.0.0.1:${server.address().port}`;
  const embedProfile = mkdtempSync(join(tmpdir(), "lovbok-embed-"));
  const ctx = await launch(embedProfile, { locale: "en-GB" });
  const problems = [];
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    const sent = [];
    page.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith(base) && !u.startsWith(site)) problems.push(`request to a third origin: ${u}`);
      if (u.startsWith(base + "/api/")) sent.push(u);
    });
    await page.goto(site + "/");
    await page.waitForSelector("main[data-lovbok-linked]");
    check((await page.getAttribute("main", "data-lovbok-linked")) === "server", "the embed script linked through the server");
    check(sent.length === 1, `one request per page (${sent.length})`);
    const hrefs = await page.locator("#ruling a.lovbok-cite").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const want of ["/p/16B1", "/p/12C1c", "/p/61"]) {
      check(hrefs.includes(base + want), `the ruling links ${want} (${hrefs.join(" ")})`);
    }
    check((await page.locator("#scores a").count()) === 0, "scores, bids and board numbers stay text");
    check((await page.getAttribute("#own-link", "href")) === "https://example.org/law-12", "the page's own link is untouched");
    check((await page.locator("#own-link a").count()) === 0, "no link inside the page's own link");
    check((await page.locator("#pre a, #code a").count()) === 0, "code and pre are untouched");
    check((await page.textContent("#pre")) === "Law 16B1 in a pre block", "the pre keeps its text");
    check((await page.inputValue("#note")) === "Law 12", "a form field keeps its value");
    step = "embed: popover on focus";
    await page.focus("#ruling a.lovbok-cite");
    await page.waitForSelector("#lovbok-popover:not([hidden])");
    const tip = (await page.textContent("#lovbok-popover")) || "";
    check(tip.includes("16B1") && tip.length > 40, `the popover shows the cited text (${tip.slice(0, 60)})`);
    check((await page.getAttribute("#ruling a.lovbok-cite", "aria-describedby")) === "lovbok-popover", "the link is described by the popover");
    const v = await axe(page);
    check(v.length === 0, `axe on the embedding page:\n  ${v.join("\n  ")}`);
    step = "embed: Tab moves the popover";
    await page.keyboard.press("Tab");
    const second = await page.evaluate(() => document.activeElement.getAttribute("data-lovbok-cite"));
    check(second === "12C1c", `Tab reaches the next citation (${second})`);
    // Past the blur timer of the link just left (150 ms), the popover is
    // still there, and it is the new link's.
    await page.evaluate(() => new Promise((ok) => setTimeout(ok, 400)));
    check(await page.locator("#lovbok-popover").isVisible(), "the popover stays open on the next citation");
    check((await page.getAttribute("#lovbok-popover", "data-for")) === "12C1c", "the popover shows the focused citation");
    check(((await page.textContent("#lovbok-popover strong")) || "").includes("12C1c"), "the popover's heading is the focused citation");
    await page.keyboard.press("Escape");
    check(await page.locator("#lovbok-popover").isHidden(), "Escape closes the popover");
    step = "embed: the right edge";
    await page.focus("#edge a.lovbok-cite");
    await page.waitForSelector("#lovbok-popover:not([hidden])");
    const edge = await page.evaluate(() => {
      const r = document.getElementById("lovbok-popover").getBoundingClientRect();
      return { left: r.left, right: r.right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
    });
    check(edge.left >= 0 && edge.right <= edge.width, `the popover stays inside the viewport (${JSON.stringify(edge)})`);
    check(edge.scroll <= edge.width, `the popover does not widen the page (${JSON.stringify(edge)})`);
    await page.keyboard.press("Escape");
    // Where the server links each citation, for the fallback below.
    const serverLinks = await linksByParagraph(page, "a.lovbok-cite");
    step = "embed: the server unreachable";
    const cut = await ctx.newPage();
    await cut.route(base + "/api/**", (r) => r.abort("connectionrefused"));
    await cut.goto(site + "/");
    await cut.waitForSelector("main[data-lovbok-linked]");
    check((await cut.getAttribute("main", "data-lovbok-linked")) === "plain", "without the API the script falls back");
    const plain = await cut.locator("#ruling a.lovbok-plain").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    check(plain.includes(base + "/p/16B1") && plain.includes(base + "/p/12C1c"), `plain links to the cites (${plain.join(" ")})`);
    check((await cut.locator("#scores a, #pre a, #code a").count()) === 0, "the fallback leaves scores and code alone too");
    const hard = await cut.locator("#hard a.lovbok-plain").evaluateAll((as) => as.map((a) => `${a.textContent}=${a.getAttribute("href")}`));
    check(hard.includes(`64A2=${base}/p/64`), `a cite under a title-only law links the law, as the server does, never a 404 (${hard.join(" ")})`);
    check(!hard.some((h) => h.endsWith("/p/12")), `no citation links all of Law 12 (${hard.join(" ")})`);
    check(hard.some((h) => h.endsWith("/p/16B1")), `a lower-case cite links its provision (${hard.join(" ")})`);
    check(hard.includes(`16C=${base}/p/16C`) && hard.includes(`16D=${base}/p/16D`), `each member of a list after a cue links its provision (${hard.join(" ")})`);
    check(hard.includes(`64C=${base}/p/64`), `a list written with a comma and no space is read to its end (${hard.join(" ")})`);
    // Every plain link is a link the server makes: inside one of its spans,
    // to the same address.
    const plainLinks = await linksByParagraph(cut, "a.lovbok-plain");
    for (const p of plainLinks) {
      const same = serverLinks.find((s) => s.para === p.para && s.start <= p.start && p.end <= s.end);
      check(same && same.href === p.href, `the fallback links "${p.text}" in #${p.para} to ${p.href}, the server ${same ? "to " + same.href : "not at all"}`);
    }
    await cut.focus("#ruling a.lovbok-plain");
    check((await cut.locator("#lovbok-popover").count()) === 0, "a plain link has no popover");
    await cut.close();
    await page.screenshot({ path: join(shots, "embed.png") });
    check(problems.length === 0, problems.join("\n"));
  } finally {
    await ctx.close();
    rmSync(embedProfile, { recursive: true, force: true });
  }
  // A phone: a tap on a citation shows its text, a second tap opens it.
  step = "embed: tap";
  const touchProfile = mkdtempSync(join(tmpdir(), "lovbok-embed-touch-"));
  const touch = await launch(touchProfile, { locale: "en-GB", hasTouch: true, isMobile: true });
  try {
    const page = touch.pages()[0] || (await touch.newPage());
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.goto(site + "/");
    await page.waitForSelector("main[data-lovbok-linked]");
    const link = page.locator("#ruling a.lovbok-cite").first();
    await link.tap();
    await page.waitForSelector("#lovbok-popover:not([hidden])");
    check(new URL(page.url()).origin === site, `the first tap stays on the page (${page.url()})`);
    check((await page.getAttribute("#lovbok-popover", "data-for")) === "16B1", "the first tap shows the tapped citation");
    step = "embed: second tap";
    await Promise.all([page.waitForURL((u) => u.href === base + "/p/16B1"), link.tap()]);
    check(problems.length === 0, problems.join("\n"));
  } finally {
    await touch.close();
    server.close();
    rmSync(touchProfile, { recursive: true, force: true });
  }
}

// The embed script's fallback, run in node over every line of the books
// (and the fixture's page) against POST /api/link: each link it makes lies
// inside a span the server links, to the same address. Its functions are
// read from the script the server serves, between two of its own lines.
async function fallbackAgrees() {
  step = "embed: the fallback reads cites as the server does";
  const js = await (await fetch(base + "/embed.js")).text();
  const config = JSON.parse(js.slice(js.indexOf("= ") + 2, js.indexOf(";\n")));
  const from = js.indexOf("  const IDS = config.ids");
  const to = js.indexOf("  function fallback(nodes)");
  check(from > 0 && to > from, "the fallback's functions are where this test reads them");
  const f = new Function("config", "attr", js.slice(from, to) + "; return { linksIn };")(config, () => "");
  const links = (text) => f.linksIn(text, false).map((c) => ({ start: c.start, end: c.end, href: "/p/" + encodeURIComponent(c.id) }));
  const lines = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".md")) lines.push(...readFileSync(p, "utf8").split("\n").filter((l) => l.trim()));
    }
  };
  walk(join(here, "..", "..", "laws"));
  walk(join(here, "..", "..", "handbook"));
  lines.push(...readFileSync(join(here, "fixtures", "embed.html"), "utf8").replace(/<[^>]+>/g, " ").split("\n"));
  const enc = new TextEncoder();
  let made = 0;
  for (let i = 0; i < lines.length; i += 200) {
    const text = lines.slice(i, i + 200).join("\n");
    const res = await fetch(base + "/api/link", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
    check(res.ok, `POST /api/link answers (${res.status})`);
    const server = ((await res.json()).citations || []).filter((c) => c.url);
    for (const m of links(text)) {
      made++;
      const bs = enc.encode(text.slice(0, m.start)).length;
      const be = enc.encode(text.slice(0, m.end)).length;
      const s = server.find((c) => c.start <= bs && be <= c.end);
      check(s && s.url === m.href, `the fallback links "${text.slice(m.start, m.end)}" (…${text.slice(Math.max(0, m.start - 30), m.end + 10)}…) to ${m.href}, the server ${s ? "to " + s.url : "not at all"}`);
    }
  }
  check(made >= 10, `the fallback links the books' law-word cites (${made})`);
  log(`e2e: the embed fallback agrees with the server on ${made} links over ${lines.length} lines`);
}

// The links matching `selector` on an embedding page: the paragraph each
// lies in, its place in that paragraph's text, its text and its address.
function linksByParagraph(page, selector) {
  return page.locator(selector).evaluateAll((as) =>
    as.map((a) => {
      const p = a.closest("p[id], h1");
      const range = document.createRange();
      range.setStart(p, 0);
      range.setEndBefore(a);
      const start = range.toString().length;
      return { para: p.id || p.tagName, start, end: start + a.textContent.length, text: a.textContent, href: a.getAttribute("href") };
    })
  );
}

// A first visit on a fresh phone: while the worker stores the site, its
// note covers no link (every link in view is the element at its own
// centre), and it can be closed.
async function firstVisit() {
  step = "first visit: storing covers nothing";
  const fresh = mkdtempSync(join(tmpdir(), "lovbok-first-"));
  const ctx = await launch(fresh);
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    await page.goto(base + "/p/12");
    await page.waitForSelector("#store-note:not([hidden])", { timeout: 60000 });
    const covered = await page.evaluate(() => {
      const out = [];
      for (const a of document.querySelectorAll("a[href]")) {
        const r = a.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
        const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== a && !a.contains(hit)) out.push(`${a.textContent.trim().slice(0, 20)} under ${hit.className || hit.tagName}`);
      }
      return out;
    });
    check(covered.length === 0, `the storing note covers no link: ${covered.join(", ")}`);
    const close = page.locator("#store-note .store-close");
    if ((await close.count()) > 0 && (await close.isVisible())) {
      await close.click();
      check(await page.locator("#store-note").isHidden(), "the storing note can be closed");
    }
  } finally {
    await ctx.close();
    rmSync(fresh, { recursive: true, force: true });
  }
}

// The header's search box on a page other than the search page answers as
// you type, under the header, and leaves the page where it is.
async function headerSearch(page, origin, when) {
  await page.goto(origin + "/p/12");
  await page.waitForSelector("article.provision");
  await page.focus("#site-q");
  await page.keyboard.type("revoke", { delay: 10 });
  await page.waitForFunction(() => {
    const r = document.querySelector("#site-results .results-inner");
    return r && r.getAttribute("data-q") === "revoke" && document.querySelectorAll("#site-results #hits li").length > 0;
  });
  check(await page.locator("#site-results").isVisible(), `${when}: the header's hits show as you type`);
  check(new URL(page.url()).pathname.replace(/\/$/, "") === "/p/12", `${when}: the page keeps its address (${page.url()})`);
  await page.fill("#site-q", "");
  await page.waitForFunction(() => document.getElementById("site-results").hidden);
}

// /hva-har-skjedd at 390×844, the goal: at most three taps and at
// most one screen of scrolling between two taps. Twenty subjects drawn
// evenly from the page (every n-th), each reached from the top by every
// closed place around it (its area, the subject: the groups are headings)
// and its first provision, which must open; the taps are counted from the
// page, not assumed. How far the next target lies below the screen's
// bottom edge before each tap after the first is what the reader scrolls
// (the first tap may need the page scrolled to its area: not counted).
// Then every area, opened by a tap: its last subject within a screen.
async function pickerReach(page) {
  step = "picker: taps and scrolling";
  await page.goto(base + "/hva-har-skjedd");
  const all = await page.$$eval("details.pick-subject", (ds) => ds.map((d) => d.id));
  check(all.length > 100, `the picker lists the index (${all.length} subjects)`);
  const every = Math.max(1, Math.floor(all.length / 20));
  const drawn = all.filter((_, i) => i % every === 0).slice(0, 20);
  let worst = 0;
  let taps = 0;
  const over = [];
  for (const id of drawn) {
    await page.goto(base + "/hva-har-skjedd");
    await page.evaluate(() => window.scrollTo(0, 0));
    // Every <details> the link is in, outermost first: a tap each.
    const places = await page.evaluate((id) => {
      const out = [];
      for (let d = document.getElementById(id); d; d = d.parentElement && d.parentElement.closest("details")) out.unshift(d.id);
      return out;
    }, id);
    const path = places.map((p) => page.locator(`[id="${p}"] > summary`));
    path.push(page.locator(`[id="${id}"] ul.links a`).first());
    for (const [i, target] of path.entries()) {
      const below = await belowScreen(target);
      if (i > 0) worst = Math.max(worst, below);
      if (i > 0 && below > 1) over.push(`${id} (tap ${i + 1}: ${below.toFixed(2)})`);
      if (i === path.length - 1) {
        await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/p/")), target.click()]);
      } else {
        await target.click();
      }
    }
    taps = Math.max(taps, path.length);
  }
  log(`e2e: picker: ${drawn.length} subjects drawn from ${all.length}, each reached in at most ${taps} taps; the most scrolling between two taps ${worst.toFixed(2)} screens; more than one screen for ${over.length}: ${over.join(", ")}`);
  check(taps <= 3, `at most three taps to a provision (${taps})`);
  check(over.length === 0, `at most one screen between two taps: ${over.join(", ")}`);

  step = "picker: every area within a screen";
  await page.goto(base + "/hva-har-skjedd");
  const areas = await page.$$eval("details.pick-area", (ds) => ds.map((d) => d.id));
  const long = [];
  let most = 0;
  for (const id of areas) {
    const area = page.locator(`[id="${id}"]`);
    await area.locator(":scope > summary").click();
    const below = await belowScreen(area.locator(":scope > ul > li:last-child > details > summary"));
    most = Math.max(most, below);
    if (below > 1) long.push(`${id} (${below.toFixed(2)})`);
    await area.locator(":scope > summary").click();
  }
  log(`e2e: picker: ${areas.length} areas, each opened by a tap; its last subject at most ${most.toFixed(2)} screens below the screen`);
  check(long.length === 0, `an area's last subject more than a screen below it: ${long.join(", ")}`);
}

// How far (in screens) a target lies below the bottom edge of the screen.
async function belowScreen(target) {
  const box = await target.boundingBox();
  const h = await target.page().evaluate(() => window.innerHeight);
  return box ? Math.max(0, box.y + box.height - h) / h : Infinity;
}

// /hva-har-skjedd: the filter box narrows the subjects to those whose name
// or terms hold the words, and opens their groups; the subject opened is in
// the address, and reload and Back return to it, open.
async function pickerCheck(page) {
  step = "picker: filter";
  await page.goto(base + "/hva-har-skjedd");
  const all = await page.locator(".pick-row").count();
  await page.fill("#pick-q", "nøling");
  await page.waitForFunction(() => document.querySelectorAll(".pick-row:not([hidden])").length > 0);
  const left = await page.locator(".pick-row:not([hidden])").count();
  check(left > 0 && left < all / 4, `the filter narrows the subjects (${left} of ${all})`);
  const first = page.locator(".pick-row:not([hidden]) details.pick-subject").first();
  check(await first.isVisible(), "a subject the filter leaves is in view, its group and area open");
  step = "picker: the open place in the address";
  const id = await first.getAttribute("id");
  await first.locator("summary").click();
  await page.waitForFunction((id) => decodeURIComponent(location.hash) === "#" + id, id);
  await page.reload();
  await page.waitForFunction((id) => {
    const d = document.getElementById(id);
    return d.open && d.closest("details.pick-area").open;
  }, id);
  const link = page.locator(`[id="${id}"] ul.links a`).first();
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/p/")), link.click()]);
  await page.goBack();
  await page.waitForFunction((id) => decodeURIComponent(location.hash) === "#" + id && document.getElementById(id) && document.getElementById(id).open, id);
  const box = await page.locator(`[id="${id}"]`).boundingBox();
  check(box && box.y >= -1 && box.y < PHONE.height, `after Back the open subject is on the screen (${box && box.y})`);
}

// The static copy: `lovbok export --site DIR` served by Python's plain file
// server (no rewrites, no headers of ours). The ten provisions, the contents,
// the definitions, a cite query and a word query, online and then offline;
// axe on every page type; the calculator says it needs the server.
async function staticCopy(dir) {
  step = "static copy: serve";
  check(Boolean(dir), "no static copy folder given (argv[3])");
  const py = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dir], { stdio: ["ignore", "pipe", "pipe"] });
  // The server logs each request on stderr: read it all (keeping the last
  // lines for a failure's message), or the pipe fills and the server stops
  // answering mid-way through storing the copy.
  const pyLog = [];
  py.stderr.on("data", (d) => {
    pyLog.push(...String(d).split("\n").filter(Boolean));
    if (pyLog.length > 20) pyLog.splice(0, pyLog.length - 20);
  });
  const port = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("python3 -m http.server did not start")), 15000);
    py.stdout.on("data", (d) => {
      const m = /port (\d+)/.exec(String(d));
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
    py.on("error", reject);
  });
  const sbase = `http://127.0.0.1:${port}`;
  const fresh = mkdtempSync(join(tmpdir(), "lovbok-static-"));
  const ctx = await launch(fresh);
  const problems = [];
  let offline = false;
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    page.on("pageerror", (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !offline && !/\/p\/12C9|404/.test(m.text() + page.url())) problems.push(`console error on ${page.url()}: ${m.text()}`);
    });
    ctx.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith(sbase) && !u.startsWith("data:")) problems.push(`external request: ${u}`);
      if (/\/api\/|\/sok\/treff/.test(new URL(u).pathname)) problems.push(`a request only a server answers: ${u}`);
    });
    const visits = ["12C1", "16B1", "20F5", "7B1", "16B2", "31", "X78B4", "X16A3", "212A3d", "def:Alert"];
    async function provisions(when) {
      for (const want of visits) {
        await page.goto(sbase + "/p/" + want);
        await page.waitForFunction((w) => {
          const a = document.querySelector("article.provision");
          return a && a.getAttribute("data-cite") === w && document.querySelector(".prov.current");
        }, want);
        check((await page.locator(`.prov.current[data-cite='${want}']`).count()) === 1, `static ${when}: /p/${want} marks the provision`);
      }
      for (const [uri, h1] of [["/innhold", "Innhold"], ["/definisjoner", null]]) {
        await page.goto(sbase + uri);
        const t = await page.locator("main h1").textContent();
        check(h1 === null ? Boolean(t) : t === h1, `static ${when}: ${uri} (${t})`);
      }
      // A cite typed and sent: the page answers from the index and goes there.
      await page.goto(sbase + "/sok?q=" + encodeURIComponent("lov 12 C 1 c"));
      await page.waitForURL((u) => u.pathname.replace(/\/$/, "") === "/p/12C1c");
      // Words typed as you type: the index in the browser answers.
      await page.goto(sbase + "/");
      await page.focus("#q");
      await page.keyboard.type("revoke etablert", { delay: 10 });
      await page.waitForFunction(() => {
        const r = document.querySelector(".results-inner");
        return r && r.getAttribute("data-q") === "revoke etablert" && document.querySelectorAll("#hits li").length > 0;
      });
      const hrefs = await page.locator("#hits li a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      check(hrefs.slice(0, 5).includes("/p/63"), `static ${when}: "revoke etablert" finds Law 63 (${hrefs.slice(0, 5).join(" ")})`);
      await headerSearch(page, sbase, `static ${when}`);
    }
    // A cite in any case reaches its provision; an unknown cite or address
    // gets the copy's own page in Norwegian, not the host's nor the search page.
    async function unknowns(when) {
      await page.goto(sbase + "/p/16b1");
      await page.waitForURL((u) => u.pathname.replace(/\/$/, "") === "/p/16B1");
      await page.waitForSelector(".prov.current[data-cite='16B1']");
      for (const uri of ["/p/45D", "/finnes-ikke"]) {
        await page.goto(sbase + uri);
        const h1 = await page.locator("main h1").textContent().catch(() => null);
        check(h1 === "Fant ikke siden", `static ${when}: ${uri} shows the copy's 404 page (${h1})`);
        check((await page.getAttribute("html", "lang")) === "nb", `static ${when}: the 404 page is in Norwegian`);
        check((await page.locator("#q").count()) === 0, `static ${when}: ${uri} is not the search page`);
      }
    }
    step = "static copy: online";
    await provisions("online");
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller);
    // The worker stores the copy's pages (every ruling's among them) before
    // the unknown addresses are asked, so that they are answered from a
    // copy that is complete.
    await page.waitForFunction(() => document.documentElement.getAttribute("data-offline") === "ready", null, { timeout: 120000 });
    await unknowns("online");
    // What needs the server says so.
    await page.goto(sbase + "/p/X78B4");
    check(await page.locator("[data-calc-static]").isVisible(), "static: the calculator says this copy cannot run it");
    check((await page.locator(".calc form").count()) === 0, "static: no calculator form to fail");
    check((await page.locator("a.lang-switch").count()) === 0, "static: no language switch that needs the server");
    step = "static copy: axe";
    // A plain file server answers an unknown path with its own page; hosts
    // that serve a 404.html serve ours, checked here by its own address.
    for (const [name, uri] of PAGE_TYPES.map(([n, u]) => (n === "404" ? [n, "/404.html"] : [n, u]))) {
      await page.goto(sbase + uri);
      await axeCheck(page, `static ${name}`);
    }
    step = "static copy: storing";
    await page.goto(sbase + "/p/12");
    await page.waitForFunction(() => document.documentElement.getAttribute("data-offline") === "ready", null, { timeout: 120000 });
    step = "static copy: offline";
    offline = true;
    await ctx.setOffline(true);
    await provisions("offline");
    await unknowns("offline");
    // The rulings list is the whole list in a static copy; its query (the
    // GET form's) is applied by the page script, offline too.
    step = "static copy: rulings filter offline";
    await page.goto(sbase + "/kjennelser/?type=appeal");
    {
      const shown = await page.locator(".rulings .ruling:not([hidden])").evaluateAll((as) => as.map((a) => a.dataset.kind));
      const all = await page.locator(".rulings .ruling").count();
      check(shown.length > 0 && shown.length < all && shown.every((k) => k === "appeal"), `static: ?type=appeal shows only appeals (${shown.length} of ${all})`);
      check((await page.locator("#f-kind").inputValue()) === "appeal", "static: the kind select shows the query's value");
      await page.selectOption("#f-kind", "");
      check((await page.locator(".rulings .ruling:not([hidden])").count()) === all, "static: clearing the select shows every item");
    }
    await ctx.setOffline(false);
    offline = false;
    step = "static copy: console";
    check(problems.length === 0, problems.join("\n"));
    log(`e2e: static copy (python3 -m http.server): ${visits.length} provisions, contents, definitions, a cite and a word query, online and offline; axe on ${PAGE_TYPES.length} page types`);
  } catch (e) {
    e.message += `\nthe file server's last lines:\n${pyLog.join("\n")}`;
    throw e;
  } finally {
    await ctx.close();
    rmSync(fresh, { recursive: true, force: true });
    py.kill();
  }
}

// The second server holds tests/data/editions/laws-2017-en (a fixture of
// our own sentences, not the WBF text). A title-only law (64) shows the
// supplied English text near the top, above "Henvist fra", in a block with
// lang="en" and the label saying where it comes from and that it is not
// the Norwegian translation; a law with text (16) shows the English below
// its text on a phone and beside it on a wide screen; axe on both, in
// both colour schemes.
async function editionsCheck(edBase) {
  step = "editions: title-only law with supplied text";
  // A browser profile of its own: the second server is another origin.
  const edProfile = mkdtempSync(join(tmpdir(), "lovbok-e2e-editions-"));
  const edContext = await launch(edProfile);
  const page = await edContext.newPage();
  const external = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(edBase) && !r.url().startsWith("data:")) external.push(r.url());
  });
  await page.goto(`${edBase}/p/64`);
  const block = page.locator("#ed-2017-en");
  await block.waitFor({ state: "visible" });
  const label = (await block.locator(".parallel-label").innerText()).trim();
  check(label.includes("engelsk original, 2017") && label.includes("ikke den norske oversettelsen") && label.includes("test fixture"), `the supplied text's label: ${label}`);
  check((await block.locator(".parallel-text").getAttribute("lang")) === "en", "the supplied text has lang=en");
  const text = await block.locator(".parallel-text").innerText();
  check(text.includes("moves one pretend trick"), "the supplied text is shown");
  const top = (await block.boundingBox()).y;
  const citedBy = (await page.locator(".cited-by").boundingBox()).y;
  check(top < citedBy && top < 900, `the supplied text is near the top (${top}px, Henvist fra at ${citedBy}px)`);
  for (const s of ["light", "dark"]) {
    await scheme(page, s);
    await block.scrollIntoViewIfNeeded();
    await shot(page, "edition-title-only", s);
    await axeCheck(page, `/p/64 with a supplied text (${s})`);
  }
  await scheme(page, "light");

  step = "editions: a parallel text below on a phone, beside on a wide screen";
  await page.goto(`${edBase}/p/16`);
  const aside = page.locator("aside.parallels");
  await aside.waitFor({ state: "visible" });
  const body = await page.locator(".prov-body").boundingBox();
  let side = await aside.boundingBox();
  check(side.y >= body.y + body.height - 1, `below the text on a phone (${side.y} < ${body.y + body.height})`);
  await axeCheck(page, "/p/16 with a parallel text (phone)");
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForFunction(() => getComputedStyle(document.querySelector(".side-by-side")).display === "grid");
  const wideBody = await page.locator(".prov-body").boundingBox();
  side = await aside.boundingBox();
  check(side.x > wideBody.x + wideBody.width - 1 && Math.abs(side.y - wideBody.y) < 5, `beside the text on a wide screen (aside at ${side.x},${side.y}; text at ${wideBody.x},${wideBody.y})`);
  await shot(page, "edition-beside-wide", "light");
  await axeCheck(page, "/p/16 with a parallel text (wide)");
  check(external.length === 0, `external requests: ${external.join(", ")}`);
  await edContext.close();
  rmSync(edProfile, { recursive: true, force: true });
  log("e2e: a title-only law with a supplied English text and its label, a parallel text below (phone) and beside (wide), axe on both");
}

async function axeCheck(page, what) {
  await page.waitForFunction(() => window.LOVBOK_L !== undefined);
  const v = await axe(page);
  check(v.length === 0, `axe on ${what}:\n  ${v.join("\n  ")}`);
}

async function practice(context, problems) {
  const PHONE_OV = { width: 390, height: 844 };
  step = "ov: load";
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error on /ov: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error on /ov: ${e.message}`));
  await page.setViewportSize(PHONE_OV);
  await page.goto(base + "/ov");
  await page.waitForSelector("#ov[data-ready=true]");
  const noOverflow = async () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  check(await noOverflow(), "no sideways scrolling at 390 px");
  await page.screenshot({ path: join(shots, "ov.png"), fullPage: true });

  step = "ov: axe";
  await axeCheck(page, "/ov (light)");
  await scheme(page, "dark");
  await axeCheck(page, "/ov (dark)");
  await page.screenshot({ path: join(shots, "ov-dark.png"), fullPage: true });
  await scheme(page, "light");

  const deck = await page.evaluate(async () => {
    const r = await fetch(document.getElementById("ov").getAttribute("data-deck"));
    return r.json();
  });
  const byId = new Map(deck.cards.map((c) => [c.id, c]));
  const urlOf = new Map(deck.provisions.map((p) => [p.cite, p.url]));

  step = "ov: round";
  for (const d of deck.decks.map((x) => x.id).filter((x) => x !== "begreper")) {
    await page.uncheck(`input[name=deck][value="${d}"]`);
  }
  const terms = deck.decks.find((x) => x.id === "begreper").cards;
  check(((await page.textContent("#ov-count")) || "").startsWith(`${terms} `), `only Begreper is chosen (${terms} cards)`);
  await page.click("#ov-start");
  await page.waitForSelector(".ov-card");

  async function answerCurrent(right) {
    const id = await page.getAttribute(".ov-card", "data-card");
    const card = byId.get(id);
    check(card && card.deck === "begreper", `the card ${id} is from the deck`);
    const pick = right ? card.answer : (card.answer + 1) % card.choices.length;
    await page.click(`.ov-choice[data-i="${pick}"]`);
    await page.waitForSelector(".ov-feedback");
    const verdict = right ? ".ov-verdict.right" : ".ov-verdict.wrong";
    check(await page.isVisible(verdict), `the answer is judged ${right ? "right" : "wrong"}`);
    check(
      (await page.getAttribute(`.ov-choice[data-i="${card.answer}"]`, "class")).includes("is-right"),
      "the right choice is marked"
    );
    const href = await page.getAttribute(".ov-source a", "href");
    check(href === urlOf.get(card.choices[card.answer].cite), `the answer links its provision (${href})`);
    check(((await page.textContent(".ov-source .ov-text")) || "").length > 0, "the provision's text is shown");
    for (const b of await page.locator(".ov-choice, .ov-next").all()) {
      const box = await b.boundingBox();
      check(box && box.width >= 24 && box.height >= 24, `targets are at least 24x24 px (${JSON.stringify(box)})`);
    }
    check(await noOverflow(), "no sideways scrolling on a card");
    return id;
  }

  await answerCurrent(true);
  await page.screenshot({ path: join(shots, "ov-right.png"), fullPage: true });
  await axeCheck(page, "/ov with an answered card (light)");
  await scheme(page, "dark");
  await axeCheck(page, "/ov with an answered card (dark)");
  await scheme(page, "light");
  await page.click(".ov-next");
  await page.waitForSelector(".ov-card:not(:has(.ov-feedback))");
  const missed = await answerCurrent(false);
  await page.screenshot({ path: join(shots, "ov-wrong.png"), fullPage: true });

  step = "ov: progress survives a reload";
  await page.reload();
  await page.waitForSelector("#ov[data-ready=true]");
  const cell = (k) => page.textContent(`#ov-progress-decks tr[data-deck="begreper"] td.${k}`);
  check((await cell("seen")) === "2", `two Begreper cards seen after reload (${await cell("seen")})`);
  check((await cell("due")) === "1", `the wrong one is due again at once (${await cell("due")})`);
  check((await cell("learned")) === "0", "nothing learned after one right answer");
  check(
    !(await page.isChecked('input[name=deck][value="fyll-inn"]')),
    "the chosen decks are kept too"
  );
  const groupSeen = await page.$$eval("#ov-progress-groups tr:not(.ov-law) td.seen", (tds) =>
    tds.reduce((n, td) => n + Number(td.textContent), 0)
  );
  check(groupSeen === 2, `progress per law group adds up (${groupSeen})`);
  // A law's own row appears under its group once one of its cards is seen.
  const lawCard = deck.cards.find((c) => c.law === 16);
  await page.evaluate((card) => {
    const s = JSON.parse(localStorage.getItem("lovbok.ov.v1"));
    s.cards[card.id] = { b: 2, n: 1, r: 1, d: Date.now() + 86400000, h: card.hash, t: Date.now() };
    localStorage.setItem("lovbok.ov.v1", JSON.stringify(s));
  }, lawCard);
  await page.reload();
  await page.waitForSelector("#ov[data-ready=true]");
  check((await page.textContent('#ov-progress-groups tr.ov-law[data-law="16"] td.seen')) === "1", "Lov 16 has a row of its own");

  step = "ov: exam";
  await page.selectOption("select[name=questions]", "10");
  await page.selectOption("select[name=minutes]", "5");
  await page.click("#ov-exam-start");
  await page.waitForSelector(".ov-timer");
  let wrong = 0;
  for (let i = 1; i <= 10; i++) {
    await page.waitForFunction((n) => (document.querySelector(".ov-pos") || {}).textContent === `Kort ${n} av 10`, i);
    const card = byId.get(await page.getAttribute(".ov-card", "data-card"));
    // Right on odd questions, wrong on even ones.
    const pick = i % 2 ? card.answer : (card.answer + 1) % card.choices.length;
    if (pick !== card.answer) wrong += 1;
    check((await page.locator(".ov-feedback").count()) === 0, "an exam shows no answers on the way");
    await page.click(`.ov-choice[data-i="${pick}"]`);
  }
  await page.waitForSelector(".ov-wrong");
  const heading = (await page.textContent("#ov-play h2")) || "";
  check(heading.includes(`${10 - wrong} av 10`), `the exam is scored (${heading})`);
  const items = page.locator(".ov-wrong > li");
  check((await items.count()) === wrong, `every wrong answer is listed (${await items.count()} of ${wrong})`);
  for (const li of await items.all()) {
    const href = await li.locator(".ov-source a").getAttribute("href");
    check(href && href.startsWith("/p/"), "each wrong answer links its provision");
  }
  await page.screenshot({ path: join(shots, "ov-exam.png"), fullPage: true });
  await axeCheck(page, "/ov exam result");
  await page.reload();
  await page.waitForSelector("#ov[data-ready=true]");
  check(((await page.textContent("#ov-exams")) || "").includes(`${10 - wrong} av 10`), "the exam is in the history");

  step = "ov: a changed provision marks its card";
  // As if the corpus had changed under the card answered wrong: the hash
  // the browser kept no longer matches the deck's.
  await page.evaluate((id) => {
    const s = JSON.parse(localStorage.getItem("lovbok.ov.v1"));
    s.cards[id].h = "0000000000000000";
    localStorage.setItem("lovbok.ov.v1", JSON.stringify(s));
  }, missed);
  await page.reload();
  await page.waitForSelector("#ov[data-ready=true]");
  await page.click("#ov-start");
  await page.waitForSelector(".ov-card");
  check((await page.getAttribute(".ov-card", "data-card")) === missed, "the changed card comes first");
  check(await page.isVisible(".ov-changed"), "and says that its text changed");
  await page.close();
}
