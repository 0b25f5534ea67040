#include "support/test_utils.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "ferry/base/exception.hpp"

namespace ferry::template_test {

std::string plugin_library_path() {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/ferry/plugins/template/libferry_template_plugin.so";
}

std::string make_temp_dir(const std::string& name) {
  const char* root = std::getenv("TEST_TMPDIR");
  const std::filesystem::path dir = std::filesystem::path(root ? root : "/tmp") / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

Tensor make_f32(const Shape& shape, const std::vector<float>& values) {
  Tensor tensor(element::f32, shape);
  EXPECT_EQ(tensor.get_size(), values.size());
  std::memcpy(tensor.data<float>(), values.data(), values.size() * sizeof(float));
  return tensor;
}

std::vector<float> values_of(const Tensor& tensor) {
  const float* data = tensor.data<float>();
  return std::vector<float>(data, data + tensor.get_size());
}

void expect_values_near(const std::vector<float>& actual, const std::vector<float>& expected, float tolerance) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(actual[i], expected[i], tolerance) << "element " << i;
}

}  // namespace ferry::template_test
