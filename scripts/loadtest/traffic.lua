-- sysbench oltp_read_write with a per-interval report that carries the
-- interval's whole latency histogram, so that percentiles (p95 and p99) can be
-- computed for any window of seconds afterwards, not only sysbench's single
-- --percentile per interval.
--
-- The histogram is sysbench's own (sb_latency_histogram, the one its
-- percentiles come from); its layout below is sysbench 1.0.20's
-- (src/sb_histogram.h). After sysbench computed an interval's percentile,
-- temp_array holds exactly that interval's counts; the reader checks each
-- interval's --percentile against the one it recomputes from these counts and
-- refuses the run on any mismatch, so a different layout cannot pass unseen.
require("oltp_read_write")

local ffi = require("ffi")
ffi.cdef[[
typedef struct {
  uint64_t *cumulative_array;
  uint64_t cumulative_nevents;
  uint64_t *temp_array;
  uint64_t **interm_slots;
  size_t array_size;
  double range_min;
  double range_max;
  double range_deduct;
  double range_mult;
} loadtest_histogram_t;
extern loadtest_histogram_t sb_latency_histogram;
]]

local hist = ffi.C.sb_latency_histogram
local header_printed = false

-- emit writes one whole line with a single stdio call: sysbench's main thread
-- prints its final statistics while the last report may still be written,
-- and print() writes the newline separately, so the two could interleave.
local function emit(line)
  io.stdout:write(line .. "\n")
  io.stdout:flush()
end

function sysbench.hooks.report_intermediate(stat)
  if not header_printed then
    emit(string.format("LOADTEST_HISTOGRAM %d %.17g %.17g %.17g",
      tonumber(hist.array_size), hist.range_deduct, hist.range_mult, sysbench.opt.percentile))
    header_printed = true
  end
  local buckets = {}
  for i = 0, tonumber(hist.array_size) - 1 do
    local c = hist.temp_array[i]
    if c ~= 0 then
      buckets[#buckets + 1] = string.format("%d:%d", i, tonumber(c))
    end
  end
  if #buckets == 0 then buckets[1] = "-" end
  emit(string.format("LOADTEST_INTERVAL %.3f %.3f %d %d %d %.17g %s",
    stat.time_total, stat.time_interval, tonumber(stat.events), tonumber(stat.errors),
    tonumber(stat.reconnects), stat.latency_pct * 1000, table.concat(buckets, ",")))
end
