#pragma once

// Programs of one OpenCL context, built once per distinct (source, build options) and shared by
// every compiled model and request of that context. Thread-safe.
//
// Program binaries (CL_PROGRAM_BINARIES) can be read out and given back: an imported blob
// (CACHE_DIR) seeds the cache with them, so a compile_model served from CACHE_DIR in a new process
// builds no program from source.
//
// A ProgramBuildScope on the compiling thread carries compile_model's settings:
// COMPILATION_NUM_THREADS (above 1, get() only creates the program and the scope's finish()
// builds all of them on that many threads) and GPU_ENABLE_LOOP_UNROLLING.

#include <cstddef>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cl_handle.hpp"

namespace ferry::gpu {

// Added to a program's build options when GPU_ENABLE_LOOP_UNROLLING is false.
inline constexpr const char* kNoLoopUnrollingOption = "-D FERRY_LOOP_UNROLLING=0";
// `source` with every `#pragma unroll` hint (with or without a count) turned into `#pragma unroll 1`.
std::string without_loop_unrolling(const std::string& source);

struct ProgramBinary {
  std::string file, options, binary;
};

// Compiles OpenCL C `source` with build `options` into an intermediate binary the driver takes
// through clCreateProgramWithBinary (SPIR for PoCL); throws any std::exception with the
// compiler's output, which get() and build() report as a ferry::Exception naming the program.
// Left empty, the driver compiles the source itself, as it does in the plugin. Tests set
// one to build the kernels with an extension the driver lacks (tests/support/offline_compiler.hpp:
// cl_khr_fp16 on PoCL).
using OfflineCompiler = std::function<std::string(const std::string& source, const std::string& options)>;

class ProgramCache {
 public:
  ProgramCache(ClContext context, cl_device_id device, OfflineCompiler offline = {})
      : m_context(std::move(context)), m_device(device), m_offline(std::move(offline)) {}

  // The program of kernel file `file` (kernel_library.hpp) built with `options` (plus the calling
  // thread's scope's options): from a binary given to add_binaries, else from source on the first
  // request; the same program afterwards. Throws ferry::Exception with the build log.
  ClProgram get(const std::string& file, const std::string& options);
  // Builds `source` (named `what` in errors) without caching it.
  ClProgram build(const std::string& source, const std::string& options, const std::string& what) const;

  // Binaries of every program built so far (keys as get() uses them, scope options included).
  std::vector<ProgramBinary> binaries() const;
  // Binaries get() builds from instead of source (a binary the driver refuses falls back to source).
  void add_binaries(const std::vector<ProgramBinary>& binaries);

  // How many programs this cache has built from source (a second compile of a model adds none).
  size_t build_count() const;
  // How many programs it has made from binaries.
  size_t binary_count() const;

 private:
  friend class ProgramBuildScope;
  using Key = std::pair<std::string, std::string>;
  struct Slot {
    ClProgram program;
    std::shared_future<void> built;  // pending while a scope builds it
  };
  ClProgram from_binary(const ProgramBinary& binary) const;
  // A program of `source` not built yet, and the options its build takes: `options` for source,
  // none for the offline compiler's binary (which applied them).
  ClProgram create(const std::string& source, const std::string& options, const std::string& what,
                   std::string& build_options) const;
  void build_created(cl_program program, const std::string& options, const std::string& what) const;

  ClContext m_context;
  cl_device_id m_device;
  OfflineCompiler m_offline;
  mutable std::mutex m_mutex;
  std::map<Key, Slot> m_programs;
  std::map<Key, std::string> m_binaries;  // from add_binaries, not used yet
  size_t m_builds = 0, m_binary_builds = 0;
};

struct ProgramBuildSettings {
  int threads = 1;             // COMPILATION_NUM_THREADS
  bool loop_unrolling = true;  // GPU_ENABLE_LOOP_UNROLLING
};

// Applies `settings` to the programs `cache` gets on this thread while the scope lives (an inner
// scope takes over until it ends). finish() builds the deferred programs and throws the first build error; the
// destructor finishes what is left, ignoring errors (finish() reports them).
class ProgramBuildScope {
 public:
  ProgramBuildScope(ProgramCache& cache, const ProgramBuildSettings& settings);
  ~ProgramBuildScope();
  ProgramBuildScope(const ProgramBuildScope&) = delete;
  ProgramBuildScope& operator=(const ProgramBuildScope&) = delete;

  void finish();

 private:
  friend class ProgramCache;
  struct Job {
    ClProgram program;
    std::string options, build_options, what;  // options: the cache key's; build_options: clBuildProgram's
    std::promise<void> done;
  };
  ProgramCache& m_cache;
  ProgramBuildSettings m_settings;
  std::vector<Job> m_jobs;
  std::vector<std::shared_future<void>> m_waits;  // pending builds of other scopes this one uses
  ProgramBuildScope* m_outer;                     // the scope this one interrupts, if any
};

}  // namespace ferry::gpu
