#!/usr/bin/env bash
# The server's own search time (`took_us` of GET /api/search) over the bench's
# as-you-type mix, one request at a time, against a release server on
# loopback: the figure to hold against `cargo bench --bench search`'s
# "through Kb::search" line (same mix, same function). Between requests the
# server idles; on a VM the first tens of microseconds after an idle core
# wakes run slower, which the bench reproduces with LOVBOK_BENCH_PAUSE_US=200.
#
#   scripts/took-us.sh                  # builds the mix and the server if needed
#   ROUNDS=3 scripts/took-us.sh
#   LOVBOK_BIN=path/to/lovbok scripts/took-us.sh
#
# Traffic goes to 127.0.0.1 only, one request at a time, a bounded number.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18491}
ROUNDS=${ROUNDS:-2}
BIN=${LOVBOK_BIN:-target/release/lovbok}
MIX=${MIX:-target/as-you-type-mix.txt}
[ -x "$BIN" ] || cargo build --release --locked
if [ ! -s "$MIX" ]; then
  LOVBOK_BENCH_WRITE_MIX="$MIX" LOVBOK_BENCH_ONLY_MIX=1 cargo bench --bench search -- --test >/dev/null
fi
"$BIN" serve --addr "127.0.0.1:$PORT" --cache-entries 0 --quiet &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  sleep 0.1
done
python3 - "$PORT" "$MIX" "$ROUNDS" <<'PY'
import http.client, json, statistics, sys, urllib.parse
port, mix, rounds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
queries = [q for q in open(mix, encoding="utf-8").read().split("\n") if q]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
def took(q):
    conn.request("GET", "/api/search?q=" + urllib.parse.quote(q), headers={"Cache-Control": "no-cache"})
    r = conn.getresponse()
    body = r.read()
    return json.loads(body)["took_us"] if r.status == 200 else None
for q in queries[::10]:
    took(q)  # warm the worker threads
times = []
for _ in range(rounds):
    for q in queries:
        t = took(q)
        if t is not None:
            times.append(t)
times.sort()
at = lambda p: times[int((len(times) - 1) * p)]
print(f"server took_us over {len(queries)} distinct queries, {rounds} round(s), one at a time: "
      f"median {at(0.5):.1f} µs, p99 {at(0.99):.1f} µs, mean {statistics.mean(times):.1f} µs")
PY
