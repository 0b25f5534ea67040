#include "options.hpp"

#include <cstdlib>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::conformance {
namespace {

// "--name=value" or "--name value": the value, advancing `i` past a separate value.
bool take_flag(const std::string& name, int& i, int argc, char** argv, std::string& value) {
  const std::string arg = argv[i];
  const std::string prefix = "--" + name;
  if (arg.rfind(prefix + "=", 0) == 0) {
    value = arg.substr(prefix.size() + 1);
    return true;
  }
  if (arg == prefix) {
    FERRY_ASSERT(i + 1 < argc, "conformance: flag ", prefix, " needs a value");
    value = argv[++i];
    return true;
  }
  return false;
}

void add_config(const std::string& entry) {
  const auto eq = entry.find('=');
  FERRY_ASSERT(eq != std::string::npos && eq > 0, "conformance: --config expects KEY=VALUE, got '", entry, "'");
  options().config[entry.substr(0, eq)] = Any(entry.substr(eq + 1));
}

}  // namespace

Options& options() {
  static Options instance;
  return instance;
}

void parse_options(int& argc, char** argv) {
  Options& opts = options();
  DeviceFlags flags;
  if (const char* device = std::getenv("FERRY_CONFORMANCE_DEVICE")) {
    flags.device = device;
    flags.device_flag = "$FERRY_CONFORMANCE_DEVICE";
  }
  if (const char* plugin = std::getenv("FERRY_CONFORMANCE_PLUGIN")) flags.plugin = plugin;
  std::vector<char*> kept = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    std::string value;
    if (take_flag("device", i, argc, argv, value)) {
      flags.device = value;
      flags.device_flag = "--device";
    } else if (take_flag("plugin", i, argc, argv, value)) {
      flags.plugin = value;
    } else if (take_flag("device_name", i, argc, argv, value)) {
      flags.device_name = value;
    } else if (take_flag("plugins_xml", i, argc, argv, value)) {
      opts.plugins_xml = value;
    } else if (take_flag("config", i, argc, argv, value)) {
      add_config(value);
    } else if (std::string(argv[i]) == "--batch_one_models") {
      opts.batch_one_models = true;
    } else if (take_flag("onnx_data", i, argc, argv, value)) {
      FERRY_ASSERT(!value.empty(), "conformance: --onnx_data is empty");
      opts.onnx_data = value;
    } else {
      kept.push_back(argv[i]);
    }
  }
  const DeviceUnderTest device = resolve_device_under_test(flags, "conformance");
  opts.device = device.device;
  opts.plugin = flags.plugin;
  opts.device_name = device.register_as;
  for (size_t i = 0; i < kept.size(); ++i) argv[i] = kept[i];
  argc = static_cast<int>(kept.size());
  argv[argc] = nullptr;
}

std::string describe_options() {
  const Options& opts = options();
  std::ostringstream out;
  out << "device=" << opts.device;
  if (!opts.plugin.empty()) out << " plugin=" << opts.plugin << " as " << opts.device_name;
  if (!opts.plugins_xml.empty()) out << " plugins_xml=" << opts.plugins_xml;
  for (const auto& [key, value] : opts.config) out << " " << key << "=" << value.as<std::string>();
  if (!opts.onnx_data.empty()) out << " onnx_data=" << opts.onnx_data;
  if (opts.batch_one_models) out << " batch_one_models";
  return out.str();
}

std::string onnx_data_dir() { return options().onnx_data.empty() ? kDefaultOnnxData : options().onnx_data; }

Core make_core() {
  const Options& opts = options();
  Core core(opts.plugins_xml);
  if (!opts.plugin.empty()) core.register_plugin(opts.plugin, opts.device_name);
  if (!opts.config.empty()) core.set_property(opts.device, opts.config);
  return core;
}

}  // namespace ferry::conformance
