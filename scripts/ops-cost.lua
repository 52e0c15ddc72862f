-- wrk script for scripts/ops-cost.sh: /healthz, or as-you-type search traffic
-- (every prefix of a set of realistic queries, as the search box sends them
-- while a director types), for the mode given after `--`. Prints one RESULT line.
local queries = {
  "for sen ankomst", "utspill utenfor tur", "feilinformasjon", "justert resultat",
  "bud utenfor tur", "prosedyrestraff", "mappe feil vei", "ubeføjede oplysninger",
  "stokking og giv", "tildelt score", "holdkamp", "tl skjønn", "revoke", "alert",
  "ukorrekt antall kort", "claim", "blindemann", "meldekort", "sen revoke",
  "uautorisert informasjon", "skjermbrett", "stopp kort", "pass utenfor tur",
  "kontrakt", "forsinket spill", "straff", "appell", "turneringsleder",
}

-- Percent-encodes a query parameter.
local function enc(s)
  return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local typing = {}
for _, q in ipairs(queries) do
  -- Prefixes from two bytes on, as the box sends them; a prefix that ends
  -- on the first byte of a two-byte letter (æ, ø, å) is not text: skipped.
  for n = 2, #q do
    local p = q:sub(1, n)
    if not p:sub(-1):match("[\192-\255]") then
      typing[#typing + 1] = "/api/search?q=" .. enc(p)
    end
  end
end

local mixes = { healthz = { "/healthz" }, typing = typing }
local paths = mixes.healthz
local i = 0

function init(args)
  paths = mixes[args[1] or "healthz"] or mixes.healthz
  i = math.random(#paths)
end

function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], { ["Accept-Encoding"] = "gzip" })
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50_ms=%.3f p99_ms=%.3f requests=%d errors=%d distinct=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, errors, #paths))
end
