// Recurrent sequences chained, end to end against the core's reference: each step computes its
// input projection X W^T into a scratch buffer of the memory plan (Primitive::scratch_bytes), and
// consecutive recurrent steps reuse that memory, so a wrong lifetime or binding shows up as a
// wrong result of the second sequence. Also with a dynamic batch (one plan per shape, the
// request's buffers grow), and GPU_MEMORY_STATISTICS counting the scratch with the intermediates.

#include <gtest/gtest.h>

#include "ferry/gpu/properties.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/rnn_sequence.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

using Direction = op::RecurrentSequenceDirection;
constexpr size_t kSeq = 4, kInput = 6, kHidden = 5;

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, unsigned seed) {
  const Tensor values = random_tensor(element::f32, shape, seed, -0.7, 0.7);
  return std::make_shared<op::v0::Constant>(element::f32, shape, values.data());
}

struct Chain {
  std::shared_ptr<Model> model;
  bool lstm_then_gru = false;
};

// X -> first sequence -> its Y as [B, S, H] -> second sequence; outputs: the second's Y and Ho.
// Plain: RNN forward -> RNN bidirectional. lstm_then_gru: LSTM forward -> GRU
// (linear_before_reset) reverse.
Chain chain(const Dimension& batch, bool lstm_then_gru) {
  const auto p = [&](const PartialShape& shape, const element::Type& type) {
    return std::make_shared<op::v0::Parameter>(type, shape);
  };
  auto x = p({batch, kSeq, kInput}, element::f32);
  auto h0 = p({batch, 1, kHidden}, element::f32);
  auto lengths = p({batch}, element::i64);
  ParameterVector params{x, h0, lengths};
  std::shared_ptr<Node> first, second;
  if (!lstm_then_gru) {
    first = std::make_shared<op::v5::RNNSequence>(x, h0, lengths, weights({1, kHidden, kInput}, 1),
                                                  weights({1, kHidden, kHidden}, 2), weights({1, kHidden}, 3), kHidden,
                                                  Direction::FORWARD);
  } else {
    auto c0 = p({batch, 1, kHidden}, element::f32);
    params.push_back(c0);
    first = std::make_shared<op::v5::LSTMSequence>(x, h0, c0, lengths, weights({1, 4 * kHidden, kInput}, 4),
                                                   weights({1, 4 * kHidden, kHidden}, 5), weights({1, 4 * kHidden}, 6),
                                                   kHidden, Direction::FORWARD);
  }
  auto y = std::make_shared<op::v1::Reshape>(first->output(0), ints({0, kSeq, kHidden}), true);
  if (!lstm_then_gru) {
    auto h0_both = p({batch, 2, kHidden}, element::f32);
    params.push_back(h0_both);
    second = std::make_shared<op::v5::RNNSequence>(y, h0_both, lengths, weights({2, kHidden, kHidden}, 7),
                                                   weights({2, kHidden, kHidden}, 8), weights({2, kHidden}, 9), kHidden,
                                                   Direction::BIDIRECTIONAL);
  } else {
    second = std::make_shared<op::v5::GRUSequence>(
        y, h0, lengths, weights({1, 3 * kHidden, kHidden}, 10), weights({1, 3 * kHidden, kHidden}, 11),
        weights({1, 4 * kHidden}, 12), kHidden, Direction::REVERSE, std::vector<std::string>{"sigmoid", "tanh"},
        std::vector<float>{}, std::vector<float>{}, 0.f, true);
  }
  return {std::make_shared<Model>(OutputVector{second->output(0), second->output(1)}, params, "chain"), lstm_then_gru};
}

// Inputs for `batch` rows: data random, lengths cycling through full, short and 0.
TensorVector inputs_for(const Chain& c, size_t batch, unsigned seed) {
  TensorVector inputs;
  for (const auto& parameter : c.model->get_parameters()) {
    Shape shape{batch};
    const PartialShape& bound = parameter->get_partial_shape();
    for (size_t i = 1; i < bound.size(); ++i) shape.push_back(static_cast<size_t>(bound[i].get_length()));
    if (parameter->get_element_type() == element::i64) {
      Tensor lengths(element::i64, shape);
      const int64_t cycle[] = {kSeq, 2, kSeq, 0, 3};
      for (size_t b = 0; b < batch; ++b) lengths.data<int64_t>()[b] = cycle[b % 5];
      inputs.push_back(lengths);
    } else {
      inputs.push_back(random_tensor(element::f32, shape, seed++, -1.0, 1.0));
    }
  }
  return inputs;
}

void expect_close(const Tensor& actual, const Tensor& expected) {
  ASSERT_EQ(actual.get_shape(), expected.get_shape());
  for (size_t i = 0; i < actual.get_size(); ++i) {
    const float a = actual.data<float>()[i], e = expected.data<float>()[i];
    ASSERT_LE(std::abs(a - e), 1e-5 + 1e-4 * std::abs(e)) << "element " << i;
  }
}

void infer_and_compare(InferRequest& request, const Chain& c, size_t batch, unsigned seed) {
  const TensorVector inputs = inputs_for(c, batch, seed);
  TensorVector expected;
  ReferenceExecutor(c.model).run(inputs, expected);
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  for (size_t k = 0; k < expected.size(); ++k) {
    SCOPED_TRACE("output " + std::to_string(k));
    expect_close(request.get_output_tensor(k), expected[k]);
  }
}

Core& shared_core() {
  static Core core = make_core();
  return core;
}

TEST(GpuRecurrentScratch, ChainedSequencesMatchTheReference) {
  for (bool lstm_then_gru : {false, true}) {
    SCOPED_TRACE(lstm_then_gru ? "LSTM -> GRU" : "RNN -> RNN");
    const Chain c = chain(Dimension(5), lstm_then_gru);
    CompiledModel compiled = shared_core().compile_model(c.model, "GPU");
    InferRequest request = compiled.create_infer_request();
    infer_and_compare(request, c, 5, 10);
    infer_and_compare(request, c, 5, 20);  // the same buffers again
  }
}

TEST(GpuRecurrentScratch, DynamicBatchGrowsTheScratchWithTheShape) {
  const Chain c = chain(Dimension::dynamic(), false);
  CompiledModel compiled = shared_core().compile_model(c.model, "GPU");
  InferRequest request = compiled.create_infer_request();
  unsigned seed = 30;
  for (size_t batch : {2, 7, 1, 7, 3}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    infer_and_compare(request, c, batch, seed += 10);
  }
}

TEST(GpuRecurrentScratch, MemoryStatisticsCountTheScratchWithTheIntermediates) {
  Core& core = shared_core();
  const auto intermediates = [&] { return core.get_property("GPU", memory_statistics).at("intermediates"); };
  const size_t batch = 3;
  const Chain c = chain(Dimension(batch), false);
  CompiledModel compiled = core.compile_model(c.model, "GPU");
  const uint64_t before = intermediates();
  {
    InferRequest request = compiled.create_infer_request();
    infer_and_compare(request, c, batch, 40);
    // While the second sequence runs, the first one's Y [B, 1, S, H] (its input) and its XW
    // [2, B * S, H] are both alive, so no plan holds less; without the scratch it would need only
    // the first sequence's Y and Ho (on unified memory the second's outputs are written in place).
    const uint64_t y1 = batch * kSeq * kHidden * sizeof(float), xw2 = 2 * batch * kSeq * kHidden * sizeof(float);
    EXPECT_GE(intermediates() - before, y1 + xw2);
  }
  EXPECT_EQ(intermediates(), before);
}

}  // namespace
}  // namespace ferry::gpu::test
