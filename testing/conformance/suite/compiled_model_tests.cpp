// Conformance, compiled models: compiling from a Model and from an IR file, the ports the compiled
// model shows, several models at once, export/import, and lifetimes beyond the Core.

#include <gtest/gtest.h>

#include <sstream>

#include "checks.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/value/properties.hpp"
#include "fixtures.hpp"
#include "options.hpp"

namespace ferry::conformance {
namespace {

const std::string& device() { return options().device; }

// Runs the MLP compiled at `batch` on inputs of `seed` and checks both outputs.
void expect_mlp_correct(CompiledModel& compiled, size_t batch, int seed) {
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(batch * kIn, seed);
  request.set_tensor("x", make_f32({batch, kIn}, x));
  request.infer();
  const MlpOutputs expected = mlp_reference(x, batch);
  expect_near(values_of(request.get_tensor("probs")), expected.probs);
  expect_near(values_of(request.get_tensor("hidden")), expected.hidden);
}

TEST(CompiledModel, PortsMatchTheModel) {
  Core core = make_core();
  const int64_t batch = static_cast<int64_t>(model_batch(2));
  CompiledModel compiled = core.compile_model(make_mlp(batch), device());
  ASSERT_EQ(compiled.inputs().size(), 1u);
  EXPECT_EQ(compiled.input().get_any_name(), "x");
  EXPECT_EQ(compiled.input().get_element_type(), element::f32);
  EXPECT_EQ(compiled.input().get_partial_shape(), (PartialShape{batch, kIn}));
  ASSERT_EQ(compiled.outputs().size(), 2u);
  EXPECT_EQ(compiled.output(0).get_any_name(), "probs");
  EXPECT_EQ(compiled.output(0).get_partial_shape(), (PartialShape{batch, kOut}));
  EXPECT_EQ(compiled.output(1).get_any_name(), "hidden");
  EXPECT_EQ(compiled.output(1).get_element_type(), element::f32);
  EXPECT_EQ(compiled.output(1).get_partial_shape(), (PartialShape{batch, kHidden}));
  EXPECT_EQ(compiled.output("hidden").get_partial_shape(), (PartialShape{batch, kHidden}));
  EXPECT_THROW(compiled.input("no_such_port"), Exception);
  EXPECT_THROW(compiled.output(5), Exception);
}

TEST(CompiledModel, CompiledFromModelComputesCorrectly) {
  Core core = make_core();
  const size_t batch = model_batch(2);
  CompiledModel compiled = core.compile_model(make_mlp(batch), device());
  expect_mlp_correct(compiled, batch, 1);
}

TEST(CompiledModel, CompiledFromIrFileComputesCorrectly) {
  const std::string xml = make_temp_dir("conformance_ir") + "/mlp.xml";
  const size_t batch = model_batch(3);
  save_model(make_mlp(batch), xml);
  Core core = make_core();
  CompiledModel compiled = core.compile_model(xml, device());
  EXPECT_EQ(compiled.input().get_partial_shape(), (PartialShape{static_cast<int64_t>(batch), kIn}));
  expect_mlp_correct(compiled, batch, 2);
}

TEST(CompiledModel, SeveralCompiledModelsAtOnce) {
  Core core = make_core();
  std::vector<CompiledModel> compiled;
  for (size_t batch = 1; batch <= 4; ++batch)
    compiled.push_back(core.compile_model(make_mlp(model_batch(batch)), device()));
  for (int round = 0; round < 2; ++round)
    for (size_t i = 0; i < compiled.size(); ++i)
      expect_mlp_correct(compiled[i], model_batch(i + 1), round * 10 + static_cast<int>(i));
}

TEST(CompiledModel, PropertiesAreListedAndReadable) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(make_mlp(model_batch(2)), device());
  const std::vector<PropertyName> keys = compiled.get_property(supported_properties);
  EXPECT_FALSE(keys.empty());
  for (const auto& key : keys) EXPECT_FALSE(compiled.get_property(key).empty()) << key;
  EXPECT_THROW(compiled.get_property("FERRY_CONFORMANCE_NO_SUCH_KEY"), Exception);
}

TEST(CompiledModel, ExportThenImportGivesIdenticalResults) {
  Core core = make_core();
  if (!has_capability(core, device(), device::capability::EXPORT_IMPORT))
    GTEST_SKIP() << device() << " does not list EXPORT_IMPORT in OPTIMIZATION_CAPABILITIES: export/import not offered";
  const size_t batch = model_batch(2);
  CompiledModel original = core.compile_model(make_mlp(batch), device());
  std::stringstream blob;
  original.export_model(blob);
  CompiledModel imported = core.import_model(blob, device());
  ASSERT_EQ(imported.inputs().size(), 1u);
  ASSERT_EQ(imported.outputs().size(), 2u);
  EXPECT_EQ(imported.output(0).get_any_name(), "probs");
  const auto x = sample(batch * kIn, 7);
  std::vector<float> results[2];
  CompiledModel* both[2] = {&original, &imported};
  for (int i = 0; i < 2; ++i) {
    InferRequest request = both[i]->create_infer_request();
    request.set_tensor("x", make_f32({batch, kIn}, x));
    request.infer();
    results[i] = values_of(request.get_tensor("probs"));
  }
  EXPECT_EQ(results[0], results[1]) << "imported model computes differently";
  expect_near(results[1], mlp_reference(x, batch).probs);
}

TEST(CompiledModel, ImportOfGarbageIsAnError) {
  Core core = make_core();
  if (!has_capability(core, device(), device::capability::EXPORT_IMPORT))
    GTEST_SKIP() << device() << " does not list EXPORT_IMPORT in OPTIMIZATION_CAPABILITIES: export/import not offered";
  std::stringstream garbage("this is not a compiled model blob");
  EXPECT_THROW(core.import_model(garbage, device()), Exception);
}

TEST(CompiledModel, ObjectsOutliveTheCore) {
  CompiledModel compiled;
  InferRequest request;
  {
    Core core = make_core();
    compiled = core.compile_model(make_mlp(1), device());
    request = compiled.create_infer_request();
  }
  const auto x = sample(kIn, 3);
  request.set_tensor("x", make_f32({1, kIn}, x));
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, 1).probs);
  expect_mlp_correct(compiled, 1, 4);  // a request created after the Core is gone
}

}  // namespace
}  // namespace ferry::conformance
