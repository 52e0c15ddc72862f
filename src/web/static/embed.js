// lovbok's embeddable linker: <script src="https://<lovbok>/embed.js" defer></script>
//
// Finds the citations of the Laws of Duplicate Bridge (and the Danish TD
// handbook) in the page's text, links each to the lovbok server this script
// came from, and shows the cited text in a small popover on hover, focus or
// tap. The page's text goes to that server only, in one request. When the
// server cannot be reached, the clearest citations (a law word or § and a
// number) become plain links, with no popover.
//
// Attributes, on the script tag or on the element that holds the text
// (`data-lovbok` marks it; else the whole body):
//   data-lovbok-edition="2007"   the edition of the Laws the text is written under
//   data-lovbok-context="X12"    the provision relative cites hang from
// Text inside links, code, pre, form fields, buttons and [data-lovbok-skip]
// is left alone. The server adds `LOVBOK_EMBED` (its words and limits) above
// this file, so the fallback reads the same cue words as the server.
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
  function hidePopover() {
    if (popover) popover.hidden = true;
  }

  function showPopover(link, citation) {
    const w = words();
    if (!popover) {
      popover = document.createElement("div");
      popover.id = "lovbok-popover";
      popover.setAttribute("role", "tooltip");
      Object.assign(popover.style, {
        position: "absolute", zIndex: "2147483647", maxWidth: "min(22rem, 90vw)", padding: "0.6rem 0.8rem",
        background: "#ffffff", color: "#1a1a1a", border: "1px solid #5a5a5a", borderRadius: "6px",
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
    const r = link.getBoundingClientRect();
    popover.style.left = `${Math.max(4, window.scrollX + r.left)}px`;
    popover.style.top = `${window.scrollY + r.bottom + 4}px`;
    popover.hidden = false;
    link.setAttribute("aria-describedby", "lovbok-popover");
  }

  function makeLink(text, href, citation) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    a.className = citation ? "lovbok-cite" : "lovbok-cite lovbok-plain";
    a.setAttribute("data-lovbok-cite", citation ? citation.cites.join(" ") : text);
    if (citation) {
      let touched = false;
      a.addEventListener("pointerenter", (e) => { if (e.pointerType !== "touch") showPopover(a, citation); });
      a.addEventListener("pointerleave", (e) => { if (e.pointerType !== "touch") hidePopover(); });
      a.addEventListener("focus", () => showPopover(a, citation));
      a.addEventListener("blur", () => setTimeout(() => { if (!popover || !popover.contains(document.activeElement)) hidePopover(); }, 150));
      a.addEventListener("pointerdown", (e) => { touched = e.pointerType === "touch"; });
      a.addEventListener("click", (e) => {
        // A first tap shows the text; the popover's own link opens it.
        if (touched && (!popover || popover.hidden)) {
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

  // Without the server: a law word or § and a cite in the books' own form.
  function fallback(nodes) {
    const cues = (config.cues || ["law", "laws", "lov", "lovene", "loven", "lag"]).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const re = new RegExp(`(?:(?:^|[^\\p{L}])(?:${cues.join("|")})\\s+|§\\s*)((?:[Xx])?\\d{1,3}(?:[A-Z](?:\\d{1,2}(?:[a-z](?:\\([ivx]+\\))?)?)?)?)(?![\\p{L}\\d])`, "giu");
    for (const node of nodes) {
      const spans = [];
      for (const m of node.nodeValue.matchAll(re)) {
        const cite = m[1].replace(/^x/, "X");
        const n = Number(cite.replace(/^X/, "").match(/^\d+/)[0]);
        const ok = cite.startsWith("X") ? n >= 1 && n <= 93 : (n >= 1 && n <= 93) || (n >= 201 && n <= 299);
        if (!ok) continue;
        const start = m.index + m[0].length - m[1].length;
        spans.push({ start, end: start + m[1].length, href: `${origin}/p/${encodeURIComponent(cite)}`, citation: null });
      }
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
