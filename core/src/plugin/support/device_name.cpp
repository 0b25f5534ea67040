#include "ferry/plugin/support/device_name.hpp"

#include <cctype>

#include "ferry/base/exception.hpp"

namespace ferry::sdk {
namespace {

bool is_valid_base(const std::string& base) {
  if (base.empty()) return false;
  for (char c : base)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

std::vector<std::string> split_targets(const std::string& list, const std::string& whole) {
  std::vector<std::string> targets;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    FERRY_ASSERT(!item.empty(), "device name '", whole, "': empty device in the list");
    DeviceName::parse(item);  // validates
    targets.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return targets;
}

}  // namespace

DeviceName DeviceName::parse(const std::string& name) {
  FERRY_ASSERT(!name.empty(), "empty device name");
  DeviceName result;
  const size_t colon = name.find(':');
  if (colon != std::string::npos) {
    result.base = name.substr(0, colon);
    FERRY_ASSERT(is_valid_base(result.base), "device name '", name, "': bad virtual device '", result.base, "'");
    std::string rest = name.substr(colon + 1);
    FERRY_ASSERT(!rest.empty(), "device name '", name, "': no devices after ':'");
    if (result.base == "BATCH" && rest.back() == ')') {
      const size_t open = rest.rfind('(');
      FERRY_ASSERT(open != std::string::npos && open > 0, "device name '", name, "': expected BATCH:DEVICE(N)");
      const std::string count = rest.substr(open + 1, rest.size() - open - 2);
      FERRY_ASSERT(!count.empty() && count.size() < 8 && count.find_first_not_of("0123456789") == std::string::npos,
                   "device name '", name, "': batch size '", count, "' is not a positive number");
      result.batch = std::stoi(count);
      FERRY_ASSERT(result.batch > 0, "device name '", name, "': batch size must be positive");
      rest = rest.substr(0, open);
    }
    result.targets = split_targets(rest, name);
    FERRY_ASSERT(result.base != "BATCH" || result.targets.size() == 1, "device name '", name,
                 "': BATCH takes exactly one device");
    return result;
  }
  const size_t dot = name.find('.');
  result.base = name.substr(0, dot);
  FERRY_ASSERT(is_valid_base(result.base), "device name '", name, "' is malformed");
  if (dot != std::string::npos) {
    result.id = name.substr(dot + 1);
    bool ok = !result.id.empty() && result.id.front() != '.' && result.id.back() != '.';
    for (char c : result.id) ok = ok && (std::isdigit(static_cast<unsigned char>(c)) || c == '.');
    FERRY_ASSERT(ok, "device name '", name, "': instance '", result.id,
                 "' must be numbers separated by dots (GPU.1, GPU.1.0)");
  }
  return result;
}

DeviceName DeviceName::from_priorities(const std::string& virtual_base, const std::string& priorities) {
  FERRY_ASSERT(!priorities.empty(), "device '", virtual_base, "': no devices given (DEVICE_PRIORITIES is empty)");
  return parse(virtual_base + ":" + priorities);
}

std::string DeviceName::full_name() const {
  if (is_virtual()) {
    std::string out = base + ":";
    for (size_t i = 0; i < targets.size(); ++i) out += (i ? "," : "") + targets[i];
    if (batch > 0) out += "(" + std::to_string(batch) + ")";
    return out;
  }
  return id.empty() ? base : base + "." + id;
}

}  // namespace ferry::sdk
