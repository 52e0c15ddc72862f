// lovbok: the study mode (/ov). Fetches the deck (one fingerprinted JSON
// file with every card and the provisions they come from), lets the student
// pick decks, practise in short rounds or take a timed exam, and keeps all
// progress in localStorage: nothing is ever sent anywhere.
//
// Scheduling is a Leitner system, small enough to read here rather than a
// library (none that is maintained fits a page that may load nothing from
// elsewhere): a card is in box 1-5. A right answer moves it one box up, a
// wrong one back to box 1. A card in box b is due again INTERVAL_DAYS[b-1]
// days after it was last answered (box 1: at once). A card never seen is
// in no box; a card counts as learned from box LEARNED_BOX. A round takes
// the due cards first (lowest box, longest overdue first), then new ones,
// then those due soonest. A card whose provision changed since it was last
// answered (its hash differs) is due at once and says so.
//
// Every string shown comes from #ov's data-text attribute (the server's one
// table of the study mode's strings, as JSON); corpus text is set as text
// (never as HTML) with its language in a lang attribute.
(function () {
  "use strict";

  // The shared DOM helpers (dom.js).
  var fmt = window.LovbokDom.fmt;
  var el = window.LovbokDom.el;

  var root = document.getElementById("ov");
  if (!root) return;
  var T = JSON.parse(root.getAttribute("data-text") || "{}");

  var STORE = "lovbok.ov.v1";
  var INTERVAL_DAYS = [0, 1, 3, 7, 21];
  var LEARNED_BOX = 3;
  var DAY = 24 * 60 * 60 * 1000;
  var ROUND = parseInt(root.getAttribute("data-round"), 10) || 10;
  var LAST_LAW = parseInt(root.getAttribute("data-last-law"), 10) || 93;
  var BLANK = "_____";
  var KEEP_EXAMS = 10;

  var status = document.getElementById("ov-status");
  var form = document.getElementById("ov-form");
  var setup = document.getElementById("ov-setup");
  var play = document.getElementById("ov-play");
  var progress = document.getElementById("ov-progress");
  var countOut = document.getElementById("ov-count");
  var startRound = document.getElementById("ov-start");
  var startExam = document.getElementById("ov-exam-start");
  var resetBtn = document.getElementById("ov-reset");

  var cards = [];
  var byCite = {};
  var state = load();

  // --- state in localStorage -------------------------------------------------

  function load() {
    var empty = { cards: {}, exams: [], filter: null };
    try {
      var raw = window.localStorage.getItem(STORE);
      if (!raw) return empty;
      var s = JSON.parse(raw);
      if (!s || typeof s !== "object") return empty;
      s.cards = s.cards && typeof s.cards === "object" ? s.cards : {};
      s.exams = Array.isArray(s.exams) ? s.exams : [];
      return s;
    } catch (e) {
      return empty;
    }
  }

  function save() {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(state));
    } catch (e) {
      // Private mode or a full store: practice still works, unsaved.
    }
  }

  function stateOf(card) {
    return state.cards[card.id] || null;
  }

  function changed(card) {
    var s = stateOf(card);
    return !!(s && s.h && s.h !== card.hash);
  }

  function isDue(card, now) {
    var s = stateOf(card);
    return !!s && (changed(card) || s.d <= now);
  }

  // Leitner: right → one box up, wrong → box 1; due after the box's interval.
  function grade(card, right) {
    var now = Date.now();
    var s = stateOf(card) || { b: 0, n: 0, r: 0 };
    s.n += 1;
    if (right) {
      s.r += 1;
      s.b = Math.min(INTERVAL_DAYS.length, Math.max(1, s.b) + 1);
    } else {
      s.b = 1;
    }
    s.d = now + INTERVAL_DAYS[s.b - 1] * DAY;
    s.h = card.hash;
    s.t = now;
    state.cards[card.id] = s;
    save();
  }

  // --- picking cards -----------------------------------------------------------

  function readFilter() {
    var decks = {};
    var boxes = form.querySelectorAll("input[name=deck]");
    for (var i = 0; i < boxes.length; i++) decks[boxes[i].value] = boxes[i].checked;
    var from = parseInt(form.elements.from.value, 10);
    var to = parseInt(form.elements.to.value, 10);
    if (!(from >= 1)) from = 1;
    if (!(to >= 1)) to = LAST_LAW;
    if (from > to) {
      var x = from;
      from = to;
      to = x;
    }
    return {
      decks: decks,
      scope: form.elements.scope.value || "all",
      from: from,
      to: Math.min(to, LAST_LAW),
      questions: parseInt(form.elements.questions.value, 10) || 20,
      minutes: parseInt(form.elements.minutes.value, 10) || 15,
    };
  }

  function applyFilter(f) {
    if (!f) return;
    var boxes = form.querySelectorAll("input[name=deck]");
    for (var i = 0; i < boxes.length; i++) {
      if (f.decks && boxes[i].value in f.decks) boxes[i].checked = !!f.decks[boxes[i].value];
    }
    if (f.scope && form.querySelector('#ov-scope option[value="' + CSS.escape(f.scope) + '"]')) {
      form.elements.scope.value = f.scope;
    }
    if (f.from) form.elements.from.value = f.from;
    if (f.to) form.elements.to.value = f.to;
    if (f.questions) form.elements.questions.value = String(f.questions);
    if (f.minutes) form.elements.minutes.value = String(f.minutes);
  }

  function matches(card, f) {
    if (!f.decks[card.deck]) return false;
    if (f.scope === "laws" && card.book !== "laws") return false;
    if (f.scope === "handbook" && card.book !== "handbook") return false;
    if (f.scope.indexOf("ch:") === 0 && card.chapter !== f.scope.slice(3)) return false;
    var ranged = f.from > 1 || f.to < LAST_LAW;
    if (ranged && (card.law == null || card.law < f.from || card.law > f.to)) return false;
    return true;
  }

  function selection(f) {
    return cards.filter(function (c) {
      return matches(c, f);
    });
  }

  function shuffle(xs) {
    var a = xs.slice();
    for (var i = a.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }

  function pickRound(pool) {
    var now = Date.now();
    var due = pool.filter(function (c) {
      return isDue(c, now);
    });
    due.sort(function (a, b) {
      return stateOf(a).b - stateOf(b).b || stateOf(a).d - stateOf(b).d;
    });
    var fresh = shuffle(
      pool.filter(function (c) {
        return !stateOf(c);
      })
    );
    var later = pool.filter(function (c) {
      return stateOf(c) && !isDue(c, now);
    });
    later.sort(function (a, b) {
      return stateOf(a).d - stateOf(b).d;
    });
    return due.concat(fresh, later).slice(0, ROUND);
  }

  // An exam draws from every selected deck in turn, at random within each.
  function pickExam(pool, n) {
    var perDeck = {};
    var order = [];
    pool.forEach(function (c) {
      if (!perDeck[c.deck]) {
        perDeck[c.deck] = [];
        order.push(c.deck);
      }
      perDeck[c.deck].push(c);
    });
    order.forEach(function (d) {
      perDeck[d] = shuffle(perDeck[d]);
    });
    var out = [];
    while (out.length < n) {
      var took = false;
      for (var i = 0; i < order.length && out.length < n; i++) {
        var c = perDeck[order[i]].pop();
        if (c) {
          out.push(c);
          took = true;
        }
      }
      if (!took) break;
    }
    return shuffle(out);
  }

  function updateCount() {
    var f = readFilter();
    var n = selection(f).length;
    countOut.textContent = fmt(T.selected, { n: n });
    startRound.disabled = n === 0;
    startExam.disabled = n === 0;
  }

  // --- showing a card ----------------------------------------------------------

  function labelOf(cite) {
    var p = byCite[cite];
    return p ? p.label : cite;
  }

  // Text in paragraphs ("\n\n") and lines ("\n", table rows), with the
  // blank of a Fyll inn card marked for screen readers.
  function textNode(text, lang, tag) {
    var box = el(tag || "div", "ov-text");
    if (lang) box.setAttribute("lang", lang);
    String(text)
      .split("\n\n")
      .forEach(function (para) {
        var p = el("p");
        para.split("\n").forEach(function (line, i) {
          if (i) p.appendChild(document.createElement("br"));
          var parts = line.split(BLANK);
          parts.forEach(function (part, k) {
            if (k) {
              var b = el("span", "ov-blank", BLANK);
              b.setAttribute("aria-hidden", "true");
              p.appendChild(b);
              var sr = el("span", "ov-sr", " (" + T.blank + ") ");
              p.appendChild(sr);
            }
            if (part) p.appendChild(document.createTextNode(part));
          });
        });
        box.appendChild(p);
      });
    return box;
  }

  function faceNode(face, cls, context) {
    var box = el("div", cls);
    if (face.label) {
      var l = el("p", "ov-label", context ? fmt(T.from, { label: face.label }) : face.label);
      l.setAttribute("lang", "nb");
      box.appendChild(l);
    }
    if (face.text != null) box.appendChild(textNode(face.text, face.lang));
    return box;
  }

  function choiceContent(btn, choice) {
    if (choice.label) {
      var l = el("span", "ov-choice-label", choice.label);
      btn.appendChild(l);
    }
    if (choice.text != null) {
      var t = el("span", "ov-choice-text", choice.text);
      t.setAttribute("lang", choice.lang);
      btn.appendChild(t);
    }
    if (choice.edition_note) btn.appendChild(el("span", "ov-edition", choice.edition_note));
  }

  function question(card) {
    return T["q_" + card.kind.replace(/-/g, "_")] || "";
  }

  function sourceNode(cite) {
    var p = byCite[cite];
    var box = el("div", "ov-source");
    if (!p) return box;
    var h = el("p", "ov-source-head");
    var a = el("a", null, p.label);
    a.href = p.url;
    h.appendChild(a);
    if (p.title && p.title !== p.label) {
      h.appendChild(document.createTextNode(" "));
      var t = el("span", null, p.title);
      t.setAttribute("lang", p.lang);
      h.appendChild(t);
    }
    box.appendChild(h);
    if (p.text) box.appendChild(textNode(p.text, p.lang));
    return box;
  }

  // A prompt in lovbok's own words is shown in the interface's language.
  function promptIn(card) {
    if (document.documentElement.lang === "da" && card.prompt_da) {
      return Object.assign({}, card.prompt, { text: card.prompt_da, lang: "da" });
    }
    return card.prompt;
  }

  function answerText(choice) {
    return [choice.label, choice.text].filter(Boolean).join(" ");
  }

  // --- a session: a round or an exam ------------------------------------------

  var session = null;

  function begin(mode, list, f) {
    session = {
      mode: mode,
      cards: list,
      at: 0,
      right: 0,
      answers: [],
      ends: mode === "exam" ? Date.now() + f.minutes * 60 * 1000 : 0,
      timer: 0,
    };
    setup.hidden = true;
    progress.hidden = true;
    play.hidden = false;
    if (mode === "exam") {
      session.timer = window.setInterval(tick, 1000);
    }
    show();
  }

  function tick() {
    if (!session || session.mode !== "exam") return;
    var left = session.ends - Date.now();
    var out = play.querySelector(".ov-timer");
    if (left <= 0) {
      finishExam(true);
      return;
    }
    if (out) out.textContent = fmt(T.time_left, { time: clock(left) });
  }

  function clock(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function show() {
    var card = session.cards[session.at];
    play.textContent = "";
    var head = el("div", "ov-head");
    head.appendChild(el("p", "ov-pos", fmt(T.card_of, { i: session.at + 1, n: session.cards.length })));
    if (session.mode === "exam") {
      var timer = el("p", "ov-timer", fmt(T.time_left, { time: clock(session.ends - Date.now()) }));
      timer.setAttribute("role", "timer");
      head.appendChild(timer);
      var done = el("button", "ov-secondary ov-finish", T.finish_exam);
      done.type = "button";
      done.addEventListener("click", function () {
        finishExam(false);
      });
      head.appendChild(done);
    }
    play.appendChild(head);

    var art = el("article", "ov-card");
    art.setAttribute("data-card", card.id);
    var q = el("h2", "ov-q", question(card));
    q.id = "ov-q";
    q.tabIndex = -1;
    art.appendChild(q);
    if (session.mode === "round" && changed(card)) art.appendChild(el("p", "ov-changed", T.changed));
    art.appendChild(faceNode(promptIn(card), "ov-prompt", card.kind === "fill"));
    // A 2007 number the handbook quotes, with its 2017 reading.
    if (card.edition_note) art.appendChild(el("p", "ov-edition", card.edition_note));

    var group = el("div", "ov-choices");
    group.setAttribute("role", "group");
    group.setAttribute("aria-labelledby", "ov-q");
    card.choices.forEach(function (choice, i) {
      var b = el("button", "ov-choice");
      b.type = "button";
      b.setAttribute("data-i", String(i));
      choiceContent(b, choice);
      b.addEventListener("click", function () {
        answer(card, i, group, art);
      });
      group.appendChild(b);
    });
    art.appendChild(group);
    play.appendChild(art);
    q.focus();
  }

  function answer(card, i, group, art) {
    var right = i === card.answer;
    if (session.mode === "exam") {
      session.answers.push({ card: card, chose: i, right: right });
      if (right) session.right += 1;
      advance();
      return;
    }
    grade(card, right);
    if (right) session.right += 1;
    session.answers.push({ card: card, chose: i, right: right });
    var buttons = group.querySelectorAll("button");
    for (var k = 0; k < buttons.length; k++) {
      buttons[k].disabled = true;
      if (k === card.answer) buttons[k].classList.add("is-right");
      else if (k === i) buttons[k].classList.add("is-wrong");
    }
    var fb = el("div", "ov-feedback");
    fb.setAttribute("role", "status");
    var verdict = el("p", "ov-verdict " + (right ? "right" : "wrong"), right ? T.right : T.wrong);
    fb.appendChild(verdict);
    if (!right) {
      var a = el("p", "ov-answer");
      a.appendChild(el("b", null, T.answer_is + " "));
      var at = el("span", null, answerText(card.choices[card.answer]));
      at.setAttribute("lang", card.choices[card.answer].lang);
      a.appendChild(at);
      fb.appendChild(a);
    }
    fb.appendChild(sourceNode(card.choices[card.answer].cite));
    var next = el("button", "ov-primary ov-next", T.next);
    next.type = "button";
    next.addEventListener("click", advance);
    fb.appendChild(next);
    art.appendChild(fb);
    next.focus();
  }

  function advance() {
    session.at += 1;
    if (session.at < session.cards.length) {
      show();
      return;
    }
    if (session.mode === "exam") finishExam(false);
    else finishRound();
  }

  function endButtons(box) {
    var again = el("button", "ov-primary", T.again);
    again.type = "button";
    again.addEventListener("click", function () {
      var f = readFilter();
      if (session && session.mode === "exam") begin("exam", pickExam(selection(f), f.questions), f);
      else begin("round", pickRound(selection(f)), f);
    });
    var back = el("button", "ov-secondary", T.back);
    back.type = "button";
    back.addEventListener("click", backToSetup);
    var row = el("div", "ov-row");
    row.appendChild(again);
    row.appendChild(back);
    box.appendChild(row);
  }

  function finishRound() {
    play.textContent = "";
    var h = el("h2", "ov-q", fmt(T.round_done, { right: session.right, n: session.cards.length }));
    h.tabIndex = -1;
    play.appendChild(h);
    wrongList(play);
    endButtons(play);
    h.focus();
  }

  function finishExam(timeUp) {
    if (!session || session.finished) return;
    session.finished = true;
    window.clearInterval(session.timer);
    var n = session.cards.length;
    for (var k = session.answers.length; k < n; k++) {
      session.answers.push({ card: session.cards[k], chose: -1, right: false });
    }
    state.exams.unshift({ t: Date.now(), n: n, right: session.right });
    state.exams = state.exams.slice(0, KEEP_EXAMS);
    save();
    play.textContent = "";
    if (timeUp) play.appendChild(el("p", "ov-verdict wrong", T.time_up));
    var pct = n ? Math.round((100 * session.right) / n) : 0;
    var h = el("h2", "ov-q", fmt(T.exam_done, { right: session.right, n: n, pct: pct }));
    h.tabIndex = -1;
    play.appendChild(h);
    wrongList(play);
    endButtons(play);
    h.focus();
  }

  // Every wrong or missing answer, linked to the provision it comes from.
  function wrongList(box) {
    var wrong = session.answers.filter(function (a) {
      return !a.right;
    });
    if (!wrong.length) {
      box.appendChild(el("p", "ov-verdict right", T.all_right));
      return;
    }
    box.appendChild(el("h3", null, T.wrong_heading));
    var ol = el("ol", "ov-wrong");
    wrong.forEach(function (a) {
      var c = a.card;
      var li = el("li");
      li.appendChild(el("p", "ov-q-small", question(c)));
      li.appendChild(faceNode(promptIn(c), "ov-prompt ov-prompt-small", c.kind === "fill"));
      var yours = el("p");
      yours.appendChild(el("b", null, T.your_answer + " "));
      if (a.chose >= 0) {
        var y = el("span", null, answerText(c.choices[a.chose]));
        y.setAttribute("lang", c.choices[a.chose].lang);
        yours.appendChild(y);
      } else {
        yours.appendChild(document.createTextNode(T.unanswered));
      }
      li.appendChild(yours);
      var right = el("p");
      right.appendChild(el("b", null, T.answer_is + " "));
      var r = el("span", null, answerText(c.choices[c.answer]));
      r.setAttribute("lang", c.choices[c.answer].lang);
      right.appendChild(r);
      li.appendChild(right);
      li.appendChild(sourceNode(c.choices[c.answer].cite));
      ol.appendChild(li);
    });
    box.appendChild(ol);
  }

  function backToSetup() {
    if (session && session.timer) window.clearInterval(session.timer);
    session = null;
    play.hidden = true;
    play.textContent = "";
    setup.hidden = false;
    progress.hidden = false;
    renderProgress();
    updateCount();
    startRound.focus();
  }

  // --- progress ----------------------------------------------------------------

  function groupOf(card) {
    if (card.book === "laws") {
      if (card.law == null) return { key: "a", name: T.group_definitions };
      var a = Math.floor(card.law / 10) * 10;
      var lo = Math.max(1, a);
      var hi = Math.min(a + 9, LAST_LAW);
      return { key: "b" + (100 + a), name: fmt(T.group_laws, { a: lo, b: hi }) };
    }
    if (card.chapter) return { key: "c" + card.chapter, name: card.chapter, lang: "da" };
    return { key: "d", name: T.group_handbook };
  }

  function tally(list, now) {
    var t = { cards: list.length, seen: 0, learned: 0, due: 0 };
    list.forEach(function (c) {
      var s = stateOf(c);
      if (!s) return;
      t.seen += 1;
      if (s.b >= LEARNED_BOX && !changed(c)) t.learned += 1;
      if (isDue(c, now)) t.due += 1;
    });
    return t;
  }

  function fillRow(tr, t) {
    ["cards", "seen", "learned", "due"].forEach(function (k) {
      var td = tr.querySelector("td." + k);
      if (td) td.textContent = String(t[k]);
    });
  }

  function renderProgress() {
    var now = Date.now();
    var rows = document.querySelectorAll("#ov-progress-decks tbody tr");
    for (var i = 0; i < rows.length; i++) {
      var deck = rows[i].getAttribute("data-deck");
      fillRow(
        rows[i],
        tally(
          cards.filter(function (c) {
            return c.deck === deck;
          }),
          now
        )
      );
    }
    var groups = {};
    var keys = [];
    cards.forEach(function (c) {
      var g = groupOf(c);
      if (!groups[g.key]) {
        groups[g.key] = { g: g, cards: [] };
        keys.push(g.key);
      }
      groups[g.key].cards.push(c);
    });
    keys.sort();
    var body = document.querySelector("#ov-progress-groups tbody");
    body.textContent = "";
    keys.forEach(function (k) {
      var g = groups[k];
      var tr = el("tr");
      tr.setAttribute("data-group", k);
      var th = el("th", null, g.g.name);
      th.scope = "row";
      if (g.g.lang) th.setAttribute("lang", g.g.lang);
      tr.appendChild(th);
      ["cards", "seen", "learned", "due"].forEach(function (c) {
        tr.appendChild(el("td", c));
      });
      fillRow(tr, tally(g.cards, now));
      body.appendChild(tr);
      // Under a group of laws, a row per law the student has met.
      if (k.charAt(0) !== "b") return;
      var laws = {};
      g.cards.forEach(function (c) {
        (laws[c.law] = laws[c.law] || []).push(c);
      });
      Object.keys(laws)
        .map(Number)
        .sort(function (a, b) {
          return a - b;
        })
        .forEach(function (n) {
          var t = tally(laws[n], now);
          if (!t.seen) return;
          var row = el("tr", "ov-law");
          row.setAttribute("data-law", String(n));
          var h = el("th", null, fmt(T.group_law, { n: n }));
          h.scope = "row";
          row.appendChild(h);
          ["cards", "seen", "learned", "due"].forEach(function (c) {
            row.appendChild(el("td", c));
          });
          fillRow(row, t);
          body.appendChild(row);
        });
    });
    var ul = document.getElementById("ov-exams");
    if (state.exams.length) {
      ul.textContent = "";
      state.exams.forEach(function (e) {
        var date = new Date(e.t).toLocaleString(document.documentElement.lang || "nb", {
          dateStyle: "short",
          timeStyle: "short",
        });
        ul.appendChild(el("li", null, fmt(T.exam_entry, { date: date, right: e.right, n: e.n })));
      });
    }
    resetBtn.hidden = !Object.keys(state.cards).length && !state.exams.length;
  }

  // --- wiring ------------------------------------------------------------------

  form.addEventListener("change", function () {
    state.filter = readFilter();
    save();
    updateCount();
  });
  form.addEventListener("input", updateCount);
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var f = readFilter();
    var mode = e.submitter && e.submitter.value === "exam" ? "exam" : "round";
    var pool = selection(f);
    if (!pool.length) {
      status.textContent = T.no_cards;
      return;
    }
    status.textContent = "";
    if (mode === "exam") begin("exam", pickExam(pool, f.questions), f);
    else begin("round", pickRound(pool), f);
  });
  resetBtn.addEventListener("click", function () {
    if (!window.confirm(T.reset_confirm)) return;
    state = { cards: {}, exams: [], filter: state.filter };
    save();
    var ul = document.getElementById("ov-exams");
    ul.textContent = "";
    ul.appendChild(el("li", null, T.no_exams));
    renderProgress();
  });

  status.textContent = T.loading;
  fetch(root.getAttribute("data-deck"), { credentials: "same-origin" })
    .then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    })
    .then(function (deck) {
      cards = deck.cards || [];
      (deck.provisions || []).forEach(function (p) {
        byCite[p.cite] = p;
      });
      cards.forEach(function (c) {
        c.choices.forEach(function (ch) {
          if (!ch.label && ch.cite && ch.text == null) ch.label = labelOf(ch.cite);
        });
      });
      applyFilter(state.filter);
      status.textContent = "";
      renderProgress();
      updateCount();
      root.setAttribute("data-ready", "true");
    })
    .catch(function () {
      status.textContent = T.load_failed;
    });
})();
