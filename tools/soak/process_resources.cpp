#include "process_resources.hpp"

#include <dirent.h>

#include <fstream>
#include <mutex>
#include <sstream>

namespace ferry::tools {
namespace {

// The readers open descriptors of their own (/proc/self/status, /proc/self/fd): one at a time, so
// the busy-time sampler's never shows in a quiet-point count (seen: a count of 4 for 3).
std::mutex g_proc_reads;

}  // namespace

uint64_t vm_rss_kib_of(const std::string& status_text) {
  std::istringstream lines(status_text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("VmRSS:", 0) != 0) continue;
    std::istringstream fields(line.substr(6));
    uint64_t kib = 0;
    fields >> kib;  // "VmRSS:     123456 kB"
    return kib;
  }
  return 0;
}

uint64_t resident_kib() {
  std::lock_guard<std::mutex> lock(g_proc_reads);
  std::ifstream status("/proc/self/status");
  std::stringstream text;
  text << status.rdbuf();
  return vm_rss_kib_of(text.str());
}

size_t open_fd_count() {
  std::lock_guard<std::mutex> lock(g_proc_reads);
  DIR* dir = opendir("/proc/self/fd");
  if (!dir) return 0;
  size_t count = 0;
  while (const dirent* entry = readdir(dir))
    if (entry->d_name[0] != '.') ++count;
  closedir(dir);
  return count > 0 ? count - 1 : 0;  // opendir's own descriptor is listed too
}

}  // namespace ferry::tools
