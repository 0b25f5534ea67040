#include "fixtures.hpp"

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "ferry/base/exception.hpp"
#include "options.hpp"

namespace ferry::conformance {

size_t model_batch(size_t usual) { return options().batch_one_models ? 1 : usual; }

std::shared_ptr<Model> heavy_model() {
  return test_models::make_heavy(options().batch_one_models ? std::optional<size_t>(1) : std::nullopt);
}

Shape heavy_shape() { return options().batch_one_models ? Shape{1, kHeavy, kHeavy} : Shape{kHeavy, kHeavy}; }

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
