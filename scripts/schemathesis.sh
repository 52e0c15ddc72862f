#!/usr/bin/env bash
# Tests the JSON API against its own OpenAPI document with schemathesis (PyPI):
# starts lovbok on a free local port, generates requests from
# /api/openapi.json, and fails on any 5xx or any response the document does
# not describe (status code, content type, headers, body schema).
#
#   scripts/schemathesis.sh                  # a full pass (MAX_EXAMPLES=100 per operation)
#   MAX_EXAMPLES=20 scripts/schemathesis.sh  # the short pass CI runs
#   CHECKS=all scripts/schemathesis.sh       # also every other check schemathesis has
#   PORT=18950 LOVBOK_BIN=target/release/lovbok SEED=1 scripts/schemathesis.sh
#
# Needs schemathesis (`pip install schemathesis==4.32.5`; installed on first
# run if missing). Only 127.0.0.1 is ever contacted.
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_EXAMPLES="${MAX_EXAMPLES:-100}"
CHECKS="${CHECKS:-not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance}"
SEED="${SEED:-}"
BIN="${LOVBOK_BIN:-target/debug/lovbok}"
PORT="${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
BASE="http://127.0.0.1:${PORT}"

if ! command -v st >/dev/null 2>&1; then
  pip install -q "schemathesis==4.32.5"
fi
if [ ! -x "$BIN" ]; then
  cargo build --locked --bin lovbok
fi

log="$(mktemp)"
"$BIN" serve --addr "127.0.0.1:${PORT}" >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if curl -fsS "${BASE}/healthz" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "lovbok serve exited:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.2
done

seed_args=()
if [ -n "$SEED" ]; then
  seed_args=(--seed "$SEED")
fi

# The checks: no 5xx, and every response as the document says. The
# document's own examples, boundary values (coverage) and random data
# (fuzzing) are tried, valid and invalid. The response cache is part of
# what is tested. One worker: with two, Python 3.11's ast module trips over
# itself inside hypothesis ("AST constructor recursion depth mismatch").
st run "${BASE}/api/openapi.json" \
  --generation-database none \
  --checks "$CHECKS" \
  --phases examples,coverage,fuzzing \
  --max-examples "$MAX_EXAMPLES" \
  --workers 1 \
  --request-timeout 10 \
  --suppress-health-check too_slow,filter_too_much \
  --no-color \
  "${seed_args[@]}"
