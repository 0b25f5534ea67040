#pragma once

// Programs of one OpenCL context, built once per distinct (source, build options) and shared by
// every compiled model and request of that context. Thread-safe.

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "cl_handle.hpp"

namespace ferry::gpu {

class ProgramCache {
 public:
  ProgramCache(ClContext context, cl_device_id device) : m_context(std::move(context)), m_device(device) {}

  // The program of kernel file `file` (kernel_library.hpp) built with `options`: built on the
  // first request, the same program afterwards. Throws ferry::Exception with the build log.
  ClProgram get(const std::string& file, const std::string& options);
  // Builds `source` (named `what` in errors) without caching it.
  ClProgram build(const std::string& source, const std::string& options, const std::string& what) const;

  // How many programs this cache has built (a second compile of a model adds none).
  size_t build_count() const;

 private:
  ClContext m_context;
  cl_device_id m_device;
  mutable std::mutex m_mutex;
  std::map<std::pair<std::string, std::string>, ClProgram> m_programs;
  size_t m_builds = 0;
};

}  // namespace ferry::gpu
