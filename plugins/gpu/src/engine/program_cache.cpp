#include "program_cache.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <regex>
#include <thread>

#include "cl_error.hpp"
#include "kernel_library.hpp"

namespace ferry::gpu {
namespace {

// The scope of the compile running on this thread (ProgramBuildScope), if any.
thread_local ProgramBuildScope* t_scope = nullptr;

std::string build_log(cl_program program, cl_device_id device) {
  size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS) return {};
  std::string log(size, '\0');
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

std::string program_binary(cl_program program) {
  size_t size = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr) != CL_SUCCESS || size == 0)
    return {};
  std::string binary(size, '\0');
  unsigned char* data = reinterpret_cast<unsigned char*>(binary.data());
  if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(data), &data, nullptr) != CL_SUCCESS) return {};
  return binary;
}

}  // namespace

std::string without_loop_unrolling(const std::string& source) {
  static const std::regex hint(R"(#[ \t]*pragma[ \t]+unroll\b[^\n]*)");
  return std::regex_replace(source, hint, "#pragma unroll 1");
}

void ProgramCache::build_created(cl_program program, const std::string& options, const std::string& what) const {
  const cl_int status = clBuildProgram(program, 1, &m_device, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    Exception::raise("GPU: building OpenCL program ", what, " with options '", options,
                     "' failed: ", cl_error_text(status), "\nbuild log:\n", build_log(program, m_device));
  }
}

ClProgram ProgramCache::create(const std::string& source, const std::string& options, const std::string& what,
                               std::string& build_options) const {
  cl_int status = CL_SUCCESS;
  if (m_offline) {
    std::string binary;
    try {
      binary = m_offline(source, options);
    } catch (const std::exception& error) {
      Exception::raise("GPU: compiling OpenCL program ", what, " with options '", options,
                       "' offline failed: ", error.what());
    }
    const auto* data = reinterpret_cast<const unsigned char*>(binary.data());
    const size_t length = binary.size();
    cl_int binary_status = CL_SUCCESS;
    ClProgram program(
        clCreateProgramWithBinary(m_context.get(), 1, &m_device, &length, &data, &binary_status, &status));
    cl_check(status, "clCreateProgramWithBinary of ", what, " (offline compiled)");
    cl_check(binary_status, "the offline compiled binary of ", what);
    build_options.clear();
    return program;
  }
  const char* text = source.c_str();
  const size_t length = source.size();
  ClProgram program(clCreateProgramWithSource(m_context.get(), 1, &text, &length, &status));
  cl_check(status, "clCreateProgramWithSource of ", what);
  build_options = options;
  return program;
}

ClProgram ProgramCache::build(const std::string& source, const std::string& options, const std::string& what) const {
  std::string build_options;
  ClProgram program = create(source, options, what, build_options);
  build_created(program.get(), build_options, what);
  return program;
}

ClProgram ProgramCache::from_binary(const ProgramBinary& binary) const {
  const auto* data = reinterpret_cast<const unsigned char*>(binary.binary.data());
  const size_t length = binary.binary.size();
  cl_int binary_status = CL_SUCCESS, status = CL_SUCCESS;
  ClProgram program(clCreateProgramWithBinary(m_context.get(), 1, &m_device, &length, &data, &binary_status, &status));
  cl_check(status, "clCreateProgramWithBinary of ", binary.file);
  cl_check(binary_status, "the binary of ", binary.file);
  build_created(program.get(), binary.options, binary.file + " (binary)");
  return program;
}

ClProgram ProgramCache::get(const std::string& file, const std::string& options) {
  ProgramBuildScope* scope = t_scope && &t_scope->m_cache == this ? t_scope : nullptr;
  const bool unroll = !scope || scope->m_settings.loop_unrolling;
  const Key key{file, unroll ? options : options + (options.empty() ? "" : " ") + kNoLoopUnrollingOption};

  std::unique_lock<std::mutex> lock(m_mutex);
  if (const auto found = m_programs.find(key); found != m_programs.end()) {
    const Slot slot = found->second;
    lock.unlock();
    if (slot.built.valid()) {
      if (scope) {
        scope->m_waits.push_back(slot.built);  // another scope builds it: this one's finish() waits
      } else {
        slot.built.get();  // rethrows that build's error
      }
    }
    return slot.program;
  }
  if (const auto binary = m_binaries.find(key); binary != m_binaries.end()) {
    try {
      ClProgram program = from_binary({file, key.second, binary->second});
      m_programs[key].program = program;
      ++m_binary_builds;
      return program;
    } catch (const Exception&) {
      m_binaries.erase(binary);  // a binary this driver refuses: build from source below
    }
  }
  const std::string source = unroll ? kernel_source(file) : without_loop_unrolling(kernel_source(file));
  if (!scope || scope->m_settings.threads <= 1) {
    ClProgram program = build(source, key.second, file);
    m_programs[key].program = program;
    ++m_builds;
    return program;
  }
  // Deferred: created now, built by the scope's finish() with the others.
  std::string build_options;
  ClProgram program = create(source, key.second, file, build_options);
  ProgramBuildScope::Job job{program, key.second, build_options, file, {}};
  Slot& slot = m_programs[key];
  slot.program = program;
  slot.built = job.done.get_future().share();
  scope->m_jobs.push_back(std::move(job));
  ++m_builds;
  return program;
}

std::vector<ProgramBinary> ProgramCache::binaries() const {
  std::vector<std::pair<Key, ClProgram>> ready;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto& [key, slot] : m_programs)
      if (!slot.built.valid() || slot.built.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        ready.emplace_back(key, slot.program);
  }
  std::vector<ProgramBinary> result;
  for (const auto& [key, program] : ready) {
    std::string binary = program_binary(program.get());
    if (!binary.empty()) result.push_back({key.first, key.second, std::move(binary)});
  }
  return result;
}

void ProgramCache::add_binaries(const std::vector<ProgramBinary>& binaries) {
  std::lock_guard<std::mutex> lock(m_mutex);
  for (const auto& binary : binaries)
    if (!m_programs.count({binary.file, binary.options})) m_binaries[{binary.file, binary.options}] = binary.binary;
}

size_t ProgramCache::build_count() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_builds;
}

size_t ProgramCache::binary_count() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_binary_builds;
}

ProgramBuildScope::ProgramBuildScope(ProgramCache& cache, const ProgramBuildSettings& settings)
    : m_cache(cache), m_settings(settings), m_outer(t_scope) {
  t_scope = this;
}

ProgramBuildScope::~ProgramBuildScope() {
  try {
    finish();
  } catch (const std::exception&) {
  }
  t_scope = m_outer;
}

void ProgramBuildScope::finish() {
  std::vector<Job> jobs = std::move(m_jobs);
  m_jobs.clear();
  std::vector<std::exception_ptr> errors(jobs.size());
  std::atomic<size_t> next{0};
  const auto work = [&] {
    for (size_t i = next++; i < jobs.size(); i = next++) {
      try {
        m_cache.build_created(jobs[i].program.get(), jobs[i].build_options, jobs[i].what);
        jobs[i].done.set_value();
      } catch (...) {
        errors[i] = std::current_exception();
        {
          // A failed program leaves the cache: a later compile tries again and reports its own error.
          std::lock_guard<std::mutex> lock(m_cache.m_mutex);
          m_cache.m_programs.erase({jobs[i].what, jobs[i].options});
        }
        jobs[i].done.set_exception(errors[i]);
      }
    }
  };
  const size_t helpers = std::min<size_t>(std::max(1, m_settings.threads), jobs.size());
  std::vector<std::thread> threads;
  for (size_t t = 1; t < helpers; ++t) threads.emplace_back(work);
  work();
  for (auto& thread : threads) thread.join();
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
  std::vector<std::shared_future<void>> waits = std::move(m_waits);
  m_waits.clear();
  for (const auto& wait : waits) wait.get();
}

}  // namespace ferry::gpu
