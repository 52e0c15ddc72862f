// lovbok: reading a provision. Copy buttons; favourites and recently read
// provisions (kept in this browser only); defined terms in a popover, and
// on a touch screen a tap on a citation shows the cited text first; the bar
// that follows the scroll and switches between the provision alone and the
// whole law; and, offline, a law's stored page retargeted to the provision
// the URL names. app.js calls LovbokReader.start.
(function () {
  "use strict";

  var L = window.LOVBOK_L || {};
  var D = window.LovbokDom;
  var el = D.el;
  var fmt = D.fmt;
  var store = D.store;
  var save = D.save;
  var html = document.documentElement;
  // The server's paths, generated with its router (config.js).
  var ROUTES = (window.LOVBOK_CONFIG || {}).routes || {};

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
    // A static copy's pages are folders: /p/12C1/ is /p/12C1.
    var path = location.pathname.replace(/(.)\/$/, "$1");
    var m = path.lastIndexOf(ROUTES.provision, 0) === 0 ? [path, path.slice(ROUTES.provision.length)] : null;
    if (m && !m[1]) m = null;
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
        a.href = p ? ROUTES.provision + p.id : "#";
        if (i === chain.length - 1) a.setAttribute("aria-current", "location");
        li.appendChild(a);
        crumbs.appendChild(li);
      });
    }
    var url = ROUTES.provision + node.id;
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

  function start() {
    document.querySelectorAll("button[data-copy]").forEach(setupCopy);
    document.querySelectorAll("button[data-fav]").forEach(setupFav);
    retarget();
    var favBtn = document.querySelector("button[data-fav]");
    if (favBtn) remember(favBtn);
    showMine();
    setupTerms();
    setupTapPreview();
    setupHere();
    scrollToCurrent();
  }

  window.LovbokReader = { start: start };
})();
