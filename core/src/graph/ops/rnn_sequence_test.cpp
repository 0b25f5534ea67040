#include "ferry/graph/ops/rnn_sequence.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/bfloat16.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::RecurrentSequenceDirection;
using op::v5::GRUSequence;
using op::v5::LSTMSequence;
using op::v5::RNNSequence;

std::shared_ptr<Node> p(const char* shape, const element::Type& type = element::f32) {
  return param(type, PartialShape(shape));
}
Tensor f32(const Shape& shape, const std::vector<float>& v) { return make_tensor(element::f32, shape, v); }
Tensor lengths(const std::vector<int32_t>& v) { return make_tensor(element::i32, Shape{v.size()}, v); }

TEST(RecurrentSequence, ShapeInference) {
  auto lstm =
      std::make_shared<LSTMSequence>(p("[?,5,3]"), p("[2,1,4]"), p("[...]"), p("[?]", element::i64), p("[1,16,3]"),
                                     p("[1,16,4]"), p("[1,16]"), 4, RecurrentSequenceDirection::FORWARD);
  EXPECT_EQ(lstm->get_output_partial_shape(0), PartialShape("[2,1,5,4]"));
  EXPECT_EQ(lstm->get_output_partial_shape(1), PartialShape("[2,1,4]"));
  EXPECT_EQ(lstm->get_output_partial_shape(2), PartialShape("[2,1,4]"));
  auto gru = std::make_shared<GRUSequence>(p("[1..3,?,3]"), p("[...]"), p("[...]", element::i32), p("[...]"),
                                           p("[...]"), p("[2,8]"), 2, RecurrentSequenceDirection::BIDIRECTIONAL,
                                           std::vector<std::string>{"sigmoid", "tanh"}, std::vector<float>{},
                                           std::vector<float>{}, 0.f, true);
  EXPECT_EQ(gru->get_output_partial_shape(0), PartialShape("[1..3,2,?,2]"));
  EXPECT_EQ(gru->get_output_size(), 2u);
  auto rnn = std::make_shared<RNNSequence>(p("[...]"), p("[...]"), p("[...]", element::i32), p("[...]"), p("[...]"),
                                           p("[...]"), 3, RecurrentSequenceDirection::REVERSE);
  EXPECT_EQ(rnn->get_output_partial_shape(0), PartialShape("[?,1,?,3]"));
  EXPECT_EQ(rnn->get_activations(), (std::vector<std::string>{"tanh"}));
}

TEST(RecurrentSequence, ShapeAndAttributeErrors) {
  const auto make_rnn = [](const char* w, RecurrentSequenceDirection dir, std::vector<std::string> act = {"tanh"},
                           const element::Type& len_type = element::i32) {
    return std::make_shared<RNNSequence>(p("[2,5,3]"), p("[2,1,4]"), p("[2]", len_type), p(w), p("[1,4,4]"), p("[1,4]"),
                                         4, dir, act);
  };
  EXPECT_THROW_WITH(make_rnn("[1,4,6]", RecurrentSequenceDirection::FORWARD), "RNNSequence", "input size", "input 3");
  EXPECT_THROW_WITH(make_rnn("[1,4,3]", RecurrentSequenceDirection::BIDIRECTIONAL), "num_directions");
  EXPECT_THROW_WITH(make_rnn("[1,4,3]", RecurrentSequenceDirection::FORWARD, {"tanh", "tanh"}),
                    "expects 1 activations");
  EXPECT_THROW_WITH(make_rnn("[1,4,3]", RecurrentSequenceDirection::FORWARD, {"cosh"}),
                    "unsupported activation 'cosh'");
  EXPECT_THROW_WITH(make_rnn("[1,4,3]", RecurrentSequenceDirection::FORWARD, {"tanh"}, element::f32),
                    "sequence_lengths must be integers");
  EXPECT_THROW_WITH(make_rnn("[4,3]", RecurrentSequenceDirection::FORWARD), "input 3 must have rank 3");
  EXPECT_THROW_WITH(std::make_shared<GRUSequence>(p("[2,5,3]"), p("[2,1,4]"), p("[2]", element::i32), p("[1,12,3]"),
                                                  p("[1,12,4]"), p("[1,12]"), 4, RecurrentSequenceDirection::FORWARD,
                                                  std::vector<std::string>{"sigmoid", "tanh"}, std::vector<float>{},
                                                  std::vector<float>{}, 0.f, true),
                    "bias length");
  EXPECT_THROW_WITH(
      std::make_shared<LSTMSequence>(p("[2,5,3]"), p("[2,1,4]"), p("[2,1,4]", element::f16), p("[2]", element::i32),
                                     p("[1,16,3]"), p("[1,16,4]"), p("[1,16]"), 4, RecurrentSequenceDirection::FORWARD),
      "input 2 is f16");
}

// RNN with relu, H = I = 1: h_t = relu(0.5 x_t + 2 h_(t-1)).
std::shared_ptr<RNNSequence> relu_rnn(RecurrentSequenceDirection dir) {
  return std::make_shared<RNNSequence>(p("[...]"), p("[...]"), p("[...]", element::i32), p("[...]"), p("[...]"),
                                       p("[...]"), 1, dir, std::vector<std::string>{"relu"});
}

TEST(RecurrentSequence, RnnForwardReverseLengths) {
  // Two batch entries: x = (2, -1) with length 2 and (4, 8) with length 1; h0 = 0.
  const TensorVector in = {f32({2, 2, 1}, {2, -1, 4, 8}), f32({2, 1, 1}, {0, 0}), lengths({2, 1}),
                           f32({1, 1, 1}, {0.5f}),        f32({1, 1, 1}, {2}),    f32({1, 1}, {0})};
  const auto fwd = run(relu_rnn(RecurrentSequenceDirection::FORWARD), in);
  // entry 0: h1 = relu(1) = 1, h2 = relu(-0.5 + 2) = 1.5; entry 1: h1 = 2, step 2 is past its length
  EXPECT_EQ(values_of<float>(fwd[0]), (std::vector<float>{1, 1.5f, 2, 0}));
  EXPECT_EQ(fwd[0].get_shape(), (Shape{2, 1, 2, 1}));
  EXPECT_EQ(values_of<float>(fwd[1]), (std::vector<float>{1.5f, 2}));
  const auto rev = run(relu_rnn(RecurrentSequenceDirection::REVERSE), in);
  // entry 0 from t=1: relu(-0.5) = 0, then t=0: relu(1 + 0) = 1; entry 1 only t=0: 2
  EXPECT_EQ(values_of<float>(rev[0]), (std::vector<float>{1, 0, 2, 0}));
  EXPECT_EQ(values_of<float>(rev[1]), (std::vector<float>{1, 2}));
  TensorVector bad = in;
  bad[2] = lengths({3, 1});
  EXPECT_THROW_WITH(run(relu_rnn(RecurrentSequenceDirection::FORWARD), bad), "sequence length 3");
}

TEST(RecurrentSequence, RnnBidirectionalUsesPerDirectionWeights) {
  // Direction 0 weights 0.5/2 forward; direction 1 weights 1/0 backward with bias 1.
  const TensorVector in = {f32({1, 2, 1}, {2, -1}),   f32({1, 2, 1}, {0, 0}), lengths({2}),
                           f32({2, 1, 1}, {0.5f, 1}), f32({2, 1, 1}, {2, 0}), f32({2, 1}, {0, 1})};
  const auto out = run(relu_rnn(RecurrentSequenceDirection::BIDIRECTIONAL), in);
  // Y [1, 2, 2, 1]: dir 0 (1, 1.5); dir 1 at t=0 relu(2+1)=3, t=1 relu(-1+1)=0; Ho (1.5, 3)
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{1, 1.5f, 3, 0}));
  EXPECT_EQ(values_of<float>(out[1]), (std::vector<float>{1.5f, 3}));
}

TEST(RecurrentSequence, GruWithAndWithoutLinearBeforeReset) {
  // f = sigmoid with zero pre-activations (z = r = 0.5), g = relu; x = 1, h0 = 1, Wh = 1, Rh = 2.
  const auto gru = [](bool lbr) {
    return std::make_shared<GRUSequence>(p("[...]"), p("[...]"), p("[...]", element::i32), p("[...]"), p("[...]"),
                                         p("[...]"), 1, RecurrentSequenceDirection::FORWARD,
                                         std::vector<std::string>{"sigmoid", "relu"}, std::vector<float>{},
                                         std::vector<float>{}, 0.f, lbr);
  };
  const auto x = f32({1, 1, 1}, {1}), h0 = f32({1, 1, 1}, {1}), w = f32({1, 3, 1}, {0, 0, 1}),
             r = f32({1, 3, 1}, {0, 0, 2});
  // h~ = relu(1 + (0.5 * 1) * 2 + 1) = 3; H = 0.5 * 3 + 0.5 * 1 = 2
  EXPECT_EQ(values_of<float>(run(gru(false), {x, h0, lengths({1}), w, r, f32({1, 3}, {0, 0, 1})})[1]),
            (std::vector<float>{2}));
  // h~ = relu(1 + 0 + 0.5 * (2 * 1 + 1)) = 2.5; H = 0.5 * 2.5 + 0.5 = 1.75
  EXPECT_EQ(values_of<float>(run(gru(true), {x, h0, lengths({1}), w, r, f32({1, 4}, {0, 0, 0, 1})})[1]),
            (std::vector<float>{1.75f}));
}

TEST(RecurrentSequence, LstmGatesClipAndBf16) {
  // Identity activations (affine 1, 0): gates f = 1, i = 2, c~ = 3, o = 0.5 for x = 1; c0 = 1.
  const auto lstm = [](float clip, const element::Type& t) {
    return std::make_shared<LSTMSequence>(
        p("[...]", t), p("[...]", t), p("[...]", t), p("[...]", element::i64), p("[...]", t), p("[...]", t),
        p("[...]", t), 1, RecurrentSequenceDirection::FORWARD, std::vector<std::string>{"affine", "affine", "affine"},
        std::vector<float>{1, 1, 1}, std::vector<float>{0, 0, 0}, clip);
  };
  const auto len = make_tensor(element::i64, {1}, std::vector<int64_t>{1});
  const TensorVector in = {
      f32({1, 1, 1}, {1}),          f32({1, 1, 1}, {0}),      f32({1, 1, 1}, {1}), len, f32({1, 4, 1}, {1, 2, 3, 0.5f}),
      f32({1, 4, 1}, {0, 0, 0, 0}), f32({1, 4}, {0, 0, 0, 0})};
  // C = 1 * 1 + 2 * 3 = 7, H = 0.5 * 7
  auto out = run(lstm(0.f, element::f32), in);
  EXPECT_EQ(values_of<float>(out[1]), (std::vector<float>{3.5f}));
  EXPECT_EQ(values_of<float>(out[2]), (std::vector<float>{7}));
  // clip 1.5: i = c~ = 1.5, C = 1 + 2.25 = 3.25, H = 1.625
  out = run(lstm(1.5f, element::f32), in);
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{1.625f}));
  EXPECT_EQ(values_of<float>(out[2]), (std::vector<float>{3.25f}));
  TensorVector half;
  for (const auto& t : in) {
    if (t.get_element_type() != element::f32) {
      half.push_back(t);
      continue;
    }
    std::vector<bfloat16> v;
    for (float f : values_of<float>(t)) v.push_back(bfloat16(f));
    half.push_back(make_tensor(element::bf16, t.get_shape(), v));
  }
  out = run(lstm(0.f, element::bf16), half);
  EXPECT_EQ(float(values_of<bfloat16>(out[1])[0]), 3.5f);
  EXPECT_EQ(out[2].get_element_type(), element::bf16);
}

TEST(RecurrentSequence, Lstm1PeepholesAndWeightsFormat) {
  // Identity activations; peepholes (i, o, f) = (1, 2, 3); gates for x = 1: f = 1, i = 2, c~ = 3, o = 0.5.
  const auto lstm = [](const std::string& format) {
    return std::make_shared<op::v0::LSTMSequence>(
        p("[...]"), p("[...]"), p("[...]"), p("[...]", element::i32), p("[...]"), p("[...]"), p("[...]"), p("[...]"), 1,
        RecurrentSequenceDirection::FORWARD, format, std::vector<std::string>{"affine", "affine", "affine"},
        std::vector<float>{1, 1, 1}, std::vector<float>{0, 0, 0});
  };
  const auto run_with = [&](const std::string& format, const std::vector<float>& w) {
    return run(lstm(format),
               {f32({1, 1, 1}, {1}), f32({1, 1, 1}, {0}), f32({1, 1, 1}, {1}), lengths({1}), f32({1, 4, 1}, w),
                f32({1, 4, 1}, {0, 0, 0, 0}), f32({1, 4}, {0, 0, 0, 0}), f32({1, 3}, {1, 2, 3})});
  };
  // f = 1 + 3 * c0 = 4, i = 2 + 1 * c0 = 3, C = 4 * 1 + 3 * 3 = 13, o = 0.5 + 2 * 13 = 26.5, H = 26.5 * 13
  auto out = run_with("fico", {1, 2, 3, 0.5f});
  EXPECT_EQ(values_of<float>(out[1]), (std::vector<float>{344.5f}));
  EXPECT_EQ(values_of<float>(out[2]), (std::vector<float>{13}));
  out = run_with("iofc", {2, 0.5f, 1, 3});  // the same gates in ONNX's block order
  EXPECT_EQ(values_of<float>(out[1]), (std::vector<float>{344.5f}));
  EXPECT_THROW_WITH(lstm("abcd"), "weights_format must be");
  EXPECT_THROW_WITH(std::make_shared<op::v0::LSTMSequence>(
                        p("[2,5,3]"), p("[2,1,4]"), p("[2,1,4]"), p("[2]", element::i32), p("[1,16,3]"), p("[1,16,4]"),
                        p("[1,16]"), p("[1,9]"), 4, RecurrentSequenceDirection::FORWARD),
                    "3*hidden_size");
}

}  // namespace
}  // namespace ferry
