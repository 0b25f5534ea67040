#include "models.hpp"

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/softmax.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"

namespace ferry::conformance {
namespace {

std::vector<float> wave(size_t n, float scale, float phase) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = scale * std::cos(0.9f * static_cast<float>(i) + phase);
  return values;
}

std::vector<float> w1() { return wave(kIn * kHidden, 0.7f, 0.1f); }
std::vector<float> b1() { return wave(kHidden, 0.25f, 2.0f); }
std::vector<float> w2() { return wave(kHidden * kOut, 1.1f, 0.6f); }
std::vector<float> b2() { return wave(kOut, 0.3f, 4.0f); }

std::shared_ptr<op::v0::Parameter> parameter(const std::string& name, const PartialShape& shape) {
  auto p = std::make_shared<op::v0::Parameter>(element::f32, shape);
  p->set_friendly_name(name);
  p->output(0).set_names({name});
  return p;
}

std::shared_ptr<Node> constant(const Shape& shape, const std::vector<float>& values) {
  return op::v0::Constant::create(element::f32, shape, values);
}

}  // namespace

std::shared_ptr<Model> make_mlp(Dimension batch) {
  auto x = parameter("x", PartialShape{batch, Dimension(kIn)});
  auto mm1 = std::make_shared<op::v0::MatMul>(x, constant({kIn, kHidden}, w1()));
  auto add1 = std::make_shared<op::v1::Add>(mm1, constant({kHidden}, b1()));
  auto hidden = std::make_shared<op::v0::Relu>(add1);
  hidden->set_friendly_name("hidden");
  hidden->output(0).set_names({"hidden"});
  auto mm2 = std::make_shared<op::v0::MatMul>(hidden, constant({kHidden, kOut}, w2()));
  auto add2 = std::make_shared<op::v1::Add>(mm2, constant({kOut}, b2()));
  auto probs = std::make_shared<op::v8::Softmax>(add2, 1);
  probs->set_friendly_name("probs");
  probs->output(0).set_names({"probs"});
  return std::make_shared<Model>(OutputVector{probs, hidden}, ParameterVector{x}, "conformance_mlp");
}

MlpExpected mlp_expected(const std::vector<float>& x, size_t batch) {
  const auto W1 = w1(), B1 = b1(), W2 = w2(), B2 = b2();
  MlpExpected out;
  for (size_t n = 0; n < batch; ++n) {
    std::vector<float> h(kHidden), z(kOut);
    for (size_t j = 0; j < kHidden; ++j) {
      double sum = B1[j];
      for (size_t k = 0; k < kIn; ++k) sum += double(x[n * kIn + k]) * W1[k * kHidden + j];
      h[j] = static_cast<float>(std::max(sum, 0.0));
    }
    double top = -1e30;
    for (size_t m = 0; m < kOut; ++m) {
      double sum = B2[m];
      for (size_t j = 0; j < kHidden; ++j) sum += double(h[j]) * W2[j * kOut + m];
      z[m] = static_cast<float>(sum);
      top = std::max(top, sum);
    }
    double total = 0;
    for (size_t m = 0; m < kOut; ++m) total += std::exp(z[m] - top);
    for (size_t m = 0; m < kOut; ++m) out.probs.push_back(static_cast<float>(std::exp(z[m] - top) / total));
    out.hidden.insert(out.hidden.end(), h.begin(), h.end());
  }
  return out;
}

std::shared_ptr<Model> make_heavy() {
  auto x = parameter("x", PartialShape{Dimension(kHeavy), Dimension(kHeavy)});
  Output<Node> value = x;
  for (size_t layer = 0; layer < kHeavyLayers; ++layer) {
    // Scaled so values stay near the inputs' range through every layer.
    auto mm = std::make_shared<op::v0::MatMul>(
        value, constant({kHeavy, kHeavy}, wave(kHeavy * kHeavy, 1.0f / kHeavy, float(layer))));
    value = std::make_shared<op::v0::Relu>(mm);
  }
  value.get_node_shared_ptr()->output(0).set_names({"y"});
  return std::make_shared<Model>(OutputVector{value}, ParameterVector{x}, "conformance_heavy");
}

std::shared_ptr<Model> make_dynamic_add() {
  auto a = parameter("a", PartialShape{Dimension::dynamic()});
  auto b = parameter("b", PartialShape{Dimension::dynamic()});
  auto sum = std::make_shared<op::v1::Add>(a, b);
  sum->output(0).set_names({"sum"});
  return std::make_shared<Model>(OutputVector{sum}, ParameterVector{a, b}, "conformance_dynamic_add");
}

std::vector<float> sample(size_t n, int seed) { return wave(n, 0.99f, 0.77f * static_cast<float>(seed)); }

Tensor make_f32(const Shape& shape, const std::vector<float>& values) {
  Tensor tensor(element::f32, shape);
  FERRY_ASSERT(tensor.get_size() == values.size(), "make_f32: ", values.size(), " values for ", tensor.get_size(),
               " elements");
  std::copy(values.begin(), values.end(), tensor.data<float>());
  return tensor;
}

std::vector<float> values_of(const Tensor& tensor) {
  Tensor host(element::f32, tensor.get_shape());
  tensor.copy_to(host);
  const float* data = host.data<float>();
  return std::vector<float>(data, data + host.get_size());
}

std::string make_temp_dir(const std::string& tag) {
  const char* root = std::getenv("TEST_TMPDIR");
  std::string pattern =
      (root ? std::string(root) : std::filesystem::temp_directory_path().string()) + "/ferry_" + tag + "_XXXXXX";
  FERRY_ASSERT(mkdtemp(pattern.data()) != nullptr, "cannot create a temporary folder from '", pattern, "'");
  return pattern;
}

}  // namespace ferry::conformance
