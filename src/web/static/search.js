// lovbok: search as you type. The server's own results while the network
// answers; with none, the stored offline index ranked by ranker.js. The
// list is keyboard-navigable, and Enter on a cite opens its provision.
// app.js calls LovbokSearch.setup for each live search form, with the
// network helpers it owns. Interface strings come from window.LOVBOK_L.
(function () {
  "use strict";

  var L = window.LOVBOK_L || {};
  var D = window.LovbokDom;
  var R = window.LovbokRanker;
  var el = D.el;
  var fmt = D.fmt;
  // The server's paths, generated with its router (config.js).
  var ROUTES = (window.LOVBOK_CONFIG || {}).routes || {};
  // A static copy (lovbok export --site) has no server to ask: the index
  // in the browser answers every query, and says so in its own words.
  var STATIC = D.meta("lovbok-static") === "1";

  var indexPromise = null;

  // The offline index, fetched once (the service worker has it stored).
  function loadIndex() {
    var url = D.meta("lovbok-index");
    if (!url) return Promise.reject(new Error("no index"));
    if (!indexPromise) {
      indexPromise = fetch(url)
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.json();
        })
        .then(R.prepare)
        .catch(function (e) {
          indexPromise = null;
          throw e;
        });
    }
    return indexPromise;
  }

  var DEBOUNCE_MS = 120;

  // One live search form; `net` is app.js's {offline, fetch}.
  function setupSearch(form, net) {
    var input = form.querySelector("input[type=search]");
    var book = form.querySelector("select[name=book]");
    var box = document.getElementById(form.getAttribute("data-results") || "");
    if (!input || !box) return;
    // The search page's own form keeps its query in the address; the
    // header's box on every other page shows its hits under the header
    // and leaves the page's address alone.
    var ownPage = form.hasAttribute("data-history");
    function remember(url) {
      if (ownPage) history.replaceState(null, "", url);
    }
    function reveal(on) {
      if (!ownPage) box.hidden = !on;
    }
    var timer = 0;
    var inflight = null;
    var active = -1;
    var lastQuery = null;
    // The query the list on screen answers; Enter on a stale list submits
    // the form (the server then redirects a cite to its provision), so a
    // fast typist never opens a hit for "12" when they typed "12C1".
    var shown = null;
    var offlineCite = null;

    function list() {
      return box.querySelector("#hits");
    }

    function items() {
      var l = list();
      return l ? l.querySelectorAll("li") : [];
    }

    function setStatus(text) {
      var s = box.querySelector("#status");
      if (s) s.textContent = text;
    }

    // Arrow keys move the focus along the hits (Enter on a focused hit
    // opens it); the selected hit is marked for the eye as well.
    function select(i, focus) {
      var all = items();
      if (!all.length) {
        active = -1;
        return;
      }
      if (i < -1) i = all.length - 1;
      if (i >= all.length) i = -1;
      active = i;
      for (var k = 0; k < all.length; k++) all[k].classList.toggle("selected", k === i);
      if (i >= 0) {
        var a = all[i].querySelector("a");
        if (focus && a) a.focus();
        else all[i].scrollIntoView({ block: "nearest" });
      } else if (focus) {
        input.focus();
      }
    }

    function afterRender() {
      active = -1;
      // A query that cites one provision: Enter opens it. Not when the
      // cite does not exist (the hit is then only the nearest provision).
      var first = box.querySelector("#hits li a");
      var unknown = box.querySelector("#unknown-cite");
      if (first && first.hasAttribute("data-cite-hit") && !unknown) select(0, false);
    }

    // The server's results, parsed and moved in (its markup is escaped
    // by the server; scripts in it would not run, and the CSP forbids
    // inline ones anyway).
    function showServer(htmlText) {
      var doc = new DOMParser().parseFromString(htmlText, "text/html");
      var inner = doc.querySelector(".results-inner");
      if (!inner) throw new Error("no results");
      box.textContent = "";
      box.appendChild(document.importNode(inner, true));
      afterRender();
    }

    function hitItem(ix, i, h) {
      var d = ix.docs[h.doc];
      var li = el("li");
      li.id = "hit-" + i;
      var a = el("a");
      a.href = d.url;
      if (h.cite) a.setAttribute("data-cite-hit", "");
      a.appendChild(el("span", "cite", d.label));
      var title = R.titleOf(ix, h.doc);
      if (title && title !== d.label) {
        var t = el("span", "title", title);
        t.lang = d.book === "handbook" ? "da" : "nb";
        a.appendChild(t);
      }
      if (h.cite) a.appendChild(el("span", "badge jump", L.go_to));
      if (!d.has_text) a.appendChild(el("span", "badge absent-badge", L.title_only));
      li.appendChild(a);
      return li;
    }

    // Published cases like the query, below the hits, as the server's
    // results show them ("Lignende saker"); their pages are stored too.
    function caseSection(cases) {
      var sec = el("section", "case-hits");
      sec.setAttribute("aria-labelledby", "case-hits-h");
      var h = el("h2", "", L.similar_cases);
      h.id = "case-hits-h";
      sec.appendChild(h);
      sec.appendChild(el("p", "muted small", L.similar_cases_note));
      var ul = el("ul", "hits");
      cases.forEach(function (c) {
        var li = el("li");
        var a = el("a");
        a.href = ROUTES.rulings + "/" + encodeURIComponent(c.id);
        var t = el("span", "title", c.title);
        t.lang = c.lang;
        a.appendChild(t);
        if (c.cites) a.appendChild(el("span", "snippet", L.similar_cases_applies + " " + c.cites));
        li.appendChild(a);
        ul.appendChild(li);
      });
      sec.appendChild(ul);
      return sec;
    }

    function showOffline(ix, q) {
      var r = R.search(ix, q, { book: book ? book.value : "", limit: 20 });
      var inner = el("div", "results-inner");
      inner.setAttribute("data-q", q);
      var status = el("p", "status");
      status.id = "status";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      var n = r.hits.length;
      status.textContent = n === 0 ? L.hits_none : n === 1 ? L.hits_one : fmt(L.hits_n, { n: n });
      inner.appendChild(status);
      var note = el("div", "notice offline-answer");
      note.id = "offline-answer";
      note.appendChild(el("p", "", STATIC ? L.static_answer : L.offline_answer));
      note.appendChild(el("p", "small", L.offline_limits));
      inner.appendChild(note);
      if (r.missing) {
        var miss = el("div", "notice");
        miss.id = "unknown-cite";
        var near = R.nearest(ix, r.missing);
        miss.appendChild(el("p", "", fmt(L.unknown_cite, { cite: q.trim() }) + (near.length ? " " + L.nearest : "")));
        var ul = el("ul", "near");
        near.forEach(function (i) {
          var li = el("li");
          var a = el("a", "", ix.docs[i].label);
          a.href = ix.docs[i].url;
          li.appendChild(a);
          ul.appendChild(li);
        });
        if (near.length) miss.appendChild(ul);
        inner.appendChild(miss);
      }
      var ol = el("ol", "hits");
      ol.id = "hits";
      r.hits.forEach(function (h, i) {
        ol.appendChild(hitItem(ix, i, h));
      });
      inner.appendChild(ol);
      if (r.cases && r.cases.length) inner.appendChild(caseSection(r.cases));
      box.textContent = "";
      box.appendChild(inner);
      offlineCite = r.hits.length && r.hits[0].cite ? ix.docs[r.hits[0].doc].url : null;
      afterRender();
    }

    function answerOffline(q, key) {
      return loadIndex().then(
        function (ix) {
          if (lastQuery !== key) return;
          showOffline(ix, q);
          shown = q;
        },
        function () {
          if (lastQuery !== key) return;
          setStatus(L.offline_unavailable);
        }
      );
    }

    function pageUrl(q) {
      var u = ROUTES.search + "?q=" + encodeURIComponent(q);
      if (book && book.value) u += "&book=" + encodeURIComponent(book.value);
      return u;
    }

    function run() {
      var q = input.value.trim();
      var key = q + "\u0000" + (book ? book.value : "");
      if (key === lastQuery) return;
      lastQuery = key;
      offlineCite = null;
      if (inflight) inflight.abort();
      inflight = null;
      if (!q) {
        shown = null;
        var hits = list();
        if (hits) hits.textContent = "";
        setStatus("");
        remember(ROUTES.home);
        reveal(false);
        return;
      }
      reveal(true);
      if (STATIC || net.offline()) {
        answerOffline(q, key).then(function () {
          remember(pageUrl(q));
        });
        return;
      }
      var ctl = new AbortController();
      inflight = ctl;
      var url = ROUTES.results + "?q=" + encodeURIComponent(q);
      if (book && book.value) url += "&book=" + encodeURIComponent(book.value);
      setStatus(L.searching);
      net.fetch(url, { headers: { Accept: "text/html" } }, ctl)
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.text();
        })
        .then(function (text) {
          if (inflight !== ctl) return;
          inflight = null;
          showServer(text);
          shown = q;
          remember(pageUrl(q));
        })
        .catch(function (e) {
          if (e.name === "AbortError") return;
          if (inflight === ctl) inflight = null;
          if (lastQuery !== key) return;
          // No answer from the server: the stored index answers.
          answerOffline(q, key);
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
        select(0, true);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        select(items().length - 1, true);
      } else if (e.key === "Escape") {
        select(-1, false);
      } else if (e.key === "Enter" && shown === input.value.trim()) {
        var all = items();
        var a = active >= 0 && all[active] ? all[active].querySelector("a") : null;
        if (a) {
          e.preventDefault();
          window.location.href = a.href;
        } else if (offlineCite) {
          e.preventDefault();
          window.location.href = offlineCite;
        }
      }
    });
    box.addEventListener("keydown", function (e) {
      var li = e.target.closest ? e.target.closest("#hits li") : null;
      if (!li) return;
      var i = Array.prototype.indexOf.call(items(), li);
      if (e.key === "ArrowDown") {
        e.preventDefault();
        select(i + 1, true);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        select(i - 1, true);
      } else if (e.key === "Escape") {
        e.preventDefault();
        select(-1, true);
      }
    });
    // Results rendered by the server (no-JS path or a reload) stay usable.
    var inner = box.querySelector(".results-inner");
    var urlQ = new URLSearchParams(location.search).get("q") || "";
    if (inner && inner.getAttribute("data-q") === input.value.trim() && input.value.trim()) {
      lastQuery = input.value.trim() + "\u0000" + (book ? book.value : "");
      shown = input.value.trim();
      afterRender();
    } else if (urlQ && location.pathname.replace(/\/$/, "") === ROUTES.search) {
      // The stored search page, shown offline for /sok?q=…: answer here,
      // and go straight to a cited provision as the server would.
      input.value = urlQ;
      var bq = new URLSearchParams(location.search).get("book");
      if (book && bq) book.value = bq;
      loadIndex().then(
        function (ix) {
          var r = R.search(ix, urlQ, { book: book ? book.value : "", limit: 20 });
          var cited = r.hits.filter(function (h) {
            return h.cite;
          });
          if (cited.length === 1 && !r.missing) {
            location.replace(ix.docs[cited[0].doc].url);
            return;
          }
          lastQuery = urlQ + "\u0000" + (book ? book.value : "");
          showOffline(ix, urlQ);
          shown = urlQ;
        },
        function () {
          setStatus(L.offline_unavailable);
        }
      );
    }
  }

  window.LovbokSearch = { setup: setupSearch };
})();
