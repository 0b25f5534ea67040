#include "support/models.hpp"

#include <algorithm>
#include <cmath>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/convolution.hpp"

namespace ferry::template_test {
namespace {

// Deterministic weights: the models and the references read the same values.
float weight(size_t i, float scale, float shift) { return std::sin(static_cast<float>(i) * 1.7f + shift) * scale; }

std::vector<float> weights(size_t n, float scale, float shift) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = weight(i, scale, shift);
  return values;
}

std::shared_ptr<op::v0::Constant> constant(const Shape& shape, const std::vector<float>& values) {
  return op::v0::Constant::create(element::f32, shape, values);
}

std::vector<float> mlp_w1() { return weights(kMlpIn * kMlpHidden, 0.8f, 0.0f); }
std::vector<float> mlp_b1() { return weights(kMlpHidden, 0.3f, 1.0f); }
std::vector<float> mlp_w2() { return weights(kMlpHidden * kMlpOut, 0.9f, 2.0f); }
std::vector<float> mlp_b2() { return weights(kMlpOut, 0.2f, 3.0f); }
std::vector<float> cnn_filters() { return weights(kCnnFilters * kCnnChannels * 9, 0.5f, 0.5f); }
std::vector<float> cnn_bias() { return weights(kCnnFilters, 0.2f, 1.5f); }
std::vector<float> cnn_dense() { return weights(kCnnFilters * kCnnClasses, 0.7f, 2.5f); }

}  // namespace

std::vector<float> sample_values(size_t n, int seed) { return weights(n, 1.0f, 0.37f * static_cast<float>(seed)); }

std::shared_ptr<Model> make_mlp(Dimension batch) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{batch, Dimension(kMlpIn)});
  x->set_friendly_name("x");
  x->output(0).set_names({"x"});
  auto mm1 = std::make_shared<op::v0::MatMul>(x, constant({kMlpIn, kMlpHidden}, mlp_w1()));
  mm1->set_friendly_name("matmul1");
  auto add1 = std::make_shared<op::v1::Add>(mm1, constant({kMlpHidden}, mlp_b1()));
  add1->set_friendly_name("add1");
  auto hidden = std::make_shared<op::v0::Relu>(add1);
  hidden->set_friendly_name("relu");
  hidden->output(0).set_names({"hidden"});
  auto mm2 = std::make_shared<op::v0::MatMul>(hidden, constant({kMlpHidden, kMlpOut}, mlp_w2()));
  mm2->set_friendly_name("matmul2");
  auto add2 = std::make_shared<op::v1::Add>(mm2, constant({kMlpOut}, mlp_b2()));
  add2->set_friendly_name("add2");
  auto probs = std::make_shared<op::v8::Softmax>(add2, 1);
  probs->set_friendly_name("softmax");
  probs->output(0).set_names({"probs"});
  return std::make_shared<Model>(OutputVector{probs, hidden}, ParameterVector{x}, "mlp");
}

MlpReference mlp_reference(const std::vector<float>& x, size_t batch) {
  const auto w1 = mlp_w1(), b1 = mlp_b1(), w2 = mlp_w2(), b2 = mlp_b2();
  MlpReference out;
  for (size_t n = 0; n < batch; ++n) {
    std::vector<float> h(kMlpHidden);
    for (size_t j = 0; j < kMlpHidden; ++j) {
      float sum = b1[j];
      for (size_t k = 0; k < kMlpIn; ++k) sum += x[n * kMlpIn + k] * w1[k * kMlpHidden + j];
      h[j] = std::max(sum, 0.0f);
      out.hidden.push_back(h[j]);
    }
    std::vector<float> logits(kMlpOut);
    for (size_t m = 0; m < kMlpOut; ++m) {
      logits[m] = b2[m];
      for (size_t j = 0; j < kMlpHidden; ++j) logits[m] += h[j] * w2[j * kMlpOut + m];
    }
    const float top = *std::max_element(logits.begin(), logits.end());
    float total = 0;
    for (float& v : logits) total += (v = std::exp(v - top));
    for (float v : logits) out.probs.push_back(v / total);
  }
  return out;
}

std::shared_ptr<Model> make_cnn() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, kCnnChannels, kCnnSize, kCnnSize});
  x->set_friendly_name("image");
  x->output(0).set_names({"image"});
  auto conv =
      std::make_shared<op::v1::Convolution>(x, constant({kCnnFilters, kCnnChannels, 3, 3}, cnn_filters()),
                                            Strides{1, 1}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  conv->set_friendly_name("conv");
  auto biased = std::make_shared<op::v1::Add>(conv, constant({1, kCnnFilters, 1, 1}, cnn_bias()));
  biased->set_friendly_name("conv_bias");
  auto relu = std::make_shared<op::v0::Relu>(biased);
  relu->set_friendly_name("conv_relu");
  auto axes = op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{2, 3});
  auto pooled = std::make_shared<op::v1::ReduceMean>(relu, axes, false);
  pooled->set_friendly_name("global_pool");
  auto logits = std::make_shared<op::v0::MatMul>(pooled, constant({kCnnFilters, kCnnClasses}, cnn_dense()));
  logits->set_friendly_name("dense");
  logits->output(0).set_names({"logits"});
  return std::make_shared<Model>(OutputVector{logits}, ParameterVector{x}, "cnn");
}

std::vector<float> cnn_reference(const std::vector<float>& x) {
  const auto filters = cnn_filters(), bias = cnn_bias(), dense = cnn_dense();
  const int size = static_cast<int>(kCnnSize);
  std::vector<float> pooled(kCnnFilters, 0.0f);
  for (size_t f = 0; f < kCnnFilters; ++f) {
    for (int oy = 0; oy < size; ++oy) {
      for (int ox = 0; ox < size; ++ox) {
        float sum = bias[f];
        for (size_t c = 0; c < kCnnChannels; ++c) {
          for (int ky = 0; ky < 3; ++ky) {
            for (int kx = 0; kx < 3; ++kx) {
              const int iy = oy + ky - 1, ix = ox + kx - 1;  // pads 1
              if (iy < 0 || ix < 0 || iy >= size || ix >= size) continue;
              sum += x[(c * kCnnSize + iy) * kCnnSize + ix] * filters[((f * kCnnChannels + c) * 3 + ky) * 3 + kx];
            }
          }
        }
        pooled[f] += std::max(sum, 0.0f) / static_cast<float>(size * size);
      }
    }
  }
  std::vector<float> logits(kCnnClasses, 0.0f);
  for (size_t m = 0; m < kCnnClasses; ++m)
    for (size_t f = 0; f < kCnnFilters; ++f) logits[m] += pooled[f] * dense[f * kCnnClasses + m];
  return logits;
}

}  // namespace ferry::template_test
