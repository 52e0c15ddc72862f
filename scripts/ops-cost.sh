#!/usr/bin/env bash
# What logging and metrics cost in throughput, measured in one run against
# one release binary started in several configurations side by side:
#
#   none     --log-level off --quiet   no tracing subscriber at all
#   logs     (defaults)                human logs at info: the access log is off
#   metrics  --metrics-addr …          default logs plus per-request metrics
#   access   --log-level debug         the access log on (to /dev/null), for reference
#
# Each round measures /healthz and as-you-type search (scripts/ops-cost.lua:
# every prefix of realistic queries) against every configuration in turn,
# rotating the order from round to round so that none is always first; only
# the one being measured gets traffic. For each measurement it records the
# requests per second and the server's own CPU time per request (from
# /proc/PID/stat), and prints, per round and as a range over the rounds
# (min, median, max), each configuration's throughput as a ratio to `none`
# and its CPU per request as a ratio to `none`.
#
# On a quiet machine the throughput ratio is the answer. On a shared one
# (other builds running) throughput swings with the neighbours' load from
# one few-second window to the next, while CPU time per request is charged
# to the server process alone and stays comparable: 1 / (CPU ratio) is the
# throughput ratio a CPU-bound server would reach without the noise.
#
#   scripts/ops-cost.sh                       # 5 rounds of 5 s per endpoint and configuration
#   ROUNDS=9 DURATION=10s scripts/ops-cost.sh
#   CACHE_ENTRIES=4096 scripts/ops-cost.sh    # searches answered from the response cache
#
# By default the servers run without the response cache (CACHE_ENTRIES=0),
# so every search does the work a new query does. Needs wrk
# (apt-get install -y wrk) and curl; sends traffic to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_PORT=${BASE_PORT:-19410}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
CACHE_ENTRIES=${CACHE_ENTRIES:-0}
BIN=${LOVBOK_BIN:-target/release/lovbok}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is missing" >&2; exit 2; }
if [[ -z "${LOVBOK_BIN:-}" ]]; then
  cargo build --release --quiet
fi

configs=(none logs metrics access)
declare -A port args
port[none]=$BASE_PORT
port[logs]=$((BASE_PORT + 1))
port[metrics]=$((BASE_PORT + 2))
port[access]=$((BASE_PORT + 3))
metrics_port=$((BASE_PORT + 4))
args[none]="--log-level off --quiet"
args[logs]=""
args[metrics]="--metrics-addr 127.0.0.1:${metrics_port}"
args[access]="--log-level debug"

logdir=$(mktemp -d /tmp/lovbok-ops-cost.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

for c in "${configs[@]}"; do
  if curl -fsS "http://127.0.0.1:${port[$c]}/healthz" >/dev/null 2>&1; then
    echo "something already answers on port ${port[$c]}; set BASE_PORT" >&2
    exit 2
  fi
  # The access log is formatted and written for real, to where it costs no disk.
  log="$logdir/$c.log"
  [[ $c == access ]] && log=/dev/null
  # shellcheck disable=SC2086 # the flags are meant to be split into words
  env -u RUST_LOG "$BIN" serve --addr "127.0.0.1:${port[$c]}" --cache-entries "$CACHE_ENTRIES" \
    ${args[$c]} 2>"$log" &
  pids+=($!)
done
for c in "${configs[@]}"; do
  deadline=$(( $(date +%s) + 120 ))
  until curl -fsS "http://127.0.0.1:${port[$c]}/healthz" >/dev/null 2>&1; do
    if (( $(date +%s) > deadline )); then
      echo "$c: no /healthz after 120 s; its log:" >&2
      cat "$logdir/$c.log" >&2 2>/dev/null || true
      exit 1
    fi
    sleep 0.05
  done
done

# Warm up every server on both endpoints (first touches of the index).
for c in "${configs[@]}"; do
  for mode in healthz typing; do
    wrk -t1 -c4 -d1s -s scripts/ops-cost.lua "http://127.0.0.1:${port[$c]}" -- "$mode" >/dev/null
  done
done

declare -A pid_of
for ((k = 0; k < ${#configs[@]}; k++)); do pid_of[${configs[$k]}]=${pids[$k]}; done
hz=$(getconf CLK_TCK)
# CPU ticks (user + system) the process has used so far.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

declare -A rps cpu
echo "lovbok ops cost: ${ROUNDS} rounds, ${DURATION} per endpoint and configuration, ${CONNS} connections," \
  "${THREADS} wrk threads, cache entries ${CACHE_ENTRIES}, $(nproc) cores, loopback"
echo "per round: requests/s; then CPU µs per request; then the ratios to none (throughput, CPU per request)"
for ((r = 1; r <= ROUNDS; r++)); do
  # Rotate the order: round r starts with configuration r mod 4.
  order=()
  for ((k = 0; k < ${#configs[@]}; k++)); do
    order+=("${configs[$(( (r - 1 + k) % ${#configs[@]} ))]}")
  done
  for mode in healthz typing; do
    for c in "${order[@]}"; do
      before=$(ticks "${pid_of[$c]}")
      line=$(wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" -s scripts/ops-cost.lua \
        "http://127.0.0.1:${port[$c]}" -- "$mode" | grep '^RESULT')
      after=$(ticks "${pid_of[$c]}")
      errors=$(sed -E 's/.*errors=([0-9]+).*/\1/' <<<"$line")
      if [[ "$errors" != 0 ]]; then
        echo "$c $mode: $errors errors: $line" >&2
        exit 1
      fi
      rps[$r,$mode,$c]=$(sed -E 's/.*rps=([0-9.]+).*/\1/' <<<"$line")
      requests=$(sed -E 's/.*requests=([0-9]+).*/\1/' <<<"$line")
      cpu[$r,$mode,$c]=$(awk -v t=$((after - before)) -v hz="$hz" -v n="$requests" \
        'BEGIN { printf "%.2f", 1e6 * t / hz / n }')
    done
    printf '%-3s %-8s' "$r" "$mode"
    for c in "${configs[@]}"; do printf ' %s %7s/s %6sµs' "$c" "${rps[$r,$mode,$c]}" "${cpu[$r,$mode,$c]}"; done
    for c in "${configs[@]:1}"; do
      printf ' | %s %s %s' "$c" \
        "$(awk -v a="${rps[$r,$mode,$c]}" -v b="${rps[$r,$mode,none]}" 'BEGIN { printf "%.3f", a / b }')" \
        "$(awk -v a="${cpu[$r,$mode,$c]}" -v b="${cpu[$r,$mode,none]}" 'BEGIN { printf "%.3f", a / b }')"
    done
    echo
  done
done

# min / median / max of a column of numbers on stdin.
summary() {
  sort -n | awk '{ v[NR] = $1 } END {
    med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3f / %.3f / %.3f", v[1], med, v[NR] }'
}

echo
echo "ratios to 'none' over ${ROUNDS} rounds, min / median / max"
printf '%-8s %-8s %-26s %s\n' endpoint config "throughput (higher: faster)" "CPU per request (lower: cheaper)"
for mode in healthz typing; do
  for c in "${configs[@]:1}"; do
    t=$(for ((r = 1; r <= ROUNDS; r++)); do
      awk -v a="${rps[$r,$mode,$c]}" -v b="${rps[$r,$mode,none]}" 'BEGIN { printf "%.4f\n", a / b }'
    done | summary)
    u=$(for ((r = 1; r <= ROUNDS; r++)); do
      awk -v a="${cpu[$r,$mode,$c]}" -v b="${cpu[$r,$mode,none]}" 'BEGIN { printf "%.4f\n", a / b }'
    done | summary)
    printf '%-8s %-8s %-26s %s\n' "$mode" "$c" "$t" "$u"
  done
done
echo "(the goal for logs and metrics: under 5 % cost, i.e. throughput ratio >= 0.95, CPU ratio <= 1.05)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$logdir"
