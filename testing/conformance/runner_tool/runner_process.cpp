#include "runner_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "ferry/base/exception.hpp"

namespace ferry::conformance::runner {

ProcessResult run_isolated(const std::vector<std::string>& args, const std::string& log, int timeout_s) {
  FERRY_ASSERT(!args.empty(), "run_isolated: no program");
  // Prepared before fork: the child only calls async-signal-safe functions.
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  FERRY_ASSERT(out >= 0, "cannot write log '", log, "': ", std::strerror(errno));

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out);
    Exception::raise("cannot start '", args[0], "': ", std::strerror(errno));
  }
  if (pid == 0) {
    setpgid(0, 0);  // its own group: a timeout kills the threads' helpers and children too
    dup2(out, 1);
    dup2(out, 2);
    execv(argv[0], argv.data());
    const char message[] = "conformance runner: execv failed\n";
    (void)!write(2, message, sizeof(message) - 1);
    _exit(127);
  }
  close(out);
  setpgid(pid, pid);  // also here: no race with the child's own call

  ProcessResult result;
  const auto deadline = start + std::chrono::seconds(timeout_s);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result.timed_out) {
    if (WIFSIGNALED(status))
      result.signal = WTERMSIG(status);
    else
      result.exit_code = WEXITSTATUS(status);
  }
  return result;
}

std::vector<std::string> parse_test_list(const std::string& text) {
  std::vector<std::string> tests;
  std::istringstream lines(text);
  std::string line, suite;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '[') continue;
    if (line[0] != ' ') {
      // Suite lines end with '.'; anything else (the suite's own banner) is not a suite.
      const std::string name = line.substr(0, line.find_first_of(" #"));
      suite = !name.empty() && name.back() == '.' ? name : std::string();
    } else if (!suite.empty()) {
      const auto begin = line.find_first_not_of(' ');
      if (begin == std::string::npos) continue;
      tests.push_back(suite + line.substr(begin, line.find_first_of(" #", begin) - begin));
    }
  }
  return tests;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace ferry::conformance::runner
