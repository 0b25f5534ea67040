// The engine's oneDNN paths on small networks built in memory, each against core's reference
// executor (relative 1e-4, absolute 1e-5; see test_support::close): activations in blocked
// layouts between oneDNN steps, residual Adds fused as sum post-ops (in place or not),
// depthwise convolutions, the classifier (ReduceMean, MatMul, Softmax), the arena's reuse,
// no allocation per execution, and executions on several threads at once.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <random>
#include <thread>

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reduce_mean.hpp"
#include "ferry/graph/ops/softmax.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/ops/unary_math.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"
#include "plugins/cpu/src/engine/onednn_step.hpp"
#include "plugins/cpu/src/engine/testing/reference_comparison.hpp"

// Counts operator new while `counting` is set: the allocation-free test's probe (libferry and
// libdnnl bind the executable's operator new). oneDNN's own execute call builds a map of its
// arguments each time, which no caller can avoid: calls from inside libdnnl are counted apart.
namespace {
std::atomic<bool> counting{false};
std::atomic<size_t> allocations{0}, onednn_allocations{0};

bool called_from_onednn(void* caller) {
  Dl_info info{};
  return dladdr(caller, &info) && info.dli_fname && std::strstr(info.dli_fname, "libdnnl");
}
}  // namespace

// libgomp's (oneDNN's OpenMP runtime; clang ships no omp.h).
extern "C" {
int omp_get_max_threads(void);
void omp_set_num_threads(int threads);
}

void* operator new(std::size_t size) {
  if (counting) ++(called_from_onednn(__builtin_return_address(0)) ? onednn_allocations : allocations);
  if (void* memory = std::malloc(size ? size : 1)) return memory;
  throw std::bad_alloc();
}
// Every form that the ones above pair with, so that no allocation mixes this malloc with another
// allocator's free (std::stable_sort's buffer takes the nothrow form; ASan checks the pairs).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (counting) ++(called_from_onednn(__builtin_return_address(0)) ? onednn_allocations : allocations);
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete(void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, const std::nothrow_t&) noexcept { std::free(memory); }

namespace ferry::cpu::engine {
namespace {

using test_support::compare_with_reference;

// Builds networks with random weights small enough that activations stay near 1.
class Network {
 public:
  explicit Network(unsigned seed) : m_random(seed) {}

  Output<Node> constant(const Shape& shape, float scale) {
    std::uniform_real_distribution<float> values(-scale, scale);
    std::vector<float> data(shape_size(shape));
    for (float& value : data) value = values(m_random);
    return std::make_shared<op::v0::Constant>(element::f32, shape, data);
  }

  // Convolution (depthwise when `depthwise`) + per-channel bias.
  Output<Node> conv(const Output<Node>& x, size_t out, size_t kernel, size_t stride = 1, bool depthwise = false) {
    const size_t in = x.get_shape()[1];
    const auto pad = static_cast<std::ptrdiff_t>(kernel / 2);
    const float scale = 1.5f / std::sqrt(static_cast<float>((depthwise ? 1 : in) * kernel * kernel));
    std::shared_ptr<Node> y;
    if (depthwise) {
      y = std::make_shared<op::v1::GroupConvolution>(x, constant({in, 1, 1, kernel, kernel}, scale),
                                                     Strides{stride, stride}, CoordinateDiff{pad, pad},
                                                     CoordinateDiff{pad, pad}, Strides{1, 1});
    } else {
      y = std::make_shared<op::v1::Convolution>(x, constant({out, in, kernel, kernel}, scale), Strides{stride, stride},
                                                CoordinateDiff{pad, pad}, CoordinateDiff{pad, pad}, Strides{1, 1});
    }
    return std::make_shared<op::v1::Add>(y, constant({1, depthwise ? in : out, 1, 1}, 0.2f));
  }

  static Output<Node> relu(const Output<Node>& x) { return std::make_shared<op::v0::Relu>(x); }
  static Output<Node> relu6(const Output<Node>& x) { return std::make_shared<op::v0::Clamp>(x, 0.0, 6.0); }
  static Output<Node> add(const Output<Node>& a, const Output<Node>& b) { return std::make_shared<op::v1::Add>(a, b); }

 private:
  std::mt19937 m_random;
};

std::shared_ptr<Model> model_of(const OutputVector& outputs, const std::shared_ptr<op::v0::Parameter>& input) {
  return std::make_shared<Model>(outputs, ParameterVector{input}, "network");
}

std::shared_ptr<op::v0::Parameter> image(const Shape& shape) {
  return std::make_shared<op::v0::Parameter>(element::f32, shape);
}

// A stem, ResNet's bottleneck with an identity shortcut (relu(conv(conv(conv(x))) + x)), a head.
std::shared_ptr<Model> bottleneck(size_t batch = 1) {
  Network net(1);
  auto x = image({batch, 16, 10, 10});
  auto stem = net.relu(net.conv(x, 16, 3));
  auto z = net.relu(net.conv(stem, 8, 1));
  z = net.relu(net.conv(z, 8, 3));
  z = net.conv(z, 16, 1);
  return model_of({net.conv(net.relu(net.add(z, stem)), 16, 1)}, x);
}

// Each step as "<type>:<exec type>:<layout>", for failure messages.
std::string describe(const std::vector<OpProfile>& steps) {
  std::string text;
  for (const OpProfile& step : steps) text += "\n  " + step.type + ":" + step.exec_type + ":" + step.layout;
  return text;
}

// The steps between the graph's edges: without the reorders of the (plain) input that open it
// and the reorder into the (plain) output that closes it.
std::vector<OpProfile> inner_steps(const CompiledGraph& graph) {
  auto steps = graph.describe_steps();
  EXPECT_EQ("Reorder", steps.back().type) << "into the caller's plain output";
  EXPECT_EQ("plain", steps.back().layout);
  steps.pop_back();
  const auto first =
      std::find_if(steps.begin(), steps.end(), [](const OpProfile& step) { return step.type != "Reorder"; });
  return std::vector<OpProfile>(first, steps.end());
}

// Compiles `model`: its steps of Convolution, Add and Relu are `expected` (the Adds and Relus
// fused), and it matches the reference.
void expect_convolutions(const std::shared_ptr<Model>& model, const std::vector<std::string>& expected) {
  CompiledGraph graph(model);
  EXPECT_EQ(expected, test_support::steps_of(graph, {"Convolution", "Add", "Relu"}));
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(OneDnnLayoutsTest, ActivationsStayBlockedBetweenOneDnnSteps) {
  auto model = bottleneck();
  CompiledGraph graph(model);
  const auto steps = inner_steps(graph);
  ASSERT_EQ(5u, steps.size()) << "five convolutions, no reorders between them:" << describe(graph.describe_steps());
  for (const OpProfile& step : steps) {
    EXPECT_EQ("Convolution", step.type);
    EXPECT_EQ("blocked", step.layout) << step.name;
  }
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(OneDnnLayoutsTest, AResidualAddAndItsReluRunInsideTheConvolution) {
  expect_convolutions(bottleneck(),
                      {"Convolution:onednn+bias+relu", "Convolution:onednn+bias+relu", "Convolution:onednn+bias+relu",
                       "Convolution:onednn+bias+sum+relu", "Convolution:onednn+bias"});
}

// A projection shortcut: both operands of the Add are convolutions; the one computed last
// takes the Add.
TEST(OneDnnLayoutsTest, AnAddOfTwoConvolutionsRunsInTheLaterOne) {
  Network net(2);
  auto x = image({2, 8, 9, 9});
  auto shortcut = net.conv(x, 16, 1, 2);
  auto z = net.conv(net.relu(net.conv(x, 8, 3, 2)), 16, 1);
  expect_convolutions(model_of({net.relu(net.add(z, shortcut))}, x),
                      {"Convolution:onednn+bias+relu", "Convolution:onednn+bias", "Convolution:onednn+bias+sum+relu"});
}

// The residual is read again after the Add (by another step, and as a result): the sum cannot
// take over its memory and copies it into the destination first.
TEST(OneDnnLayoutsTest, AResidualReadAgainLaterIsNotOverwritten) {
  Network net(3);
  auto x = image({1, 8, 6, 6});
  auto stem = net.relu(net.conv(x, 16, 3));
  auto first = net.add(net.conv(stem, 16, 1), stem);
  auto second = net.add(net.conv(first, 16, 3), stem);  // `stem` again
  auto model = model_of({second, stem}, x);
  CompiledGraph graph(model);
  const auto convolutions = test_support::steps_of(graph, {"Convolution", "Add"});
  EXPECT_EQ(2, std::count(convolutions.begin(), convolutions.end(), "Convolution:onednn+bias+sum"));
  for (unsigned seed : {1u, 2u, 3u}) compare_with_reference(model, graph, seed);
}

// That copy of the residual into the destination is the device's work, counted as every copy it
// makes: run() returns it and the simulator adds it to its copied bytes
// (ferrySimulatorGetCopiedBytes). One destination's bytes per sum that could not run in place.
TEST(OneDnnLayoutsTest, TheCopyOfAResidualReadAgainLaterIsCounted) {
  Network net(3);
  auto x = image({1, 8, 6, 6});
  auto stem = net.relu(net.conv(x, 16, 3));
  auto first = net.add(net.conv(stem, 16, 1), stem);
  auto second = net.add(net.conv(first, 16, 3), stem);  // `stem` again
  CompiledGraph graph(model_of({second, stem}, x));
  std::vector<float> input(1 * 8 * 6 * 6, 0.5f), second_output(16 * 6 * 6), stem_output(16 * 6 * 6);
  const uint64_t destination_bytes = 16 * 6 * 6 * sizeof(float);
  EXPECT_EQ(2 * destination_bytes, graph.run({input.data(), second_output.data(), stem_output.data()}));
}

// MobileNetV2's inverted residual: 1x1 expansion, depthwise 3x3, 1x1 projection, residual Add.
TEST(OneDnnLayoutsTest, DepthwiseConvolutionsRunBlockedInAnInvertedResidual) {
  Network net(4);
  auto x = image({1, 16, 14, 14});
  auto stem = net.relu6(net.conv(x, 16, 3));
  auto z = net.relu6(net.conv(stem, 96, 1));
  z = net.relu6(net.conv(z, 96, 3, 1, true));
  auto model = model_of({net.add(stem, net.conv(z, 16, 1))}, x);
  CompiledGraph graph(model);
  const auto steps = inner_steps(graph);
  ASSERT_EQ(4u, steps.size()) << describe(graph.describe_steps());
  EXPECT_EQ("GroupConvolution", steps[2].type);
  EXPECT_EQ("onednn+bias+clamp", steps[2].exec_type);
  EXPECT_EQ("blocked", steps[2].layout);
  EXPECT_EQ("onednn+bias+sum", steps[3].exec_type);
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

// A reference step between oneDNN steps reads plain memory: reorders at its edges only.
// MobileNetV2's shape of problem: over several images, convolutions of 32 channels take nChw16c
// and one of 24 does not; the whole model then keeps oneDNN's own layout, with no reorder between
// its convolutions. A ResNet-like model (only the image has fewer than 16 channels) stays blocked.
TEST(OneDnnLayoutsTest, ABatchWithChannelsNotInSixteensKeepsOneLayoutThroughout) {
  Network net(3);
  auto x = image({2, 3, 12, 12});
  auto y = net.relu(net.conv(x, 32, 3));  // the image: 3 channels
  y = net.relu(net.conv(y, 24, 1));
  y = net.relu(net.conv(y, 32, 1));
  y = net.relu(net.conv(y, 32, 3, 1, true));  // depthwise
  auto model = model_of({net.conv(y, 32, 1)}, x);
  EXPECT_EQ(choose_convolution_layout(*model), BatchedConvolutions::kAsOneDnnPrefers);
  CompiledGraph graph(model);
  for (const OpProfile& step : inner_steps(graph))
    EXPECT_NE("Reorder", step.type) << "between convolutions:" << describe(graph.describe_steps());
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);

  Network resnet(4);
  auto image_in = image({2, 3, 12, 12});
  auto stem = resnet.relu(resnet.conv(image_in, 16, 3));
  EXPECT_EQ(choose_convolution_layout(*model_of({resnet.conv(stem, 32, 1)}, image_in)), BatchedConvolutions::kBlocked);
}

TEST(OneDnnLayoutsTest, ReferenceStepsGetPlainMemoryThroughReorders) {
  Network net(5);
  auto x = image({1, 8, 6, 6});
  auto y = net.relu(net.conv(x, 16, 3));
  auto softsign = std::make_shared<op::v9::SoftSign>(y);  // no oneDNN algorithm: the reference kernel
  auto model = model_of({net.relu(net.conv(softsign, 16, 3))}, x);
  CompiledGraph graph(model);
  const auto steps = graph.describe_steps();
  const auto reference =
      std::find_if(steps.begin(), steps.end(), [](const OpProfile& step) { return step.type == "SoftSign"; });
  ASSERT_NE(steps.end(), reference);
  EXPECT_EQ("reference", reference->exec_type);
  EXPECT_EQ("Reorder", (reference - 1)->type);
  EXPECT_EQ("plain", (reference - 1)->layout);
  EXPECT_EQ("blocked", (reference - 2)->layout) << "the convolution before it";
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(OneDnnLayoutsTest, TheClassifierRunsOnOneDnn) {
  Network net(6);
  auto x = image({2, 16, 7, 7});
  auto features = net.relu(net.conv(x, 32, 3));
  auto axes = std::make_shared<op::v0::Constant>(element::i64, Shape{2}, std::vector<int64_t>{2, 3});
  auto pooled = std::make_shared<op::v1::ReduceMean>(features, axes, false);
  auto logits =
      net.add(std::make_shared<op::v0::MatMul>(pooled, net.constant({32, 10}, 0.5f)), net.constant({10}, 0.1f));
  auto model = model_of({std::make_shared<op::v8::Softmax>(logits, -1)}, x);
  CompiledGraph graph(model);
  for (const OpProfile& step : graph.describe_steps()) EXPECT_EQ(0u, step.exec_type.rfind("onednn", 0)) << step.type;
  EXPECT_EQ((std::vector<std::string>{"ReduceMean:onednn", "MatMul:onednn+bias", "Softmax:onednn"}),
            test_support::steps_of(graph, {"ReduceMean", "MatMul", "Softmax"}));
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(OneDnnLayoutsTest, TheArenaReusesMemoryOfValuesNoLongerRead) {
  Network net(7);
  auto x = image({1, 16, 32, 32});
  Output<Node> y = x;
  for (int layer = 0; layer < 8; ++layer) y = net.relu(net.conv(y, 16, 3));
  auto model = model_of({y}, x);
  CompiledGraph graph(model);
  const size_t activation = 16 * 32 * 32 * sizeof(float);
  // Seven intermediates; two live at a time (plus oneDNN's scratchpad).
  EXPECT_LT(graph.arena_bytes(), 3 * activation) << describe(graph.describe_steps());
  compare_with_reference(model, graph, 1);
}

TEST(OneDnnLayoutsTest, AnExecutionAllocatesNothing) {
  auto model = bottleneck();
  CompiledGraph graph(model);
  std::vector<float> input(16 * 10 * 10, 0.5f), output(16 * 10 * 10);
  const std::vector<void*> arguments{input.data(), output.data()};
  std::vector<float> other(output.size());
  const std::vector<void*> other_arguments{input.data(), other.data()};
  graph.run(arguments);
  counting = true;
  graph.run(arguments);
  graph.run(other_arguments);  // other output memory: its oneDNN memory is pointed there
  counting = false;
  EXPECT_EQ(0u, allocations.load()) << "outside oneDNN";
  EXPECT_EQ(output, other);
  // Not an expectation (oneDNN's business), for the record: its execute call's argument maps.
  std::printf("oneDNN allocated %zu times in two executions\n", onednn_allocations.load());
}

// Compiled for all cores and for one thread: both plans run (each is tried once first) and
// match the reference.
TEST(OneDnnLayoutsTest, ThePlansForAllCoresAndForOneThreadBothMatchTheReference) {
  auto model = bottleneck(2);
  CompiledGraph graph(model);
  const auto threads = graph.plan_threads();
  ASSERT_FALSE(threads.empty());
  if (threads.front() == 1) GTEST_SKIP() << "a host of one core: one plan";
  EXPECT_EQ((std::vector<int>{threads.front(), 1}), threads);
  for (unsigned seed = 1; seed <= 4; ++seed) compare_with_reference(model, graph, seed);
  for (uint64_t executions : graph.executions_per_plan()) EXPECT_GE(executions, 1u);
}

// Where OpenMP has one thread (OMP_NUM_THREADS=1, as the sanitizer builds of the driver's tests
// set it), one plan.
TEST(OneDnnLayoutsTest, OneOpenMpThreadMakesOnePlan) {
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  auto model = bottleneck();
  CompiledGraph graph(model);
  omp_set_num_threads(threads);
  EXPECT_EQ(std::vector<int>{1}, graph.plan_threads());
  compare_with_reference(model, graph, 1);
  compare_with_reference(model, graph, 2);
}

TEST(OneDnnLayoutsTest, ExecutionsOnSeveralThreadsAtOnceEachGetTheirOwnArena) {
  auto model = bottleneck(2);
  CompiledGraph graph(model);
  std::vector<std::thread> threads;
  for (unsigned seed = 1; seed <= 4; ++seed)
    threads.emplace_back([&, seed] {
      for (int repeat = 0; repeat < 3; ++repeat) compare_with_reference(model, graph, seed * 10 + repeat);
    });
  for (auto& thread : threads) thread.join();
}

}  // namespace
}  // namespace ferry::cpu::engine
