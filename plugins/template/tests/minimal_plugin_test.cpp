// The one-file plugin of docs/WRITING_A_PLUGIN.md (examples/minimal_plugin.cpp) loads and runs.

#include <gtest/gtest.h>

#include <cstdlib>

#include "ferry/ferry.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

std::string minimal_plugin_path() {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/ferry/plugins/template/libminimal_plugin.so";
}

TEST(MinimalPlugin, RunsTheMlp) {
  Core core;
  core.register_plugin(minimal_plugin_path(), "MINIMAL");
  EXPECT_EQ(core.get_property("MINIMAL", device::full_name), "Minimal reference device");
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "MINIMAL");
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(2 * kSmallMlp.in, 3);
  request.set_input_tensor(make_f32({2, kSmallMlp.in}, x));
  request.infer();
  const MlpOutputs expected = mlp_reference(x, 2, kSmallMlp);
  expect_values_near(values_of(request.get_tensor("probs")), expected.probs);
  expect_values_near(values_of(request.get_tensor("hidden")), expected.hidden);
  EXPECT_NE(error_of([&] {
              core.set_property("MINIMAL", {{"NUM_STREAMS", 2}});
            }).find("NUM_STREAMS"),
            std::string::npos);
}

}  // namespace
}  // namespace ferry::template_test
