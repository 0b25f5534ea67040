#include "offline_compiler.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace ferry::gpu::test {
namespace {

// Half overloads of the built-ins the half-arithmetic kernels call, missing from PoCL's kernel
// library: computed in float, rounded once to half. They are defined under the built-ins' mangled
// names (asm labels), not as overloads: clang declares the built-ins lazily, and a user overload
// named fmax would hide the float ones.
constexpr const char* kHalfBuiltins = R"(#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define FERRY_HALF_UNARY(name, mangled) \
  half ferry_half_##name(half x) __asm__(mangled); \
  half ferry_half_##name(half x) { return (half)name((float)x); }
#define FERRY_HALF_BINARY(name, mangled) \
  half ferry_half_##name(half x, half y) __asm__(mangled); \
  half ferry_half_##name(half x, half y) { return (half)name((float)x, (float)y); }
#define FERRY_HALF_TERNARY(name, mangled) \
  half ferry_half_##name(half x, half y, half z) __asm__(mangled); \
  half ferry_half_##name(half x, half y, half z) { return (half)name((float)x, (float)y, (float)z); }
FERRY_HALF_UNARY(exp, "_Z3expDh")
FERRY_HALF_BINARY(fmax, "_Z4fmaxDhDh")
FERRY_HALF_BINARY(fmin, "_Z4fminDhDh")
FERRY_HALF_TERNARY(fma, "_Z3fmaDhDhDh")
FERRY_HALF_TERNARY(mad, "_Z3madDhDhDh")
)";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> split(const std::string& options) {
  std::istringstream words(options);
  return {std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
}

// Runs `args` with stderr into `log`; the exit status (-1 when it did not start).
int run(const std::vector<std::string>& args, const std::string& log) {
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

const char* offline_clang_path() { return "/usr/bin/clang-15"; }

std::string why_offline_spir_cannot_run(const std::string& platform_name) {
  if (platform_name != "Portable Computing Language")
    return "the offline compiler makes SPIR for PoCL, and the device's platform is " + platform_name;
  if (access(offline_clang_path(), X_OK) != 0) return std::string(offline_clang_path()) + " is not installed";
  return "";
}

std::function<std::string(const std::string&, const std::string&)> clang_fp16_spir_compiler() {
  return [](const std::string& source, const std::string& options) {
    static std::atomic<unsigned> counter{0};
    const char* tmp = std::getenv("TEST_TMPDIR");
    const std::string base = std::string(tmp ? tmp : "/tmp") + "/ferry_offline_" + std::to_string(getpid()) + "_" +
                             std::to_string(counter++);
    const std::string input = base + ".cl", output = base + ".bc", log = base + ".log";
    std::ofstream(input) << kHalfBuiltins << source;
    std::vector<std::string> args{offline_clang_path(),
                                  "-x",
                                  "cl",
                                  "-cl-std=CL1.2",
                                  "-target",
                                  "spir64",
                                  "-Xclang",
                                  "-finclude-default-header",
                                  "-Xclang",
                                  "-cl-ext=+cl_khr_fp16",
                                  "-emit-llvm",
                                  "-c",
                                  "-O2"};
    for (auto& option : split(options)) args.push_back(std::move(option));
    args.insert(args.end(), {input, "-o", output});
    const int status = run(args, log);
    std::string binary = status == 0 ? read_file(output) : std::string();
    const std::string diagnostics = read_file(log);
    std::remove(input.c_str());
    std::remove(output.c_str());
    std::remove(log.c_str());
    if (status != 0 || binary.empty())
      throw std::runtime_error(std::string(offline_clang_path()) + " failed (exit " + std::to_string(status) +
                               ") with options '" + options + "':\n" + diagnostics);
    return binary;
  };
}

}  // namespace ferry::gpu::test
