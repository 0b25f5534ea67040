#pragma once

// What the process holds, read from /proc: resident memory and open file descriptors.

#include <cstddef>
#include <cstdint>
#include <string>

namespace ferry::tools {

// VmRSS of /proc/self/status, in KiB; 0 when it cannot be read.
uint64_t resident_kib();
// Entries of /proc/self/fd, not counting the descriptor that lists them. The two readers never
// run at the same time, so neither counts the other's descriptor.
size_t open_fd_count();
// VmRSS of a /proc/<pid>/status text; 0 when absent. Separate for the unit test.
uint64_t vm_rss_kib_of(const std::string& status_text);

}  // namespace ferry::tools
