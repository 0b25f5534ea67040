#include "program_cache.hpp"

#include "cl_error.hpp"
#include "kernel_library.hpp"

namespace ferry::gpu {
namespace {

std::string build_log(cl_program program, cl_device_id device) {
  size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS) return {};
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace

ClProgram ProgramCache::build(const std::string& source, const std::string& options, const std::string& what) const {
  const char* text = source.c_str();
  const size_t length = source.size();
  cl_int status = CL_SUCCESS;
  ClProgram program(clCreateProgramWithSource(m_context.get(), 1, &text, &length, &status));
  cl_check(status, "clCreateProgramWithSource of ", what);
  status = clBuildProgram(program.get(), 1, &m_device, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    Exception::raise("GPU: building OpenCL program ", what, " with options '", options,
                     "' failed: ", cl_error_text(status), "\nbuild log:\n", build_log(program.get(), m_device));
  }
  return program;
}

ClProgram ProgramCache::get(const std::string& file, const std::string& options) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& slot = m_programs[{file, options}];
  if (!slot) {
    slot = build(kernel_source(file), options, file);
    ++m_builds;
  }
  return slot;
}

size_t ProgramCache::build_count() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_builds;
}

}  // namespace ferry::gpu
