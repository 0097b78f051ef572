-- wrk script of `npm run bench` (scripts/bench.ts): requests from a file, sent at a steady rate or as fast as
-- the server answers, and one JSON line of results.
--   BENCH_REQUESTS  file of requests, one a line: METHOD <tab> path [<tab> JSON body]
--   BENCH_RATE      requests per second for each wrk thread (0 or unset: as fast as possible)
--   BENCH_MARK      text every answer's body must hold (counted in "unmarked" when it does not)
--   BENCH_ACCEPT_ENCODING  an Accept-Encoding header for every request (a browser's, for pages)
--   BENCH_MIN_BYTES a compressed answer's body must be at least this long (counted in "unmarked" when shorter):
--                   the mark of a compressed page, whose text wrk cannot read
--
-- How the rate is held: wrk asks delay() how long to wait before a connection sends its next request.
-- Each thread keeps a schedule, one slot every 1/BENCH_RATE s from its first request on, and each call
-- takes the next free slot and waits until it (wrk's timers have a resolution of 1 ms, so a slot may go out
-- up to 1 ms early, never late on the schedule's account). With more connections than the rate times the
-- latency, a connection is always free for the next slot: the requests go out on schedule whatever the
-- server's latency, up to connections / rate seconds. A server that answers slower than that falls behind
-- the schedule; the requests then go out as soon as a connection is free, and the achieved rate (requests
-- answered / seconds) drops under the target, which bench.ts reports and checks. Latency is wrk's: from
-- the moment a request is written to its whole answer.
local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *tp);
]])
local ts = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local rate = tonumber(os.getenv("BENCH_RATE") or "0") or 0
local mark = os.getenv("BENCH_MARK")
if mark == "" then
  mark = nil
end
local min_bytes = tonumber(os.getenv("BENCH_MIN_BYTES") or "")
local requests = {}
unmarked = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local accept_encoding = os.getenv("BENCH_ACCEPT_ENCODING")
if accept_encoding == "" then
  accept_encoding = nil
end

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
  for line in io.lines(os.getenv("BENCH_REQUESTS")) do
    local method, rest = line:match("^(%u+)\t(.*)$")
    local path, body = rest:match("^([^\t]*)\t(.*)$")
    local headers = {}
    if accept_encoding then
      headers["Accept-Encoding"] = accept_encoding
    end
    if path then
      headers["Content-Type"] = "application/json"
      requests[#requests + 1] = wrk.format(method, path, headers, body)
    else
      requests[#requests + 1] = wrk.format(method, rest, headers)
    end
  end
end

function request()
  return requests[math.random(#requests)]
end

if rate > 0 then
  local interval = 1000 / rate
  local next_slot = nil
  function delay()
    local t = now_ms()
    next_slot = (next_slot or t) + interval
    local wait = next_slot - t
    if wait < 0 then
      return 0
    end
    return wait
  end
end

if min_bytes then
  function response(status, headers, body)
    if not body or #body < min_bytes then
      unmarked = unmarked + 1
    end
  end
elseif mark then
  function response(status, headers, body)
    if not body or not body:find(mark, 1, true) then
      unmarked = unmarked + 1
    end
  end
end

function done(summary, latency, _)
  local missing = 0
  for _, t in ipairs(threads) do
    missing = missing + (t:get("unmarked") or 0)
  end
  local e = summary.errors
  io.write(
    string.format(
      'BENCH_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"status_errors":%d,"socket_errors":%d,"unmarked":%d}\n',
      summary.requests,
      summary.duration,
      latency:percentile(50),
      latency:percentile(99),
      latency.max,
      e.status,
      e.connect + e.read + e.write + e.timeout,
      missing
    )
  )
end
