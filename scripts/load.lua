-- wrk script for scripts/load.sh: rotates through the requests of one mode
-- (given after `--`) and prints one RESULT line. The `typing` mode reads the
-- as-you-type queries, one per line, from the file named by LOVBOK_TYPING.
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

-- Percent-encodes a query string value (UTF-8 bytes outside the unreserved set).
local function encode(s)
  return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local function typing()
  local path = os.getenv("LOVBOK_TYPING")
  local file = path and io.open(path, "r")
  if not file then
    io.stderr:write("typing mode: set LOVBOK_TYPING to a file of queries\n")
    return { "/healthz" }
  end
  local out = {}
  for line in file:lines() do
    if #line > 0 then
      out[#out + 1] = "/api/search?q=" .. encode(line)
    end
  end
  file:close()
  return out
end

local paths = mixes.healthz
local i = 0

function init(args)
  local mode = args[1] or "healthz"
  if mode == "typing" then
    paths = typing()
  else
    paths = mixes[mode] or mixes.healthz
  end
  -- Start each thread at a different place in the mix.
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16))
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
