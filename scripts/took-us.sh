#!/usr/bin/env bash
# The server's own search time (`took_us` of GET /api/search) against the
# in-process bench's figure for the same function (`Kb::search`, the
# "through Kb::search" line of `cargo bench --bench search`), over the same
# as-you-type mix, in one run, with their ratio.
#
# The server idles between requests. On a VM guest an idle CPU halts, the
# host runs other work on it, and the next request starts with caches that
# work has emptied: on the 2-core development machine a search that follows
# an idle spell takes about twice as long as one run back to back. So the
# comparison is made twice, in turn:
#
#   idle: as is    the machine's own idle policy. The bench adds a line with
#                  a 200 µs pause before each query (LOVBOK_BENCH_PAUSE_US),
#                  which idles the same way and is the figure to hold the
#                  server against here.
#   low latency    while this script holds a PM QoS request of 0 µs
#                  (/dev/cpu_dma_latency, the kernel's interface for it,
#                  as tuned's latency-performance profile uses), so idle
#                  CPUs poll instead of halting. The code path is the same;
#                  only the machine's idling changes. Needs write access to
#                  /dev/cpu_dma_latency (root); skipped without it.
#
#   scripts/took-us.sh                  # builds the mix, bench and server if needed
#   ROUNDS=3 scripts/took-us.sh
#   LOVBOK_BIN=path/to/lovbok BENCH_BIN=path/to/search-bench scripts/took-us.sh
#   CONDITIONS="as-is" scripts/took-us.sh   # only the machine's own idle policy
#
# Traffic goes to 127.0.0.1 only, one request at a time, a bounded number.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18491}
ROUNDS=${ROUNDS:-2}
BIN=${LOVBOK_BIN:-target/release/lovbok}
MIX=${MIX:-target/as-you-type-mix.txt}
CONDITIONS=${CONDITIONS:-"as-is low-latency"}
server='' qos=''
trap 'kill $server $qos 2>/dev/null || true' EXIT

[ -x "$BIN" ] || cargo build --release --locked
BENCH=${BENCH_BIN:-$(cargo bench --bench search --no-run --locked --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "search" and m.get("executable"):
        print(m["executable"])')}
[ -x "$BENCH" ] || { echo "no search bench binary: cargo bench --bench search --no-run" >&2; exit 2; }
# A criterion filter that names no criterion bench: only the bench's own
# passes run (the Kb::search lines, the stage profile), in about 10 s.
only_lines=(--bench took-us-lines-only)
if [ ! -s "$MIX" ]; then
  LOVBOK_BENCH_WRITE_MIX="$MIX" LOVBOK_BENCH_ONLY_MIX=1 "$BENCH" "${only_lines[@]}" >/dev/null
fi

# One condition: the bench's lines, then the server's, then the ratios.
measure() {
  local label=$1 bench_out
  bench_out=$(LOVBOK_BENCH_ONLY_MIX=1 LOVBOK_BENCH_PAUSE_US=200 "$BENCH" "${only_lines[@]}")
  "$BIN" serve --addr "127.0.0.1:$PORT" --cache-entries 0 --quiet &
  server=$!
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.1
  done
  python3 - "$PORT" "$MIX" "$ROUNDS" "$label" "$bench_out" <<'PY'
import http.client, json, re, statistics, sys, urllib.parse
port, mix, rounds, label, bench = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
def bench_line(start):
    line = next((l for l in bench.splitlines() if l.startswith(start)), "")
    m = re.search(r"median ([\d.]+) µs, p99 ([\d.]+) µs", line)
    return (float(m.group(1)), float(m.group(2))) if m else None
back_to_back = bench_line("as-you-type mix through Kb::search")
paused = bench_line("the same with a 200 µs pause")
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
server = (float(at(0.5)), float(at(0.99)))
print(f"[{label}]")
print(f"  server took_us, {len(queries)} distinct queries, {rounds} round(s), one at a time: "
      f"median {server[0]:.1f} µs, p99 {server[1]:.1f} µs, mean {statistics.mean(times):.1f} µs")
for name, b in (("in-process through Kb::search, back to back", back_to_back),
                ("in-process, 200 µs pause before each query", paused)):
    if b is None:
        print(f"  {name}: no figure (bench output changed?)")
        continue
    print(f"  {name}: median {b[0]:.1f} µs, p99 {b[1]:.1f} µs; "
          f"server ÷ this: {server[0] / b[0]:.2f}× median, {server[1] / b[1]:.2f}× p99")
PY

  kill "$server"
  wait "$server" 2>/dev/null || true
  server=''
}

for condition in $CONDITIONS; do
  case $condition in
    as-is) measure "idle: as is" ;;
    low-latency)
      if [ ! -w /dev/cpu_dma_latency ]; then
        echo "[low latency] skipped: needs write access to /dev/cpu_dma_latency (run as root)"
        continue
      fi
      # The request holds while the file stays open; the kernel drops it
      # when the holder exits.
      coproc QOS { exec python3 -c 'import os, signal, struct
fd = os.open("/dev/cpu_dma_latency", os.O_WRONLY)
os.write(fd, struct.pack("i", 0))
print("held", flush=True)
signal.pause()'; }
      qos=$QOS_PID
      read -r _ <&"${QOS[0]}"
      measure "low latency: PM QoS 0 µs"
      kill "$qos"
      wait "$qos" 2>/dev/null || true
      qos='' ;;
    *) echo "unknown condition $condition (as-is, low-latency)" >&2; exit 2 ;;
  esac
done
