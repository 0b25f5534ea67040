// ferry_run: the first program to run. Lists the devices, compiles a model for the best device
// (by default ResNet-50, made in memory with seeded weights), runs it on seeded random input and
// prints its outputs, a classifier's top 5 classes, and the latency.
//
//   bazel run //tools:ferry_run
//   bazel run //tools:ferry_run -- --model cnn --device TEMPLATE
//   bazel run //tools:ferry_run -- --model my.xml

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "ferry/ferry.hpp"
#include "ferry_run_options.hpp"
#include "latency_stats.hpp"
#include "model_inputs.hpp"
#include "random_fill.hpp"
#include "resnet50.hpp"
#include "tensor_summary.hpp"
#include "tool_main.hpp"
#include "tools/cpp/runfiles/runfiles.h"
#include "top_classes.hpp"

namespace ferry::tools {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

constexpr const char* kShippedCnn = "testing/models/openvino/cnn.xml";

// The shipped small CNN (--model cnn): in Bazel's runfiles, else installed next to the tool
// (<prefix>/share/ferry/models/cnn.xml, see //tools/install). Empty when neither exists.
std::string find_shipped_cnn(const char* argv0) {
  std::string error;
  std::unique_ptr<bazel::tools::cpp::runfiles::Runfiles> runfiles(
      bazel::tools::cpp::runfiles::Runfiles::Create(argv0, &error));
  if (runfiles) {
    const std::string path = runfiles->Rlocation(std::string("ferry/") + kShippedCnn);
    if (!path.empty() && fs::exists(path)) return fs::absolute(path).string();
  }
  std::error_code ec;
  const fs::path executable = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed =
        executable.parent_path().parent_path() / "share/ferry/models" / fs::path(kShippedCnn).filename();
    if (fs::exists(installed)) return installed.string();
  }
  return {};
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string ms_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", ms);
  return text;
}

// "probs: f32 [1,5]": a port's name with the actual tensor's type and shape.
std::string describe_tensor(const Output<const Node>& port, const Tensor& tensor) {
  const std::string name = port.get_names().empty() ? "#" + std::to_string(port.get_index()) : port.get_any_name();
  return name + ": " + tensor.get_element_type().get_type_name() + " " + tensor.get_shape().to_string();
}

std::string executed_on(const CompiledModel& compiled, const std::string& fallback) {
  try {
    const auto devices = compiled.get_property(execution_devices);
    if (!devices.empty()) return devices.front();
  } catch (const std::exception&) {
  }
  return fallback;
}

int run(const FerryRunOptions& options) {
  if (options.version) {
    std::cout << get_version().buildNumber << "\n";
    return 0;
  }
  std::cout << get_version().description << " " << get_version().buildNumber << "\n";
  Core core(options.plugins_xml);
  const std::vector<std::string> devices = core.get_available_devices();
  std::cout << "Available devices:";
  for (const std::string& device : devices) std::cout << " " << device;
  std::cout << (devices.empty() ? " none" : "") << "\n";
  if (devices.empty())
    Exception::raise(
        "no device is available: no plugins.xml registers one (give --plugins_xml or set FERRY_PLUGINS_XML)");

  std::shared_ptr<Model> model;
  if (options.model == kResNet50) {
    std::cout << "Model: ResNet-50, made in memory (random weights, seed 1)\n";
    model = make_resnet50();
  } else {
    std::cout << "Model: " << options.model << "\n";
    model = core.read_model(options.model);
  }
  if (!options.shapes.empty()) apply_input_shapes(*model, options.shapes, "--shape");
  require_static_inputs(*model, "--shape");

  const Clock::time_point compile_start = Clock::now();
  CompiledModel compiled;
  std::string device = options.device;
  if (device.empty()) {
    compiled = core.compile_model(model);  // AUTO picks, as an application that names no device gets
    device = executed_on(compiled, "(AUTO's pick)");
    std::cout << "Device: " << device
              << " (picked by AUTO: a GPU, else CPU, else a GPU on the host's cores, else another device; CPU runs "
                 "the first inferences while a GPU compiles)\n";
  } else {
    compiled = core.compile_model(model, device);
    std::cout << "Device: " << device << "\n";
  }
  std::cout << "Compiled in " << ms_text(ms_since(compile_start)) << "\n";

  InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < compiled.inputs().size(); ++i) {
    Tensor input = request.get_input_tensor(i);
    fill_random(input, options.seed + i);
    std::cout << "Input  " << describe_tensor(compiled.input(i), input) << ", seeded random data (seed "
              << options.seed + i << ")\n";
  }

  const Clock::time_point first_start = Clock::now();
  request.infer();
  const double first_ms = ms_since(first_start);
  // AUTO (and other virtual devices) may run it elsewhere than the name says.
  const std::string ran_on = executed_on(compiled, device);
  if (ran_on != device) std::cout << "First inference on: " << ran_on << "\n";
  std::vector<double> latencies;
  for (uint32_t run = 0; run < options.runs; ++run) {
    const Clock::time_point start = Clock::now();
    request.infer();
    latencies.push_back(ms_since(start));
  }

  for (size_t i = 0; i < compiled.outputs().size(); ++i) {
    const Tensor output = request.get_output_tensor(i);
    std::cout << "Output " << describe_tensor(compiled.output(i), output) << "\n"
              << "       " << format_summary(summarize(output)) << "\n";
    const std::vector<ScoredClass> top = top_classes(output, 5);
    if (!top.empty()) std::cout << "       top 5 classes (of item 0): " << format_top_classes(top) << "\n";
  }
  std::cout << "Latency: first inference " << ms_text(first_ms) << ", median of " << options.runs << " runs "
            << ms_text(compute_latency_stats(latencies).median_ms) << "\n";
  return 0;
}

}  // namespace
}  // namespace ferry::tools

int main(int argc, char** argv) {
  // Found before run_tool enters the user's directory: the runfiles lookup may use argv[0].
  const std::string shipped_cnn = ferry::tools::find_shipped_cnn(argv[0]);
  return ferry::tools::run_tool("ferry_run", [&] {
    const ferry::tools::ArgParser parser = ferry::tools::ferry_run_arg_parser();
    const ferry::tools::ParsedArgs args = parser.parse(argc, argv);
    if (args.help_requested()) {
      std::cout << parser.usage();
      return 0;
    }
    ferry::tools::FerryRunOptions options = ferry::tools::ferry_run_options_from(args);
    if (options.model == ferry::tools::kShippedCnnName) {
      if (shipped_cnn.empty())
        throw ferry::tools::UsageError(
            "--model cnn: the shipped CNN was not found (testing/models/openvino/cnn.xml in the "
            "runfiles, or share/ferry/models/cnn.xml in the install prefix)");
      options.model = shipped_cnn;
    }
    return ferry::tools::run(options);
  });
}
