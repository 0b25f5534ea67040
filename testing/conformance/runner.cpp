// The conformance runner: runs every test of the suite binary in its own process, so a crash or
// a hang is recorded against that test (crashed / timed out) instead of ending the run. Prints a
// per-category summary and writes report.xml (JUnit) and report.md. See docs/CONFORMANCE.md.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Outcome {
  std::string test, status, detail;  // status: passed, failed, skipped, crashed, timed out
  double seconds = 0;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs argv with stdout+stderr to `log`; returns the wait status, or -1 when it timed out.
int run(const std::vector<std::string>& args, const std::string& log, int timeout_s) {
  const pid_t pid = fork();
  if (pid == 0) {
    freopen(log.c_str(), "w", stdout);
    dup2(fileno(stdout), 2);
    std::vector<char*> argv;
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    std::perror("execv");
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return status;
}

// "Suite.\n  Test1\n  Test2 # GetParam..." -> {"Suite.Test1", "Suite.Test2"}
std::vector<std::string> parse_test_list(const std::string& text) {
  std::vector<std::string> tests;
  std::istringstream lines(text);
  std::string line, suite;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '[') continue;
    if (line[0] != ' ') {
      suite = line.substr(0, line.find_first_of(" #"));
    } else {
      const auto begin = line.find_first_not_of(' ');
      tests.push_back(suite + line.substr(begin, line.find_first_of(" #", begin) - begin));
    }
  }
  return tests;
}

// The skip message GoogleTest printed ("...: Skipped\n<reason>\n[  SKIPPED ]").
std::string skip_reason(const std::string& log) {
  const auto at = log.find("Skipped\n");
  if (at == std::string::npos) return "no reason given";
  const auto begin = at + 8, end = log.find("\n[", begin);
  return log.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';
    else out += c;
  }
  return out;
}

std::string one_line(std::string text) {
  for (char& c : text) if (c == '\n' || c == '|') c = ' ';
  return text.size() > 200 ? text.substr(0, 200) + "..." : text;
}

std::string absolute(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");  // set by `bazel run`
  if (path.empty() || path[0] == '/' || !cwd) return path;
  return std::string(cwd) + "/" + path;
}

}  // namespace

int main(int argc, char** argv) {
  std::string suite = (std::filesystem::path(argv[0]).parent_path() / "conformance_suite").string();
  std::string report_dir, filter, device = "TEMPLATE";
  int timeout_s = 120;
  std::vector<std::string> forwarded;  // the suite's own flags
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value_of = [&](const std::string& flag) { return arg.substr(flag.size() + 1); };
    if (arg.rfind("--suite=", 0) == 0) suite = absolute(value_of("--suite"));
    else if (arg.rfind("--report=", 0) == 0) report_dir = absolute(value_of("--report"));
    else if (arg.rfind("--filter=", 0) == 0) filter = value_of("--filter");
    else if (arg.rfind("--timeout=", 0) == 0) timeout_s = std::atoi(value_of("--timeout").c_str());
    else if (arg == "--config" && i + 1 < argc) forwarded.push_back("--config=" + std::string(argv[++i]));
    else if (arg.rfind("--plugin=", 0) == 0) forwarded.push_back("--plugin=" + absolute(value_of("--plugin")));
    else if (arg.rfind("--plugins_xml=", 0) == 0) forwarded.push_back("--plugins_xml=" + absolute(value_of("--plugins_xml")));
    else if (arg.rfind("--", 0) == 0) {
      if (arg.rfind("--device=", 0) == 0) device = value_of("--device");
      forwarded.push_back(arg);  // --device, --device_name, --config=K=V
    } else {
      std::cerr << "unexpected argument '" << arg << "'\n";
      return 2;
    }
  }
  if (timeout_s <= 0) timeout_s = 120;
  const std::string work = report_dir.empty() ? std::filesystem::temp_directory_path().string() + "/ferry_conformance_" + std::to_string(getpid()) : report_dir;
  std::filesystem::create_directories(work + "/logs");

  std::vector<std::string> list_args = {suite};
  list_args.insert(list_args.end(), forwarded.begin(), forwarded.end());
  list_args.push_back("--gtest_list_tests");
  if (!filter.empty()) list_args.push_back("--gtest_filter=" + filter);
  const int listed = run(list_args, work + "/logs/list.txt", 60);
  const std::string list_text = read_file(work + "/logs/list.txt");
  if (listed < 0 || !WIFEXITED(listed) || WEXITSTATUS(listed) != 0) {
    std::cerr << "cannot list the tests of " << suite << ":\n" << list_text;
    return 2;
  }
  const auto tests = parse_test_list(list_text);

  std::vector<Outcome> outcomes;
  for (const auto& test : tests) {
    std::vector<std::string> args = {suite};
    args.insert(args.end(), forwarded.begin(), forwarded.end());
    args.push_back("--gtest_filter=" + test);
    const std::string log = work + "/logs/" + test + ".log";
    const auto start = std::chrono::steady_clock::now();
    const int status = run(args, log, timeout_s);
    Outcome outcome{test, "", "", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
    const std::string text = read_file(log);
    if (status < 0) {
      outcome.status = "timed out";
      outcome.detail = "killed after " + std::to_string(timeout_s) + " s";
    } else if (WIFSIGNALED(status)) {
      outcome.status = "crashed";
      outcome.detail = std::string("signal ") + strsignal(WTERMSIG(status));
    } else if (WEXITSTATUS(status) == 0 && text.find("[  SKIPPED ]") != std::string::npos) {
      outcome.status = "skipped";
      outcome.detail = skip_reason(text);
    } else if (WEXITSTATUS(status) == 0 && text.find("[  PASSED  ] 1 test") != std::string::npos) {
      outcome.status = "passed";
    } else if (WEXITSTATUS(status) == 1 && text.find("[  FAILED  ]") != std::string::npos) {
      outcome.status = "failed";
      outcome.detail = text;
    } else {
      outcome.status = "crashed";
      outcome.detail = "exit status " + std::to_string(WEXITSTATUS(status)) + " without a GoogleTest result";
    }
    std::cout << std::left << std::setw(10) << outcome.status << " " << test
              << (outcome.status == "skipped" ? " (" + one_line(outcome.detail) + ")" : "") << std::endl;
    outcomes.push_back(outcome);
  }

  // Per-category summary: the category is the test suite name (Plugin, InferRequest...).
  const std::vector<std::string> kinds = {"passed", "failed", "skipped", "crashed", "timed out"};
  std::map<std::string, std::map<std::string, int>> counts;
  for (const auto& o : outcomes) ++counts[o.test.substr(0, o.test.find('.'))][o.status];
  std::ostringstream table;
  table << "| category | passed | failed | skipped | crashed | timed out | pass rate |\n|---|---|---|---|---|---|---|\n";
  std::map<std::string, int> total;
  auto row = [&](const std::string& name, std::map<std::string, int>& c) {
    int all = 0;
    table << "| " << name;
    for (const auto& k : kinds) table << " | " << c[k], all += c[k];
    const int ran = all - c["skipped"];
    table << " | " << (ran ? std::to_string(100 * c["passed"] / ran) + "%" : "n/a") << " |\n";
  };
  for (auto& [category, c] : counts) {
    row(category, c);
    for (const auto& k : kinds) total[k] += c[k];
  }
  row("**total**", total);
  std::cout << "\nFerry conformance, device " << device << "\n" << table.str();

  std::ofstream md(work + "/report.md");
  md << "# Ferry conformance: " << device << "\n\n" << table.str() << "\n## Not passed\n\n";
  for (const auto& o : outcomes)
    if (o.status != "passed") md << "- `" << o.test << "`: " << o.status << ": " << one_line(o.detail) << "\n";
  std::ofstream xml(work + "/report.xml");
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ferry_conformance\">\n";
  for (auto& [category, c] : counts) {
    xml << "  <testsuite name=\"" << xml_escape(category) << "\" tests=\"" << (c["passed"] + c["failed"] + c["skipped"] + c["crashed"] + c["timed out"])
        << "\" failures=\"" << c["failed"] << "\" errors=\"" << (c["crashed"] + c["timed out"]) << "\" skipped=\"" << c["skipped"] << "\">\n";
    for (const auto& o : outcomes) {
      if (o.test.substr(0, o.test.find('.')) != category) continue;
      xml << "    <testcase classname=\"" << xml_escape(category) << "\" name=\"" << xml_escape(o.test.substr(o.test.find('.') + 1))
          << "\" time=\"" << o.seconds << "\">";
      if (o.status == "failed") xml << "<failure message=\"failed\">" << xml_escape(o.detail) << "</failure>";
      else if (o.status == "skipped") xml << "<skipped message=\"" << xml_escape(one_line(o.detail)) << "\"/>";
      else if (o.status != "passed") xml << "<error message=\"" << o.status << "\">" << xml_escape(o.detail) << "</error>";
      xml << "</testcase>\n";
    }
    xml << "  </testsuite>\n";
  }
  xml << "</testsuites>\n";
  std::cout << "report: " << work << "/report.md, " << work << "/report.xml, logs in " << work << "/logs\n";
  return total["failed"] + total["crashed"] + total["timed out"] == 0 ? 0 : 1;
}
