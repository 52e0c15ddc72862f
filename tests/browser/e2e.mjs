// End-to-end test of lovbok's web pages in headless Chromium.
//
// Usage: node e2e.mjs <base-url>   (tests/it/browser.rs starts the server
// and runs this). Exits 0 when every check passes, 1 on the first failure.
// Screenshots of the search page and a provision page at phone size are
// written to target/screenshots/ as test artefacts.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const base = (process.argv[2] || "").replace(/\/$/, "");
if (!base.startsWith("http://127.0.0.1:") && !base.startsWith("http://localhost:")) {
  console.error("usage: node e2e.mjs http://127.0.0.1:PORT");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, "..", "..", "target", "screenshots");
mkdirSync(shots, { recursive: true });
rmSync(join(shots, "failure.png"), { force: true });

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
const PHONE = { width: 360, height: 740 };

let step = "start";
function check(cond, what) {
  if (!cond) throw new Error(`${step}: ${what}`);
}

const profile = mkdtempSync(join(tmpdir(), "lovbok-e2e-"));
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: "nb-NO",
  });
  context.setDefaultTimeout(10000);
  const page = context.pages()[0] || (await context.newPage());

  // Every request must stay on the server (no CDNs, no fonts from elsewhere),
  // and the page must log no errors (a CSP violation is one).
  const problems = [];
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith("data:")) problems.push(`external request: ${u}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  if (process.env.E2E_DEBUG) page.on("framenavigated", (f) => console.log(`[${step}] navigated to ${f.url()}`));

  // 1. The search page: the box is focused, results come as you type.
  step = "search page";
  await page.goto(base + "/");
  check((await page.evaluate(() => document.activeElement && document.activeElement.id)) === "q", "the search box is focused");
  await page.focus("#q");
  await page.keyboard.type("revoke", { delay: 40 });
  // Results for a prefix ("r", "rev") may arrive first: wait for the last query's.
  await page.waitForURL(/\/sok\?q=revoke/, { timeout: 5000 }).catch(() => {});
  await page.waitForSelector("#hits li a", { timeout: 5000 });
  const hits = await page.locator("#hits li").count();
  check(hits > 0, "results appear while typing");
  check((await page.locator("#hits mark").count()) > 0, "snippets highlight the query");
  check(/\/sok\?q=revoke/.test(page.url()), `the URL follows the query (${page.url()})`);
  await page.screenshot({ path: join(shots, "search.png") });

  // 2. Keyboard: arrow down selects the first hit, Enter opens it.
  step = "keyboard";
  await page.keyboard.press("ArrowDown");
  check((await page.locator("#hits li").first().getAttribute("aria-selected")) === "true", "ArrowDown selects the first hit");
  const firstHref = await page.locator("#hits li a").first().getAttribute("href");
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/p/")), page.keyboard.press("Enter")]);
  check(new URL(page.url()).pathname === firstHref, `Enter opens the first hit (${page.url()} vs ${firstHref})`);
  check((await page.locator("h1").count()) === 1, "the provision page has a heading");

  // 3. A provision page: follow a citation, see where it is cited from.
  step = "citation";
  await page.goto(base + "/p/12C1");
  check((await page.locator("section.prov.current[id='12C1']").count()) === 1, "the provision the URL names is marked current");
  check((await page.locator(".crumbs li").count()) === 3, "breadcrumbs Lov 12 › C › 1");
  await page.screenshot({ path: join(shots, "provision.png") });
  const cite = page.locator("article a.cite").first();
  check((await cite.count()) === 1, "the text has citation links");
  const citeTitle = (await cite.getAttribute("title")) || "";
  check(citeTitle.length > 10, "a citation link shows the cited text on hover");
  const from = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((u) => u.pathname !== from), cite.click()]);
  check(new URL(page.url()).pathname.startsWith("/p/"), "the citation leads to a provision page");
  step = "henvist fra";
  check(await page.locator("#henvist-fra").isVisible(), "the page has a Henvist fra section");
  check((await page.locator("ul.backlinks li").count()) > 0, "Henvist fra lists the citing provisions");

  // 4. A citation typed into the box jumps to it.
  step = "jump";
  await page.goto(base + "/");
  // Focus explicitly: on a loaded machine the first keystroke can land
  // before the autofocus does.
  await page.focus("#q");
  await page.keyboard.type("12C1", { delay: 30 });
  check((await page.inputValue("#q")) === "12C1", "the box holds what was typed");
  await page.waitForURL(/\/sok\?q=12C1/, { timeout: 5000 }).catch(() => {});
  await page.waitForSelector("#hits li a");
  await Promise.all([page.waitForURL((u) => u.pathname === "/p/12C1"), page.keyboard.press("Enter")]);

  // 5. Copy buttons are shown once the script runs.
  step = "copy";
  check(await page.getByRole("button", { name: "Kopier henvisning" }).isVisible(), "Kopier henvisning is visible");
  check(await page.getByRole("button", { name: "Kopier lenke" }).isVisible(), "Kopier lenke is visible");

  // 6. Markup in a query is text, never script.
  step = "xss";
  await page.goto(base + "/sok?q=" + encodeURIComponent("<script>window.__xss=1</script><img src=x onerror=window.__xss=2>"));
  await page.goto(base + "/");
  await page.focus("#q");
  await page.keyboard.type("<img src=x onerror=window.__xss=3>revoke", { delay: 5 });
  await page.waitForTimeout(600);
  check((await page.evaluate(() => window.__xss)) === undefined, "no injected script ran");

  // 7. Dark mode and the contents page, for the record.
  step = "dark";
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(base + "/p/X16");
  await page.screenshot({ path: join(shots, "provision-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(base + "/innhold");
  check((await page.locator(".toc .missing").count()) > 0, "laws without text are marked in the contents");
  await page.screenshot({ path: join(shots, "contents.png") });

  // 8. Without JavaScript the search form still works.
  step = "no js";
  await page.close();
  const plain = await context.newPage();
  await plain.route("**/*.js", (r) => r.abort());
  await plain.goto(base + "/");
  await plain.fill("#q", "revoke");
  await Promise.all([plain.waitForURL(/\/sok\?/), plain.press("#q", "Enter")]);
  check((await plain.locator("#hits li a").count()) > 0, "server-rendered results without script");

  // 9. On a touch screen, a tap on a citation shows the cited text first.
  step = "tap preview";
  const touchProfile = mkdtempSync(join(tmpdir(), "lovbok-e2e-touch-"));
  const touch = await chromium.launchPersistentContext(touchProfile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const tp = touch.pages()[0] || (await touch.newPage());
    await tp.goto(base + "/p/16");
    await tp.screenshot({ path: join(shots, "provision-top.png") });
    const before = tp.url();
    await tp.locator("article a.cite").first().tap();
    await tp.waitForSelector(".popover");
    check(tp.url() === before, "the first tap does not leave the page");
    check(((await tp.locator(".popover p").textContent()) || "").length > 10, "the popover shows the cited text");
    await tp.screenshot({ path: join(shots, "provision-tap.png") });
  } finally {
    await touch.close();
    rmSync(touchProfile, { recursive: true, force: true });
  }

  await checkCalculator(context, problems);

  step = "console";
  const real = problems.filter((p) => !p.includes("/static/app.") || !p.includes("net::ERR_FAILED"));
  check(real.length === 0, real.join("\n"));
  console.log(`e2e: all checks passed; screenshots in ${shots}`);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  process.exit(0);
} catch (e) {
  console.error(`e2e FAILED: ${e.message}`);
  try {
    const p = context && context.pages()[0];
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
async function checkCalculator(context, problems) {
  step = "calculator";
  const page = await context.newPage();
  // The deliberately bad input below is answered 400, which Chromium logs.
  let expectBad = false;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (expectBad && m.text().includes("status of 400")) return;
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
  await page.close();

  // Without JavaScript the same form is computed by the server.
  step = "calculator without js";
  const plain = await context.newPage();
  await plain.setViewportSize({ width: 390, height: 844 });
  await plain.route("**/*.js", (r) => r.abort());
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
