// lovbok's embeddable linker: <script src="https://<lovbok>/embed.js" defer></script>
//
// Finds the citations of the Laws of Duplicate Bridge (and the Danish TD
// handbook) in the page's text, links each to the lovbok server this script
// came from, and shows the cited text in a small popover on hover, focus or
// tap (the first tap shows it, the second follows the link). The page's
// text goes to that server only, in one request. When the server cannot be
// reached, a law word and the whole cite after it (`Law 16B1`) become plain
// links, with no popover, where the server would link them (see fallback).
//
// Attributes, on the script tag or on the element that holds the text
// (`data-lovbok` marks it; else the whole body):
//   data-lovbok-edition="2007"   the edition of the Laws the text is written under
//   data-lovbok-context="X12"    the provision relative cites hang from
// Text inside links, code, pre, form fields, buttons and [data-lovbok-skip]
// is left alone. The server adds `LOVBOK_EMBED` above this file (its cue
// words, limits and table of provisions), so the fallback reads cites with
// the server's words and links them where the server's tables say.
(function () {
  "use strict";
  const config = window.LOVBOK_EMBED || {};
  const script = document.currentScript;
  if (!script || !script.src) return;
  const origin = new URL(script.src).origin;
  const SKIP = new Set(["A", "CODE", "PRE", "KBD", "SAMP", "SCRIPT", "STYLE", "TEXTAREA", "INPUT", "SELECT", "BUTTON", "OPTION", "NOSCRIPT", "TEMPLATE", "SVG", "MATH"]);
  const TIMEOUT_MS = config.timeoutMs || 5000;
  const MAX_BYTES = config.maxBytes || 60000;
  const WORDS = {
    nb: { open: "Åpne i lovbok", none: "Kilden lovbok bygger på, har bare tittelen, ikke teksten.", from: "lovbok" },
    da: { open: "Åbn i lovbok", none: "Kilden, lovbok bygger på, har kun titlen, ikke teksten.", from: "lovbok" },
    sv: { open: "Öppna i lovbok", none: "Källan som lovbok bygger på har bara rubriken, inte texten.", from: "lovbok" },
    en: { open: "Open in lovbok", none: "lovbok's source holds only the title, not the text.", from: "lovbok" },
  };

  function attr(name) {
    const holder = document.querySelector("[data-lovbok]");
    return script.getAttribute(name) || (holder && holder.getAttribute(name)) || "";
  }

  function words() {
    const lang = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
    return WORDS[lang === "no" || lang === "nn" ? "nb" : lang] || WORDS.en;
  }

  // The text nodes to read, in document order.
  function textNodes(root) {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode(node) {
        for (let e = node.parentElement; e && e !== root.parentElement; e = e.parentElement) {
          if (SKIP.has(e.tagName.toUpperCase()) || e.isContentEditable || e.hasAttribute("data-lovbok-skip")) {
            return NodeFilter.FILTER_REJECT;
          }
        }
        return node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      },
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n);
    return out;
  }

  const encoder = new TextEncoder();
  const utf8Length = (s) => encoder.encode(s).length;

  // The page's text as one string (nodes joined by a line break), with the
  // UTF-8 byte offset where each node starts: the server counts in bytes.
  function collect(nodes) {
    const parts = [];
    const starts = [];
    let bytes = 0;
    for (const n of nodes) {
      const len = utf8Length(n.nodeValue);
      if (bytes + len + 1 > MAX_BYTES) break;
      starts.push(bytes);
      parts.push(n.nodeValue);
      bytes += len + 1;
    }
    return { text: parts.join("\n"), starts, count: parts.length };
  }

  // A UTF-8 byte offset inside `s` as a string index.
  function indexOfByte(s, byte) {
    let b = 0;
    for (let i = 0; i < s.length; i++) {
      if (b >= byte) return i;
      const c = s.codePointAt(i);
      b += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (c >= 0x10000) i++;
    }
    return s.length;
  }

  let popover = null;
  // The link the popover shows the text of.
  let owner = null;
  function hidePopover() {
    if (popover) popover.hidden = true;
    owner = null;
  }

  // Places the popover under the link (above it when there is no room
  // below), inside the viewport whatever the link's place on the line.
  function place(link) {
    const r = link.getBoundingClientRect();
    const view = document.documentElement;
    const width = view.clientWidth || window.innerWidth;
    const height = view.clientHeight || window.innerHeight;
    const box = popover.getBoundingClientRect();
    const left = Math.max(4, Math.min(r.left, width - box.width - 4));
    const below = r.bottom + 4;
    const top = below + box.height > height && r.top - box.height - 4 >= 0 ? r.top - box.height - 4 : below;
    popover.style.left = `${window.scrollX + left}px`;
    popover.style.top = `${window.scrollY + top}px`;
  }

  function showPopover(link, citation) {
    const w = words();
    if (!popover) {
      popover = document.createElement("div");
      popover.id = "lovbok-popover";
      popover.setAttribute("role", "tooltip");
      Object.assign(popover.style, {
        position: "absolute", zIndex: "2147483647", maxWidth: "min(22rem, calc(100vw - 8px))", boxSizing: "border-box",
        padding: "0.6rem 0.8rem", background: "#ffffff", color: "#1a1a1a", border: "1px solid #5a5a5a", borderRadius: "6px",
        boxShadow: "0 2px 8px rgba(0,0,0,.25)", font: "0.9rem/1.4 system-ui, sans-serif", textAlign: "left",
      });
      document.body.appendChild(popover);
      document.addEventListener("keydown", (e) => { if (e.key === "Escape") hidePopover(); });
    }
    popover.textContent = "";
    const head = document.createElement("strong");
    head.textContent = `${citation.cites.join(", ")}${citation.title ? " " + citation.title : ""}`;
    const body = document.createElement("p");
    body.style.margin = "0.3rem 0";
    // No excerpt: the source holds the title only (or the provision opens
    // with its parts, when nothing needs saying).
    body.textContent = citation.excerpt || (citation.in_corpus ? "" : w.none);
    const open = document.createElement("a");
    open.href = link.href;
    open.textContent = w.open;
    open.style.color = "#0b4f9c";
    popover.append(head, body, open);
    popover.setAttribute("data-for", link.getAttribute("data-lovbok-cite") || "");
    // Measured where it cannot widen the page, then placed.
    popover.style.left = "0px";
    popover.style.top = `${window.scrollY}px`;
    popover.hidden = false;
    place(link);
    owner = link;
    link.setAttribute("aria-describedby", "lovbok-popover");
  }

  // A link with a popover. A mouse shows it on hover and follows the link
  // on a click; the keyboard shows it on focus; a finger's first tap shows
  // it and the second follows the link. Chromium and Android fire `focus`
  // before `click` on a tap, so the tap that focused the link (and opened
  // the popover through focus) still counts as the first.
  function makeLink(text, href, citation) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    a.className = citation ? "lovbok-cite" : "lovbok-cite lovbok-plain";
    a.setAttribute("data-lovbok-cite", citation ? citation.cites.join(" ") : text);
    if (citation) {
      // The pointer of the press under way ("touch", "pen", "mouse"), and
      // whether that press is what opened the popover.
      let press = "";
      let openedByPress = false;
      a.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") showPopover(a, citation); });
      a.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && owner === a && document.activeElement !== a) hidePopover(); });
      a.addEventListener("pointerdown", (e) => {
        press = e.pointerType || "mouse";
        openedByPress = false;
      });
      a.addEventListener("focus", () => {
        if (owner !== a && press && press !== "mouse") openedByPress = true;
        showPopover(a, citation);
      });
      a.addEventListener("blur", () => {
        setTimeout(() => {
          // Only this link's popover, and not while the focus is in it.
          if (owner === a && !(popover && popover.contains(document.activeElement))) hidePopover();
        }, 150);
      });
      a.addEventListener("click", (e) => {
        const touch = press !== "" && press !== "mouse";
        const first = owner !== a || (popover && popover.hidden) || openedByPress;
        press = "";
        openedByPress = false;
        if (touch && first) {
          // The first tap shows the text; the second, or the popover's own
          // link, opens it.
          e.preventDefault();
          showPopover(a, citation);
        }
      });
    }
    return a;
  }

  // Replaces spans of one text node by links, right to left so that the
  // earlier offsets stay valid.
  function wrap(node, spans) {
    spans.sort((x, y) => y.start - x.start);
    for (const s of spans) {
      if (s.end > node.nodeValue.length || s.start >= s.end) continue;
      const tail = node.splitText(s.start);
      tail.splitText(s.end - s.start);
      tail.parentNode.replaceChild(makeLink(tail.nodeValue, s.href, s.citation), tail);
    }
  }

  function linkAll(nodes, starts, citations) {
    const perNode = new Map();
    for (const c of citations) {
      if (!c.url) continue;
      let k = starts.length - 1;
      while (k > 0 && starts[k] > c.start) k--;
      const s = nodes[k].nodeValue;
      const start = indexOfByte(s, c.start - starts[k]);
      const end = indexOfByte(s, c.end - starts[k]);
      if (!perNode.has(k)) perNode.set(k, []);
      perNode.get(k).push({ start, end, href: origin + c.url, citation: c });
    }
    for (const [k, spans] of perNode) wrap(nodes[k], spans);
  }

  // Without the server: only a law word and a whole cite right after it
  // (`Law 16B1`, `lov 12 C 1 c`, `Law12C1`), read as the server's grammar
  // reads that form, and linked where the server would link it. The
  // provisions and whether their text is in lovbok come from the server's
  // own tables (LOVBOK_EMBED.ids): a cite under a law whose text is missing
  // links that law (`64A2` opens 64, as the server's link does), a cite the
  // books cannot hold (`Law 12Z`, `Law 99`) links nothing. Whatever the
  // server's grammar reads further (a level after a space it might take, a
  // range, `§`, `lag` without levels) is left as text: in doubt, no link;
  // a list of glued cites after a cue (`Laws 64A, 64B and 64C`) is read.
  // A text written under an older edition of the Laws needs the
  // concordance, which only the server has: its law cites stay text.
  const IDS = config.ids || {};
  // A cue word in any case (`Law`, `law`, `LOV`), as a pattern.
  function anyCase(word) {
    return Array.from(word)
      .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
  }
  function cueExpression() {
    const cues = (config.cues || []).map(anyCase);
    if (!cues.length) return null;
    // The cue, then root, section, item, sub-item and roman numeral: glued,
    // or each spaced or dotted from the one before (`12 C 1 c`, `40.B.3.b`).
    // Letters are case-sensitive here; `levels` applies the grammar's case rules.
    return new RegExp(
      `(?<before>^|[^\\p{L}\\d])(?<cue>${cues.join("|")})\\s*(?<root>X?\\d{1,3})` +
        `(?:(?<s1>[ .])?(?<section>[A-Za-z])(?!\\p{L}))?` +
        `(?:(?<s2>[ .])?(?<item>\\d{1,2}))?` +
        `(?:(?<s3>[ .])?(?:\\((?<bsub>[a-z])\\)|(?<sub>[a-zA-Z])(?!\\p{L})))?` +
        `(?:\\((?<roman>[ivx]{1,4})\\))?(?![\\p{L}\\d])`,
      "gu"
    );
  }
  const ROMAN = new Set(["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]);
  // What may follow a cite that the server's grammar could read as part of
  // it (a further level, a range or list, a bracket): then no link.
  const MORE = /^(?:\s*[-–—/+&(]|\s*,\s*[\dA-Za-z]\b|\s+[A-Z]\b|\s+[a-z](?:\)|\b(?!\p{L}))|\s*\.\s*[\dA-Za-z]\b|\s+\d)/u;

  // The levels of a cite (root first) as the server writes them, or null
  // where the grammar would read it otherwise or not at all.
  function levels(g) {
    const root = g.root;
    const n = Number(root.replace(/^X/, ""));
    const known = root.startsWith("X") ? n >= 6 && n <= 93 : (n >= 1 && n <= 93) || (n >= 201 && n <= 299);
    if (!known) return null;
    const sub = g.bsub || g.sub;
    // A word that is also a team (`lag 3 vant`) names a law only before a
    // cite's levels (`lag 12 C 3`).
    if ((config.teamCues || []).includes(g.cue.toLowerCase()) && !g.section) return null;
    // Spaced or dotted, a section letter is upper case and a sub-item
    // letter lower case; glued, a capital sub-item follows an item.
    if (g.section && g.s1 && !/[A-Z]/.test(g.section)) return null;
    if (g.sub && g.s3 && !/[a-z]/.test(g.sub)) return null;
    // One way of joining per cite: all glued, or all spaced or dotted.
    const seps = [g.section && (g.s1 || ""), g.item && (g.s2 || ""), sub && (g.s3 || "")].filter((x) => x !== undefined && x !== false);
    if (seps.some((x) => x !== seps[0])) return null;
    if (g.item && !g.section) return null;
    if (sub && !g.item) return null;
    if (g.roman && (!sub || !ROMAN.has(g.roman))) return null;
    const out = [root];
    if (g.section) out.push(g.section.toUpperCase());
    if (g.item) out.push(String(Number(g.item)));
    if (sub) out.push(sub.toLowerCase());
    if (g.roman) out.push(`(${g.roman})`);
    return out;
  }

  // Whether the word before the cue makes it another document's (`klubbens
  // lov 4`, `NBF's law 3`): a genitive that is not itself a cue.
  function ownedByOther(text, at) {
    const m = /([\p{L}']+)\s*$/u.exec(text.slice(0, at));
    if (!m) return false;
    const w = m[1].toLowerCase();
    return /s'?$|'s$/.test(w) && !(config.cues || []).includes(w);
  }

  // Where the server's link for these levels goes, by its status rules:
  // the provision; else its nearest ancestor when that one's text is
  // missing; else nowhere.
  function target(lv) {
    for (let k = lv.length; k > 0; k--) {
      const id = lv.slice(0, k).join("");
      if (!(id in IDS)) continue;
      if (k === lv.length || IDS[id] === 0) return id;
      return null;
    }
    return null;
  }

  // What joins two members of a list, by the server's list words: a comma
  // (`64A,64B`, `64A, og 64B`) or a word alone (`64B and 64C`).
  function listJoin() {
    const words = (config.listWords || []).map(anyCase).join("|");
    const word = words ? `|\\s+(?:${words})\\s+` : "";
    const after = words ? `(?:(?:${words})\\s+)?` : "";
    return new RegExp(`^(?:\\s*,\\s*${after}${word})`, "u");
  }
  // A later member of a list after a cue's cite: a root glued to its section
  // letter and the levels below (`64B`, `12C1c`), which needs no cue of its own.
  const MEMBER = /^(?<root>X?\d{1,3})(?<section>[A-Z])(?<item>\d{1,2})?(?<sub>[a-z])?(?![\p{L}\d])/u;

  // Where the server would link the cites of `text` that the fallback can
  // read: a cue and its cite, and the glued cites of a list after it
  // (`Laws 64A, 64B and 64C`). Each is { start, end, id }.
  const CUE = cueExpression();
  const JOIN = listJoin();
  function linksIn(text, olderLaws) {
    const re = CUE;
    if (!re) return [];
    const join = JOIN;
    const out = [];
    for (const m of text.matchAll(re)) {
      const lv = levels(m.groups);
      if (!lv) continue;
      if (ownedByOther(text, m.index + m.groups.before.length)) continue;
      // No cue word holds a digit or a capital X: the root starts there.
      const members = [{ start: m.index + m[0].search(/X?\d/), end: m.index + m[0].length, lv }];
      let end = members[0].end;
      for (;;) {
        const j = join.exec(text.slice(end));
        const at = j ? end + j[0].length : end;
        const next = j && MEMBER.exec(text.slice(at));
        const mlv = next && levels({ ...next.groups, cue: m.groups.cue });
        if (!mlv) break;
        end = at + next[0].length;
        members.push({ start: at, end, lv: mlv });
      }
      if (MORE.test(text.slice(end))) continue;
      for (const c of members) {
        const n = Number(c.lv[0]);
        if (olderLaws && n >= 1 && n <= 93) continue;
        const id = target(c.lv);
        if (id) out.push({ start: c.start, end: c.end, id });
      }
    }
    return out;
  }

  function fallback(nodes) {
    const olderLaws = attr("data-lovbok-edition") && attr("data-lovbok-edition") !== String(config.edition || "");
    for (const node of nodes) {
      const spans = linksIn(node.nodeValue, olderLaws).map((c) => ({
        start: c.start,
        end: c.end,
        href: `${origin}/p/${encodeURIComponent(c.id)}`,
        citation: null,
      }));
      if (spans.length) wrap(node, spans);
    }
  }

  async function run() {
    const root = document.querySelector("[data-lovbok]") || document.body;
    if (!root) return;
    const nodes = textNodes(root);
    const { text, starts, count } = collect(nodes);
    if (!text.trim()) return;
    const body = { text };
    const context = attr("data-lovbok-context");
    if (context) body.context = context;
    const params = new URLSearchParams({ excerpt: "true" });
    const edition = attr("data-lovbok-edition");
    if (edition) params.set("edition", edition);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const res = await fetch(`${origin}/api/link?${params}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: abort.signal,
        credentials: "omit",
      });
      if (!res.ok) throw new Error(`lovbok answered ${res.status}`);
      const data = await res.json();
      linkAll(nodes.slice(0, count), starts, data.citations || []);
      root.setAttribute("data-lovbok-linked", "server");
    } catch (e) {
      fallback(nodes.slice(0, count));
      root.setAttribute("data-lovbok-linked", "plain");
    } finally {
      clearTimeout(timer);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
