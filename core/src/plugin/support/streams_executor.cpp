#include "ferry/plugin/support/streams_executor.hpp"

#include <utility>

namespace ferry::sdk {

std::shared_ptr<threading::CPUStreamsExecutor> make_streams_executor(const std::string& device, int streams, int nice,
                                                                     std::vector<std::vector<int>> stream_cpus) {
  threading::CPUStreamsExecutor::Config config;
  config.name = device + "-stream";
  config.streams = streams;
  config.nice = nice;
  config.stream_cpus = std::move(stream_cpus);
  return std::make_shared<threading::CPUStreamsExecutor>(std::move(config));
}

}  // namespace ferry::sdk
