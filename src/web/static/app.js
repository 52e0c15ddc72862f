// lovbok: progressive enhancement for the server-rendered pages. Every page
// works without the scripts; with them:
// - search runs as you type (search.js: the server's own results, or, with
//   no network, the stored offline index ranked by ranker.js);
// - provision pages get copy buttons, favourites, popovers for defined
//   terms and citations, and the bar that follows the scroll (reader.js);
// - a service worker stores the whole site for use without network, and
//   the page says when it is shown without one (this file).
// This file owns the network (judged by whether requests answer) and
// starts the others. Shared helpers are in dom.js; interface strings come
// from strings-<lang>.js (window.LOVBOK_L).
(function () {
  "use strict";

  var L = window.LOVBOK_L || {};
  var D = window.LovbokDom;
  var html = document.documentElement;
  var fmt = D.fmt;
  var meta = D.meta;
  var el = D.el;
  var store = D.store;
  var save = D.save;

  // --- the network, judged by whether requests answer ---------------------
  //
  // A phone behind a captive portal believes it is online (navigator.onLine
  // stays true) while no request answers. So "offline" here is: the browser
  // says so, or the last request failed or took too long (dom.js's
  // timedFetch).
  var netDown = false;

  function offline() {
    return navigator.onLine === false || netDown;
  }

  // Counts the failures reported, so that a probe sent before a later
  // failure does not take that failure's bar away.
  var failures = 0;

  function setNet(down) {
    if (down) failures++;
    if (netDown === down) return;
    netDown = down;
    offlineNote();
    if (down) probeSoon();
  }

  // While a request has failed, the network is asked again now and then
  // (and at once when the browser says it is back): the first answer takes
  // the offline bar away, so it does not stay up until some other request
  // happens to answer. The probe bypasses the service worker's pages.
  var PROBE_MS = 15000;
  // Any answer counts, a 404 of a static host too.
  var PROBE_URL = "/healthz";
  var probeTimer = 0;
  function probeSoon(now) {
    clearTimeout(probeTimer);
    probeTimer = setTimeout(probe, now ? 0 : PROBE_MS);
  }
  function probe() {
    if (!netDown) return;
    var seen = failures;
    D.timedFetch(PROBE_URL, { cache: "no-store", credentials: "same-origin" }).then(
      function () {
        if (seen === failures) setNet(false);
        else probeSoon();
      },
      function () {
        probeSoon();
      }
    );
  }

  // timedFetch; a failure marks the network down and an answer marks it
  // up. `outer` is the caller's own AbortController.
  function netFetch(url, opts, outer) {
    return D.timedFetch(url, opts, outer).then(
      function (r) {
        setNet(false);
        return r;
      },
      function (e) {
        if (e.name === "OfflineError") setNet(true);
        throw e;
      }
    );
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
    window.addEventListener("online", function () {
      offlineNote();
      if (netDown) probeSoon(true);
    });
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

  // The situation picker (/hva-har-skjedd): the /stikkord filter over its
  // subjects (their names and terms), and the open area and subject kept
  // in the address (#group--area or #group-subject), so that Back and
  // reload return to them. The groups are headings, always open: three
  // taps (area, subject, provision).
  function setupPicker(input) {
    var rows = Array.prototype.slice.call(document.querySelectorAll(".pick-row"));
    var texts = rows.map(function (row) {
      var name = row.querySelector("summary");
      return foldFilter((name ? name.textContent : "") + "|" + (row.getAttribute("data-terms") || ""));
    });
    var groups = Array.prototype.slice.call(document.querySelectorAll(".pick-when, details.pick-area"));
    var none = document.getElementById("pick-none");
    var opened = [];
    function apply() {
      var words = foldFilter(input.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row, i) {
        var hit = words.every(function (w) {
          return texts[i].indexOf(w) >= 0;
        });
        row.hidden = !hit;
        if (hit) shown++;
      });
      groups.forEach(function (g) {
        var any = Boolean(g.querySelector(".pick-row:not([hidden])"));
        g.hidden = !any;
        // A filter opens every area it leaves a subject in.
        if (words.length && any && g.tagName === "DETAILS" && !g.open) {
          g.open = true;
          opened.push(g);
        }
      });
      // An emptied filter closes again what it opened (the innermost
      // first), unless a subject is open inside.
      if (!words.length) {
        opened.reverse().forEach(function (g) {
          if (!g.querySelector("details.pick-subject[open]")) g.open = false;
        });
        opened = [];
      }
      if (none) none.hidden = shown > 0;
    }
    input.addEventListener("input", apply);
    if (input.value) apply();

    // The deepest open place in the address, replaced (not pushed): Back
    // leaves the picker as a whole, and comes back to the same place.
    function remember(id) {
      var url = location.pathname + location.search + (id ? "#" + id : "");
      if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", url);
    }
    function marked() {
      return location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    }
    document.querySelectorAll(".picker details").forEach(function (d) {
      d.addEventListener("toggle", function () {
        // Closing a place leaves the one around it, if that is open.
        var around = d.parentElement ? d.parentElement.closest(".picker details") : null;
        if (d.open) remember(d.id);
        else if (around) remember(around.open ? around.id : "");
        else if (marked() && d.contains(marked())) remember("");
      });
    });
    // Back or reload: open the path to the marked place, outermost first,
    // so that its last toggle leaves the address as it was.
    var at = marked();
    if (at && at.tagName === "DETAILS" && at.closest(".picker")) {
      var chain = [];
      for (var d = at; d; d = d.parentElement ? d.parentElement.closest("details") : null) chain.unshift(d);
      chain.forEach(function (x) {
        x.open = true;
      });
      at.scrollIntoView({ block: "start" });
    }
    pickerFit();
  }

  // A place the reader opens by a tap is scrolled up just as far as needed
  // for all it lists to be on the screen, never past its own summary: the
  // next tap is then at most about a screen away. Only taps: a filter or
  // a reload that opens places moves nothing.
  function pickerFit() {
    var tapped = null;
    document.querySelectorAll(".picker details > summary").forEach(function (s) {
      s.addEventListener("click", function () {
        tapped = s.parentElement;
      });
    });
    document.querySelectorAll(".picker details").forEach(function (d) {
      d.addEventListener("toggle", function () {
        if (d !== tapped) return;
        tapped = null;
        if (!d.open) return;
        var over = d.getBoundingClientRect().bottom - window.innerHeight;
        var top = d.firstElementChild.getBoundingClientRect().top;
        if (over > 0 && top > 0) window.scrollBy(0, Math.min(over, top));
      });
    });
  }

  // --- the rulings list: its filter where no server answers --------------------

  // The server filters /kjennelser by its query; offline and in a static
  // copy the page is the whole list, so the same query (or a change of a
  // select) hides the items it does not ask for.
  function setupRulingFilter(form) {
    var selects = Array.prototype.slice.call(form.querySelectorAll("select"));
    var items = Array.prototype.slice.call(document.querySelectorAll(".rulings .ruling"));
    var count = document.getElementById("ruling-count");
    var none = document.getElementById("ruling-none");
    var query = new URLSearchParams(window.location.search);
    selects.forEach(function (sel) {
      var want = query.get(sel.name);
      if (!want || sel.value) return;
      Array.prototype.forEach.call(sel.options, function (o) {
        if (o.value === want) sel.value = want;
      });
    });
    // Each select names the item's data attribute it filters on; an item's
    // `data-law` lists the top-level provisions it applies.
    function matches(item, field, value) {
      if (!value) return true;
      if (field === "law") return (item.dataset.law || "").split(" ").indexOf(value) >= 0;
      return item.dataset[field] === value;
    }
    function apply() {
      var shown = 0;
      items.forEach(function (item) {
        var hit = selects.every(function (sel) {
          return matches(item, sel.dataset.field, sel.value);
        });
        item.hidden = !hit;
        if (hit) shown++;
      });
      if (count && count.dataset.count) count.textContent = count.dataset.count.replace("{n}", String(shown));
      if (none) none.hidden = shown > 0;
    }
    selects.forEach(function (sel) {
      sel.addEventListener("change", apply);
    });
    apply();
  }

  // --- start ------------------------------------------------------------------

  var net = { offline: offline, fetch: netFetch };
  if (window.LovbokSearch) {
    document.querySelectorAll("form[data-live]").forEach(function (form) {
      window.LovbokSearch.setup(form, net);
    });
  }
  document.querySelectorAll("input[data-subject-filter]").forEach(setupSubjectFilter);
  document.querySelectorAll("input[data-pick-filter]").forEach(setupPicker);
  document.querySelectorAll("form[data-ruling-filter]").forEach(setupRulingFilter);
  if (window.LovbokReader) window.LovbokReader.start();
  setupOffline();
})();
