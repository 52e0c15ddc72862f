// lovbok: the small helpers every page script shares (app.js, search.js,
// reader.js, calc.js, practice.js), so that none keeps a copy of its own:
// elements, string templates, localStorage, and a fetch that gives up
// after a few seconds. Plain script; sets window.LovbokDom.
(function () {
  "use strict";

  // `{name}` in s replaced by args.name; unknown names are left as they are.
  function fmt(s, args) {
    return String(s == null ? "" : s).replace(/\{(\w+)\}/g, function (m, k) {
      return args && args[k] !== undefined ? String(args[k]) : m;
    });
  }

  // The content of <meta name="…">, or "".
  function meta(name) {
    var m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.getAttribute("content") : "";
  }

  // A new element with a class and text (set as text, never as HTML).
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // A value kept in localStorage as JSON, or `fallback`.
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

  // How long a request may take before it counts as no network.
  var NET_WAIT_MS = 4000;

  // fetch, failing with an OfflineError when the request fails or takes
  // longer than NET_WAIT_MS: a phone behind a captive portal believes it is
  // online (navigator.onLine stays true) while no request answers. `outer`
  // is the caller's own AbortController; aborting it rejects with the
  // AbortError, as fetch does.
  function timedFetch(url, opts, outer) {
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
        return r;
      },
      function (e) {
        clearTimeout(timer);
        if (outer && outer.signal.aborted && !timedOut) throw e;
        var err = new Error("offline");
        err.name = "OfflineError";
        throw err;
      }
    );
  }

  window.LovbokDom = { fmt: fmt, meta: meta, el: el, store: store, save: save, timedFetch: timedFetch };
})();
