#include "kernel_library.hpp"

#include <mutex>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {
namespace {

const std::string& embedded(const std::string& file) {
  const auto& sources = embedded_kernel_sources();
  const auto found = sources.find(file);
  FERRY_ASSERT(found != sources.end(), "GPU: no embedded OpenCL source '", file, "'");
  return found->second;
}

// Replaces each line `#include "name.cl"` by that embedded file (once per file: a file included
// twice is kept the first time only), so kernels share helpers without a file system.
void expand(const std::string& file, std::set<std::string>& included, std::ostringstream& out) {
  if (!included.insert(file).second) return;
  std::istringstream lines(embedded(file));
  std::string line;
  while (std::getline(lines, line)) {
    const std::string directive = "#include \"";
    if (line.rfind(directive, 0) == 0 && line.size() > directive.size() + 1 && line.back() == '"') {
      expand(line.substr(directive.size(), line.size() - directive.size() - 1), included, out);
    } else {
      out << line << '\n';
    }
  }
}

}  // namespace

const std::string& kernel_source(const std::string& file) {
  static std::mutex mutex;
  static std::map<std::string, std::string> expanded;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = expanded.find(file);
  if (found == expanded.end()) {
    std::set<std::string> included;
    std::ostringstream out;
    expand(file, included, out);
    found = expanded.emplace(file, out.str()).first;
  }
  return found->second;
}

}  // namespace ferry::gpu
