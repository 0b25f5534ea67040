#include "remote_test_model.hpp"

#include <algorithm>

namespace ferry::gpu::test {

std::shared_ptr<Model> make_remote_test_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 8});
  x->set_friendly_name("x");
  x->output(0).set_names({"x"});
  auto add =
      std::make_shared<op::v1::Add>(x, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{0.5f}));
  auto y = std::make_shared<op::v0::Relu>(add);
  y->set_friendly_name("y");
  y->output(0).set_names({"y"});
  auto z =
      std::make_shared<op::v1::Multiply>(y, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{2.0f}));
  z->set_friendly_name("z");
  z->output(0).set_names({"z"});
  return std::make_shared<Model>(OutputVector{y, z}, ParameterVector{x}, "remote_test");
}

std::vector<float> remote_test_input(unsigned seed) {
  std::vector<float> values(shape_size(kRemoteShape));
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>((i * 7 + seed * 13) % 17) - 8.0f;
  return values;
}

std::vector<float> expected_y(const std::vector<float>& x) {
  std::vector<float> y(x.size());
  std::transform(x.begin(), x.end(), y.begin(), [](float v) { return std::max(v + 0.5f, 0.0f); });
  return y;
}

std::vector<float> expected_z(const std::vector<float>& x) {
  std::vector<float> z = expected_y(x);
  for (float& v : z) v *= 2.0f;
  return z;
}

}  // namespace ferry::gpu::test
