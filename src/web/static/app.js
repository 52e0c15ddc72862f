// lovbok: progressive enhancement for the server-rendered pages. Every page
// works without this file; with it, search runs as you type, results are
// keyboard-navigable, copy buttons work, and a tap on a citation on a touch
// screen shows the cited text before leaving the page.
(function () {
  "use strict";

  // --- search as you type -------------------------------------------------

  var DEBOUNCE_MS = 120;

  function setupSearch(form) {
    var input = form.querySelector("input[type=search]");
    var book = form.querySelector("select[name=book]");
    var list = document.getElementById(form.getAttribute("data-results") || "");
    var status = document.getElementById(form.getAttribute("data-status") || "");
    if (!input || !list) return;
    var timer = 0;
    var inflight = null;
    var active = -1;
    var lastQuery = null;
    // The query the list on screen answers; Enter on a stale list submits
    // the form instead, so a fast typist never opens a hit for "12" when
    // they typed "12C1".
    var shown = null;

    function items() {
      return list.querySelectorAll("li");
    }

    function select(i) {
      var all = items();
      if (!all.length) {
        active = -1;
        input.removeAttribute("aria-activedescendant");
        return;
      }
      if (i < -1) i = all.length - 1;
      if (i >= all.length) i = -1;
      active = i;
      for (var k = 0; k < all.length; k++) {
        all[k].setAttribute("aria-selected", k === i ? "true" : "false");
      }
      if (i >= 0) {
        input.setAttribute("aria-activedescendant", all[i].id);
        all[i].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    // Snippets are HTML from the server with everything escaped but <mark>.
    // Rebuild them from text nodes and <mark> elements only, so that even a
    // broken snippet cannot inject markup.
    function snippetNode(html) {
      var out = document.createElement("span");
      out.className = "snippet";
      var doc = new DOMParser().parseFromString("<div>" + html + "</div>", "text/html");
      var root = doc.body.firstChild;
      if (!root) return out;
      (function walk(src, dst) {
        for (var n = src.firstChild; n; n = n.nextSibling) {
          if (n.nodeType === 3) {
            dst.appendChild(document.createTextNode(n.nodeValue));
          } else if (n.nodeType === 1) {
            if (n.nodeName === "MARK") {
              var m = document.createElement("mark");
              walk(n, m);
              dst.appendChild(m);
            } else {
              walk(n, dst);
            }
          }
        }
      })(root, out);
      return out;
    }

    function render(data) {
      list.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      data.hits.forEach(function (h, i) {
        var li = document.createElement("li");
        li.id = "hit-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        var a = document.createElement("a");
        a.href = h.url;
        a.tabIndex = -1;
        var c = document.createElement("span");
        c.className = "cite";
        c.textContent = h.label || h.cite;
        a.appendChild(c);
        if (h.title && h.title !== h.label) {
          var t = document.createElement("span");
          t.className = "title";
          t.lang = h.book === "handbook" ? "da" : "nb";
          t.textContent = h.title;
          a.appendChild(t);
        }
        if (h.via_citation) {
          var j = document.createElement("span");
          j.className = "jump";
          j.textContent = "Gå til";
          a.appendChild(j);
        }
        if (h.calculator) {
          var k = document.createElement("span");
          k.className = "calc-mark";
          k.textContent = "Regn ut";
          a.appendChild(k);
        }
        var sn = snippetNode(h.snippet || "");
        sn.lang = h.book === "handbook" ? "da" : "nb";
        a.appendChild(sn);
        li.appendChild(a);
        list.appendChild(li);
      });
      if (status) {
        var n = data.hits.length;
        status.textContent = n === 0 ? "Ingen treff" : n === 1 ? "1 treff" : n + " treff";
      }
      if (data.hits.length && data.hits[0].via_citation) select(0);
    }

    function run() {
      var q = input.value.trim();
      var key = q + "\u0000" + (book ? book.value : "");
      if (key === lastQuery) return;
      lastQuery = key;
      if (inflight) inflight.abort();
      inflight = null;
      if (!q) {
        shown = null;
        list.textContent = "";
        if (status) status.textContent = "";
        history.replaceState(null, "", "/");
        return;
      }
      var ctl = new AbortController();
      inflight = ctl;
      var url = "/api/search?limit=10&q=" + encodeURIComponent(q);
      if (book && book.value) url += "&book=" + encodeURIComponent(book.value);
      if (status) status.textContent = "Søker …";
      fetch(url, { signal: ctl.signal, headers: { Accept: "application/json" } })
        .then(function (r) {
          if (r.ok) return r.json();
          return r.json().then(function (p) {
            throw new Error(p && p.detail ? p.detail : "HTTP " + r.status);
          });
        })
        .then(function (data) {
          if (inflight !== ctl) return;
          inflight = null;
          render(data);
          shown = q;
          var page = "/sok?q=" + encodeURIComponent(q);
          if (book && book.value) page += "&book=" + encodeURIComponent(book.value);
          history.replaceState(null, "", page);
        })
        .catch(function (e) {
          if (e.name === "AbortError") return;
          if (inflight === ctl) inflight = null;
          list.textContent = "";
          if (status) status.textContent = "Søket feilet: " + e.message;
        });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    }

    input.addEventListener("input", schedule);
    if (book) book.addEventListener("change", run);
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        e.preventDefault();
        select(active + 1);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        select(active - 1);
      } else if (e.key === "Escape") {
        select(-1);
      } else if (e.key === "Enter" && active >= 0 && shown === input.value.trim()) {
        var a = items()[active].querySelector("a");
        if (a) {
          e.preventDefault();
          window.location.href = a.href;
        }
      }
    });
    // Results rendered by the server (no-JS path or a reload) stay usable.
    if (items().length) {
      lastQuery = input.value.trim() + "\u0000" + (book ? book.value : "");
      shown = input.value.trim();
    }
  }

  // --- copy buttons -------------------------------------------------------

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.className = "skip";
      document.body.appendChild(ta);
      ta.select();
      var ok = false;
      try {
        ok = document.execCommand("copy");
      } catch (err) {
        ok = false;
      }
      document.body.removeChild(ta);
      if (ok) resolve();
      else reject(new Error("copy failed"));
    });
  }

  function setupCopy(btn) {
    btn.hidden = false;
    var label = btn.textContent;
    btn.addEventListener("click", function () {
      var value = btn.getAttribute("data-copy") || "";
      if (btn.hasAttribute("data-absolute")) value = new URL(value, window.location.href).href;
      copyText(value).then(
        function () {
          btn.textContent = "Kopiert!";
          btn.classList.add("done");
          setTimeout(function () {
            btn.textContent = label;
            btn.classList.remove("done");
          }, 1500);
        },
        function () {
          window.prompt("Kopier:", value);
        }
      );
    });
  }

  // --- tap on a citation: show the cited text first ----------------------

  var popover = null;
  var popFor = null;

  function closePopover() {
    if (popover) popover.remove();
    popover = null;
    popFor = null;
  }

  function showPopover(link) {
    closePopover();
    popover = document.createElement("div");
    popover.className = "popover";
    popover.setAttribute("role", "dialog");
    var p = document.createElement("p");
    p.textContent = link.getAttribute("title") || "";
    var row = document.createElement("div");
    row.className = "row";
    var open = document.createElement("a");
    open.href = link.href;
    open.textContent = "Åpne";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Lukk";
    close.addEventListener("click", closePopover);
    row.appendChild(open);
    row.appendChild(close);
    popover.appendChild(p);
    popover.appendChild(row);
    document.body.appendChild(popover);
    popFor = link;
  }

  function setupTapPreview() {
    if (!window.matchMedia || !window.matchMedia("(hover: none)").matches) return;
    document.addEventListener("click", function (e) {
      var link = e.target.closest ? e.target.closest("a.cite[title], a.term[title]") : null;
      if (!link) {
        if (popover && !popover.contains(e.target)) closePopover();
        return;
      }
      if (popFor === link) return; // second tap: follow the link
      e.preventDefault();
      showPopover(link);
    });
  }

  // --- provision pages: bring the provision the URL names into view -------

  function scrollToCurrent() {
    if (window.location.hash) return;
    var cur = document.querySelector(".prov.current");
    if (cur && cur.classList.contains("d0") === false) cur.scrollIntoView({ block: "start" });
  }

  document.querySelectorAll("form[data-live]").forEach(setupSearch);
  document.querySelectorAll("button[data-copy]").forEach(setupCopy);
  setupTapPreview();
  scrollToCurrent();
})();
