#!/usr/bin/env bash
# Loopback load test of a release lovbok server, with the response cache on
# and off, in one run: requests per second and p50/p99 latency for /healthz
# (the ceiling) and for search as people type it, side by side, on the same
# server, and their ratio.
#
#   scripts/load.sh                    # builds target/release/lovbok if needed
#   ROUNDS=3 DURATION=5s scripts/load.sh
#   CACHE_ENTRIES="0" scripts/load.sh  # only without the response cache
#   MODES="healthz typing search provision page" scripts/load.sh
#   LOVBOK_BIN=path/to/lovbok scripts/load.sh
#
# Modes (each a wrk script mode of scripts/load.lua):
#   healthz    /healthz: what the server does per request at the least
#   typing     the as-you-type mix: every prefix of three or more characters
#              of the judged queries (eval/queries.tsv, eval/queries-dev.tsv)
#              and of every provision title, in typing order, as a search box
#              sends them. Prefixes shared by many queries ("spi", "tur")
#              come often, long ones once: thousands of distinct requests,
#              more than the response cache holds.
#   search     16 whole queries, over and over
#   provision  /api/provisions/{cite};  page  /p/{cite} (HTML)
#
# For each cache setting (CACHE_ENTRIES, default "4096 0": the default cache,
# then none) a server is started, warmed up, and measured ROUNDS times; each
# round runs every mode once, healthz first, so a ratio compares neighbours
# in time on a machine others share. The summary gives each round's typing ÷
# healthz throughput ratio and the typing p99, and their range over rounds.
# Goals (issue 10): ratio >= 0.30 (aim 0.5), p99 < 10 ms (aim 5 ms).
#
# Needs wrk (apt-get install -y wrk) and curl. Traffic goes to 127.0.0.1 only,
# for a bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18481}
DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-2}
CACHE_ENTRIES=${CACHE_ENTRIES:-"4096 0"}
MODES=${MODES:-"healthz typing search"}
ADDR="127.0.0.1:${PORT}"
BASE="http://${ADDR}"
WORK=$(mktemp -d /tmp/lovbok-load.XXXXXX)

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is missing" >&2; exit 2; }

if [[ -z "${LOVBOK_BIN:-}" ]]; then
  cargo build --release --quiet
  LOVBOK_BIN=target/release/lovbok
fi

# The as-you-type mix: whole queries (judged queries, provision titles), then
# every prefix of each of three or more characters, one per line.
{
  cut -f2 eval/queries.tsv eval/queries-dev.tsv | grep -v '^#' | grep -v '^$' || true
  # A unit's own heading is the last of its heading trail, less its cite.
  "$LOVBOK_BIN" export --jsonl \
    | sed -E 's/.*"title":"([^"]*)".*/\1/' \
    | awk -F ' › ' '{ print $NF }' \
    | sed -E 's/^(X?[0-9]+[A-Z]?[0-9]*[a-z]?) //'
} >"$WORK/queries.txt"
awk '{
  n = length($0)
  for (i = 3; i <= n; i++) {
    p = substr($0, 1, i)
    sub(/ +$/, "", p)
    if (length(p) >= 3) print p
  }
}' "$WORK/queries.txt" >"$WORK/typing.txt"
distinct=$(sort -u "$WORK/typing.txt" | wc -l)
total=$(wc -l <"$WORK/typing.txt")
export LOVBOK_TYPING="$WORK/typing.txt"

pid=
stop_server() {
  if [[ -n "$pid" ]]; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
  fi
}
trap 'stop_server; rm -rf "$WORK"' EXIT

start_server() {
  if curl -fsS "${BASE}/healthz" >/dev/null 2>&1; then
    echo "something already answers on ${ADDR}; set PORT" >&2
    exit 2
  fi
  RUST_LOG=${RUST_LOG:-warn} "$LOVBOK_BIN" serve --addr "$ADDR" --cache-entries "$1" \
    >"$WORK/server.log" 2>&1 &
  pid=$!
  local deadline=$(( $(date +%s) + 120 ))
  until curl -fsS "${BASE}/healthz" >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "the server exited; its log:" >&2
      cat "$WORK/server.log" >&2
      exit 1
    fi
    if (( $(date +%s) > deadline )); then
      echo "no /healthz after 120 s" >&2
      exit 1
    fi
    sleep 0.005
  done
}

# One wrk run: prints "rps p50_ms p99_ms errors".
run() {
  local line
  line=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" -s scripts/load.lua "$BASE" -- "$1" | grep '^RESULT')
  sed -E 's/.*rps=([0-9.]+) p50_ms=([0-9.]+) p99_ms=([0-9.]+).*errors=([0-9]+).*/\1 \2 \3 \4/' <<<"$line"
}

echo "lovbok load test: ${CONNS} connections, ${THREADS} wrk threads, ${DURATION} per run," \
  "${ROUNDS} round(s), $(nproc) cores, loopback"
echo "as-you-type mix: ${distinct} distinct requests (${total} in typing order)"
summary=()
for entries in $CACHE_ENTRIES; do
  start_server "$entries"
  # Warm up (first touches of the index, the pages, the allocator).
  wrk -t1 -c4 -d1s -s scripts/load.lua "$BASE" -- typing >/dev/null
  wrk -t1 -c4 -d1s -s scripts/load.lua "$BASE" -- page >/dev/null
  echo
  echo "== --cache-entries ${entries}"
  printf '%-6s %-10s %10s %9s %9s %7s\n' round mode req/s p50_ms p99_ms errors
  ratios=() p99s=()
  for round in $(seq 1 "$ROUNDS"); do
    declare -A rps=() p99=()
    for mode in $MODES; do
      read -r r p50 p ers < <(run "$mode")
      rps[$mode]=$r p99[$mode]=$p
      printf '%-6s %-10s %10s %9s %9s %7s\n' "$round" "$mode" "$r" "$p50" "$p" "$ers"
    done
    if [[ -n "${rps[typing]:-}" && -n "${rps[healthz]:-}" ]]; then
      ratios+=("$(awk -v s="${rps[typing]}" -v h="${rps[healthz]}" 'BEGIN { printf "%.2f", (h > 0 ? s / h : 0) }')")
      p99s+=("${p99[typing]}")
    fi
  done
  stop_server
  if ((${#ratios[@]})); then
    range() { printf '%s\n' "$@" | sort -g | sed -n '1p;$p' | paste -sd '-' | sed -E 's/^([^-]+)-\1$/\1/'; }
    summary+=("--cache-entries ${entries}: typing/healthz throughput $(range "${ratios[@]}") (rounds: ${ratios[*]}), typing p99 $(range "${p99s[@]}") ms")
  fi
done
echo
for line in "${summary[@]}"; do echo "$line"; done
echo "goals: throughput ratio >= 0.30 (aim 0.5), p99 < 10 ms (aim 5 ms)"
