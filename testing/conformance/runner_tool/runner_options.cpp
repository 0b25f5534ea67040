#include "runner_options.hpp"

#include <filesystem>

#include "ferry/base/exception.hpp"
#include "testing/conformance/suite/device_flags.hpp"

namespace ferry::conformance::runner {
namespace {

// Accepts "--name=value" and "--name value"; advances `i` past a separate value.
bool take(const std::vector<std::string>& args, size_t& i, const std::string& name, std::string& value) {
  const std::string flag = "--" + name;
  const std::string& arg = args[i];
  if (arg.rfind(flag + "=", 0) == 0) {
    value = arg.substr(flag.size() + 1);
    return true;
  }
  if (arg != flag) return false;
  FERRY_ASSERT(i + 1 < args.size(), "conformance runner: ", flag, " needs a value");
  value = args[++i];
  return true;
}

std::string absolute(const std::string& path, const std::string& working_dir) {
  if (path.empty() || path[0] == '/' || working_dir.empty()) return path;
  return working_dir + "/" + path;
}

int parse_timeout(const std::string& text) {
  size_t used = 0;
  int seconds = 0;
  try {
    seconds = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  FERRY_ASSERT(used == text.size() && !text.empty() && seconds > 0,
               "conformance runner: --timeout expects a positive number of seconds, got '", text, "'");
  return seconds;
}

}  // namespace

RunnerOptions parse_runner_options(const std::vector<std::string>& args, const std::string& runner_path,
                                   const std::string& working_dir) {
  RunnerOptions options;
  options.suite = (std::filesystem::path(runner_path).parent_path() / "conformance_suite").string();
  DeviceFlags device_flags;
  std::vector<std::string> other_suite_args;  // forwarded after the device flags, in their order
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (take(args, i, "suite", value)) {
      options.suite = absolute(value, working_dir);
    } else if (take(args, i, "report", value)) {
      options.report_dir = absolute(value, working_dir);
    } else if (take(args, i, "filter", value)) {
      options.filter = value;
    } else if (take(args, i, "skip", value)) {
      options.skip_file = absolute(value, working_dir);
    } else if (take(args, i, "timeout", value)) {
      options.timeout_s = parse_timeout(value);
    } else if (take(args, i, "device", value)) {
      device_flags.device = value;
    } else if (take(args, i, "device_name", value)) {
      device_flags.device_name = value;
    } else if (take(args, i, "plugin", value)) {
      FERRY_ASSERT(!value.empty(), "conformance runner: --plugin is empty");
      device_flags.plugin = absolute(value, working_dir);
    } else if (take(args, i, "plugins_xml", value)) {
      other_suite_args.push_back("--plugins_xml=" + absolute(value, working_dir));
    } else if (take(args, i, "onnx_data", value)) {
      FERRY_ASSERT(!value.empty(), "conformance runner: --onnx_data is empty");
      other_suite_args.push_back("--onnx_data=" + absolute(value, working_dir));
    } else if (args[i] == "--batch_one_models") {
      other_suite_args.push_back(args[i]);
    } else if (take(args, i, "config", value)) {
      FERRY_ASSERT(value.find('=') != std::string::npos && value[0] != '=',
                   "conformance runner: --config expects KEY=VALUE, got '", value, "'");
      other_suite_args.push_back("--config=" + value);
    } else {
      Exception::raise("conformance runner: unexpected argument '", args[i], "'");
    }
  }
  // The suite processes get the device the rule picked, spelled out: they test what the report names.
  const DeviceUnderTest device = resolve_device_under_test(device_flags, "conformance runner");
  options.device = device.device;
  options.suite_args.push_back("--device=" + device.device);
  if (!device_flags.plugin.empty()) {
    options.plugin = device_flags.plugin;
    options.suite_args.push_back("--plugin=" + device_flags.plugin);
    options.suite_args.push_back("--device_name=" + device.register_as);
  }
  options.suite_args.insert(options.suite_args.end(), other_suite_args.begin(), other_suite_args.end());
  return options;
}

std::string runner_usage() {
  return "usage: runner [--device=NAME] [--plugin=LIB [--device_name=NAME]] [--plugins_xml=PATH]\n"
         "              [--config KEY=VALUE]... [--filter=GTEST_FILTER] [--skip=FILE] [--report=DIR]\n"
         "              [--timeout=SECONDS] [--suite=PATH] [--onnx_data=DIR] [--batch_one_models]\n"
         "  --device=NAME            a device the Core knows (default TEMPLATE)\n"
         "  --plugin=LIB             test this library instead: it is registered and tested as\n"
         "    --device_name=NAME     NAME (--device=NAME works too; given both, they must be equal)\n"
         "  --batch_one_models       the suite compiles only models with batch 1 on dim 0 (automatic batching)\n";
}

}  // namespace ferry::conformance::runner
