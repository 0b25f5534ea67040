#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ferry/plugin/executor.hpp"

namespace ferry::sdk {

// The executor of one compiled model's streams on `device`: `streams` threads named
// "<device>-stream-N" (what `top -H` and crash reports show), at `nice` (CPUStreamsExecutor's
// Config::nice) and pinned to `stream_cpus` (one set per stream, or none).
std::shared_ptr<threading::CPUStreamsExecutor> make_streams_executor(const std::string& device, int streams,
                                                                     int nice = 0,
                                                                     std::vector<std::vector<int>> stream_cpus = {});

}  // namespace ferry::sdk
