// lovbok: progressive enhancement for the server-rendered pages. Every page
// works without this file; with it:
// - search runs as you type (the server's own results, or, with no network,
//   the stored offline index), and the list is keyboard-navigable;
// - the bar on provision pages follows the scroll and switches between the
//   provision alone and the whole law without a reload;
// - defined terms open their definition in a popover, and a tap on a
//   citation on a touch screen shows the cited text before leaving the page;
// - copy buttons, favourites and recently read provisions (kept in this
//   browser only) work;
// - a service worker stores the whole site for use without network.
// Interface strings come from strings-<lang>.js (window.LOVBOK_L).
(function () {
  "use strict";

  var L = window.LOVBOK_L || {};
  var html = document.documentElement;

  function fmt(s, args) {
    return String(s || "").replace(/\{(\w+)\}/g, function (m, k) {
      return args && args[k] !== undefined ? String(args[k]) : m;
    });
  }

  function meta(name) {
    var m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.getAttribute("content") : "";
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function store(key, fallback) {
    try {
      var v = JSON.parse(localStorage.getItem(key) || "null");
      return v === null ? fallback : v;
    } catch (e) {
      return fallback;
    }
  }

  function save(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* private mode: nothing is kept */
    }
  }

  // --- the offline index ---------------------------------------------------

  // --- the network, judged by whether requests answer ---------------------
  //
  // A phone behind a captive portal believes it is online (navigator.onLine
  // stays true) while no request answers. So "offline" here is: the browser
  // says so, or the last request failed or took longer than NET_WAIT_MS.
  var NET_WAIT_MS = 4000;
  var netDown = false;

  function offline() {
    return navigator.onLine === false || netDown;
  }

  function setNet(down) {
    if (netDown === down) return;
    netDown = down;
    offlineNote();
  }

  // fetch, failing after NET_WAIT_MS; a failure marks the network down and
  // an answer marks it up. `outer` is the caller's own AbortController.
  function netFetch(url, opts, outer) {
    var ctl = new AbortController();
    var timedOut = false;
    var timer = setTimeout(function () {
      timedOut = true;
      ctl.abort();
    }, NET_WAIT_MS);
    if (outer) {
      outer.signal.addEventListener("abort", function () {
        ctl.abort();
      });
    }
    var o = Object.assign({}, opts || {}, { signal: ctl.signal });
    return fetch(url, o).then(
      function (r) {
        clearTimeout(timer);
        setNet(false);
        return r;
      },
      function (e) {
        clearTimeout(timer);
        if (outer && outer.signal.aborted && !timedOut) throw e;
        setNet(true);
        var err = new Error("offline");
        err.name = "OfflineError";
        throw err;
      }
    );
  }

  var indexPromise = null;

  function loadIndex() {
    var url = meta("lovbok-index");
    if (!url) return Promise.reject(new Error("no index"));
    if (!indexPromise) {
      indexPromise = fetch(url)
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.json();
        })
        .then(prepareIndex)
        .catch(function (e) {
          indexPromise = null;
          throw e;
        });
    }
    return indexPromise;
  }

  function prepareIndex(ix) {
    ix.fold = {};
    ix.folds.forEach(function (f) {
      ix.fold[f[0]] = f[1];
    });
    ix.keys = Object.keys(ix.words).sort();
    ix.cite = {};
    ix.docs.forEach(function (d, i) {
      ix.cite[citeKey(d[0])] = i;
    });
    ix.cueSet = {};
    ix.cues.forEach(function (c) {
      ix.cueSet[c] = true;
    });
    return ix;
  }

  // A cite reduced to what a person may vary: case, spaces, dots, brackets.
  function citeKey(s) {
    return String(s).toLowerCase().replace(/[\s.()]/g, "");
  }

  function foldWord(ix, w) {
    var out = "";
    for (var i = 0; i < w.length; i++) {
      var c = w[i];
      out += ix.fold[c] !== undefined ? ix.fold[c] : c;
    }
    return out;
  }

  function titleOf(ix, i) {
    for (var d = ix.docs[i]; d; d = d[6] >= 0 ? ix.docs[d[6]] : null) {
      if (d[3]) return d[3];
    }
    return "";
  }

  // The doc a query names when it is nothing but a cite, after at most one
  // cue word; {missing: key} for a cite-shaped query the corpus lacks.
  function citeQuery(ix, q) {
    var words = q.trim().split(/\s+/);
    var first = words[0] ? words[0].toLowerCase() : "";
    if (words.length > 1 && ix.cueSet[first]) words.shift();
    var rest = words.join(" ").replace(/^§+\s*/, "");
    var key = citeKey(rest);
    if (!key) return null;
    if (ix.cite[key] !== undefined) return { doc: ix.cite[key] };
    if (/^(x?\d{1,3})([a-z](\d{1,2}([a-z]([ivx]{1,5})?)?)?)?$/.test(key)) return { missing: key };
    return null;
  }

  // The nearest existing provisions of a missing cite: its deepest existing
  // ancestor and that one's first parts.
  function nearestDocs(ix, key) {
    for (var k = key.slice(0, -1); k; k = k.slice(0, -1)) {
      var i = ix.cite[k];
      if (i !== undefined) {
        var out = [i];
        for (var j = 0; j < ix.docs.length && out.length < 5; j++) {
          if (ix.docs[j][6] === i) out.push(j);
        }
        return out;
      }
    }
    return [];
  }

  function osa(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = [], prev = [], cur = [];
    for (var j = 0; j <= b.length; j++) prev[j] = j;
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var rowMin = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (rowMin > max) return max + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  // What one query word is searched as: term id → weight.
  function expand(ix, w, last) {
    var out = {};
    function add(row, weight) {
      for (var k = 1; k < row.length; k++) {
        var t = row[k] >= 0 ? row[k] : -row[k] - 1;
        var wt = row[k] >= 0 ? weight : weight * 0.5;
        if (!(out[t] >= wt)) out[t] = wt;
      }
    }
    var exact = ix.words[w] || ix.words[foldWord(ix, w)];
    if (exact) add(exact, 1);
    var lo, k, key;
    if (!exact && w.length >= 5) {
      // An inflection the books do not use: the longest known beginning.
      for (var n = w.length - 1; n >= Math.max(4, w.length - 4); n--) {
        var stem = ix.words[w.slice(0, n)];
        if (stem) {
          add(stem, 0.8);
          break;
        }
      }
    }
    if (last && w.length >= 3) {
      // Typing: the words that begin with what is typed so far.
      lo = lowerBound(ix.keys, w);
      var found = [];
      for (k = lo; k < ix.keys.length && found.length < 200; k++) {
        key = ix.keys[k];
        if (key.lastIndexOf(w, 0) !== 0) break;
        if (key !== w) found.push(key);
      }
      found.sort(function (a, b) {
        return ix.words[b][0] - ix.words[a][0];
      });
      found.slice(0, 30).forEach(function (key) {
        add(ix.words[key], 0.7);
      });
    }
    if (Object.keys(out).length === 0) {
      var budget = ix.typo[Math.min(w.length, ix.typo.length - 1)] || 0;
      if (budget > 0) {
        for (k = 0; k < ix.keys.length; k++) {
          key = ix.keys[k];
          if (Math.abs(key.length - w.length) > budget) continue;
          var d = osa(w, key, budget) + (key[0] === w[0] ? 0 : 1);
          if (d <= budget) add(ix.words[key], 0.6);
        }
      }
    }
    Object.keys(out).forEach(function (t) {
      (ix.related[t] || []).forEach(function (rel) {
        if (rel.length === 1 && !(out[rel[0]] >= out[t] * 0.5)) out[rel[0]] = out[t] * 0.5;
      });
    });
    return out;
  }

  function lowerBound(arr, x) {
    var lo = 0, hi = arr.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (arr[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function related(ix, a, b) {
    for (var d = a; d >= 0; d = ix.docs[d][6]) if (d === b) return true;
    for (d = b; d >= 0; d = ix.docs[d][6]) if (d === a) return true;
    return false;
  }

  // Ranks docs for a word query: per word its best variant (weighted by
  // rarity, headings counting more), times the squared share of the words
  // a doc has. The server does more; see L.offline_limits.
  function offlineSearch(ix, q, book, limit) {
    var hits = [];
    var cq = citeQuery(ix, q);
    if (cq && cq.doc !== undefined) hits.push({ doc: cq.doc, cite: true });
    var words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) || []).slice(0, 24);
    var scores = {}, found = {};
    words.forEach(function (w, wi) {
      var variants = expand(ix, w, wi === words.length - 1);
      var best = {};
      Object.keys(variants).forEach(function (t) {
        var post = ix.post[t] || [];
        var idf = Math.log(1 + (ix.units - post.length + 0.5) / (post.length + 0.5));
        var titled = {}, subject = {};
        (ix.title[t] || []).forEach(function (d) {
          titled[d] = true;
        });
        // A subject of lovbok's index that names it: less than its own
        // heading, more than its text.
        ((ix.subj || {})[t] || []).forEach(function (d) {
          subject[d] = true;
        });
        post.forEach(function (d) {
          var s = variants[t] * idf * (titled[d] ? 1.6 : subject[d] ? 1.3 : 1);
          if (!(best[d] >= s)) best[d] = s;
        });
      });
      Object.keys(best).forEach(function (d) {
        scores[d] = (scores[d] || 0) + best[d];
        found[d] = (found[d] || 0) + 1;
      });
    });
    var ranked = Object.keys(scores).map(function (d) {
      var share = found[d] / words.length;
      return { doc: +d, score: scores[d] * share * share };
    });
    ranked.sort(function (a, b) {
      return b.score - a.score;
    });
    for (var k = 0; k < ranked.length && hits.length < limit; k++) {
      var r = ranked[k];
      if (book && (ix.docs[r.doc][4] === 1 ? "handbook" : "laws") !== book) continue;
      var clash = hits.some(function (h) {
        return related(ix, h.doc, r.doc);
      });
      if (!clash) hits.push(r);
    }
    return { hits: hits, missing: cq && cq.missing ? cq.missing : null };
  }

  // --- search as you type --------------------------------------------------

  var DEBOUNCE_MS = 120;

  function setupSearch(form) {
    var input = form.querySelector("input[type=search]");
    var book = form.querySelector("select[name=book]");
    var box = document.getElementById(form.getAttribute("data-results") || "");
    if (!input || !box) return;
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
      a.href = d[1];
      if (h.cite) a.setAttribute("data-cite-hit", "");
      a.appendChild(el("span", "cite", d[2]));
      var title = titleOf(ix, h.doc);
      if (title && title !== d[2]) {
        var t = el("span", "title", title);
        t.lang = d[4] === 1 ? "da" : "nb";
        a.appendChild(t);
      }
      if (h.cite) a.appendChild(el("span", "badge jump", L.go_to));
      if (!d[5]) a.appendChild(el("span", "badge absent-badge", L.title_only));
      li.appendChild(a);
      return li;
    }

    function showOffline(ix, q) {
      var r = offlineSearch(ix, q, book ? book.value : "", 20);
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
      note.appendChild(el("p", "", L.offline_answer));
      note.appendChild(el("p", "small", L.offline_limits));
      inner.appendChild(note);
      if (r.missing) {
        var miss = el("div", "notice");
        miss.id = "unknown-cite";
        var near = nearestDocs(ix, r.missing);
        miss.appendChild(el("p", "", fmt(L.unknown_cite, { cite: q.trim() }) + (near.length ? " " + L.nearest : "")));
        var ul = el("ul", "near");
        near.forEach(function (i) {
          var li = el("li");
          var a = el("a", "", ix.docs[i][2]);
          a.href = ix.docs[i][1];
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
      box.textContent = "";
      box.appendChild(inner);
      offlineCite = r.hits.length && r.hits[0].cite ? ix.docs[r.hits[0].doc][1] : null;
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
      var u = "/sok?q=" + encodeURIComponent(q);
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
        history.replaceState(null, "", "/");
        return;
      }
      if (offline()) {
        answerOffline(q, key).then(function () {
          history.replaceState(null, "", pageUrl(q));
        });
        return;
      }
      var ctl = new AbortController();
      inflight = ctl;
      var url = "/sok/treff?q=" + encodeURIComponent(q);
      if (book && book.value) url += "&book=" + encodeURIComponent(book.value);
      setStatus(L.searching);
      netFetch(url, { headers: { Accept: "text/html" } }, ctl)
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.text();
        })
        .then(function (text) {
          if (inflight !== ctl) return;
          inflight = null;
          showServer(text);
          shown = q;
          history.replaceState(null, "", pageUrl(q));
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
    } else if (urlQ && location.pathname === "/sok") {
      // The stored search page, shown offline for /sok?q=…: answer here,
      // and go straight to a cited provision as the server would.
      input.value = urlQ;
      var bq = new URLSearchParams(location.search).get("book");
      if (book && bq) book.value = bq;
      loadIndex().then(
        function (ix) {
          var r = offlineSearch(ix, urlQ, book ? book.value : "", 20);
          var cited = r.hits.filter(function (h) {
            return h.cite;
          });
          if (cited.length === 1 && !r.missing) {
            location.replace(ix.docs[cited[0].doc][1]);
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
          btn.textContent = L.copied;
          btn.classList.add("done");
          setTimeout(function () {
            btn.textContent = label;
            btn.classList.remove("done");
          }, 1500);
        },
        function () {
          window.prompt(L.copy_prompt, value);
        }
      );
    });
  }

  // --- favourites and recently read (this browser only) -------------------

  var FAVS = "lovbok-favs";
  var RECENT = "lovbok-recent";
  var RECENT_MAX = 8;

  function entryOf(btn) {
    return {
      cite: btn.getAttribute("data-fav"),
      url: btn.getAttribute("data-fav-url"),
      label: btn.getAttribute("data-fav-label"),
      title: btn.getAttribute("data-fav-title") || ""
    };
  }

  function setupFav(btn) {
    btn.hidden = false;
    function paint() {
      var on = store(FAVS, []).some(function (f) {
        return f.cite === btn.getAttribute("data-fav");
      });
      btn.setAttribute("aria-pressed", on ? "true" : "false");
      btn.textContent = on ? L.fav_remove : L.fav_add;
    }
    btn.addEventListener("click", function () {
      var e = entryOf(btn);
      var favs = store(FAVS, []);
      var had = favs.some(function (f) {
        return f.cite === e.cite;
      });
      favs = favs.filter(function (f) {
        return f.cite !== e.cite;
      });
      if (!had) favs.unshift(e);
      save(FAVS, favs);
      paint();
    });
    btn.paint = paint;
    paint();
  }

  function remember(btn) {
    var e = entryOf(btn);
    var recent = store(RECENT, []).filter(function (r) {
      return r.cite !== e.cite;
    });
    recent.unshift(e);
    save(RECENT, recent.slice(0, RECENT_MAX));
  }

  function showMine() {
    var box = document.getElementById("mine");
    if (!box) return;
    var favs = store(FAVS, []);
    var recent = store(RECENT, []);
    function fill(ul, entries, removable, key) {
      ul.textContent = "";
      entries.forEach(function (e) {
        var li = el("li");
        var a = el("a");
        a.href = e.url;
        a.appendChild(el("span", "cite", e.label));
        if (e.title && e.title !== e.label) a.appendChild(el("span", "title", e.title));
        li.appendChild(a);
        if (removable) {
          var x = el("button", "remove", "×");
          x.type = "button";
          x.setAttribute("aria-label", L.remove + ": " + e.label);
          x.addEventListener("click", function () {
            save(
              key,
              store(key, []).filter(function (f) {
                return f.cite !== e.cite;
              })
            );
            showMine();
          });
          li.appendChild(x);
        }
        ul.appendChild(li);
      });
    }
    fill(document.getElementById("favs"), favs, true, FAVS);
    fill(document.getElementById("recent"), recent, true, RECENT);
    var hint = document.getElementById("favs-empty");
    if (hint) hint.hidden = favs.length > 0;
    box.hidden = false;
  }

  // --- popovers: defined terms, and citations on touch screens ------------

  var pop = null;
  var popFor = null;
  var hideTimer = 0;

  function closePopover(returnFocus) {
    clearTimeout(hideTimer);
    if (pop) pop.remove();
    if (popFor && popFor.getAttribute("aria-expanded")) popFor.setAttribute("aria-expanded", "false");
    if (returnFocus && popFor) popFor.focus();
    pop = null;
    popFor = null;
  }

  function placeNear(box, anchor) {
    var r = anchor.getBoundingClientRect();
    var width = Math.min(box.offsetWidth, window.innerWidth - 16);
    var left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8));
    box.style.left = left + window.scrollX + "px";
    box.style.top = r.bottom + window.scrollY + 6 + "px";
  }

  function openTerm(btn) {
    if (popFor === btn) return;
    closePopover(false);
    pop = el("div", "popover term-pop");
    pop.id = "term-pop";
    pop.setAttribute("role", "dialog");
    var head = el("p", "pop-head", btn.textContent);
    head.id = "term-pop-h";
    pop.setAttribute("aria-labelledby", "term-pop-h");
    pop.appendChild(head);
    pop.appendChild(el("p", "", btn.getAttribute("data-text") || ""));
    var more = el("a", "", L.read_definition);
    more.href = btn.getAttribute("data-href") || "#";
    pop.appendChild(more);
    pop.addEventListener("mouseenter", function () {
      clearTimeout(hideTimer);
    });
    pop.addEventListener("mouseleave", scheduleHide);
    pop.addEventListener("focusout", function (e) {
      if (!pop || pop.contains(e.relatedTarget) || e.relatedTarget === btn) return;
      closePopover(false);
    });
    document.body.appendChild(pop);
    placeNear(pop, btn);
    btn.setAttribute("aria-expanded", "true");
    popFor = btn;
  }

  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(function () {
      closePopover(false);
    }, 250);
  }

  function setupTerms() {
    var hover = window.matchMedia && window.matchMedia("(hover: hover)").matches;
    document.querySelectorAll("a.term").forEach(function (a) {
      var b = el("button", "term", a.textContent);
      b.type = "button";
      b.setAttribute("aria-expanded", "false");
      b.setAttribute("aria-controls", "term-pop");
      b.setAttribute("data-href", a.getAttribute("href"));
      b.setAttribute("data-text", a.getAttribute("title") || "");
      a.replaceWith(b);
      b.addEventListener("click", function (e) {
        e.stopPropagation();
        if (popFor === b) closePopover(false);
        else openTerm(b);
      });
      b.addEventListener("focus", function () {
        if (b.matches(":focus-visible")) openTerm(b);
      });
      b.addEventListener("blur", function (e) {
        if (pop && popFor === b && !pop.contains(e.relatedTarget)) closePopover(false);
      });
      if (hover) {
        b.addEventListener("mouseenter", function () {
          clearTimeout(hideTimer);
          openTerm(b);
        });
        b.addEventListener("mouseleave", scheduleHide);
      }
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && pop) closePopover(true);
    });
    document.addEventListener("click", function (e) {
      if (pop && !pop.contains(e.target) && e.target !== popFor) closePopover(false);
    });
    window.addEventListener("resize", function () {
      if (pop && popFor && pop.classList.contains("term-pop")) placeNear(pop, popFor);
    });
  }

  function showCitePopover(link) {
    closePopover(false);
    pop = el("div", "popover cite-pop");
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-label", link.textContent);
    pop.appendChild(el("p", "", link.getAttribute("title") || ""));
    var row = el("div", "row");
    var open = el("a", "", L.open);
    open.href = link.href;
    var close = el("button", "", L.close);
    close.type = "button";
    close.addEventListener("click", function () {
      closePopover(false);
    });
    row.appendChild(open);
    row.appendChild(close);
    pop.appendChild(row);
    document.body.appendChild(pop);
    popFor = link;
  }

  function setupTapPreview() {
    if (!window.matchMedia || !window.matchMedia("(hover: none)").matches) return;
    document.addEventListener("click", function (e) {
      var link = e.target.closest ? e.target.closest("a.cite[title]") : null;
      if (!link) return;
      if (popFor === link) return; // second tap: follow the link
      e.preventDefault();
      e.stopPropagation();
      showCitePopover(link);
    }, true);
  }

  // --- provision pages: where am I, only this, and offline retargeting ----

  function chainOf(node) {
    var out = [];
    for (var n = node; n; n = n.parentElement ? n.parentElement.closest("section.prov") : null) {
      out.unshift(n.getAttribute("data-cite"));
    }
    var h1 = document.querySelector("article h1.prov");
    if (h1 && node !== h1) out.unshift(h1.getAttribute("data-cite"));
    return out;
  }

  // The provision the URL names, when the page shown is its law's page
  // (the service worker serves that offline): mark it, and make the bar,
  // the breadcrumbs, the buttons and "Henvist fra" about it.
  function retarget() {
    var art = document.querySelector("article.provision");
    var m = location.pathname.match(/^\/p\/(.+)$/);
    if (!art || !m) return null;
    var node = document.getElementById(m[1]);
    if (!node) {
      try {
        node = document.getElementById(decodeURIComponent(m[1]));
      } catch (e) {
        node = null;
      }
    }
    if (!node || !node.classList.contains("prov")) return null;
    var cite = node.getAttribute("data-cite");
    if (cite === art.getAttribute("data-cite")) return null;
    art.setAttribute("data-cite", cite);
    html.setAttribute("data-retargeted", cite);
    document.querySelectorAll(".prov.current, .prov.path").forEach(function (p) {
      p.classList.remove("current", "path");
      p.removeAttribute("aria-current");
    });
    node.classList.add("current");
    if (node.tagName === "SECTION") node.setAttribute("aria-current", "location");
    var chain = chainOf(node);
    var label = node.getAttribute("data-label");
    var title = node.getAttribute("data-title") || "";
    document.querySelectorAll("article .prov[data-cite]").forEach(function (p) {
      if (p !== node && chain.indexOf(p.getAttribute("data-cite")) >= 0) p.classList.add("path");
    });
    document.title = label + (title ? " " + title : "") + " – lovbok";
    var crumbs = document.querySelector(".crumbs ol");
    if (crumbs) {
      crumbs.textContent = "";
      chain.forEach(function (c, i) {
        var p = c === cite ? node : document.querySelector('.prov[data-cite="' + CSS.escape(c) + '"]');
        var li = el("li");
        var a = el("a", "", p ? p.getAttribute("data-crumb") : c);
        a.href = p ? "/p/" + p.id : "#";
        if (i === chain.length - 1) a.setAttribute("aria-current", "location");
        li.appendChild(a);
        crumbs.appendChild(li);
      });
    }
    var url = "/p/" + node.id;
    document.querySelectorAll("button[data-copy]").forEach(function (b) {
      b.setAttribute("data-copy", b.hasAttribute("data-absolute") ? url : label);
    });
    var fav = document.querySelector("button[data-fav]");
    if (fav) {
      fav.setAttribute("data-fav", cite);
      fav.setAttribute("data-fav-url", url);
      fav.setAttribute("data-fav-label", label);
      fav.setAttribute("data-fav-title", title);
      if (fav.paint) fav.paint();
    }
    var bar = document.getElementById("here");
    if (bar) {
      bar.setAttribute("data-cite", cite);
      var now = document.getElementById("here-now");
      if (now) now.href = "#" + node.id;
      if (!document.getElementById("here-toggle") && node.tagName === "SECTION") {
        var t = el("a", "here-btn here-toggle", bar.getAttribute("data-only"));
        t.id = "here-toggle";
        t.href = url + "?vis=denne";
        t.setAttribute("data-other-url", url);
        t.setAttribute("data-other-text", bar.getAttribute("data-whole"));
        bar.appendChild(t);
      }
    }
    regroupCitations(cite, chain);
    var defs = document.getElementById("defs-citing");
    if (defs) defs.hidden = defs.getAttribute("data-for") !== cite;
    document.querySelectorAll(".footnotes li").forEach(function (li) {
      var inView = Array.prototype.some.call(li.querySelectorAll("a.backref"), function (a) {
        var ref = document.getElementById(a.getAttribute("href").slice(1));
        if (!ref) return false;
        var sec = ref.closest(".prov");
        return sec && (sec === node || node.contains(sec) || (chain.indexOf(sec.getAttribute("data-cite")) >= 0 && ref.closest("h1, h2")));
      });
      li.classList.toggle("off-view", !inView);
    });
    if (new URLSearchParams(location.search).get("vis") === "denne") setOnly(true);
    return node;
  }

  function regroupCitations(cite, chain) {
    var box = document.querySelector(".cited-by");
    if (!box) return;
    var order = { this: 0, whole: 1, part: 2 };
    var groups = Array.prototype.slice.call(box.querySelectorAll(".bl-group"));
    var any = false;
    groups.forEach(function (g) {
      var gc = g.getAttribute("data-cite");
      var gchain = (g.getAttribute("data-chain") || "").split(" ");
      var rel = gc === cite ? "this" : chain.indexOf(gc) >= 0 ? "whole" : gchain.indexOf(cite) >= 0 ? "part" : null;
      g.setAttribute("data-rel", rel || "");
      var visible = false;
      if (rel) {
        g.querySelectorAll("li[data-from]").forEach(function (li) {
          var inside = (li.getAttribute("data-from") || "").split(" ").indexOf(cite) >= 0;
          li.hidden = inside;
          if (!inside) visible = true;
        });
        var a = g.querySelector("h3 a");
        if (a) a.textContent = fmt(L["cites_" + rel], { label: g.getAttribute("data-label") });
      }
      g.hidden = !visible;
      if (visible) any = true;
    });
    groups.sort(function (a, b) {
      var ra = order[a.getAttribute("data-rel")], rb = order[b.getAttribute("data-rel")];
      return (ra === undefined ? 9 : ra) - (rb === undefined ? 9 : rb);
    });
    groups.forEach(function (g) {
      box.appendChild(g);
    });
    var none = document.getElementById("cited-none");
    if (none) none.hidden = any;
  }

  function setOnly(on) {
    var art = document.querySelector("article.provision");
    var t = document.getElementById("here-toggle");
    if (!art || !t) return;
    var isOn = art.classList.contains("only");
    if (isOn === on) return;
    art.classList.toggle("only", on);
    var url = t.getAttribute("data-other-url");
    var text = t.getAttribute("data-other-text");
    t.setAttribute("data-other-url", t.getAttribute("href"));
    t.setAttribute("data-other-text", t.textContent);
    t.setAttribute("href", url);
    t.textContent = text;
  }

  function setupHere() {
    var bar = document.getElementById("here");
    if (!bar) return;
    var cite = document.getElementById("here-cite");
    var title = document.getElementById("here-title");
    var now = document.getElementById("here-now");
    var provs = Array.prototype.slice.call(document.querySelectorAll("article .prov[data-label]"));
    var ticking = false;
    function update() {
      ticking = false;
      // The provision at the top of what the reader sees under the bar (a
      // provision scrolled to stops a little below the bar: its
      // scroll-margin-top in app.css).
      var rem = parseFloat(getComputedStyle(html).fontSize) || 16;
      var line = bar.getBoundingClientRect().bottom + rem;
      var cur = null;
      for (var i = 0; i < provs.length; i++) {
        var p = provs[i];
        if (!p.offsetParent) continue;
        if (p.getBoundingClientRect().top <= line) cur = p;
        else break;
      }
      if (!cur) cur = document.querySelector("article .prov.current") || provs[0];
      if (!cur) return;
      cite.textContent = cur.getAttribute("data-label");
      title.textContent = cur.getAttribute("data-title") || "";
      now.href = "#" + cur.id;
    }
    window.addEventListener(
      "scroll",
      function () {
        if (!ticking) {
          ticking = true;
          requestAnimationFrame(update);
        }
      },
      { passive: true }
    );
    bar.addEventListener("click", function (e) {
      var t = e.target.closest("#here-toggle");
      if (t) {
        e.preventDefault();
        var art = document.querySelector("article.provision");
        var goingOnly = !art.classList.contains("only");
        var href = t.getAttribute("href");
        setOnly(goingOnly);
        history.replaceState(null, "", href);
        scrollToCurrent();
        update();
        return;
      }
      var s = e.target.closest("#here-search");
      if (s) {
        var box = document.getElementById("site-q");
        if (box) {
          e.preventDefault();
          box.scrollIntoView({ block: "center" });
          box.focus();
        }
      }
    });
    update();
  }

  // The whole law opens at the provision the URL names; the provision
  // alone opens at its top, with the headings above it in view.
  function scrollToCurrent() {
    if (window.location.hash) return;
    var art = document.querySelector("article.provision");
    var cur = document.querySelector("article .prov.current");
    if (art && art.classList.contains("only")) art.querySelector("h1").scrollIntoView({ block: "start" });
    else if (cur && cur.tagName === "SECTION") cur.scrollIntoView({ block: "start" });
  }

  // --- offline: the service worker and its progress -------------------------

  var OFFLINE_SHOWN = "lovbok-offline-shown";

  // The slim note under the header that tells how storing the site goes.
  // It sits in the page's flow, so it covers nothing, and it can be closed.
  var storeDismissed = false;
  function storeNote(text, progress) {
    var box = document.getElementById("store-note");
    if (!box) {
      box = el("div", "store-note");
      box.id = "store-note";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      var header = document.querySelector("header.site");
      if (header && header.parentNode) header.parentNode.insertBefore(box, header.nextSibling);
      else document.body.insertBefore(box, document.body.firstChild);
    }
    box.textContent = "";
    if (!text || storeDismissed) {
      box.hidden = true;
      return;
    }
    box.appendChild(el("span", "", text));
    if (progress) {
      var bar = el("progress");
      bar.max = progress.total;
      bar.value = progress.done;
      bar.setAttribute("aria-hidden", "true");
      box.appendChild(bar);
    }
    var close = el("button", "store-close", "×");
    close.type = "button";
    close.setAttribute("aria-label", L.close);
    close.addEventListener("click", function () {
      storeDismissed = true;
      box.hidden = true;
    });
    box.appendChild(close);
    box.hidden = false;
  }

  // The bar at the bottom of the screen that says the page is shown
  // without network; it stays in view however far the page has scrolled.
  function offlineNote() {
    var box = document.getElementById("offline-note");
    if (!box) return;
    var down = offline();
    box.textContent = down ? L.offline_page : "";
    box.hidden = !down;
    html.toggleAttribute("data-net-down", down);
  }

  function setupOffline() {
    var sw = meta("lovbok-sw");
    offlineNote();
    window.addEventListener("online", offlineNote);
    window.addEventListener("offline", offlineNote);
    // Other scripts (the calculator) report what their requests found.
    window.addEventListener("lovbok-net", function (e) {
      setNet(Boolean(e.detail && e.detail.down));
    });
    if (!sw || !("serviceWorker" in navigator)) return;
    var version = sw;
    navigator.serviceWorker.addEventListener("message", function (e) {
      var d = e.data || {};
      if (d.type === "progress" && d.done < d.total) {
        storeNote(fmt(L.precache_progress, { n: d.done, total: d.total }), d);
      } else if (d.type === "stored") {
        html.setAttribute("data-offline", "ready");
        if (store(OFFLINE_SHOWN, "") !== version) {
          // Said once per version of the site.
          save(OFFLINE_SHOWN, version);
          storeNote(L.precache_done);
          setTimeout(function () {
            storeNote("");
          }, 6000);
        } else {
          storeNote("");
        }
      } else if (d.type === "store-failed") {
        storeNote(L.precache_failed);
      }
    });
    function ask() {
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.active) reg.active.postMessage({ type: "store", lang: html.lang });
      });
    }
    navigator.serviceWorker.register(sw, { scope: "/" }).then(ask, function () {});
    navigator.serviceWorker.addEventListener("controllerchange", ask);
  }

  // --- the subject index: filter as you type -----------------------------------

  /** Lower case without æøå, as the server folds the subjects' terms. */
  var FILTER_FOLDS = { "æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "é": "e", "ü": "u" };
  function foldFilter(s) {
    return String(s)
      .toLowerCase()
      .replace(/[æøåäöéü]/g, function (c) {
        return FILTER_FOLDS[c];
      });
  }

  function setupSubjectFilter(input) {
    var rows = Array.prototype.slice.call(document.querySelectorAll(".subject"));
    // Each row's names (its heading and term lines), folded once.
    var texts = rows.map(function (row) {
      return Array.prototype.map
        .call(row.querySelectorAll("dt, .subject-terms"), function (el) {
          return foldFilter(el.textContent);
        })
        .join("|");
    });
    var sections = Array.prototype.slice.call(document.querySelectorAll(".subject-letter"));
    var none = document.getElementById("subject-none");
    function apply() {
      var words = foldFilter(input.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row, i) {
        var terms = texts[i];
        var hit = words.every(function (w) {
          return terms.indexOf(w) >= 0;
        });
        row.hidden = !hit;
        if (hit) shown++;
      });
      sections.forEach(function (sec) {
        sec.hidden = !sec.querySelector(".subject:not([hidden])");
      });
      if (none) none.hidden = shown > 0;
    }
    input.addEventListener("input", apply);
    if (input.value) apply();
  }

  // --- start ------------------------------------------------------------------

  document.querySelectorAll("form[data-live]").forEach(setupSearch);
  document.querySelectorAll("button[data-copy]").forEach(setupCopy);
  document.querySelectorAll("button[data-fav]").forEach(setupFav);
  document.querySelectorAll("input[data-subject-filter]").forEach(setupSubjectFilter);
  retarget();
  var favBtn = document.querySelector("button[data-fav]");
  if (favBtn) remember(favBtn);
  showMine();
  setupTerms();
  setupTapPreview();
  setupHere();
  scrollToCurrent();
  setupOffline();
})();
