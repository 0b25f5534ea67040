// Scratch memory of primitives (Primitive::scratch_bytes) through CompiledGraph: the recurrent
// sequences ask for one buffer holding X W^T of every time step. Two RNNSequence steps in a row
// (the second one bidirectional, so its scratch is twice as large) followed by a Relu, which has
// no scratch: the lifetimes below are recomputed from the steps, independently of plan_memory.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "compiled_graph.hpp"
#include "device_enumerator.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reshape.hpp"
#include "ferry/graph/ops/rnn_sequence.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"

namespace ferry::gpu {
namespace {

constexpr size_t kBatch = 2, kSeq = 3, kInput = 4, kHidden = 5;

std::shared_ptr<DeviceContext> first_context() {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  if (devices.empty()) return nullptr;
  return std::make_shared<DeviceContext>(devices[0]);
}

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, float scale) {
  std::vector<float> values(element_count(shape));
  for (size_t i = 0; i < values.size(); ++i) values[i] = scale * static_cast<float>(static_cast<int>(i % 7) - 3);
  return std::make_shared<op::v0::Constant>(element::f32, shape, values);
}

// X -> RNN (forward) -> Y1 reshaped to [B, S, H] -> RNN (bidirectional) -> Relu(Y2), Ho2.
std::shared_ptr<Model> two_rnns() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{kBatch, kSeq, kInput});
  auto h0 = std::make_shared<op::v0::Parameter>(element::f32, Shape{kBatch, 1, kHidden});
  auto h0_both = std::make_shared<op::v0::Parameter>(element::f32, Shape{kBatch, 2, kHidden});
  auto lengths = std::make_shared<op::v0::Parameter>(element::i64, Shape{kBatch});
  auto first = std::make_shared<op::v5::RNNSequence>(x, h0, lengths, weights({1, kHidden, kInput}, 0.1f),
                                                     weights({1, kHidden, kHidden}, 0.05f), weights({1, kHidden}, 0.2f),
                                                     kHidden, op::RecurrentSequenceDirection::FORWARD);
  auto shape = op::v0::Constant::create(element::i64, Shape{3}, std::vector<int64_t>{kBatch, kSeq, kHidden});
  auto y1 = std::make_shared<op::v1::Reshape>(first->output(0), shape, false);
  auto second = std::make_shared<op::v5::RNNSequence>(
      y1, h0_both, lengths, weights({2, kHidden, kHidden}, 0.3f), weights({2, kHidden, kHidden}, 0.05f),
      weights({2, kHidden}, 0.1f), kHidden, op::RecurrentSequenceDirection::BIDIRECTIONAL);
  auto relu = std::make_shared<op::v0::Relu>(second->output(0));
  return std::make_shared<Model>(OutputVector{relu->output(0), second->output(1)},
                                 ParameterVector{x, h0, h0_both, lengths}, "two_rnns");
}

class CompiledGraphScratch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto context = first_context();
    ASSERT_TRUE(context) << "no OpenCL device";
    s_graph = new CompiledGraph(two_rnns(), context);
  }
  static void TearDownTestSuite() {
    delete s_graph;
    s_graph = nullptr;
  }
  const CompiledGraph& graph() const { return *s_graph; }
  static CompiledGraph* s_graph;
};
CompiledGraph* CompiledGraphScratch::s_graph = nullptr;

bool contains(const std::vector<size_t>& ids, size_t id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

bool reads_value(const KernelStep& kernel, size_t id) {
  return std::any_of(kernel.args.begin(), kernel.args.end(),
                     [&](const KernelArg& arg) { return arg.is_value && arg.value == id; });
}

TEST_F(CompiledGraphScratch, EachRecurrentStepHasOneScratchValueOfItsProjectionSize) {
  const auto& steps = graph().steps();
  ASSERT_EQ(steps.size(), 3u);  // RNN, RNN, Relu (the Reshape is an alias)
  // XW [D, B * S, H] in f32.
  const size_t expected[] = {1 * kBatch * kSeq * kHidden * 4, 2 * kBatch * kSeq * kHidden * 4};
  for (size_t s = 0; s < 2; ++s) {
    SCOPED_TRACE(s);
    EXPECT_EQ(steps[s].node->get_type_name(), std::string("RNNSequence"));
    ASSERT_EQ(steps[s].scratch.size(), 1u);
    const GraphValue& value = graph().values()[steps[s].scratch[0]];
    EXPECT_EQ(value.kind, GraphValue::Kind::SCRATCH);
    EXPECT_EQ(value.bytes, expected[s]);
    EXPECT_EQ(value.root, steps[s].scratch[0]);
  }
  EXPECT_TRUE(steps[2].scratch.empty());
}

TEST_F(CompiledGraphScratch, TheProjectionWritesTheScratchAndTheStepKernelsReadIt) {
  for (size_t s = 0; s < 2; ++s) {
    const GraphStep& step = graph().steps()[s];
    ASSERT_EQ(step.kernels.size(), 1 + kSeq + 1);  // projection, one per time step, final
    const KernelStep& projection = step.kernels[0];
    EXPECT_EQ(projection.kernel, "gemm");
    EXPECT_EQ(projection.file, "gemm.cl");
    // gemm(A, B, C, ...): X, W, and the scratch as C.
    ASSERT_GE(projection.args.size(), 3u);
    EXPECT_TRUE(projection.args[0].is_value && projection.args[0].value == step.inputs[0]);
    EXPECT_TRUE(projection.args[1].is_value && projection.args[1].value == step.inputs[3]);
    EXPECT_TRUE(projection.args[2].is_value && projection.args[2].value == step.scratch[0]);
    for (size_t k = 1; k <= kSeq; ++k) {
      EXPECT_EQ(step.kernels[k].kernel, "recurrent_step");
      EXPECT_TRUE(reads_value(step.kernels[k], step.scratch[0])) << "step " << s << " kernel " << k;
    }
  }
}

TEST_F(CompiledGraphScratch, ScratchValuesAreNeitherNodeOutputsNorModelOutputsNorInputs) {
  std::vector<size_t> scratch;
  for (const GraphStep& step : graph().steps()) scratch.insert(scratch.end(), step.scratch.begin(), step.scratch.end());
  ASSERT_EQ(scratch.size(), 2u);
  for (size_t id : scratch) {
    for (const GraphStep& step : graph().steps()) {
      EXPECT_FALSE(contains(step.outputs, id));
      EXPECT_FALSE(contains(step.inputs, id));
    }
    EXPECT_FALSE(contains(graph().output_values(), id));
    EXPECT_FALSE(contains(graph().parameter_values(), id));
    EXPECT_EQ(graph().values()[id].bound_output, -1);
  }
  // Every other value is a node output: as many as the model's nodes have, Results excepted.
  size_t node_outputs = 0;
  for (const auto& node : graph().model()->get_ordered_ops())
    if (std::string(node->get_type_name()) != "Result") node_outputs += node->get_output_size();
  EXPECT_EQ(graph().values().size(), node_outputs + scratch.size());
}

TEST_F(CompiledGraphScratch, ConsecutiveStepsShareOneScratchBufferGrownToTheLarger) {
  const auto& steps = graph().steps();
  const GraphValue& a = graph().values()[steps[0].scratch[0]];
  const GraphValue& b = graph().values()[steps[1].scratch[0]];
  ASSERT_GE(a.plan_value, 0);
  ASSERT_GE(b.plan_value, 0);
  const MemoryPlan& plan = graph().memory_plan();
  const size_t buffer = plan.buffer_of(static_cast<size_t>(a.plan_value));
  EXPECT_EQ(plan.buffer_of(static_cast<size_t>(b.plan_value)), buffer);
  EXPECT_GE(plan.buffer_sizes()[buffer], std::max(a.bytes, b.bytes));
}

// No buffer holds two values alive in the same step: lifetimes recomputed from the steps (a
// scratch value lives in its step only; an output not written in place lives past the last step).
TEST_F(CompiledGraphScratch, NoPlannedBufferHoldsTwoValuesAliveTogether) {
  const auto& values = graph().values();
  const auto& steps = graph().steps();
  struct Live {
    size_t value, first, last;
  };
  std::vector<Live> live;
  for (size_t s = 0; s < steps.size(); ++s) {
    for (size_t v : steps[s].outputs)
      if (values[v].plan_value >= 0) live.push_back({v, s, s});
    for (size_t v : steps[s].scratch) live.push_back({v, s, s});
    for (size_t v : steps[s].inputs)
      for (Live& l : live)
        if (l.value == v) l.last = std::max(l.last, s);
  }
  for (size_t v : graph().output_values())
    for (Live& l : live)
      if (l.value == v) l.last = steps.size();
  size_t planned = 0;
  for (const GraphValue& value : values) planned += value.plan_value >= 0;
  ASSERT_EQ(live.size(), planned);
  const MemoryPlan& plan = graph().memory_plan();
  for (size_t i = 0; i < live.size(); ++i) {
    const size_t buffer = plan.buffer_of(static_cast<size_t>(values[live[i].value].plan_value));
    EXPECT_GE(plan.buffer_sizes()[buffer], values[live[i].value].bytes);
    for (size_t j = i + 1; j < live.size(); ++j) {
      const bool overlap = !(live[i].last < live[j].first || live[j].last < live[i].first);
      if (overlap) {
        EXPECT_NE(plan.buffer_of(static_cast<size_t>(values[live[j].value].plan_value)), buffer)
            << "values " << live[i].value << " and " << live[j].value;
      }
    }
  }
}

// Constants after a scratch value in value order still get their own data (upload_weights numbers
// values by node).
TEST_F(CompiledGraphScratch, WeightsOfTheSecondStepAreItsOwn) {
  const GraphStep& step = graph().steps()[1];
  const size_t w = step.inputs.at(3);
  ASSERT_EQ(graph().values()[w].kind, GraphValue::Kind::CONSTANT);
  const Tensor& tensor = graph().constant_tensor(w);
  ASSERT_EQ(tensor.get_shape(), (Shape{2, kHidden, kHidden}));
  const float* data = tensor.data<float>();
  for (size_t i = 0; i < element_count(tensor.get_shape()); ++i)
    ASSERT_FLOAT_EQ(data[i], 0.3f * static_cast<float>(static_cast<int>(i % 7) - 3)) << i;
  EXPECT_NE(graph().constant_buffer(w), nullptr);
}

}  // namespace
}  // namespace ferry::gpu
