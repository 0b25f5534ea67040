// Fuzz target for what the simulator's graph extension reads from an application: the graph
// descriptor (ferry_graph_desc_t) of ferryGraphQueryModel and ferryGraphCreate, and through it the
// native graph blob reader (graph_blob.cpp, read_graph_blob) and the IR the device compiles.
// Input: byte 0 the descriptor's format (1 IR, 2 NATIVE, anything else is passed as is), byte 1
// flags (bit 0: the weights pointer is null while weights_size stays), 4 bytes little-endian
// model size N, N bytes of model (IR .xml text or native blob), then the weights (.bin). A
// shorter input is all model, format IR. Through the real Level Zero loader, as applications
// reach it. Any input must either create a graph or fail with a Level Zero error: crashes, hangs,
// leaks and out-of-bounds reads are bugs. A created graph is queried (properties, arguments,
// native blob) and destroyed.
#include <level_zero/ze_api.h>
#include <limits.h>
#include <stdlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ferry/npu/driver/ze_ferry_graph_ext.h"

namespace {

struct Extension {
  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
  ze_context_handle_t context = nullptr;
  ferry_graph_query_model_t query_model = nullptr;
  ferry_graph_create_t create = nullptr;
  ferry_graph_destroy_t destroy = nullptr;
  ferry_graph_get_properties_t get_properties = nullptr;
  ferry_graph_get_argument_properties_t get_argument_properties = nullptr;
  ferry_graph_get_native_binary_t get_native_binary = nullptr;
};

template <class Function>
void find(ze_driver_handle_t driver, const char* name, Function& function) {
  void* address = nullptr;
  if (zeDriverGetExtensionFunctionAddress(driver, name, &address) != ZE_RESULT_SUCCESS || !address) {
    std::fprintf(stderr, "graph_desc_fuzzer: the driver has no %s\n", name);
    std::abort();
  }
  function = reinterpret_cast<Function>(address);
}

// The simulator behind the loader, found as the NPU plugin's tests find it (FERRY_NPU_SIMULATOR,
// the test's env) or, under `bazel run` (no env), by its runfiles path. Aborts when it is not
// there: a fuzz run without the device would test nothing.
Extension load() {
  const char* named = getenv("FERRY_NPU_SIMULATOR");
  const char* library = named ? named : "plugins/npu/simulator/libze_ferry_npu_simulator.so";
  char absolute[PATH_MAX];
  if (!getenv("ZE_ENABLE_ALT_DRIVERS") && realpath(library, absolute)) setenv("ZE_ENABLE_ALT_DRIVERS", absolute, 1);
  // LeakSanitizer crashes scanning the TLS of OpenMP threads of a dlopen'ed library (defs.bzl).
  setenv("OMP_NUM_THREADS", "1", 0);
  Extension extension;
  uint32_t count = 1;
  if (zeInit(0) != ZE_RESULT_SUCCESS || zeDriverGet(&count, &extension.driver) != ZE_RESULT_SUCCESS ||
      zeDeviceGet(extension.driver, &count, &extension.device) != ZE_RESULT_SUCCESS) {
    std::fprintf(stderr, "graph_desc_fuzzer: no simulated NPU (ZE_ENABLE_ALT_DRIVERS=%s)\n",
                 getenv("ZE_ENABLE_ALT_DRIVERS") ? getenv("ZE_ENABLE_ALT_DRIVERS") : "");
    std::abort();
  }
  ze_context_desc_t context_desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  if (zeContextCreate(extension.driver, &context_desc, &extension.context) != ZE_RESULT_SUCCESS) std::abort();
  find(extension.driver, FERRY_GRAPH_QUERY_MODEL, extension.query_model);
  find(extension.driver, FERRY_GRAPH_CREATE, extension.create);
  find(extension.driver, FERRY_GRAPH_DESTROY, extension.destroy);
  find(extension.driver, FERRY_GRAPH_GET_PROPERTIES, extension.get_properties);
  find(extension.driver, FERRY_GRAPH_GET_ARGUMENT_PROPERTIES, extension.get_argument_properties);
  find(extension.driver, FERRY_GRAPH_GET_NATIVE_BINARY, extension.get_native_binary);
  return extension;
}

void use_graph(const Extension& extension, ferry_graph_handle_t graph) {
  ferry_graph_properties_t properties{};
  if (extension.get_properties(graph, &properties) != ZE_RESULT_SUCCESS) std::abort();
  for (uint32_t i = 0; i < properties.num_arguments; ++i) {
    ferry_graph_argument_properties_t argument{};
    if (extension.get_argument_properties(graph, i, &argument) != ZE_RESULT_SUCCESS) std::abort();
  }
  size_t size = 0;
  if (extension.get_native_binary(graph, &size, nullptr) != ZE_RESULT_SUCCESS) std::abort();
  std::vector<uint8_t> blob(size);
  if (extension.get_native_binary(graph, &size, blob.data()) != ZE_RESULT_SUCCESS) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Extension extension = load();
  constexpr size_t kHeader = 6;
  ferry_graph_desc_t desc{};
  desc.format = FERRY_GRAPH_FORMAT_IR;
  desc.model = data;
  desc.model_size = size;
  if (size >= kHeader) {
    desc.format = static_cast<ferry_graph_format_t>(data[0]);
    const bool null_weights = data[1] & 1;
    const size_t declared = static_cast<size_t>(data[2]) | static_cast<size_t>(data[3]) << 8 |
                            static_cast<size_t>(data[4]) << 16 | static_cast<size_t>(data[5]) << 24;
    desc.model = data + kHeader;
    desc.model_size = std::min(declared, size - kHeader);
    desc.weights = null_weights ? nullptr : data + kHeader + desc.model_size;
    desc.weights_size = size - kHeader - desc.model_size;
  }
  // Exact-size copies, so reading past the model or the weights is caught by ASan.
  std::vector<uint8_t> model(static_cast<const uint8_t*>(desc.model),
                             static_cast<const uint8_t*>(desc.model) + desc.model_size);
  std::vector<uint8_t> weights;
  if (desc.weights)
    weights.assign(static_cast<const uint8_t*>(desc.weights),
                   static_cast<const uint8_t*>(desc.weights) + desc.weights_size);
  desc.model = model.empty() ? nullptr : model.data();
  if (desc.weights) desc.weights = weights.empty() ? nullptr : weights.data();

  size_t unsupported_size = 0;
  extension.query_model(extension.device, &desc, &unsupported_size, nullptr);
  ferry_graph_handle_t graph = nullptr;
  if (extension.create(extension.context, extension.device, &desc, &graph) == ZE_RESULT_SUCCESS) {
    use_graph(extension, graph);
    if (extension.destroy(graph) != ZE_RESULT_SUCCESS) std::abort();
  }
  return 0;
}
