#include "options.hpp"

#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {

const char* const kUsage =
    "usage: backend_tests --device=NAME [--report=DIR] [--filter=REGEX] [--data=DIR] [--dirs=a,b]\n"
    "       [--jobs=N] [--timeout=SECONDS] [--rtol=R] [--atol=A] [--expected_failures=FILE|none] "
    "[--min_passed=N|FILE]\n"
    "       [--strict] [--update_expected_failures] [--quiet] [--reshape_to_data]\n";

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::istringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

double number(const std::string& flag, const std::string& value) {
  try {
    size_t used = 0;
    const double parsed = std::stod(value, &used);
    if (used == value.size() && parsed >= 0) return parsed;
  } catch (const std::exception&) {
  }
  Exception::raise("--", flag, ": '", value, "' is not a non-negative number");
}

}  // namespace

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    FERRY_ASSERT(argument.rfind("--", 0) == 0, "unexpected argument '", argument, "'");
    const auto equals = argument.find('=');
    const std::string flag = argument.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    const bool has_value = equals != std::string::npos;
    const std::string value = has_value ? argument.substr(equals + 1) : "";
    auto need_value = [&] { FERRY_ASSERT(has_value, "--", flag, " needs a value (--", flag, "=...)"); };
    if (flag == "device") {
      need_value();
      options.device = value;
    } else if (flag == "data") {
      need_value();
      options.data = value;
    } else if (flag == "dirs") {
      need_value();
      options.dirs = split(value, ',');
    } else if (flag == "report") {
      need_value();
      options.report = value;
    } else if (flag == "filter") {
      need_value();
      options.filter = value;
    } else if (flag == "jobs") {
      need_value();
      options.jobs = static_cast<size_t>(number(flag, value));
    } else if (flag == "timeout") {
      need_value();
      options.timeout_s = number(flag, value);
    } else if (flag == "rtol") {
      need_value();
      options.rtol = number(flag, value);
    } else if (flag == "atol") {
      need_value();
      options.atol = number(flag, value);
    } else if (flag == "expected_failures") {
      need_value();
      options.expected_failures = value;
    } else if (flag == "min_passed") {
      need_value();
      options.min_passed = value;
    } else if (flag == "strict" && !has_value)
      options.strict = true;
    else if (flag == "update_expected_failures" && !has_value)
      options.update_expected_failures = true;
    else if (flag == "quiet" && !has_value)
      options.quiet = true;
    else if (flag == "reshape_to_data" && !has_value)
      options.reshape_to_data = true;
    else
      Exception::raise("unknown option '", argument, "'");
  }
  FERRY_ASSERT(!options.device.empty(), "--device is required");
  FERRY_ASSERT(!options.dirs.empty(), "--dirs names no directory");
  FERRY_ASSERT(options.timeout_s > 0, "--timeout must be positive");
  return options;
}

}  // namespace onnx_backend
}  // namespace ferry
