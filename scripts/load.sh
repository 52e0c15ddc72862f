#!/usr/bin/env bash
# Loopback load test of a release lovbok server: requests per second and
# p50/p99 latency for /healthz (the ceiling), /api/search (a mix of queries),
# /api/provisions/{cite} and a provision page, side by side, plus the time
# from process start to the first successful /healthz.
#
#   scripts/load.sh                 # builds target/release/lovbok if needed
#   DURATION=5s CONNS=32 scripts/load.sh
#   CACHE_ENTRIES=0 scripts/load.sh   # without the response cache: every request does the work
#   LOVBOK_SERVE='path/to/bin serve --addr {addr}' scripts/load.sh
#
# Needs wrk (apt-get install -y wrk) and curl. Sends traffic to 127.0.0.1
# only, for a bounded time (4 runs of DURATION). A benchmark, not a test:
# the goal is search at >= 30% of /healthz throughput at 64 connections, p99
# under 10 ms.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18481}
DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
ADDR="127.0.0.1:${PORT}"
BASE="http://${ADDR}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is missing" >&2; exit 2; }

if [[ -z "${LOVBOK_SERVE:-}" ]]; then
  cargo build --release --quiet
  LOVBOK_SERVE="target/release/lovbok serve --addr {addr} --cache-entries ${CACHE_ENTRIES:-4096}"
fi
cmd=${LOVBOK_SERVE//\{addr\}/$ADDR}

if curl -fsS "${BASE}/healthz" >/dev/null 2>&1; then
  echo "something already answers on ${ADDR}; set PORT" >&2
  exit 2
fi

start_ns=$(date +%s%N)
# shellcheck disable=SC2086 # the command is meant to be split into words
RUST_LOG=${RUST_LOG:-warn} $cmd >/tmp/lovbok-load-server.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true' EXIT

deadline=$(( $(date +%s) + 120 ))
until curl -fsS "${BASE}/healthz" >/dev/null 2>&1; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "the server exited; its log:" >&2
    cat /tmp/lovbok-load-server.log >&2
    exit 1
  fi
  if (( $(date +%s) > deadline )); then
    echo "no /healthz after 120 s" >&2
    exit 1
  fi
  sleep 0.005
done
startup_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))

# Warm up (first touches of the index and pages), then measure.
wrk -t1 -c4 -d1s -s scripts/load.lua "$BASE" -- search >/dev/null
wrk -t1 -c4 -d1s -s scripts/load.lua "$BASE" -- page >/dev/null

declare -A rps p50 p99 errs
for mode in healthz search provision page; do
  line=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" -s scripts/load.lua "$BASE" -- "$mode" | grep '^RESULT')
  rps[$mode]=$(sed -E 's/.*rps=([0-9.]+).*/\1/' <<<"$line")
  p50[$mode]=$(sed -E 's/.*p50_ms=([0-9.]+).*/\1/' <<<"$line")
  p99[$mode]=$(sed -E 's/.*p99_ms=([0-9.]+).*/\1/' <<<"$line")
  errs[$mode]=$(sed -E 's/.*errors=([0-9]+).*/\1/' <<<"$line")
done

echo
echo "lovbok load test: ${CONNS} connections, ${THREADS} wrk threads, ${DURATION} per endpoint, $(nproc) cores, loopback"
printf '%-28s %10s %10s %10s %8s\n' endpoint req/s p50_ms p99_ms errors
for mode in healthz search provision page; do
  case $mode in
    healthz) name="/healthz" ;;
    search) name="/api/search (16 queries)" ;;
    provision) name="/api/provisions/{cite}" ;;
    page) name="/p/{cite} (HTML page)" ;;
  esac
  printf '%-28s %10s %10s %10s %8s\n' "$name" "${rps[$mode]}" "${p50[$mode]}" "${p99[$mode]}" "${errs[$mode]}"
done
ratio=$(awk -v s="${rps[search]}" -v h="${rps[healthz]}" 'BEGIN { printf "%.0f", (h > 0 ? 100 * s / h : 0) }')
echo "search / healthz throughput: ${ratio}% (goal >= 30%); search p99 ${p99[search]} ms (goal < 10 ms)"
echo "startup to first successful /healthz: ${startup_ms} ms"
