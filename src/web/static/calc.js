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

    // Something given: a field typed in or a choice made. A select's empty
    // first option ("velg") is no choice, so a calculator whose inputs are
    // all choices (204C, 206A) computes as soon as one is chosen.
    function given() {
      var fields = form.querySelectorAll("input, select");
      for (var i = 0; i < fields.length; i++) {
        if (fields[i].value.trim() !== "") return true;
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

    // `asked`: the form was submitted, so even an empty form is sent and
    // the answer (the inputs it lacks) is shown, as without JavaScript.
    function run(asked) {
      var f = fields();
      history.replaceState(null, "", window.location.pathname + (f.query ? "?" + f.query : "") + "#" + section.id);
      if (inflight) inflight.abort();
      inflight = null;
      if (!asked && !given()) {
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
          // An answer, whatever it says, is the network back.
          window.dispatchEvent(new CustomEvent("lovbok-net", { detail: { down: false } }));
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
      timer = setTimeout(function () {
        run(false);
      }, DEBOUNCE_MS);
    }

    form.addEventListener("submit", function (e) {
      e.preventDefault();
      clearTimeout(timer);
      run(true);
    });
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
  }

  document.querySelectorAll("form[data-calc]").forEach(setup);
})();
