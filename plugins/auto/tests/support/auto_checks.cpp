#include "support/auto_checks.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "testing/models/test_models.hpp"

namespace ferry::auto_device::test {

std::vector<float> fill_mlp_input(InferRequest& request, int seed) {
  const std::vector<float> x = test_models::sample(kBatch * test_models::kMlp.in, seed);
  std::copy(x.begin(), x.end(), request.get_tensor("x").data<float>());
  return x;
}

void expect_mlp_right(InferRequest& request, const std::vector<float>& x, const std::string& what) {
  const test_models::MlpOutputs expected = test_models::mlp_reference(x, kBatch);
  const Tensor probs = request.get_tensor("probs");
  ASSERT_EQ(probs.get_size(), expected.probs.size()) << what;
  for (size_t i = 0; i < expected.probs.size(); ++i)
    EXPECT_NEAR(probs.data<const float>()[i], expected.probs[i], 1e-5) << what << ", element " << i;
}

std::string device_that_ran(InferRequest& request) {
  const std::vector<ProfilingInfo> records = request.get_profiling_info();
  if (records.empty()) return "";
  const std::string& type = records.front().exec_type;
  return type.substr(0, type.find(':'));
}

}  // namespace ferry::auto_device::test
