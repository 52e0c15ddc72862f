-- wrk script for scripts/load.sh: rotates through a mix of requests for one
-- endpoint (the mode, given after `--`) and prints one RESULT line.
local mixes = {
  healthz = { "/healthz" },
  search = {
    "/api/search?q=revoke",
    "/api/search?q=for%20sen%20ankomst",
    "/api/search?q=12C1",
    "/api/search?q=utspill%20utenfor%20tur",
    "/api/search?q=justert%20resultat",
    "/api/search?q=feilinformasjon",
    "/api/search?q=alert",
    "/api/search?q=bud%20utenfor%20tur",
    "/api/search?q=prosedyrestraff",
    "/api/search?q=mappe%20feil%20vei",
    "/api/search?q=16B",
    "/api/search?q=ubef%C3%B8jede%20oplysninger",
    "/api/search?q=stokking%20og%20giv",
    "/api/search?q=tildelt%20score&book=laws",
    "/api/search?q=holdkamp&book=handbook",
    "/api/search?q=tl%20skj%C3%B8nn",
  },
  provision = {
    "/api/provisions/12C1", "/api/provisions/16B1", "/api/provisions/X16A", "/api/provisions/212A1a",
    "/api/provisions/def:Alert", "/api/provisions/20F5a", "/api/provisions/6D2", "/api/provisions/40",
    "/api/provisions/12", "/api/provisions/X78",
  },
  page = { "/p/12C1", "/p/16B1", "/p/X16A", "/p/212A1a", "/p/def:Alert", "/p/20F5", "/p/6D2", "/p/2" },
}

local paths = mixes.healthz
local i = 0

function init(args)
  paths = mixes[args[1] or "healthz"] or mixes.healthz
  -- Start each thread at a different place in the mix.
  i = math.random(#paths)
end

function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], { ["Accept-Encoding"] = "gzip" })
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50_ms=%.3f p99_ms=%.3f requests=%d errors=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, errors))
end
