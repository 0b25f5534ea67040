// Times one model on one device with synchronous inferences and writes its first output, so a
// script can compare both speed and values with another framework (tools/gpu_perf/).
//
//   gpu_model_bench --model=M.onnx|M.xml [--device=GPU] [--input=in.bin] [--output=out.bin]
//                   [--warmup=5] [--iterations=50] [--perf_count=1] [--precision=f32|f16]
//                   [--io=pageable|host|remote] [--plugins_xml=PATH]
//
// --input: raw little-endian data of the first input's type and size (else seeded random data);
// --output: the first output's raw data after the last inference. Prints the compile time and the
// median, minimum and maximum wall-clock latency of `infer()` (host tensors in and out included);
// with --perf_count=1 also the median of the device's own kernel time per inference (the sum of
// the PERF_COUNT records, from OpenCL events), which leaves out transfers and host overhead.
// --precision sets INFERENCE_PRECISION_HINT (default: the device's own default).
// --io: where every input and output lives while timing: `pageable` (ordinary host tensors, the
// default), `host` (RemoteContext::create_host_tensor of the compiled model's context: pinned
// memory), `remote` (remote tensors of that context, inputs uploaded once before timing: the
// device's memory, no host transfer per inference). An unknown flag or value is an error.

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::map<std::string, std::string> parse(int argc, char** argv) {
  static const char* const known[] = {"model",      "device",     "input", "output",      "warmup",
                                      "iterations", "perf_count", "io",    "plugins_xml", "precision"};
  std::map<std::string, std::string> args{{"device", "GPU"}, {"warmup", "5"}, {"iterations", "50"}, {"io", "pageable"}};
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const size_t eq = arg.find('=');
    if (arg.rfind("--", 0) != 0 || eq == std::string::npos)
      throw std::invalid_argument("argument '" + arg + "' is not of the form --name=value");
    const std::string name = arg.substr(2, eq - 2);
    if (std::find(std::begin(known), std::end(known), name) == std::end(known))
      throw std::invalid_argument("argument '" + arg + "': unknown flag --" + name);
    args[name] = arg.substr(eq + 1);
  }
  const std::string& io = args.at("io");
  if (io != "pageable" && io != "host" && io != "remote")
    throw std::invalid_argument("--io=" + io + ": expected pageable, host or remote");
  if (!args.count("model")) throw std::invalid_argument("--model=PATH is required");
  return args;
}

void fill_input(ferry::Tensor& tensor, const std::string& path) {
  if (path.empty()) {
    std::mt19937 random(1);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    if (tensor.get_element_type() == ferry::element::f32)
      for (size_t i = 0; i < tensor.get_size(); ++i) tensor.data<float>()[i] = uniform(random);
    else
      std::memset(tensor.data(), 0, tensor.get_byte_size());
    return;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open input file '" + path + "'");
  in.read(static_cast<char*>(tensor.data()), static_cast<std::streamsize>(tensor.get_byte_size()));
  if (static_cast<size_t>(in.gcount()) != tensor.get_byte_size())
    throw std::runtime_error("input file '" + path + "' holds " + std::to_string(in.gcount()) +
                             " bytes, the input needs " + std::to_string(tensor.get_byte_size()));
}

// Binds every input (filled: the first from `input_path`) and output of `request` in memory of
// the kind `io` names.
void bind_io(ferry::CompiledModel& compiled, ferry::InferRequest& request, const std::string& io,
             const std::string& input_path) {
  const auto inputs = compiled.inputs();
  if (io == "pageable") {
    for (size_t i = 0; i < inputs.size(); ++i) {
      ferry::Tensor input = request.get_input_tensor(i);
      fill_input(input, i == 0 ? input_path : "");
    }
    return;
  }
  ferry::RemoteContext context = compiled.get_context();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto& port = inputs[i];
    ferry::Tensor host = context.create_host_tensor(port.get_element_type(), port.get_shape());
    fill_input(host, i == 0 ? input_path : "");
    if (io == "host") {
      request.set_tensor(port, host);
    } else {
      ferry::RemoteTensor remote = context.create_tensor(port.get_element_type(), port.get_shape());
      remote.copy_from(host);
      request.set_tensor(port, remote);
    }
  }
  for (const auto& port : compiled.outputs()) {
    if (io == "host")
      request.set_tensor(port, context.create_host_tensor(port.get_element_type(), port.get_shape()));
    else
      request.set_tensor(port, context.create_tensor(port.get_element_type(), port.get_shape()));
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const auto args = parse(argc, argv);
    ferry::Core core = args.count("plugins_xml") ? ferry::Core(args.at("plugins_xml")) : ferry::Core();
    const auto model = core.read_model(args.at("model"));
    auto start = Clock::now();
    const bool perf_count = args.count("perf_count") && args.at("perf_count") == "1";
    ferry::AnyMap settings{ferry::enable_profiling(perf_count)};
    if (args.count("precision"))
      settings[ferry::hint::inference_precision.name()] = ferry::element::Type::from_string(args.at("precision"));
    ferry::CompiledModel compiled = core.compile_model(model, args.at("device"), settings);
    const double compile_ms = ms_since(start);
    ferry::InferRequest request = compiled.create_infer_request();
    bind_io(compiled, request, args.at("io"), args.count("input") ? args.at("input") : "");

    const int warmup = std::stoi(args.at("warmup")), iterations = std::max(1, std::stoi(args.at("iterations")));
    for (int i = 0; i < warmup; ++i) request.infer();
    std::vector<double> latencies, device_times;
    for (int i = 0; i < iterations; ++i) {
      start = Clock::now();
      request.infer();
      latencies.push_back(ms_since(start));
      if (!perf_count) continue;
      double device_ms = 0;
      for (const auto& record : request.get_profiling_info())
        if (record.status == ferry::ProfilingInfo::Status::EXECUTED) device_ms += record.real_time.count() / 1e3;
      device_times.push_back(device_ms);
    }
    std::sort(latencies.begin(), latencies.end());
    std::sort(device_times.begin(), device_times.end());
    std::cout << "model " << args.at("model") << " on " << args.at("device") << " (io " << args.at("io")
              << "): compile " << compile_ms << " ms; latency median " << latencies[latencies.size() / 2] << " ms, min "
              << latencies.front() << " ms, max " << latencies.back() << " ms over " << iterations << " inferences";
    if (perf_count) std::cout << "; device time median " << device_times[device_times.size() / 2] << " ms";
    std::cout << "\n";

    if (args.count("output")) {
      // A remote output is read back through copy_to, after the timing.
      ferry::Tensor output(request.get_output_tensor(0).get_element_type(), request.get_output_tensor(0).get_shape());
      request.get_output_tensor(0).copy_to(output);
      std::ofstream out(args.at("output"), std::ios::binary);
      out.write(static_cast<const char*>(output.data()), static_cast<std::streamsize>(output.get_byte_size()));
      if (!out) throw std::runtime_error("cannot write output file '" + args.at("output") + "'");
    }
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "gpu_model_bench: " << error.what() << "\n";
    return 1;
  }
}
