#include "isolated_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kStderrTail = 4096;

struct Child {
  size_t index = 0;
  pid_t pid = -1;
  int result_fd = -1;
  int stderr_fd = -1;
  std::string result_text;
  std::string stderr_text;
  Clock::time_point started;
  bool timed_out = false;
};

void write_all(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// Reads what is there without blocking; false at end of file.
bool drain(int fd, std::string& into, size_t keep_last = 0) {
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n > 0) {
      into.append(buffer, static_cast<size_t>(n));
      if (keep_last && into.size() > 2 * keep_last) into.erase(0, into.size() - keep_last);
      continue;
    }
    return n < 0;  // EAGAIN: more may come; 0: the child closed its end
  }
}

[[noreturn]] void child_main(const BackendCase& backend_case, const CaseBody& body, int result_fd, int stderr_fd) {
  ::dup2(stderr_fd, STDERR_FILENO);
  ::dup2(stderr_fd, STDOUT_FILENO);  // plugins' prints must not interleave with the parent's
  ::close(stderr_fd);
  CaseResult result;
  try {
    result = body(backend_case);
  } catch (const std::exception& error) {
    result = classify_error(Stage::done, std::string("uncaught exception: ") + error.what());
  }
  write_all(result_fd, serialize_result(result));
  ::close(result_fd);
  ::_exit(0);  // no static destructors of state the parent built
}

Child spawn(size_t index, const BackendCase& backend_case, const CaseBody& body) {
  int result_pipe[2], stderr_pipe[2];
  FERRY_ASSERT(::pipe(result_pipe) == 0 && ::pipe(stderr_pipe) == 0, "pipe() failed: ", std::strerror(errno));
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  FERRY_ASSERT(pid >= 0, "fork() failed: ", std::strerror(errno));
  if (pid == 0) {
    ::close(result_pipe[0]);
    ::close(stderr_pipe[0]);
    child_main(backend_case, body, result_pipe[1], stderr_pipe[1]);
  }
  ::close(result_pipe[1]);
  ::close(stderr_pipe[1]);
  for (const int fd : {result_pipe[0], stderr_pipe[0]}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  Child child;
  child.index = index;
  child.pid = pid;
  child.result_fd = result_pipe[0];
  child.stderr_fd = stderr_pipe[0];
  child.started = Clock::now();
  return child;
}

CaseResult finish(Child& child, int wait_status, double timeout_s) {
  // The child is gone: its write ends are closed, so these reads end.
  // (bounded: a grandchild that kept a write end open must not hang the run).
  for (int i = 0; i < 100 && drain(child.result_fd, child.result_text); ++i) {
  }
  for (int i = 0; i < 100 && drain(child.stderr_fd, child.stderr_text, kStderrTail); ++i) {
  }
  ::close(child.result_fd);
  ::close(child.stderr_fd);
  CaseResult result;
  if (child.timed_out) {
    result.status = Status::crashed;
    std::ostringstream message;
    message << "timed out after " << timeout_s << " s";
    result.message = message.str();
    return result;
  }
  if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0 && parse_result(child.result_text, result)) return result;
  result = CaseResult();
  result.status = Status::crashed;
  result.message = describe_exit(wait_status, child.stderr_text);
  return result;
}

}  // namespace

std::string serialize_result(const CaseResult& result) {
  std::ostringstream text;
  text << static_cast<int>(result.status) << " " << static_cast<int>(result.stage) << " " << result.data_sets << "\n"
       << result.message;
  return text.str();
}

bool parse_result(const std::string& text, CaseResult& result) {
  const auto newline = text.find('\n');
  if (newline == std::string::npos) return false;
  std::istringstream head(text.substr(0, newline));
  int status = -1, stage = -1;
  size_t data_sets = 0;
  if (!(head >> status >> stage >> data_sets)) return false;
  if (status < 0 || status > static_cast<int>(Status::crashed) || stage < 0 || stage > static_cast<int>(Stage::done))
    return false;
  result.status = static_cast<Status>(status);
  result.stage = static_cast<Stage>(stage);
  result.data_sets = data_sets;
  result.message = text.substr(newline + 1);
  return true;
}

std::string describe_exit(int wait_status, const std::string& stderr_tail) {
  std::ostringstream text;
  if (WIFSIGNALED(wait_status)) {
    const int signal = WTERMSIG(wait_status);
    text << "killed by signal " << signal << " (" << ::strsignal(signal) << ")";
  } else if (WIFEXITED(wait_status)) {
    text << "exited with status " << WEXITSTATUS(wait_status) << " without a result";
  } else {
    text << "ended with wait status " << wait_status;
  }
  // The last non-empty line the child wrote: an assertion or sanitizer headline, usually.
  auto end = stderr_tail.find_last_not_of("\n\r ");
  if (end != std::string::npos) {
    const auto begin = stderr_tail.rfind('\n', end);
    text << ": "
         << stderr_tail.substr(begin == std::string::npos ? 0 : begin + 1,
                               end - (begin == std::string::npos ? 0 : begin + 1) + 1);
  }
  return text.str();
}

std::vector<CaseResult> run_isolated(const std::vector<BackendCase>& cases, const RunSettings& settings,
                                     const CaseBody& body, const OnResult& on_result) {
  std::vector<CaseResult> results(cases.size());
  std::vector<Child> running;
  size_t next = 0;
  const size_t jobs = settings.jobs ? settings.jobs : 1;
  while (next < cases.size() || !running.empty()) {
    while (next < cases.size() && running.size() < jobs) {
      running.push_back(spawn(next, cases[next], body));
      ++next;
    }
    std::vector<pollfd> fds;
    for (const auto& child : running) {
      fds.push_back({child.result_fd, POLLIN, 0});
      fds.push_back({child.stderr_fd, POLLIN, 0});
    }
    ::poll(fds.data(), fds.size(), 20);
    for (auto it = running.begin(); it != running.end();) {
      drain(it->result_fd, it->result_text);
      drain(it->stderr_fd, it->stderr_text, kStderrTail);
      int wait_status = 0;
      const pid_t done = ::waitpid(it->pid, &wait_status, WNOHANG);
      if (done == 0) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - it->started).count();
        if (!it->timed_out && elapsed > settings.timeout_s) {
          it->timed_out = true;
          ::kill(it->pid, SIGKILL);
        }
        ++it;
        continue;
      }
      results[it->index] = finish(*it, wait_status, settings.timeout_s);
      if (on_result) on_result(it->index, results[it->index]);
      it = running.erase(it);
    }
  }
  return results;
}

}  // namespace onnx_backend
}  // namespace ferry
