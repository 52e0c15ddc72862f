// Runs judged search queries against lovbok's offline ranker, in node,
// with no browser: what tests/it/offline_ranker.rs scores against the
// server's own search.
//
//   node tests/offline/eval.mjs RANKER_JS INDEX_JSON SET.tsv...
//
// RANKER_JS is src/web/static/ranker.js, INDEX_JSON the offline index the
// server serves (written by the test). Each SET.tsv is a judgment file as
// `lovbok eval` reads it (qid<TAB>query<TAB>cites; `#` comments and blank
// lines skipped). Prints one JSON object: per set, per query, the cites of
// the top ten hits, in order, and the ids of the similar cases shown. The scoring (lenient MRR@10 and the rest) is
// the server's own, done by the test, so both rankers are scored alike.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [rankerPath, indexPath, ...sets] = process.argv.slice(2);
if (!rankerPath || !indexPath || sets.length === 0) {
  console.error("usage: node tests/offline/eval.mjs RANKER_JS INDEX_JSON SET.tsv...");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const ranker = require(resolve(rankerPath));
const ix = ranker.prepare(JSON.parse(readFileSync(indexPath, "utf8")));

const CUTOFF = 10;
const out = { sets: [] };
for (const file of sets) {
  const queries = [];
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    const cols = raw.split("\t");
    if (cols.length !== 3) continue;
    const query = cols[1].trim();
    const found = ranker.search(ix, query, { limit: CUTOFF });
    queries.push({
      qid: cols[0].trim(),
      hits: found.hits.map((h) => ix.docs[h.doc].cite),
      cases: (found.cases || []).map((c) => c.id),
    });
  }
  out.sets.push({ file, queries });
}
process.stdout.write(JSON.stringify(out) + "\n");
