// The NPU plugin's own overhead: a model run through Ferry's Core and NPU plugin against the same
// graph run directly through Level Zero and the driver's graph extension (create the graph, bind
// host allocations, record one command list, then execute it and wait on a fence), in one process.
//   plugin_overhead PLUGINS_XML [MODEL.xml] [ITERATIONS=200]
// Without MODEL.xml: a one-op model (Add of two 1x16 f32 inputs). Needs ZE_ENABLE_ALT_DRIVERS.
// The two run interleaved, so that both see the same machine load. Prints one line of JSON:
// {"model", "driver_us", "plugin_us", "overhead_us"} (medians).
#include <level_zero/ze_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/npu/driver/ze_ferry_graph_ext.h"

namespace {

using Clock = std::chrono::steady_clock;

void check(ze_result_t result, const char* call) {
  if (result != ZE_RESULT_SUCCESS) {
    std::fprintf(stderr, "plugin_overhead: %s failed (0x%x)\n", call, static_cast<unsigned>(result));
    std::exit(1);
  }
}

template <typename Function>
Function extension(ze_driver_handle_t driver, const char* name) {
  void* address = nullptr;
  check(zeDriverGetExtensionFunctionAddress(driver, name, &address), name);
  return reinterpret_cast<Function>(address);
}

double median_us(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

double us_of(const std::function<void()>& run) {
  const auto start = Clock::now();
  run();
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

std::shared_ptr<ferry::Model> one_op_model() {
  using namespace ferry;
  auto a = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 16});
  auto b = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 16});
  auto sum = std::make_shared<op::v1::Add>(a, b);
  return std::make_shared<Model>(OutputVector{sum}, ParameterVector{a, b}, "one_add");
}

// The graph run through Level Zero alone, as a Level Zero application would.
class DriverAlone {
 public:
  explicit DriverAlone(const std::shared_ptr<ferry::Model>& model);
  ~DriverAlone();
  void run();

 private:
  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
  ze_context_handle_t context = nullptr;
  ferry_graph_handle_t graph = nullptr;
  std::vector<void*> memory;
  ze_command_list_handle_t list = nullptr;
  ze_command_queue_handle_t queue = nullptr;
  ze_fence_handle_t fence = nullptr;
};

DriverAlone::DriverAlone(const std::shared_ptr<ferry::Model>& model) {
  uint32_t count = 1;
  check(zeInit(0), "zeInit");
  check(zeDriverGet(&count, &driver), "zeDriverGet");
  count = 1;
  check(zeDeviceGet(driver, &count, &device), "zeDeviceGet");
  ze_context_desc_t context_desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  check(zeContextCreate(driver, &context_desc, &context), "zeContextCreate");

  std::ostringstream xml, weights;
  ferry::serialize(model, xml, weights);
  const std::string xml_text = xml.str(), weight_bytes = weights.str();
  const ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_IR, xml_text.data(), xml_text.size(),
                                weight_bytes.empty() ? nullptr : weight_bytes.data(), weight_bytes.size()};
  check(extension<ferry_graph_create_t>(driver, FERRY_GRAPH_CREATE)(context, device, &desc, &graph), "graph create");
  ferry_graph_properties_t properties{};
  check(extension<ferry_graph_get_properties_t>(driver, FERRY_GRAPH_GET_PROPERTIES)(graph, &properties), "properties");
  auto argument_properties =
      extension<ferry_graph_get_argument_properties_t>(driver, FERRY_GRAPH_GET_ARGUMENT_PROPERTIES);
  auto set_argument = extension<ferry_graph_set_argument_value_t>(driver, FERRY_GRAPH_SET_ARGUMENT_VALUE);
  for (uint32_t i = 0; i < properties.num_arguments; ++i) {
    ferry_graph_argument_properties_t argument{};
    check(argument_properties(graph, i, &argument), "argument properties");
    ze_host_mem_alloc_desc_t host{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, nullptr, 0};
    void* pointer = nullptr;
    check(zeMemAllocHost(context, &host, std::max<size_t>(argument.byte_size, 1), 64, &pointer), "zeMemAllocHost");
    std::fill_n(static_cast<char*>(pointer), argument.byte_size, 0);
    check(set_argument(graph, i, pointer), "set argument");
    memory.push_back(pointer);
  }
  ze_command_list_desc_t list_desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, nullptr, 0, 0};
  check(zeCommandListCreate(context, device, &list_desc, &list), "zeCommandListCreate");
  check(extension<ferry_graph_append_execute_t>(driver, FERRY_GRAPH_APPEND_EXECUTE)(list, graph, nullptr, 0, nullptr),
        "append execute");
  check(zeCommandListClose(list), "zeCommandListClose");
  ze_command_queue_desc_t queue_desc{
      ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, nullptr, 0, 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
      ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  check(zeCommandQueueCreate(context, device, &queue_desc, &queue), "zeCommandQueueCreate");
  ze_fence_desc_t fence_desc{ZE_STRUCTURE_TYPE_FENCE_DESC, nullptr, 0};
  check(zeFenceCreate(queue, &fence_desc, &fence), "zeFenceCreate");
}

void DriverAlone::run() {
  check(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence), "execute");
  check(zeFenceHostSynchronize(fence, UINT64_MAX), "zeFenceHostSynchronize");
  check(zeFenceReset(fence), "zeFenceReset");
}

DriverAlone::~DriverAlone() {
  zeFenceDestroy(fence);
  zeCommandQueueDestroy(queue);
  zeCommandListDestroy(list);
  extension<ferry_graph_destroy_t>(driver, FERRY_GRAPH_DESTROY)(graph);
  for (void* pointer : memory) zeMemFree(context, pointer);
  zeContextDestroy(context);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLUGINS_XML [MODEL.xml] [ITERATIONS=200]\n", argv[0]);
    return 2;
  }
  try {
    ferry::Core core(argv[1]);
    const bool given = argc > 2 && std::string(argv[2]) != "-";
    const auto model = given ? core.read_model(argv[2]) : one_op_model();
    const int iterations = argc > 3 ? std::atoi(argv[3]) : 200;

    DriverAlone driver(model);
    auto request = core.compile_model(model, "NPU").create_infer_request();
    driver.run();  // warm-up; the plugin records its command list
    request.infer();
    // Interleaved, so that both see the same machine load.
    std::vector<double> driver_times, plugin_times;
    for (int i = 0; i < iterations; ++i) {
      driver_times.push_back(us_of([&] { driver.run(); }));
      plugin_times.push_back(us_of([&] { request.infer(); }));
    }
    const double driver_us = median_us(driver_times), plugin_us = median_us(plugin_times);
    std::printf("{\"model\": \"%s\", \"driver_us\": %.1f, \"plugin_us\": %.1f, \"overhead_us\": %.1f}\n",
                given ? argv[2] : "one_add", driver_us, plugin_us, plugin_us - driver_us);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "plugin_overhead: %s\n", error.what());
    return 1;
  }
  return 0;
}
