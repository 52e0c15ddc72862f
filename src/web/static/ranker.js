// lovbok's offline ranker: answers a search with no network from the
// stored offline index, the way the server ranks.
//
// The index is the server's own search written out as data (see
// src/search/offline/model.rs): every term's BM25 score per passage and
// field, the positions of terms in headings and text, every word form's
// expansions (stems, ascii spellings, words of one root, synonyms,
// completions), the thesaurus phrases and the subject index's tables; its
// `config` holds the server's weights, the citation grammar's cue words and
// the routes (web/ranker_config.rs). This file does with them what
// SearchIndex::search does: per word the best expansion per field, fields
// summed with their boosts, a bonus for neighbouring words found close
// together; re-ranked by the share of the query a passage has and by how
// well its own heading names the query; the subject index's scores; a hit
// hides its ancestors and descendants. What it cannot do is analyse a word
// no table lists: it tries the word's ascii spelling, its longest listed
// beginning, typos and completions among the listed words, and a split into
// two listed words instead. tests/it/offline_ranker.rs holds it to the
// server's MRR@10 on every judged set.
//
// Plain script: in the browser it sets globalThis.LovbokRanker; in node
// (tests/offline/eval.mjs) it is also module.exports.
(function (root) {
  "use strict";

  // A cite reduced to what a person may vary: case, spaces, dots, brackets.
  function citeKey(s) {
    return String(s).toLowerCase().replace(/[\s.()]/g, "");
  }

  // Derived lookups, computed once per index.
  function prepare(ix) {
    var m = ix.model;
    ix.rank = ix.config.rank;
    ix.keys = Object.keys(m.words).sort();
    ix.cite = {};
    ix.docs.forEach(function (d, i) {
      ix.cite[citeKey(d.cite)] = i;
    });
    ix.cueSet = {};
    ix.config.cues.forEach(function (c) {
      ix.cueSet[c] = true;
    });
    ix.stopSet = setOf(ix.rank.query_stop_words);
    // A query is English when it has an English function word or a word
    // of the Laws' English the books do not use; it then drops `to`.
    ix.englishSet = setOf(ix.rank.english_function_words.concat(ix.model.english_words || []));
    ix.homographSet = setOf(ix.rank.english_homographs);
    // Words no book language indexes (`og`, `med`): no content word.
    ix.booksStopSet = setOf(ix.model.books_stop_words || []);
    prepareRoles(ix);
    // Per provision: its last descendant (parts follow their whole).
    var end = ix.docs.map(function (d, i) {
      return i;
    });
    for (var i = ix.docs.length - 1; i >= 0; i--) {
      var p = ix.docs[i].parent;
      if (p !== undefined && end[i] > end[p]) end[p] = end[i];
    }
    ix.subtreeEnd = end;
    ix.unitCount = m.unit_doc.length;
    return ix;
  }

  function foldWord(ix, w) {
    var out = "";
    for (var i = 0; i < w.length; i++) {
      var c = w[i];
      var f = ix.model.folds[c];
      out += f !== undefined ? f : c;
    }
    return out;
  }

  // BM25's inverse document frequency, as the server computes it.
  function idf(ix, df) {
    var n = Math.max(ix.unitCount, df);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  function lowerBound(arr, x) {
    var lo = 0,
      hi = arr.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (arr[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // Optimal-string-alignment distance, or max + 1 when over max.
  function osa(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = [],
      prev = [],
      cur = [];
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

  // --- query words ----------------------------------------------------------

  // A compiled word as the ranker uses it: {variants: [{id, weight,
  // inParts, title}], exact: [nb, da], rarity}.
  function unpack(c, factor) {
    var vs = [];
    for (var k = 0; k < c.term.length; k++) {
      vs.push({ id: c.term[k], weight: c.weight[k] * factor, inParts: c.in_parts[k], title: c.title[k] * factor });
    }
    return { variants: vs, exact: c.exact, rarity: c.rarity };
  }

  function compiledOf(ix, form, last) {
    var ids = last && form.last ? form.last : form.inner;
    return ids.map(function (i) {
      return unpack(ix.model.compiled[i], 1);
    });
  }

  // A listed word's own terms (exact or ascii spelling): what a typo or a
  // completion of it stands for.
  function ownTerms(ix, key) {
    var form = ix.model.words[key];
    var out = [];
    if (!form) return out;
    form.inner.forEach(function (i) {
      var c = ix.model.compiled[i];
      for (var k = 0; k < c.term.length; k++) {
        if (c.weight[k] >= ix.rank.folded) out.push(c.term[k]);
      }
    });
    return out;
  }

  // Listed words that begin with `prefix`, the most frequent first.
  function completions(ix, prefix, max) {
    var found = [];
    for (var k = lowerBound(ix.keys, prefix); k < ix.keys.length; k++) {
      var key = ix.keys[k];
      if (key.lastIndexOf(prefix, 0) !== 0) break;
      if (key !== prefix) found.push(key);
    }
    found.sort(function (a, b) {
      return (ix.freq[b] || 0) - (ix.freq[a] || 0);
    });
    return found.slice(0, max);
  }

  function addVariant(word, id, weight, title) {
    for (var k = 0; k < word.variants.length; k++) {
      var v = word.variants[k];
      if (v.id === id) {
        if (v.weight < weight) {
          v.weight = weight;
          v.title = title;
        }
        return;
      }
    }
    word.variants.push({ id: id, weight: weight, inParts: false, title: title });
  }

  function rarityOf(ix, word) {
    var r = 0;
    word.variants.forEach(function (v) {
      r = Math.max(r, idf(ix, ix.model.impacts.doc_freq[v.id] || 0));
    });
    return r;
  }

  // A word no table lists: its longest listed beginning (an inflection
  // the books do not use), else typos and completions of listed words,
  // else its split into two listed words.
  function fallback(ix, w, last) {
    var R = ix.rank;
    var folded = foldWord(ix, w);
    if (folded !== w && ix.model.words[folded]) return compiledOf(ix, ix.model.words[folded], last);
    if (/\d/.test(w)) return [];
    var minStem = Math.max(4, w.length - 4);
    for (var n = w.length - 1; n >= minStem; n--) {
      var stem = ix.model.words[w.slice(0, n)];
      if (stem && stem.inner.length) return compiledOf(ix, stem, false);
    }
    var word = { variants: [], exact: [null, null], rarity: 0 };
    var budget = R.typo_budget[Math.min(w.length, R.typo_budget.length - 1)] || 0;
    if (budget > 0) {
      for (var k = 0; k < ix.keys.length; k++) {
        var key = ix.keys[k];
        if (Math.abs(key.length - w.length) > budget) continue;
        var first = key[0] === w[0] ? 0 : 1;
        var d = first > budget ? budget + 1 : osa(w, key, budget - first) + first;
        if (d > budget) continue;
        ownTerms(ix, key).forEach(function (t) {
          addVariant(word, t, R.typo[d] || 0, R.typo[d] || 0);
        });
      }
    }
    if (w.length >= R.min_completion_chars) {
      completions(ix, w, R.max_completions).forEach(function (key) {
        ownTerms(ix, key).forEach(function (t) {
          addVariant(word, t, R.prefix, R.prefix);
        });
      });
    }
    if (word.variants.length) {
      word.rarity = rarityOf(ix, word);
      return [word];
    }
    // A compound of two listed words, each searched as a part.
    for (var cut = 3; cut <= w.length - 3; cut++) {
      var a = ix.model.words[w.slice(0, cut)];
      var b = ix.model.words[w.slice(cut)];
      if (a && b && a.inner.length && b.inner.length) {
        return compiledOf(ix, a, false)
          .concat(compiledOf(ix, b, false))
          .map(function (p) {
            p.variants.forEach(function (v) {
              v.weight *= R.part;
              v.title *= R.part;
            });
            return p;
          });
      }
    }
    return [];
  }

  function setOf(list) {
    var set = {};
    list.forEach(function (w) {
      set[w] = true;
    });
    return set;
  }

  // Each query word's role, as the server's `search::understand`:
  // framing (never counts), a kind of the table's context (weighed below
  // content) or content. The phrases come longest first for each first word.
  function prepareRoles(ix) {
    var R = ix.rank.roles;
    var byFirst = {};
    R.phrases.forEach(function (p) {
      var words = p[0].split(" ");
      if (!Object.prototype.hasOwnProperty.call(byFirst, words[0])) byFirst[words[0]] = [];
      byFirst[words[0]].push({ words: words, role: p[1] });
    });
    ix.roleTable = byFirst;
    ix.strainSet = setOf(R.strains);
    ix.pointSet = setOf(R.point_units);
  }

  function utf8Length(w) {
    return unescape(encodeURIComponent(w)).length;
  }

  // The context a word's shape shows (`shape_of`): an event compound, a
  // number, a contract, a point count; else null.
  function shapeOf(ix, w) {
    var R = ix.rank.roles;
    for (var k = 0; k < R.event_endings.length; k++) {
      var e = R.event_endings[k];
      if (w.length >= e.length && w.slice(-e.length) === e && utf8Length(w) > e.length + 2) return "event";
    }
    var m = /^[0-9]+/.exec(w);
    if (!m) return null;
    var level = m[0],
      rest = w.slice(level.length);
    if (!rest) return "number";
    if (level.length === 1 && level >= "1" && level <= "7" && ix.strainSet[rest]) return "call";
    return ix.pointSet[rest] ? "strength" : null;
  }

  function isContext(role) {
    return role !== "framing" && role !== "content";
  }

  // `asSaid`: without the fallback for a query with no content word (the
  // server's `roles_as_said`), for one clause of a question.
  function rolesOf(ix, words, asSaid) {
    var roles = [];
    for (var i = 0; i < words.length; ) {
      var list = Object.prototype.hasOwnProperty.call(ix.roleTable, words[i]) ? ix.roleTable[words[i]] : [];
      var hit = null;
      for (var k = 0; k < list.length && !hit; k++) {
        var p = list[k];
        if (i + p.words.length > words.length) continue;
        var ok = true;
        for (var j = 0; j < p.words.length && ok; j++) ok = words[i + j] === p.words[j];
        if (ok) hit = p;
      }
      if (hit) {
        // A contract's state is context right after a contract, content
        // elsewhere (the server's PhraseRole::AfterCall).
        var last = roles[roles.length - 1];
        var contract = last === "call" || (last === "suit" && roles[roles.length - 2] === "number");
        var role = hit.role === "after-call" ? (contract ? "call" : "content") : hit.role;
        // A board's or round's label is context before a bare number
        // (PhraseRole::BeforeNumber).
        if (hit.role === "before-number") role = /^[0-9]+$/.test(words[i + hit.words.length] || "") ? "board" : "content";
        for (var n = 0; n < hit.words.length; n++) roles.push(role);
        i += hit.words.length;
      } else {
        roles.push(shapeOf(ix, words[i]) || "content");
        i++;
      }
    }
    // A bare number is context only beside another context word.
    var beside = function (r) {
      return r !== undefined && isContext(r) && r !== "number";
    };
    for (var b = 0; b < roles.length; b++) {
      if (roles[b] === "number" && !beside(roles[b - 1]) && !beside(roles[b + 1])) roles[b] = "content";
    }
    if (!asSaid && roles.indexOf("content") < 0) {
      var anyContext = roles.some(isContext);
      roles = roles.map(function (r) {
        return (anyContext ? isContext(r) : r === "framing") ? "content" : r;
      });
    }
    return roles;
  }

  // Which of `words` the server's `content_words` keeps.
  function searchedMask(ix, words) {
    var english = words.some(function (w) {
      return ix.englishSet[w];
    });
    var mask = words.map(function (w) {
      return !ix.stopSet[w] && !(english && ix.homographSet[w]);
    });
    return mask.indexOf(true) < 0
      ? words.map(function () {
          return true;
        })
      : mask;
  }

  // What a query searches for, as the server's `query::read_words`: each
  // typed word's role, framing and function words dropped, at most
  // `max_query_words` (context first to go), each kept word's weight, and
  // each one's compiled words, weighed by it.
  function readWords(ix, q) {
    var typed = String(q).toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
    var roles = rolesOf(ix, typed);
    var mask = searchedMask(
      ix,
      typed.filter(function (_, i) {
        return roles[i] !== "framing";
      })
    );
    var m = 0;
    var searched = roles.map(function (r) {
      if (r === "framing") return false;
      var s = mask[m++];
      return s === undefined ? true : s;
    });
    // A word no book indexes ("med", "om") is searched (a phrase may hold
    // it) but says nothing: it is no content word.
    var says = typed.map(function (w, i) {
      return searched[i] && !ix.booksStopSet[w];
    });
    var hasContent = roles.some(function (r, i) {
      return says[i] && r === "content";
    });
    if (!hasContent) {
      roles = roles.map(function (r) {
        return isContext(r) ? "content" : r;
      });
    }
    var scenery = sceneryOf(q, roles, says);
    var kept = [];
    typed.forEach(function (w, i) {
      if (searched[i]) kept.push({ word: w, role: roles[i], says: says[i], scenery: scenery[i] });
    });
    while (kept.length > ix.rank.max_query_words) {
      var drop = 0;
      for (var d = kept.length - 1; d >= 0; d--) {
        if (isContext(kept[d].role)) {
          drop = d;
          break;
        }
      }
      kept.splice(drop, 1);
    }
    var R = ix.rank.roles;
    var content = kept.filter(function (k) {
      return k.says && k.role === "content";
    }).length;
    var weights = kept.map(function (k) {
      if (k.role === "content") return 1;
      var w = R.context_share / Math.max(content, 1);
      return Math.min(Math.max(w, R.context_weight_min), R.context_weight_max);
    });
    // What lacking each costs a passage (the server's `rarity_share`):
    // nothing for a clause that only sets the table.
    var shares = kept.map(function (k, i) {
      return k.role !== "content" && k.scenery ? 0 : weights[i];
    });
    var words = kept.map(function (k) {
      return k.word;
    });
    var perWord = words.map(function (w, i) {
      var last = i === words.length - 1;
      var form = ix.model.words[w];
      return form ? compiledOf(ix, form, last) : fallback(ix, w, last);
    });
    addPhrases(ix, words, perWord);
    addJoined(ix, words, perWord);
    perWord = perWord.map(function (list, i) {
      var w = weights[i];
      if (w >= 1) return list;
      return list.map(function (q) {
        return {
          variants: q.variants.map(function (v) {
            var c = {};
            for (var key in v) c[key] = v[key];
            c.weight = v.weight * w;
            return c;
          }),
          exact: q.exact,
          rarity: q.rarity * shares[i],
        };
      });
    });
    return { typed: words, perWord: perWord, weights: weights, roles: roles, all: typed };
  }

  // A question that is a citation and framing, or a citation and the
  // table's context, goes to its cite, as the server's `cite_in_question`.
  function citeInQuestion(ix, q) {
    // A share ("middels 50%") is a score, never a cite (the server's
    // `PERCENT`).
    var typed = String(q).replace(/[0-9]+(?:[.,][0-9]+)?\s*%/g, " ").toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
    if (!/[0-9:]/.test(q)) return null;
    var roles = rolesOf(ix, typed);
    var kept = function (keep) {
      return typed.filter(function (_, i) {
        return keep(roles[i]);
      });
    };
    if (roles.indexOf("framing") >= 0) {
      var framed = citeAfter(ix, kept(function (r) {
        return r !== "framing";
      }), 3);
      if (framed) return framed;
    }
    if (roles.some(isContext)) {
      // Only the content words can be the cite; a word no book indexes
      // ("med") is none.
      var among = citeAfter(ix, kept(function (r) {
        return r === "content";
      }).filter(function (w) {
        return !ix.booksStopSet[w];
      }), 2);
      if (among) return among;
    }
    return null;
  }

  // A query's clauses, as the server's `clauses_of`.
  function clausesOf(q) {
    return String(q)
      .split(/[,;?!]|\.(?=\s|$)/)
      .map(function (c) {
        return c.trim();
      })
      .filter(Boolean);
  }

  // For each typed word, whether its clause only sets the table (no
  // content word that says something), as the server's `scenery_clauses`.
  function sceneryOf(q, roles, says) {
    var out = [];
    var clauses = clausesOf(q);
    for (var c = 0; c < clauses.length; c++) {
      var n = (clauses[c].toLowerCase().match(/[\p{L}\p{N}]+/gu) || []).length;
      var at = out.length;
      var content = false;
      for (var k = at; k < at + n && k < roles.length; k++) if (says[k] && roles[k] === "content") content = true;
      for (var j = 0; j < n; j++) out.push(!content);
    }
    return out.length === roles.length
      ? out
      : roles.map(function () {
          return false;
        });
  }

  // A clause that is one cite while every other clause only sets the table
  // or frames the question, as the server's `cite_clause`.
  function citeClause(ix, q) {
    var clauses = clausesOf(q);
    if (clauses.length < 2) return null;
    var found = null;
    for (var i = 0; i < clauses.length; i++) {
      var c = clauses[i];
      var named = /[\p{L}§]/u.test(c);
      var cq = named ? citeQuery(ix, c) : null;
      if (cq && cq.doc !== undefined) {
        if (found) return null;
        found = cq;
        continue;
      }
      var words = c.toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
      var roles = rolesOf(ix, words, true);
      var mask = searchedMask(ix, words);
      if (roles.some(function (r, k) {
        return r === "content" && mask[k] && !ix.booksStopSet[words[k]];
      })) return null;
    }
    return found;
  }

  function citeAfter(ix, words, skips) {
    for (var skip = 0; skip < Math.min(words.length, skips); skip++) {
      var cq = citeQuery(ix, words.slice(skip).join(" "));
      if (cq && cq.doc !== undefined) return cq;
    }
    return null;
  }

  function merge(ix, compiled, extra, known) {
    compiled.forEach(function (word) {
      extra.variants.forEach(function (v) {
        if (!word.variants.some(function (x) {
          return x.id === v.id;
        }))
          word.variants.push({ id: v.id, weight: v.weight, inParts: false, title: known(word) ? 0 : v.title });
      });
    });
  }

  // Neighbouring words that make a thesaurus term (`penalty card`) also
  // stand for what the term does.
  function addPhrases(ix, typed, perWord) {
    for (var len = 2; len <= ix.rank.max_phrase_words; len++) {
      for (var i = 0; i + len <= typed.length; i++) {
        var c = ix.model.phrases[typed.slice(i, i + len).join(" ")];
        if (!c) continue;
        var extra = unpack(c, 1);
        for (var k = i; k < i + len; k++) {
          if (!perWord[k].length) {
            if (ix.model.words[typed[k]]) continue; // a function word
            perWord[k].push({ variants: extra.variants.slice(), exact: [null, null], rarity: rarityOf(ix, extra) });
            continue;
          }
          merge(ix, perWord[k], extra, function (w) {
            return w.exact[0] !== null || w.exact[1] !== null;
          });
        }
      }
    }
  }

  // Two neighbouring words the books write as one compound (`straffe
  // kort`) each also stand for that compound.
  function addJoined(ix, typed, perWord) {
    var R = ix.rank;
    function joinable(w) {
      if (w.length < R.min_joined_part_chars || /[^\p{L}]/u.test(w)) return false;
      var form = ix.model.words[w];
      return !form || form.inner.length > 0;
    }
    for (var i = 0; i + 1 < typed.length; i++) {
      var a = typed[i],
        b = typed[i + 1];
      if (!joinable(a) || !joinable(b)) continue;
      var joined = a + b;
      var terms = ownTerms(ix, joined);
      if (!terms.length && !(ix.freq[b] > 0) && joined.length >= R.min_joined_completion_chars) {
        completions(ix, joined, R.max_completions).forEach(function (key) {
          terms = terms.concat(ownTerms(ix, key));
        });
      }
      if (!terms.length) continue;
      var extra = { variants: [], exact: [null, null], rarity: 0 };
      terms.forEach(function (t) {
        addVariant(extra, t, R.joined, R.joined);
      });
      for (var k = i; k < i + 2; k++) {
        if (!perWord[k].length) {
          perWord[k].push({ variants: extra.variants.slice(), exact: [null, null], rarity: rarityOf(ix, extra) });
          continue;
        }
        merge(ix, perWord[k], extra, function () {
          return false;
        });
      }
    }
  }

  // --- scoring ----------------------------------------------------------------

  // Every unit that has a query word: per word, per field, the best of its
  // expansions (weight × BM25), fields summed with their boosts.
  function scoreUnits(ix, words) {
    var imp = ix.model.impacts;
    var boosts = ix.rank.boosts;
    var TITLE = 0,
      PARTS = 3;
    var out = {};
    words.forEach(function (word, w) {
      var bit = w < 31 ? 1 << w : 0;
      var best = {};
      var inTitle = {};
      word.variants.forEach(function (v) {
        var from = imp.start[v.id],
          to = imp.start[v.id + 1];
        for (var k = from; k < to; k++) {
          var u = imp.unit[k],
            f = imp.field[k];
          if (!best[u]) {
            best[u] = [0, 0, 0, 0];
            inTitle[u] = 0;
          }
          if (f === TITLE) inTitle[u] = Math.max(inTitle[u], v.title);
          var m = out[u] || (out[u] = { unit: u, score: 0, words: 0, titleWords: 0, titleRarity: 0 });
          m.words |= bit;
          if (f === PARTS && !v.inParts) continue;
          best[u][f] = Math.max(best[u][f], v.weight * imp.score[k]);
        }
      });
      Object.keys(best).forEach(function (u) {
        var b = best[u];
        var m = out[u];
        m.score += boosts[0] * b[0] + boosts[1] * b[1] + boosts[2] * b[2] + boosts[3] * b[3];
        m.titleWords += inTitle[u];
        m.titleRarity += inTitle[u] * word.rarity;
      });
    });
    if (ix.rank.near_boost > 0) {
      for (var w = 0; w + 1 < words.length; w++) {
        for (var lang = 0; lang < 2; lang++) {
          var a = words[w].exact[lang],
            b = words[w + 1].exact[lang];
          if (a !== null && b !== null && a !== undefined && b !== undefined && a !== b) near(ix, a, b, out);
        }
      }
    }
    return Object.keys(out)
      .map(function (u) {
        return out[u];
      })
      .filter(function (m) {
        return m.score > 0;
      });
  }

  // How often `b` follows `a` within `slop` words (see impact.rs).
  function nearCount(pa, pb, slop) {
    var i = 0,
      j = 0,
      n = 0;
    while (i < pa.length && j < pb.length) {
      var want = pa[i] + 1,
        got = pb[j];
      if (Math.abs(want - got) <= slop) {
        while (i + 1 < pa.length && pa[i + 1] < got) i++;
        n++;
        i++;
        j++;
      } else if (want < got) i++;
      else j++;
    }
    return n;
  }

  // The bonus for terms `a` then `b` standing close together in a heading
  // or a text, scored like a phrase, added to the units already matched.
  function near(ix, a, b, out) {
    var P = ix.model.positions;
    var R = ix.rank;
    var k1 = R.bm25[0],
      bParam = R.bm25[1];
    for (var f = 0; f < 3; f++) {
      var fromA = P.start[3 * a + f],
        toA = P.start[3 * a + f + 1];
      var fromB = P.start[3 * b + f],
        toB = P.start[3 * b + f + 1];
      var weight = R.near_boost * (idf(ix, toA - fromA) + idf(ix, toB - fromB)) * (1 + k1);
      var i = fromA,
        j = fromB;
      while (i < toA && j < toB) {
        var ua = P.unit[i],
          ub = P.unit[j];
        if (ua < ub) i++;
        else if (ua > ub) j++;
        else {
          var n = nearCount(P.at.slice(P.at_start[i], P.at_start[i + 1]), P.at.slice(P.at_start[j], P.at_start[j + 1]), R.near_slop);
          if (n > 0 && out[ua]) {
            var len = P.len[ua][f];
            out[ua].score += (weight * n) / (n + k1 * (1 - bParam + (bParam * len) / P.avg[f]));
          }
          i++;
          j++;
        }
      }
    }
  }

  // How well a unit's own heading names the query (see index.rs).
  function titleMatch(ix, m, totalWeight) {
    var R = ix.rank;
    var len = ix.model.title_len[m.unit];
    if (!len) return 0;
    var ofQuery = Math.min(m.titleRarity / totalWeight, 1);
    var ofTitle = Math.min(m.titleWords / len, 1);
    return R.title_match * Math.pow(ofQuery, R.title_query_exp) * Math.pow(ofTitle, R.title_heading_exp);
  }

  // --- the subject index --------------------------------------------------------

  // The weight of the query's words that the books lack and a term of
  // the index has (as the server's `unbooked_weight`).
  function unbookedWeight(ix, typed, perWord) {
    var S = ix.rank.subject;
    var st = ix.model.subjects;
    var n = 0;
    typed.forEach(function (word, i) {
      var booked = (perWord[i] || []).some(function (q) {
        return q.variants.some(function (v) {
          return v.weight >= S.min_variant_weight;
        });
      });
      if (!booked && Object.prototype.hasOwnProperty.call(st.by_surface, word)) n++;
    });
    return n * idf(ix, 1) * S.unbooked_share;
  }

  // The entries a query meets, each by its best term (see subjects.rs).
  function subjectLookup(ix, typed, perWord, weights) {
    var S = ix.rank.subject;
    var st = ix.model.subjects;
    if (!st.entry.length || !typed.length) return [];
    typed = typed.slice(0, 31);
    // What each word weighs by its role: below 1 for a context word.
    var wordWeight = typed.map(function (_, i) {
      return weights && weights[i] !== undefined ? weights[i] : 1;
    });
    var metBy = [],
      rarity = [];
    typed.forEach(function (word, i) {
      var lists = [];
      var own = perWord[i] || [];
      own.forEach(function (q) {
        q.variants.forEach(function (v) {
          var l = st.by_term[v.id];
          if (v.weight >= S.min_variant_weight && l !== undefined) lists.push([st.lists[l], v.weight]);
        });
      });
      var surface = st.by_surface[word];
      if (surface === undefined) surface = st.by_surface[foldWord(ix, word)];
      if (surface !== undefined) lists.push([st.lists[surface], 1]);
      var finished =
        lists.some(function (l) {
          return l[0].length > 0;
        }) ||
        own.some(function (q) {
          return q.exact[0] !== null || q.exact[1] !== null;
        });
      if (i === typed.length - 1 && !finished && word.length >= S.min_completion_chars) {
        var f = foldWord(ix, word);
        for (var k = lowerBound(st.folded, f), n = 0; k < st.folded.length && n < S.max_completions; k++, n++) {
          if (st.folded[k].lastIndexOf(f, 0) !== 0) break;
          lists.push([st.lists[st.folded_list[k]], st.folded[k] === f ? 1 : S.completed]);
        }
      }
      // A context word's evidence weighs as the word does (the server's
      // `weigh_evidence_by_role`).
      var w = wordWeight[i];
      if (w < 1) {
        lists = lists.map(function (l) {
          return [l[0], l[1] * w];
        });
      }
      metBy.push(lists);
      rarity.push(
        own.reduce(function (r, q) {
          return Math.max(r, q.rarity);
        }, 0) * w
      );
    });
    var sizes = metBy.map(function (l) {
      return l.reduce(function (n, x) {
        return n + x[0].length;
      }, 0);
    });
    var order = metBy.map(function (_, i) {
      return i;
    });
    // Content words first, rare words first among them; a context word
    // only adds to the terms the content words met (the server's
    // `mark_words`).
    var isCtx = wordWeight.map(function (w) {
      return w < 1;
    });
    order.sort(function (a, b) {
      return isCtx[a] - isCtx[b] || sizes[a] - sizes[b] || a - b;
    });
    var termWeights = {},
      bits = {},
      touched = [];
    var rare = idf(ix, 1);
    // The entries a rarer word met: a common word adds to any of their
    // terms (as the server's `lookup_in`).
    var near = null;
    order.forEach(function (i) {
      var bit = 1 << i;
      var common = (isCtx[i] || sizes[i] > S.common_word_slots) && touched.length > 0;
      if (common && !near) {
        near = {};
        touched.forEach(function (t) {
          near[st.entry[t]] = true;
        });
      }
      var met = false;
      metBy[i].forEach(function (l) {
        var slots = l[0],
          byte = Math.round(Math.min(Math.max(l[1], 0), 1) * S.weight_scale);
        for (var k = 0; k < slots.length; k++) {
          var term = slots[k] >> 3,
            pos = slots[k] & 7;
          if (!bits[term]) {
            if (common && !near[st.entry[term]]) continue;
            touched.push(term);
            termWeights[term] = [0, 0, 0, 0, 0, 0, 0, 0];
            bits[term] = 0;
          }
          termWeights[term][pos] = Math.max(termWeights[term][pos], byte);
          bits[term] |= bit;
        }
        if (slots.length) met = true;
      });
      if (rarity[i] <= 0 && met) rarity[i] = rare;
    });
    // A word of one subject or a few weighs more in a term's share of the
    // query (the server's `concentration`).
    metBy.forEach(function (lists, i) {
      rarity[i] *= 1 + S.concentration_boost * concentration(st, lists, sizes[i], S);
    });
    var total = rarity.reduce(function (a, b) {
      return a + b;
    }, 0);
    if (total <= 0) return [];
    var situation =
      rarity.filter(function (r) {
        return r > 0;
      }).length >= S.situation_words;
    function share(b) {
      var found = 0;
      rarity.forEach(function (r, i) {
        if (b & (1 << i)) found += r;
      });
      return Math.min(found / total, 1);
    }
    var entryBits = {},
      entryBest = {},
      entries = [];
    touched.forEach(function (term) {
      var e = st.entry[term];
      if (entryBits[e] === undefined) {
        entryBits[e] = 0;
        entryBest[e] = [0, 0];
        entries.push(e);
      }
      entryBits[e] |= bits[term];
      var met = termWeights[term].reduce(function (a, b) {
        return a + b;
      }, 0);
      var ofTerm = Math.min(met / S.weight_scale / st.len[term], 1);
      var score = S.subject_match * Math.pow(share(bits[term]), S.query_exp) * Math.pow(ofTerm, S.term_exp);
      var b = entryBest[e];
      if (score > b[0] || (score === b[0] && term < b[1])) entryBest[e] = [score, term];
    });
    var out = entries
      .map(function (e) {
        var whole = S.entry_match * Math.pow(share(entryBits[e]), S.entry_query_exp);
        return { entry: e, term: entryBest[e][1], score: Math.max(entryBest[e][0], whole), situation: situation };
      })
      .filter(function (m) {
        return m.score > 0;
      });
    out.sort(function (a, b) {
      return b.score - a.score || a.entry - b.entry;
    });
    return out.slice(0, S.max_entries);
  }

  // How much of one subject or a few a query word is: 1 / sqrt(entries
  // it meets), 0 beyond a few (see the server's `concentration`).
  function concentration(st, lists, size, S) {
    if (size === 0 || size > S.common_word_slots) return 0;
    var seen = {},
      n = 0;
    lists.forEach(function (l) {
      if (l[1] < S.min_variant_weight) return;
      for (var k = 0; k < l[0].length; k++) {
        var e = st.entry[l[0][k] >> 3];
        if (!seen[e]) {
          seen[e] = true;
          n++;
        }
      }
    });
    if (n === 0 || n > S.concentrated_entries) return 0;
    return 1 / Math.sqrt(n);
  }

  // What each provision gets from the matched entries, the best per
  // provision (see subjects.rs).
  function provisionScores(ix, matches) {
    var S = ix.rank.subject;
    var st = ix.model.subjects;
    var out = {};
    var top = matches.reduce(function (t, m) {
      return Math.max(t, m.score);
    }, 0);
    matches.forEach(function (m) {
      var agree = m.situation && m.score >= S.agreement_min_share * top ? S.agreement : 0;
      var share = m.score;
      (st.cites[m.entry] || []).forEach(function (idx) {
        var naming = st.definitions[idx];
        var weight = naming !== undefined && naming.indexOf(m.term) < 0 ? S.definition_share : 1;
        var here = { score: share * weight, entry: m.entry, term: m.term };
        var b = out[idx];
        if (!b) out[idx] = here;
        else if (here.score > b.score) {
          var extra = b.score;
          out[idx] = here;
          here.score += agree * extra;
        } else b.score += agree * here.score;
        share *= S.cite_decay;
      });
    });
    return out;
  }

  // --- citations --------------------------------------------------------------

  // The doc a query names when it is nothing but a cite, after cue words;
  // {missing: key} for a cite-shaped query whose law the corpus has but
  // not the part named.
  // The published cases a query's words meet, as the server's
  // `search::cases`: each word's postings summed with its weight, an
  // item's share of the query's rarity, and the best items with most of
  // the query voting for the provisions they apply (lifts: corpus index →
  // lift, a share of the best match), and the items the results list shows
  // (shown: the server's `CaseTable::hits`).
  function caseLifts(ix, read) {
    var C = ix.model.cases;
    var out = {};
    var none = { lifts: out, shown: [] };
    if (!C || !C.provisions || !C.provisions.length) return none;
    var total = 0;
    var per = {};
    read.typed.forEach(function (w, i) {
      var weight = read.weights[i] === undefined ? 1 : read.weights[i];
      if (weight <= 0) return;
      var id = C.forms[w];
      var list = id === undefined ? null : C.lists[id];
      var rarity = list ? list[0] : C.unknown_rarity;
      total += weight * rarity;
      if (!list) return;
      for (var k = 1; k + 1 < list.length; k += 2) {
        var item = list[k];
        var e = per[item] || (per[item] = { item: item, bm25: 0, met: 0, words: 0 });
        e.bm25 += weight * list[k + 1];
        e.met += weight * rarity;
        e.words += 1;
      }
    });
    if (total <= 0) return none;
    var met = Object.keys(per).map(function (k) {
      var e = per[k];
      var share = Math.min(e.met / total, 1);
      return { item: e.item, score: e.bm25 * share * share, share: share, words: e.words };
    });
    met.sort(function (a, b) {
      return b.score - a.score || a.item - b.item;
    });
    met
      .filter(function (m) {
        return m.share >= C.min_share && m.words >= C.min_words;
      })
      .slice(0, C.items)
      .forEach(function (m) {
        (C.provisions[m.item] || []).forEach(function (p) {
          out[p] = (out[p] || 0) + (C.lift * m.share) / C.items;
        });
      });
    var shown = met
      .filter(function (m) {
        return m.share >= C.show_min_share && C.shown && C.shown[m.item];
      })
      .slice(0, C.show_limit)
      .map(function (m) {
        return C.shown[m.item];
      });
    return { lifts: out, shown: shown };
  }

  function citeQuery(ix, q) {
    var words = String(q).trim().split(/\s+/);
    while (words.length > 1 && ix.cueSet[words[0].toLowerCase()]) words.shift();
    var rest = words.join(" ").replace(/^§+\s*/, "");
    var key = citeKey(rest);
    if (!key) return null;
    if (ix.cite[key] !== undefined) return { doc: ix.cite[key] };
    if (/^x?\d/.test(key) && /^[a-z0-9]+$/.test(key) && nearest(ix, key).length) return { missing: key };
    return null;
  }

  // The nearest existing provisions of a missing cite: its deepest existing
  // ancestor and that one's first parts.
  function nearest(ix, key) {
    for (var k = key.slice(0, -1); k; k = k.slice(0, -1)) {
      var i = ix.cite[k];
      if (i !== undefined) {
        var out = [i];
        for (var j = 0; j < ix.docs.length && out.length < 5; j++) {
          if (ix.docs[j].parent === i) out.push(j);
        }
        return out;
      }
    }
    return [];
  }

  function sameLineage(ix, a, b) {
    var d;
    for (d = a; d !== undefined; d = ix.docs[d].parent) if (d === b) return true;
    for (d = b; d !== undefined; d = ix.docs[d].parent) if (d === a) return true;
    return false;
  }

  // The heading a hit shows: its own, or the nearest above it.
  function titleOf(ix, i) {
    for (var d = ix.docs[i]; d; d = d.parent !== undefined ? ix.docs[d.parent] : null) {
      if (d.title) return d.title;
    }
    return "";
  }

  // --- search -----------------------------------------------------------------

  // Ranked hits for a query: {hits: [{doc, score, cite}], missing}. opts:
  // {book: "laws" | "handbook" | "", limit}.
  function search(ix, q, opts) {
    opts = opts || {};
    var limit = opts.limit || 10;
    var book = opts.book || "";
    var inBook = function (doc) {
      return !book || ix.docs[doc].book === book;
    };
    var hits = [];
    var cq = citeQuery(ix, q);
    if (!cq || cq.doc === undefined) cq = citeClause(ix, q) || citeInQuestion(ix, q) || cq;
    var read;
    if (cq && cq.doc !== undefined) {
      if (inBook(cq.doc)) hits.push({ doc: cq.doc, score: 0, cite: true });
      // The cite's own token finds the passages that cite it.
      var token = citeKey(ix.docs[cq.doc].cite);
      var form = /\p{L}/u.test(token) ? ix.model.words[token] : null;
      read = { typed: [], perWord: form ? [compiledOf(ix, form, false)] : [] };
    } else {
      read = readWords(ix, q);
    }
    var words = [].concat.apply([], read.perWord);
    var matched = scoreUnits(ix, words).filter(function (m) {
      return inBook(ix.model.unit_doc[m.unit]);
    });
    var booked = words.reduce(function (a, w) {
      return a + w.rarity;
    }, 0);
    var totalWeight = booked > 0 ? booked + unbookedWeight(ix, read.typed, read.perWord) : 0;
    var best = matched.reduce(function (b, m) {
      return Math.max(b, m.score);
    }, 0);
    var base = best > 0 ? best : 1;
    var bySubject = provisionScores(ix, subjectLookup(ix, read.typed, read.perWord, read.weights));
    var R = ix.rank;
    var ranked = matched.map(function (m) {
      var factor = 1;
      if (totalWeight > 0) {
        var found = 0;
        words.forEach(function (w, i) {
          if (i < 31 && m.words & (1 << i)) found += w.rarity;
        });
        factor = Math.pow(found / totalWeight, R.coverage_exp);
      }
      var title = totalWeight > 0 ? titleMatch(ix, m, totalWeight) * best : 0;
      return { score: m.score * factor + title, unit: m.unit, doc: ix.model.unit_doc[m.unit] };
    });
    // A subject names a whole; a part of it the words meet well shares it.
    var strong = ranked
      .filter(function (r) {
        return r.score >= R.part_min_share * best;
      })
      .map(function (r) {
        return r.doc;
      });
    var shared = [];
    Object.keys(bySubject).forEach(function (k) {
      var idx = +k;
      strong.forEach(function (part) {
        if (part > idx && part <= ix.subtreeEnd[idx]) shared.push([part, bySubject[k]]);
      });
    });
    shared.forEach(function (p) {
      var here = bySubject[p[0]];
      if (!here) bySubject[p[0]] = { score: p[1].score, entry: p[1].entry, term: p[1].term };
      else if (p[1].score > here.score) bySubject[p[0]] = { score: p[1].score, entry: p[1].entry, term: p[1].term };
    });
    var present = {};
    ranked.forEach(function (r) {
      if (bySubject[r.doc]) r.score += bySubject[r.doc].score * base;
      present[r.doc] = true;
    });
    Object.keys(bySubject).forEach(function (k) {
      var idx = +k;
      if (!present[idx] && inBook(idx)) ranked.push({ score: bySubject[k].score * base, unit: Infinity, doc: idx });
    });
    // Similar published cases lift the provisions they apply, and bring in
    // one only they name.
    var cases = caseLifts(ix, read);
    var lifts = cases.lifts;
    var lifted = {};
    ranked.forEach(function (r) {
      if (lifts[r.doc]) r.score += lifts[r.doc] * base;
      lifted[r.doc] = true;
    });
    Object.keys(lifts)
      .map(Number)
      .sort(function (a, b) {
        return a - b;
      })
      .forEach(function (idx) {
        if (!lifted[idx] && inBook(idx)) ranked.push({ score: lifts[idx] * base, unit: Infinity, doc: idx });
      });
    ranked.sort(function (a, b) {
      return b.score - a.score || a.unit - b.unit || a.doc - b.doc;
    });
    for (var k = 0; k < ranked.length && hits.length < limit; k++) {
      var r = ranked[k];
      var clash = hits.some(function (h) {
        return sameLineage(ix, h.doc, r.doc);
      });
      if (!clash) hits.push({ doc: r.doc, score: r.score, cite: false });
    }
    return { hits: hits, missing: cq && cq.missing ? cq.missing : null, cases: cases.shown };
  }

  var api = {
    prepare: prepare,
    search: search,
    nearest: nearest,
    titleOf: titleOf,
    citeKey: citeKey
  };
  root.LovbokRanker = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
