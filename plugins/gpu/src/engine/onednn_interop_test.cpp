// oneDNN on the plugin's OpenCL context (onednn_interop.hpp):
// - the detector asks once per device, whatever the number of concurrent callers, and remembers
//   the reason of a refusal;
// - on PoCL (and NVIDIA) oneDNN refuses the device, and compiled graphs keep Ferry's kernels;
// - the interop path itself (a oneDNN matmul and convolution on the plugin's context, queue and
//   cl_mems, compared with the reference evaluate) runs wherever oneDNN accepts the device, an
//   Intel GPU, and is skipped with oneDNN's reason elsewhere.

#include "onednn_interop.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "compiled_graph.hpp"
#include "device_enumerator.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu {
namespace {

// The first device's context as the plugin has it: from a context pool (one per device).
std::shared_ptr<DeviceContext> first_context() {
  static ContextPool pool;
  const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  return devices.empty() ? nullptr : pool.get(devices.front());
}

bool is_intel_gpu(const DeviceInfo& info) { return info.is_gpu() && info.vendor_id == 0x8086; }

// x [1, 3, 9, 8] * w [4, 3, 3, 3], strides 2x1, pads 1/0 and 1/2, dilations 1x2.
std::shared_ptr<Model> convolution_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3, 9, 8});
  auto w = std::make_shared<op::v0::Parameter>(element::f32, Shape{4, 3, 3, 3});
  auto conv = std::make_shared<op::v1::Convolution>(x, w, Strides{2, 1}, CoordinateDiff{1, 1}, CoordinateDiff{0, 2},
                                                    Strides{1, 2});
  return std::make_shared<Model>(OutputVector{conv->output(0)}, ParameterVector{x, w}, "conv");
}

// a [2, 5, 7] x b [2, 6, 7]^T.
std::shared_ptr<Model> matmul_model() {
  auto a = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 5, 7});
  auto b = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 6, 7});
  auto product = std::make_shared<op::v0::MatMul>(a, b, false, true);
  return std::make_shared<Model>(OutputVector{product->output(0)}, ParameterVector{a, b}, "matmul");
}

TEST(OneDnnDetector, ProbesOncePerDeviceWhateverTheCallers) {
  const auto context = first_context();
  ASSERT_TRUE(context) << "no OpenCL device";
  std::atomic<int> calls{0};
  OneDnnDetector detector([&](cl_device_id device, cl_context cl) {
    EXPECT_EQ(device, context->device());
    EXPECT_EQ(cl, context->context());
    ++calls;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the others arrive meanwhile
    return std::string("refused by the test's probe");
  });
  std::vector<OneDnnVerdict> verdicts(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < verdicts.size(); ++i)
    threads.emplace_back([&, i] { verdicts[i] = detector.verdict(*context); });
  for (auto& thread : threads) thread.join();
  for (const auto& verdict : verdicts) {
    EXPECT_FALSE(verdict.accepted);
    EXPECT_EQ(verdict.reason, "refused by the test's probe");
    EXPECT_STREQ(verdict.engine_name(), "ferry_kernels");
  }
  // A second context on the same device asks nothing new.
  const auto other = std::make_shared<DeviceContext>(context->entry());
  EXPECT_FALSE(detector.verdict(*other).accepted);
  EXPECT_EQ(calls.load(), 1);
  EXPECT_EQ(detector.probes(), 1u);
}

TEST(OneDnnDetector, AnAcceptingProbeNamesOneDnn) {
  const auto context = first_context();
  ASSERT_TRUE(context) << "no OpenCL device";
  OneDnnDetector detector([](cl_device_id, cl_context) { return std::string(); });
  const OneDnnVerdict verdict = detector.verdict(*context);
  EXPECT_TRUE(verdict.accepted);
  EXPECT_EQ(verdict.reason, "");
  EXPECT_STREQ(verdict.engine_name(), "onednn");
}

TEST(OneDnnDetector, OneDnnRefusesDevicesOtherThanIntelGpus) {
  const auto context = first_context();
  ASSERT_TRUE(context) << "no OpenCL device";
  if (is_intel_gpu(context->info())) GTEST_SKIP() << "an Intel GPU, which oneDNN may accept";
  OneDnnDetector detector;  // the real probe: dnnl::ocl_interop::make_engine
  const OneDnnVerdict verdict = detector.verdict(*context);
  EXPECT_FALSE(verdict.accepted);
  EXPECT_STREQ(verdict.engine_name(), "ferry_kernels");
  EXPECT_NE(verdict.reason.find("make_engine failed"), std::string::npos) << verdict.reason;
  EXPECT_NE(verdict.reason.find(context->info().name), std::string::npos) << verdict.reason;
  EXPECT_NE(verdict.reason.find("Intel GPUs only"), std::string::npos) << verdict.reason;
  EXPECT_THROW(OneDnnEngine engine(*context), std::exception);
  detector.verdict(*context);
  EXPECT_EQ(detector.probes(), 1u);
}

TEST(OneDnnDetector, RefusedDevicesCompileOnFerryKernels) {
  const auto context = first_context();
  ASSERT_TRUE(context) << "no OpenCL device";
  const OneDnnVerdict verdict = OneDnnDetector::instance().verdict(*context);
  if (verdict.accepted) GTEST_SKIP() << "oneDNN accepts this device";
  for (const auto& model : {convolution_model(), matmul_model()}) {
    CompiledGraph graph(model, context);
    EXPECT_FALSE(graph.uses_onednn());
    for (const GraphStep& step : graph.steps()) {
      EXPECT_FALSE(step.routine);
      EXPECT_FALSE(step.kernels.empty());
    }
  }
}

TEST(OneDnnEngine, CandidatesAreF32ConvolutionsAndMatMuls) {
  EXPECT_TRUE(OneDnnEngine::candidate(*convolution_model()->get_results()[0]->get_input_node_shared_ptr(0)));
  EXPECT_TRUE(OneDnnEngine::candidate(*matmul_model()->get_results()[0]->get_input_node_shared_ptr(0)));
  auto a = std::make_shared<op::v0::Parameter>(element::f16, Shape{2, 3});
  auto b = std::make_shared<op::v0::Parameter>(element::f16, Shape{3, 4});
  EXPECT_FALSE(OneDnnEngine::candidate(*std::make_shared<op::v0::MatMul>(a, b)));
  auto v = std::make_shared<op::v0::Parameter>(element::f32, Shape{3});
  auto m = std::make_shared<op::v0::Parameter>(element::f32, Shape{3, 4});
  EXPECT_FALSE(OneDnnEngine::candidate(*std::make_shared<op::v0::MatMul>(v, m)));  // a 1-D operand
}

// The interop path: oneDNN primitives on the plugin's own context, queue and buffers.
class OneDnnInterop : public ::testing::Test {
 protected:
  void SetUp() override {
    m_context = first_context();
    ASSERT_TRUE(m_context) << "no OpenCL device";
    const OneDnnVerdict verdict = OneDnnDetector::instance().verdict(*m_context);
    if (!verdict.accepted) GTEST_SKIP() << verdict.reason;
    m_engine = std::make_unique<OneDnnEngine>(*m_context);
    m_queue = m_context->create_queue(false);
  }

  // Runs the model's single op through its oneDNN routine on device buffers and compares the
  // output with the op's reference evaluate on the same inputs.
  void expect_routine_matches_reference(const std::shared_ptr<Model>& model) {
    const auto node = model->get_results()[0]->get_input_node_shared_ptr(0);
    const auto routine = m_engine->routine(*node);
    ASSERT_TRUE(routine) << "oneDNN has no primitive for " << node->get_type_name();
    TensorVector inputs = test::random_inputs(model, 7);
    std::vector<ClMem> buffers;
    std::vector<cl_mem> handles;
    for (auto& input : inputs) {
      buffers.push_back(m_context->create_buffer(input.get_byte_size(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                                 input.data(), "input"));
      handles.push_back(buffers.back().get());
    }
    Tensor actual(element::f32, node->get_output_shape(0));
    buffers.push_back(m_context->create_buffer(actual.get_byte_size(), CL_MEM_READ_WRITE, nullptr, "output"));
    handles.push_back(buffers.back().get());
    routine->enqueue(m_queue.get(), handles);
    ASSERT_EQ(clEnqueueReadBuffer(m_queue.get(), handles.back(), CL_TRUE, 0, actual.get_byte_size(), actual.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    TensorVector expected{Tensor(element::f32, node->get_output_shape(0))};
    ASSERT_TRUE(node->evaluate(expected, inputs));
    test::expect_values_close(actual, expected[0], 1e-4, 1e-4, node->get_type_name());
  }

  std::shared_ptr<DeviceContext> m_context;
  std::unique_ptr<OneDnnEngine> m_engine;
  ClQueue m_queue;
};

TEST_F(OneDnnInterop, MatMulOnThePluginsBuffers) { expect_routine_matches_reference(matmul_model()); }

TEST_F(OneDnnInterop, ConvolutionOnThePluginsBuffers) { expect_routine_matches_reference(convolution_model()); }

TEST_F(OneDnnInterop, CompiledGraphsGiveOneDnnTheirConvolutionsAndMatMuls) {
  for (const auto& model : {convolution_model(), matmul_model()}) {
    CompiledGraph graph(model, m_context);
    EXPECT_TRUE(graph.uses_onednn());
    ASSERT_EQ(graph.steps().size(), 1u);
    EXPECT_TRUE(graph.steps()[0].routine);
    EXPECT_TRUE(graph.steps()[0].kernels.empty());
  }
}

}  // namespace
}  // namespace ferry::gpu
