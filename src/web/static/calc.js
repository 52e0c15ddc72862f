// lovbok: the "Regn ut" calculator (templates/calc.html). The form works
// without this file (GET to the page, computed on the server); with it, the
// inputs are posted to POST /api/calc/{cite} as the user types and the
// answer, from the same Rust function, replaces the output box in place.
(function () {
  "use strict";

  // Interface strings from strings-<lang>.js, as in app.js.
  var L = window.LOVBOK_L || {};

  var DEBOUNCE_MS = 250;

  // The shared DOM helpers (dom.js).
  var el = window.LovbokDom.el;

  function setup(form) {
    var section = form.closest(".calc");
    var out = section && section.querySelector("[data-calc-out]");
    if (!out) return;
    var lang = form.getAttribute("data-lang") || "nb";
    var url = form.getAttribute("data-calc");
    var timer = 0;
    var inflight = null;

    function fields() {
      var body = {};
      var query = new URLSearchParams();
      new FormData(form).forEach(function (v, k) {
        var s = String(v).trim();
        if (s === "") return;
        body[k] = s;
        query.append(k, s);
      });
      return { body: body, query: query.toString() };
    }

    // Something typed (not only the selects, which always have a value).
    function typed() {
      var inputs = form.querySelectorAll("input");
      for (var i = 0; i < inputs.length; i++) {
        if (inputs[i].value.trim() !== "") return true;
      }
      return false;
    }

    function showError(message) {
      out.textContent = "";
      out.appendChild(el("p", "calc-error", message));
    }

    function show(data) {
      out.textContent = "";
      var dl = el("dl", "calc-result");
      data.results.forEach(function (r) {
        var row = el("div");
        var dt = el("dt", "", r.label[lang] || r.label.en);
        if (r.of) {
          dt.appendChild(document.createTextNode(" "));
          dt.appendChild(el("span", "calc-of", r.of));
        }
        row.appendChild(dt);
        row.appendChild(el("dd", "", r.display));
        dl.appendChild(row);
      });
      out.appendChild(dl);
      var ol = el("ol", "calc-steps");
      data.steps.forEach(function (s) {
        var li = el("li");
        var a = el("a", "", s.cite);
        a.href = s.url;
        li.appendChild(a);
        li.appendChild(document.createTextNode(" " + (s.what[lang] || s.what.en)));
        if (s.expr) {
          li.appendChild(document.createTextNode(": "));
          li.appendChild(el("code", "", s.expr));
        }
        ol.appendChild(li);
      });
      out.appendChild(ol);
      var by = el("p", "calc-by", L.calc_by + " ");
      var cite = el("a", "", data.cite);
      cite.href = data.url;
      by.appendChild(cite);
      out.appendChild(by);
    }

    function run() {
      var f = fields();
      history.replaceState(null, "", window.location.pathname + (f.query ? "?" + f.query : "") + "#" + section.id);
      if (inflight) inflight.abort();
      inflight = null;
      if (!typed()) {
        out.textContent = "";
        return;
      }
      var ctl = new AbortController();
      inflight = ctl;
      // A request that does not answer in a few seconds counts as no
      // network (dom.js): a captive portal leaves navigator.onLine true.
      window.LovbokDom.timedFetch(
        url,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(f.body),
        },
        ctl
      )
        .then(function (r) {
          return r.json().then(function (j) {
            return { ok: r.ok, body: j };
          });
        })
        .then(function (res) {
          if (inflight !== ctl) return;
          inflight = null;
          if (res.ok) show(res.body);
          else showError((res.body && res.body.detail) || L.calc_failed.replace("{reason}", "HTTP"));
        })
        .catch(function (e) {
          if (e.name === "AbortError") return;
          if (inflight === ctl) inflight = null;
          // No answer at all is no network, whatever the browser believes;
          // the browser's own English error text is never shown.
          showError(L.calc_offline);
          window.dispatchEvent(new CustomEvent("lovbok-net", { detail: { down: true } }));
        });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    }

    form.addEventListener("submit", function (e) {
      e.preventDefault();
      clearTimeout(timer);
      run();
    });
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
  }

  document.querySelectorAll("form[data-calc]").forEach(setup);
})();
