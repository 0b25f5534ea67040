// Failed graph executions: reported by fences, queues and synchronous lists with the reason,
// events still signalled, the device usable afterwards; ferrySimulatorFailExecutions.
#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"
#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

const char kModels[] = "testing/models/openvino/";
// Long enough for any execution here: a wait that takes longer has hung.
constexpr uint64_t kHangNs = 10'000'000'000;

std::string read_model_file(const std::string& name) {
  std::ifstream file(kModels + name, std::ios::binary);
  EXPECT_TRUE(file.good()) << name;
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

template <class Function>
Function extension_function(const char* name) {
  void* address = nullptr;
  EXPECT_ZE_SUCCESS(zeDriverGetExtensionFunctionAddress(driver(), name, &address));
  return reinterpret_cast<Function>(address);
}

// GatherElements on axis 1: out[i][j] = data[i][indices[i][j]]. An index past 2 makes the
// engine throw at execution time, a failure that only the inputs' values reveal.
const char kGatherXml[] = R"(<?xml version="1.0"?>
<net name="gather" version="11">
  <layers>
    <layer id="0" name="data" type="Parameter" version="opset1">
      <data shape="2,3" element_type="f32"/>
      <output><port id="0" precision="FP32" names="data"><dim>2</dim><dim>3</dim></port></output>
    </layer>
    <layer id="1" name="indices" type="Parameter" version="opset1">
      <data shape="2,3" element_type="i32"/>
      <output><port id="0" precision="I32" names="indices"><dim>2</dim><dim>3</dim></port></output>
    </layer>
    <layer id="2" name="picked" type="GatherElements" version="opset6">
      <data axis="1"/>
      <input>
        <port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port>
        <port id="1" precision="I32"><dim>2</dim><dim>3</dim></port>
      </input>
      <output><port id="2" precision="FP32" names="picked"><dim>2</dim><dim>3</dim></port></output>
    </layer>
    <layer id="3" name="picked/result" type="Result" version="opset1">
      <input><port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
    <edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
  </edges>
</net>
)";

class ExecutionFailureTest : public SimulatorTest {
 protected:
  void TearDown() override {
    // Leaves no injected failure behind for the next test, whatever happened in this one.
    EXPECT_ZE_SUCCESS(m_fail_executions(driver(), 0, ZE_RESULT_SUCCESS));
    SimulatorTest::TearDown();
  }

  // The mlp model (x: 2x16 f32 in, probs: 2x10 f32 out) with shared memory bound to both.
  struct Mlp {
    ferry_graph_handle_t graph = nullptr;
    float* input = nullptr;
    float* output = nullptr;
  };

  Mlp create_mlp() {
    Mlp mlp;
    const std::string xml = read_model_file("mlp.xml"), bin = read_model_file("mlp.bin");
    ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_IR, xml.data(), xml.size(), bin.data(), bin.size()};
    EXPECT_ZE_SUCCESS(m_create(m_context, device(), &desc, &mlp.graph));
    mlp.input = static_cast<float*>(allocate_shared(sizeof(float) * 2 * 16));
    mlp.output = static_cast<float*>(allocate_shared(sizeof(float) * 2 * 10));
    const std::string input = read_model_file("mlp.in.0.raw");
    EXPECT_EQ(sizeof(float) * 2 * 16, input.size());
    std::memcpy(mlp.input, input.data(), input.size());
    EXPECT_ZE_SUCCESS(m_set_argument_value(mlp.graph, 0, mlp.input));
    EXPECT_ZE_SUCCESS(m_set_argument_value(mlp.graph, 1, mlp.output));
    return mlp;
  }

  void destroy_mlp(const Mlp& mlp) {
    EXPECT_ZE_SUCCESS(m_destroy(mlp.graph));
    EXPECT_ZE_SUCCESS(zeMemFree(m_context, mlp.input));
    EXPECT_ZE_SUCCESS(zeMemFree(m_context, mlp.output));
  }

  // Whether the mlp's output is OpenVINO CPU's.
  static bool output_is_right(const Mlp& mlp) {
    const std::string expected = read_model_file("mlp.out.0.raw");
    const auto* wanted = reinterpret_cast<const float*>(expected.data());
    for (size_t i = 0; i < expected.size() / sizeof(float); ++i)
      if (!(std::fabs(mlp.output[i] - wanted[i]) <= 1e-4f * std::fabs(wanted[i]) + 1e-5f)) return false;
    return true;
  }

  void* allocate_shared(size_t size) {
    ze_device_mem_alloc_desc_t device_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    ze_host_mem_alloc_desc_t host_desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
    void* memory = nullptr;
    EXPECT_ZE_SUCCESS(zeMemAllocShared(m_context, &device_desc, &host_desc, size, 0, device(), &memory));
    return memory;
  }

  // A closed list that waits on `wait` (if any), executes `graph` and signals `signal` (if any).
  ze_command_list_handle_t execution_list(ferry_graph_handle_t graph, ze_event_handle_t signal = nullptr,
                                          ze_event_handle_t wait = nullptr) {
    ze_command_list_handle_t list = create_list();
    EXPECT_ZE_SUCCESS(m_append_execute(list, graph, signal, wait ? 1 : 0, wait ? &wait : nullptr));
    EXPECT_ZE_SUCCESS(zeCommandListClose(list));
    return list;
  }

  ze_fence_handle_t create_fence(ze_command_queue_handle_t queue) {
    ze_fence_desc_t desc{ZE_STRUCTURE_TYPE_FENCE_DESC};
    ze_fence_handle_t fence = nullptr;
    EXPECT_ZE_SUCCESS(zeFenceCreate(queue, &desc, &fence));
    return fence;
  }

  ferry_simulator_fail_executions_t m_fail_executions =
      extension_function<ferry_simulator_fail_executions_t>(FERRY_SIMULATOR_FAIL_EXECUTIONS);
  ferry_graph_create_t m_create = extension_function<ferry_graph_create_t>(FERRY_GRAPH_CREATE);
  ferry_graph_destroy_t m_destroy = extension_function<ferry_graph_destroy_t>(FERRY_GRAPH_DESTROY);
  ferry_graph_set_argument_value_t m_set_argument_value =
      extension_function<ferry_graph_set_argument_value_t>(FERRY_GRAPH_SET_ARGUMENT_VALUE);
  ferry_graph_append_execute_t m_append_execute =
      extension_function<ferry_graph_append_execute_t>(FERRY_GRAPH_APPEND_EXECUTE);
};

TEST_F(ExecutionFailureTest, InjectedFailureIsReportedOnceTheBatchHasRunAndTheDeviceRecovers) {
  const Mlp mlp = create_mlp();
  std::memset(mlp.output, 0x5a, sizeof(float) * 2 * 10);
  ze_event_pool_desc_t pool_desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2};
  ze_event_pool_handle_t pool = nullptr;
  ASSERT_ZE_SUCCESS(zeEventPoolCreate(m_context, &pool_desc, 0, nullptr, &pool));
  ze_event_desc_t gate_desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, 0};
  ze_event_desc_t done_desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, 1};
  ze_event_handle_t gate = nullptr, done = nullptr;
  ASSERT_ZE_SUCCESS(zeEventCreate(pool, &gate_desc, &gate));
  ASSERT_ZE_SUCCESS(zeEventCreate(pool, &done_desc, &done));

  ze_command_queue_handle_t queue = create_queue();
  ze_fence_handle_t fence = create_fence(queue);
  ze_command_list_handle_t list = execution_list(mlp.graph, done, gate);
  ASSERT_ZE_SUCCESS(m_fail_executions(driver(), 1, ZE_RESULT_ERROR_DEVICE_LOST));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));

  // A host thread waits on the failing execution's event: the failure must still release it.
  std::atomic<ze_result_t> waited{ZE_RESULT_NOT_READY};
  std::thread waiter([&] { waited = zeEventHostSynchronize(done, kHangNs); });
  // So does another queue's work that waits on that event: it runs, and does not fail.
  ze_command_queue_handle_t other_queue = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, 1);
  ze_command_list_handle_t after = create_list();
  ASSERT_ZE_SUCCESS(zeCommandListAppendWaitOnEvents(after, 1, &done));
  ASSERT_ZE_SUCCESS(zeCommandListClose(after));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(other_queue, 1, &after, nullptr));
  // The batch waits on the gate: no failure before it has run.
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeFenceQueryStatus(fence));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeCommandQueueSynchronize(queue, 0));
  ASSERT_ZE_SUCCESS(zeEventHostSignal(gate));

  EXPECT_EQ(ZE_RESULT_ERROR_DEVICE_LOST, zeFenceHostSynchronize(fence, kHangNs));
  EXPECT_NE(std::string::npos, last_error().find("graph 'mlp'")) << last_error();
  EXPECT_NE(std::string::npos, last_error().find("injected")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_DEVICE_LOST, zeFenceQueryStatus(fence)) << "the fence keeps its batch's failure";
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(other_queue, kHangNs)) << "a failure is its own queue's";
  EXPECT_EQ(ZE_RESULT_ERROR_DEVICE_LOST, zeCommandQueueSynchronize(queue, kHangNs));
  EXPECT_NE(std::string::npos, last_error().find("injected")) << last_error();
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX)) << "reported once per queue synchronize";
  waiter.join();
  EXPECT_EQ(ZE_RESULT_SUCCESS, waited.load());
  EXPECT_ZE_SUCCESS(zeEventQueryStatus(done));
  const std::vector<unsigned char> untouched(sizeof(float) * 2 * 10, 0x5a);
  EXPECT_EQ(0, std::memcmp(untouched.data(), mlp.output, untouched.size())) << "the engine did not run";

  // The device recovers: the same list on the same queue and fence runs normally.
  ASSERT_ZE_SUCCESS(zeFenceReset(fence));
  ASSERT_ZE_SUCCESS(zeEventHostReset(done));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
  EXPECT_ZE_SUCCESS(zeFenceHostSynchronize(fence, UINT64_MAX));
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_TRUE(output_is_right(mlp));

  for (auto each : {list, after}) EXPECT_ZE_SUCCESS(zeCommandListDestroy(each));
  EXPECT_ZE_SUCCESS(zeFenceDestroy(fence));
  for (auto each : {queue, other_queue}) EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(each));
  for (auto each : {gate, done}) EXPECT_ZE_SUCCESS(zeEventDestroy(each));
  EXPECT_ZE_SUCCESS(zeEventPoolDestroy(pool));
  destroy_mlp(mlp);
}

TEST_F(ExecutionFailureTest, EngineErrorIsReportedAsUnknownWithWhyAndTheNextRunSucceeds) {
  const std::string xml = kGatherXml;
  ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_IR, xml.data(), xml.size(), nullptr, 0};
  ferry_graph_handle_t graph = nullptr;
  ASSERT_ZE_SUCCESS(m_create(m_context, device(), &desc, &graph));
  auto* data = static_cast<float*>(allocate_shared(sizeof(float) * 6));
  auto* indices = static_cast<int32_t*>(allocate_shared(sizeof(int32_t) * 6));
  auto* picked = static_cast<float*>(allocate_shared(sizeof(float) * 6));
  const float values[6] = {10, 11, 12, 20, 21, 22};
  const int32_t out_of_range[6] = {2, 1, 0, 0, 7, 2};
  std::memcpy(data, values, sizeof values);
  std::memcpy(indices, out_of_range, sizeof out_of_range);
  ASSERT_ZE_SUCCESS(m_set_argument_value(graph, 0, data));
  ASSERT_ZE_SUCCESS(m_set_argument_value(graph, 1, indices));
  ASSERT_ZE_SUCCESS(m_set_argument_value(graph, 2, picked));

  ze_command_queue_handle_t queue = create_queue();
  ze_fence_handle_t fence = create_fence(queue);
  ze_command_list_handle_t list = execution_list(graph);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
  EXPECT_EQ(ZE_RESULT_ERROR_UNKNOWN, zeFenceHostSynchronize(fence, UINT64_MAX));
  EXPECT_NE(std::string::npos, last_error().find("graph 'gather'")) << last_error();
  EXPECT_NE(std::string::npos, last_error().find("out of range")) << last_error();
  EXPECT_NE(std::string::npos, last_error().find("'picked'")) << "names the op: " << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_UNKNOWN, zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_NE(std::string::npos, last_error().find("out of range")) << last_error();

  // A synchronous queue reports it from the execution, a synchronous immediate list from the append.
  ze_command_queue_handle_t synchronous_queue = create_queue(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, 1);
  EXPECT_EQ(ZE_RESULT_ERROR_UNKNOWN, zeCommandQueueExecuteCommandLists(synchronous_queue, 1, &list, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("out of range")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_UNKNOWN, zeCommandQueueSynchronize(synchronous_queue, UINT64_MAX)) << "also its queue's";
  ze_command_list_handle_t immediate = create_immediate_list(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  EXPECT_EQ(ZE_RESULT_ERROR_UNKNOWN, m_append_execute(immediate, graph, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("out of range")) << last_error();

  // With indices in range, every path runs it again normally.
  const int32_t in_range[6] = {2, 1, 0, 0, 2, 2};
  std::memcpy(indices, in_range, sizeof in_range);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
  EXPECT_ZE_SUCCESS(zeFenceHostSynchronize(fence, UINT64_MAX)) << "the fence reports its new batch";
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(synchronous_queue, 1, &list, nullptr));
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(synchronous_queue, UINT64_MAX));
  EXPECT_ZE_SUCCESS(m_append_execute(immediate, graph, nullptr, 0, nullptr));
  const float expected[6] = {12, 11, 10, 20, 22, 22};
  EXPECT_EQ(0, std::memcmp(expected, picked, sizeof expected));

  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(immediate));
  EXPECT_ZE_SUCCESS(zeFenceDestroy(fence));
  for (auto each : {queue, synchronous_queue}) EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(each));
  EXPECT_ZE_SUCCESS(m_destroy(graph));
  for (void* each : {static_cast<void*>(data), static_cast<void*>(indices), static_cast<void*>(picked)})
    EXPECT_ZE_SUCCESS(zeMemFree(m_context, each));
}

TEST_F(ExecutionFailureTest, InjectedCountIsSharedByQueuesOnSeveralThreads) {
  constexpr int kThreads = 2, kRunsPerThread = 4;
  constexpr uint32_t kInjected = 3;
  std::vector<Mlp> mlps;
  for (int i = 0; i < kThreads; ++i) mlps.push_back(create_mlp());
  ASSERT_ZE_SUCCESS(m_fail_executions(driver(), kInjected, ZE_RESULT_ERROR_DEVICE_LOST));

  // Each thread runs its own graph on its own queue, one fence per run.
  std::vector<std::vector<ze_result_t>> fence_results(kThreads);
  std::vector<ze_result_t> queue_results(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ze_command_queue_handle_t queue = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, t);
      ze_command_list_handle_t list = execution_list(mlps[t].graph);
      std::vector<ze_fence_handle_t> fences;
      for (int run = 0; run < kRunsPerThread; ++run) {
        fences.push_back(create_fence(queue));
        EXPECT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fences.back()));
      }
      for (ze_fence_handle_t fence : fences) {
        fence_results[t].push_back(zeFenceHostSynchronize(fence, UINT64_MAX));
        EXPECT_ZE_SUCCESS(zeFenceDestroy(fence));
      }
      queue_results[t] = zeCommandQueueSynchronize(queue, UINT64_MAX);
      EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
      EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
    });
  for (std::thread& thread : threads) thread.join();

  uint32_t failed = 0;
  for (int t = 0; t < kThreads; ++t) {
    int failed_here = 0;
    for (ze_result_t result : fence_results[t]) {
      EXPECT_TRUE(result == ZE_RESULT_SUCCESS || result == ZE_RESULT_ERROR_DEVICE_LOST) << result;
      failed_here += result == ZE_RESULT_ERROR_DEVICE_LOST;
    }
    EXPECT_EQ(failed_here ? ZE_RESULT_ERROR_DEVICE_LOST : ZE_RESULT_SUCCESS, queue_results[t]) << "thread " << t;
    failed += failed_here;
  }
  EXPECT_EQ(kInjected, failed) << "of " << kThreads * kRunsPerThread << " executions";

  // The count is spent: the next execution runs.
  ze_command_queue_handle_t queue = create_queue();
  ze_command_list_handle_t list = execution_list(mlps[0].graph);
  std::memset(mlps[0].output, 0, sizeof(float) * 2 * 10);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_TRUE(output_is_right(mlps[0]));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  for (const Mlp& mlp : mlps) destroy_mlp(mlp);
}

TEST_F(ExecutionFailureTest, InjectionCanBeCancelledAndTakesErrorCodesOnly) {
  const Mlp mlp = create_mlp();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ENUMERATION, m_fail_executions(driver(), 1, ZE_RESULT_SUCCESS));
  EXPECT_NE(std::string::npos, last_error().find("error code")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ENUMERATION, m_fail_executions(driver(), 1, ZE_RESULT_NOT_READY));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, m_fail_executions(nullptr, 1, ZE_RESULT_ERROR_DEVICE_LOST));

  ASSERT_ZE_SUCCESS(m_fail_executions(driver(), 5, ZE_RESULT_ERROR_DEVICE_LOST));
  ASSERT_ZE_SUCCESS(m_fail_executions(driver(), 0, ZE_RESULT_SUCCESS));
  ze_command_list_handle_t immediate = create_immediate_list(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  EXPECT_ZE_SUCCESS(m_append_execute(immediate, mlp.graph, nullptr, 0, nullptr)) << "cancelled";
  EXPECT_TRUE(output_is_right(mlp));

  // Any error code goes, and the synchronous immediate list reports it.
  ASSERT_ZE_SUCCESS(m_fail_executions(driver(), 1, ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY));
  EXPECT_EQ(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, m_append_execute(immediate, mlp.graph, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("injected")) << last_error();
  EXPECT_ZE_SUCCESS(m_append_execute(immediate, mlp.graph, nullptr, 0, nullptr)) << "one only";
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(immediate));
  destroy_mlp(mlp);
}

}  // namespace
}  // namespace ferry::npu::simulator::test
