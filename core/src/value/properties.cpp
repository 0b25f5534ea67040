#include "ferry/value/properties.hpp"

#include <cctype>
#include <iomanip>
#include <string>
#include <utility>

namespace ferry {
namespace {

// One spelling per enumerator; the first spelling of a value is the one printed.
template <typename E, size_t N>
std::ostream& write_enum(std::ostream& out, E value, const std::pair<E, const char*> (&names)[N]) {
  for (const auto& name : names) {
    if (name.first == value) return out << name.second;
  }
  return out << "<invalid " << static_cast<long long>(value) << ">";
}

// Unknown text sets failbit, so Any reports it as a parse failure naming the text.
template <typename E, size_t N>
std::istream& read_enum(std::istream& in, E& value, const std::pair<E, const char*> (&names)[N]) {
  std::string word;
  if (!(in >> word)) return in;
  for (const auto& name : names) {
    if (word == name.second) {
      value = name.first;
      return in;
    }
  }
  in.setstate(std::ios::failbit);
  return in;
}

constexpr std::pair<CacheMode, const char*> kCacheModes[] = {{CacheMode::OPTIMIZE_SIZE, "OPTIMIZE_SIZE"},
                                                             {CacheMode::OPTIMIZE_SPEED, "OPTIMIZE_SPEED"}};
constexpr std::pair<hint::PerformanceMode, const char*> kPerformanceModes[] = {
    {hint::PerformanceMode::LATENCY, "LATENCY"},
    {hint::PerformanceMode::THROUGHPUT, "THROUGHPUT"},
    {hint::PerformanceMode::CUMULATIVE_THROUGHPUT, "CUMULATIVE_THROUGHPUT"}};
constexpr std::pair<hint::Priority, const char*> kPriorities[] = {
    {hint::Priority::LOW, "LOW"}, {hint::Priority::MEDIUM, "MEDIUM"}, {hint::Priority::HIGH, "HIGH"}};
constexpr std::pair<hint::ExecutionMode, const char*> kExecutionModes[] = {
    {hint::ExecutionMode::PERFORMANCE, "PERFORMANCE"}, {hint::ExecutionMode::ACCURACY, "ACCURACY"}};
constexpr std::pair<hint::SchedulingCoreType, const char*> kSchedulingCoreTypes[] = {
    {hint::SchedulingCoreType::ANY_CORE, "ANY_CORE"},
    {hint::SchedulingCoreType::PCORE_ONLY, "PCORE_ONLY"},
    {hint::SchedulingCoreType::ECORE_ONLY, "ECORE_ONLY"}};
constexpr std::pair<hint::ModelDistributionPolicy, const char*> kModelDistributionPolicies[] = {
    {hint::ModelDistributionPolicy::TENSOR_PARALLEL, "TENSOR_PARALLEL"},
    {hint::ModelDistributionPolicy::PIPELINE_PARALLEL, "PIPELINE_PARALLEL"}};
constexpr std::pair<WorkloadType, const char*> kWorkloadTypes[] = {{WorkloadType::DEFAULT, "DEFAULT"},
                                                                   {WorkloadType::EFFICIENT, "EFFICIENT"}};
constexpr std::pair<log::Level, const char*> kLogLevels[] = {
    {log::Level::NO, "LOG_NONE"},   {log::Level::ERR, "LOG_ERROR"},   {log::Level::WARNING, "LOG_WARNING"},
    {log::Level::INFO, "LOG_INFO"}, {log::Level::DEBUG, "LOG_DEBUG"}, {log::Level::TRACE, "LOG_TRACE"}};
constexpr std::pair<device::Type, const char*> kDeviceTypes[] = {{device::Type::INTEGRATED, "integrated"},
                                                                 {device::Type::DISCRETE, "discrete"},
                                                                 {device::Type::INTEGRATED, "INTEGRATED"},
                                                                 {device::Type::DISCRETE, "DISCRETE"}};

}  // namespace

std::ostream& operator<<(std::ostream& out, CacheMode mode) { return write_enum(out, mode, kCacheModes); }
std::istream& operator>>(std::istream& in, CacheMode& mode) { return read_enum(in, mode, kCacheModes); }
std::ostream& operator<<(std::ostream& out, WorkloadType type) { return write_enum(out, type, kWorkloadTypes); }
std::istream& operator>>(std::istream& in, WorkloadType& type) { return read_enum(in, type, kWorkloadTypes); }

namespace streams {
std::ostream& operator<<(std::ostream& out, const Num& num) {
  if (num.num == AUTO.num) return out << "AUTO";
  if (num.num == NUMA.num) return out << "NUMA";
  return out << num.num;
}

std::istream& operator>>(std::istream& in, Num& num) {
  std::string word;
  if (!(in >> word)) return in;
  if (word == "AUTO") {
    num = AUTO;
  } else if (word == "NUMA") {
    num = NUMA;
  } else {
    // A count: non-negative digits only ("-3", "2x" and "" are not stream numbers).
    bool digits = !word.empty() && word.size() < 10;
    for (const char c : word) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (!digits) {
      in.setstate(std::ios::failbit);
    } else {
      num = Num(std::stoi(word));
    }
  }
  return in;
}
}  // namespace streams

namespace hint {
std::ostream& operator<<(std::ostream& out, PerformanceMode mode) { return write_enum(out, mode, kPerformanceModes); }
std::istream& operator>>(std::istream& in, PerformanceMode& mode) { return read_enum(in, mode, kPerformanceModes); }
std::ostream& operator<<(std::ostream& out, Priority priority) { return write_enum(out, priority, kPriorities); }
std::istream& operator>>(std::istream& in, Priority& priority) { return read_enum(in, priority, kPriorities); }
std::ostream& operator<<(std::ostream& out, ExecutionMode mode) { return write_enum(out, mode, kExecutionModes); }
std::istream& operator>>(std::istream& in, ExecutionMode& mode) { return read_enum(in, mode, kExecutionModes); }
std::ostream& operator<<(std::ostream& out, SchedulingCoreType type) {
  return write_enum(out, type, kSchedulingCoreTypes);
}
std::istream& operator>>(std::istream& in, SchedulingCoreType& type) {
  return read_enum(in, type, kSchedulingCoreTypes);
}
std::ostream& operator<<(std::ostream& out, ModelDistributionPolicy policy) {
  return write_enum(out, policy, kModelDistributionPolicies);
}
std::istream& operator>>(std::istream& in, ModelDistributionPolicy& policy) {
  return read_enum(in, policy, kModelDistributionPolicies);
}
}  // namespace hint

namespace log {
std::ostream& operator<<(std::ostream& out, Level level) { return write_enum(out, level, kLogLevels); }
std::istream& operator>>(std::istream& in, Level& level) { return read_enum(in, level, kLogLevels); }
}  // namespace log

namespace device {
std::ostream& operator<<(std::ostream& out, Type type) { return write_enum(out, type, kDeviceTypes); }
std::istream& operator>>(std::istream& in, Type& type) { return read_enum(in, type, kDeviceTypes); }

std::ostream& operator<<(std::ostream& out, const UUID& uuid) {
  const auto flags = out.flags();
  const auto fill = out.fill();
  for (const uint8_t byte : uuid.uuid) out << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(byte);
  out.flags(flags);
  out.fill(fill);
  return out;
}

std::istream& operator>>(std::istream& in, UUID& uuid) {
  std::string word;
  if (!(in >> word)) return in;
  if (word.size() != 2 * UUID::MAX_UUID_SIZE) {
    in.setstate(std::ios::failbit);
    return in;
  }
  for (size_t i = 0; i < UUID::MAX_UUID_SIZE; ++i) {
    const std::string byte = word.substr(2 * i, 2);
    if (!std::isxdigit(static_cast<unsigned char>(byte[0])) || !std::isxdigit(static_cast<unsigned char>(byte[1]))) {
      in.setstate(std::ios::failbit);
      return in;
    }
    uuid.uuid[i] = static_cast<uint8_t>(std::stoi(byte, nullptr, 16));
  }
  return in;
}
}  // namespace device

}  // namespace ferry
