#include "testing/models/test_models.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reduce_mean.hpp"
#include "ferry/graph/ops/softmax.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"

namespace ferry::test_models {
namespace {

// Deterministic values: the models and the references read the same ones.
std::vector<float> wave(size_t n, float scale, float phase) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = scale * std::cos(0.9f * static_cast<float>(i) + phase);
  return values;
}

std::vector<float> mlp_w1(const MlpSize& s) { return wave(s.in * s.hidden, 0.7f, 0.1f); }
std::vector<float> mlp_b1(const MlpSize& s) { return wave(s.hidden, 0.25f, 2.0f); }
std::vector<float> mlp_w2(const MlpSize& s) { return wave(s.hidden * s.out, 1.1f, 0.6f); }
std::vector<float> mlp_b2(const MlpSize& s) {
  return s.output_bias ? wave(s.out, 0.3f, 4.0f) : std::vector<float>(s.out);
}
std::vector<float> cnn_filters() { return wave(kCnnFilters * kCnnChannels * 9, 0.5f, 0.5f); }
std::vector<float> cnn_bias() { return wave(kCnnFilters, 0.2f, 1.5f); }
std::vector<float> cnn_dense() { return wave(kCnnFilters * kCnnClasses, 0.7f, 2.5f); }

std::shared_ptr<op::v0::Parameter> parameter(const std::string& name, const PartialShape& shape) {
  auto p = std::make_shared<op::v0::Parameter>(element::f32, shape);
  p->set_friendly_name(name);
  p->output(0).set_names({name});
  return p;
}

std::shared_ptr<Node> constant(const Shape& shape, const std::vector<float>& values) {
  return op::v0::Constant::create(element::f32, shape, values);
}

template <typename T>
std::shared_ptr<T> named(std::shared_ptr<T> node, const std::string& name) {
  node->set_friendly_name(name);
  return node;
}

}  // namespace

std::shared_ptr<Model> make_mlp(Dimension batch, const MlpSize& size) {
  auto x = parameter("x", PartialShape{batch, Dimension(static_cast<int64_t>(size.in))});
  auto mm1 = named(std::make_shared<op::v0::MatMul>(x, constant({size.in, size.hidden}, mlp_w1(size))), "matmul1");
  auto add1 = named(std::make_shared<op::v1::Add>(mm1, constant({size.hidden}, mlp_b1(size))), "add1");
  auto hidden = named(std::make_shared<op::v0::Relu>(add1), "relu");
  hidden->output(0).set_names({"hidden"});
  Output<Node> logits =
      named(std::make_shared<op::v0::MatMul>(hidden, constant({size.hidden, size.out}, mlp_w2(size))), "matmul2");
  if (size.output_bias)
    logits = named(std::make_shared<op::v1::Add>(logits, constant({size.out}, mlp_b2(size))), "add2");
  auto probs = named(std::make_shared<op::v8::Softmax>(logits, 1), "softmax");
  probs->output(0).set_names({"probs"});
  return std::make_shared<Model>(OutputVector{probs, hidden}, ParameterVector{x}, "mlp");
}

MlpOutputs mlp_reference(const std::vector<float>& x, size_t batch, const MlpSize& size) {
  const auto W1 = mlp_w1(size), B1 = mlp_b1(size), W2 = mlp_w2(size), B2 = mlp_b2(size);
  MlpOutputs out;
  for (size_t n = 0; n < batch; ++n) {
    std::vector<double> h(size.hidden), z(size.out);
    for (size_t j = 0; j < size.hidden; ++j) {
      double sum = B1[j];
      for (size_t k = 0; k < size.in; ++k) sum += double(x[n * size.in + k]) * W1[k * size.hidden + j];
      h[j] = static_cast<float>(std::max(sum, 0.0));
    }
    double top = -1e30;
    for (size_t m = 0; m < size.out; ++m) {
      double sum = B2[m];
      for (size_t j = 0; j < size.hidden; ++j) sum += h[j] * W2[j * size.out + m];
      z[m] = sum;
      top = std::max(top, sum);
    }
    double total = 0;
    for (size_t m = 0; m < size.out; ++m) total += std::exp(z[m] - top);
    for (size_t m = 0; m < size.out; ++m) out.probs.push_back(static_cast<float>(std::exp(z[m] - top) / total));
    for (double v : h) out.hidden.push_back(static_cast<float>(v));
  }
  return out;
}

std::shared_ptr<Model> make_heavy(std::optional<size_t> batch) {
  const auto side = static_cast<int64_t>(kHeavy);
  auto x = parameter(
      "x", batch ? PartialShape{Dimension(static_cast<int64_t>(*batch)), side, side} : PartialShape{side, side});
  Output<Node> value = x;
  for (size_t layer = 0; layer < kHeavyLayers; ++layer) {
    // Scaled so values stay near the inputs' range through every layer.
    auto mm = std::make_shared<op::v0::MatMul>(
        value, constant({kHeavy, kHeavy}, wave(kHeavy * kHeavy, 1.0f / kHeavy, float(layer))));
    value = std::make_shared<op::v0::Relu>(mm);
  }
  value.get_node_shared_ptr()->output(0).set_names({"y"});
  return std::make_shared<Model>(OutputVector{value}, ParameterVector{x}, "heavy");
}

std::shared_ptr<Model> make_dynamic_add() {
  auto a = parameter("a", PartialShape{Dimension::dynamic()});
  auto b = parameter("b", PartialShape{Dimension::dynamic()});
  auto sum = std::make_shared<op::v1::Add>(a, b);
  sum->output(0).set_names({"sum"});
  return std::make_shared<Model>(OutputVector{sum}, ParameterVector{a, b}, "dynamic_add");
}

std::shared_ptr<Model> make_cnn() {
  auto x = parameter("image", Shape{1, kCnnChannels, kCnnSize, kCnnSize});
  auto conv = named(
      std::make_shared<op::v1::Convolution>(x, constant({kCnnFilters, kCnnChannels, 3, 3}, cnn_filters()),
                                            Strides{1, 1}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1}),
      "conv");
  auto biased = named(std::make_shared<op::v1::Add>(conv, constant({1, kCnnFilters, 1, 1}, cnn_bias())), "conv_bias");
  auto relu = named(std::make_shared<op::v0::Relu>(biased), "conv_relu");
  auto axes = op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{2, 3});
  auto pooled = named(std::make_shared<op::v1::ReduceMean>(relu, axes, false), "global_pool");
  auto logits =
      named(std::make_shared<op::v0::MatMul>(pooled, constant({kCnnFilters, kCnnClasses}, cnn_dense())), "dense");
  logits->output(0).set_names({"logits"});
  return std::make_shared<Model>(OutputVector{logits}, ParameterVector{x}, "cnn");
}

std::vector<float> cnn_reference(const std::vector<float>& image) {
  const auto filters = cnn_filters(), bias = cnn_bias(), dense = cnn_dense();
  const int size = static_cast<int>(kCnnSize);
  std::vector<double> pooled(kCnnFilters, 0.0);
  for (size_t f = 0; f < kCnnFilters; ++f) {
    for (int oy = 0; oy < size; ++oy) {
      for (int ox = 0; ox < size; ++ox) {
        double sum = bias[f];
        for (size_t c = 0; c < kCnnChannels; ++c) {
          for (int ky = 0; ky < 3; ++ky) {
            for (int kx = 0; kx < 3; ++kx) {
              const int iy = oy + ky - 1, ix = ox + kx - 1;  // pads 1
              if (iy < 0 || ix < 0 || iy >= size || ix >= size) continue;
              sum += double(image[(c * kCnnSize + iy) * kCnnSize + ix]) *
                     filters[((f * kCnnChannels + c) * 3 + ky) * 3 + kx];
            }
          }
        }
        pooled[f] += std::max(sum, 0.0) / (size * size);
      }
    }
  }
  std::vector<float> logits(kCnnClasses);
  for (size_t m = 0; m < kCnnClasses; ++m) {
    double sum = 0;
    for (size_t f = 0; f < kCnnFilters; ++f) sum += pooled[f] * dense[f * kCnnClasses + m];
    logits[m] = static_cast<float>(sum);
  }
  return logits;
}

std::vector<float> sample(size_t n, int seed) { return wave(n, 0.99f, 0.77f * static_cast<float>(seed)); }

}  // namespace ferry::test_models
