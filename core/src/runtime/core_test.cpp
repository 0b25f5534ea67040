// The Core's public API end to end with the TEMPLATE plugin loaded from the in-tree plugins.xml:
// model reading errors, device selection and names, property routing, query, MULTI, caching,
// import/export, contexts, lifetimes, concurrency.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "ferry/ferry.hpp"
#include "ferry/testing/error_of.hpp"
#include "testing/models/test_models.hpp"

namespace ferry {
namespace {

using namespace ::ferry::test_models;

// The model these tests compile: test_models' MLP at batch 1, x [1,4] -> "hidden" [1,3] -> "probs" [1,2].
constexpr size_t kIn = kSmallMlp.in, kOut = kSmallMlp.out;

void expect_mlp_works(CompiledModel& compiled, const std::string& what) {
  std::vector<float> x = {1.f, -2.f, 0.5f, 3.f};
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", Tensor(element::f32, {1, kIn}, x.data()));
  request.infer();
  const MlpOutputs expected = mlp_reference(x, 1, kSmallMlp);
  for (const auto& [name, values] : {std::pair{"probs", expected.probs}, std::pair{"hidden", expected.hidden}}) {
    Tensor y = request.get_tensor(name);
    ASSERT_EQ(y.get_shape(), (Shape{1, values.size()})) << what << " " << name;
    for (size_t o = 0; o < values.size(); ++o)
      EXPECT_NEAR(y.data<float>()[o], values[o], 1e-6f) << what << " " << name << " [" << o << "]";
  }
}

using ::ferry::testing::error_of;

std::filesystem::path temp_dir(const std::string& name) {
  auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(Core, ReadModelErrorsNameTheFile) {
  Core core;
  EXPECT_ERROR_CONTAINS(core.read_model("/nonexistent/model.xml"), "/nonexistent/model.xml");
  EXPECT_ERROR_CONTAINS(core.read_model("model.pdmodel"), "unknown model format '.pdmodel'");
  const auto dir = temp_dir("read_errors");
  std::ofstream(dir / "broken.xml") << "<net name='x' version='11'><layers>";
  EXPECT_ERROR_CONTAINS(core.read_model((dir / "broken.xml").string()), "broken.xml");
  // The Core stays usable.
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
  expect_mlp_works(compiled, "after errors");
}

TEST(Core, ReadsOnnxByExtensionAndRunsIt) {
  // ONNX's own backend test model for Relu (Debian's libonnx-testdata), through the Core.
  const auto path =
      std::filesystem::path(std::getenv("TEST_SRCDIR")) / "onnx/share/libonnx-testdata/data/node/test_relu/model.onnx";
  Core core;
  auto model = core.read_model(path.string());
  ASSERT_EQ(model->inputs().size(), 1u);
  const Shape shape = model->input().get_shape();
  std::vector<float> x(shape_size(shape));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 7) - 3.f;
  InferRequest request = core.compile_model(model, "TEMPLATE").create_infer_request();
  request.set_input_tensor(Tensor(element::f32, shape, x.data()));
  request.infer();
  const Tensor y = request.get_output_tensor();
  ASSERT_EQ(y.get_shape(), shape);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y.data<float>()[i], x[i] > 0 ? x[i] : 0.f) << i;
  EXPECT_ERROR_CONTAINS(core.read_model("/nonexistent/model.onnx"), "/nonexistent/model.onnx");
}

TEST(Core, ReadsOnnxBytesFromMemory) {
  const auto path =
      std::filesystem::path(std::getenv("TEST_SRCDIR")) / "onnx/share/libonnx-testdata/data/node/test_relu/model.onnx";
  std::ifstream file(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty());
  Core core;
  auto model = core.read_model(bytes, Tensor());
  const Shape shape = model->input().get_shape();
  std::vector<float> x(shape_size(shape));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 5) - 2.f;
  InferRequest request = core.compile_model(model, "TEMPLATE").create_infer_request();
  request.set_input_tensor(Tensor(element::f32, shape, x.data()));
  request.infer();
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(request.get_output_tensor().data<float>()[i], std::max(x[i], 0.f));
  EXPECT_ERROR_CONTAINS(core.read_model(std::string("\x08\x07garbage"), Tensor()), "not a valid ONNX protobuf");
}

TEST(Core, CompileWithoutDeviceUsesAutoOnTheFastestKindAvailable) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp));
  // AUTO (registered by the in-tree plugins.xml), whose default candidates rank
  // (sdk::default_candidates): a GPU that is an OpenCL GPU, else the CPU device, else a GPU on the
  // host's cores (PoCL's), else another device. While a GPU compiles, CPU stands in.
  const std::vector<std::string> devices = core.get_available_devices();
  ASSERT_FALSE(devices.empty());
  const auto opencl_type = [&](const std::string& device) {
    return core.get_property(device, "GPU_OPENCL_DEVICE_TYPE").as<std::string>();
  };
  std::string picked;
  for (const std::string& device : devices)
    if (picked.empty() && device.rfind("GPU", 0) == 0 && opencl_type(device) != "CPU") picked = device;
  for (const std::string& device : devices)
    if (picked.empty() && device.rfind("CPU", 0) == 0) picked = device;
  for (const std::string& device : devices)
    if (picked.empty() && device.rfind("GPU", 0) == 0) picked = device;
  ASSERT_FALSE(picked.empty());
  const std::vector<std::string> on = compiled.get_property(execution_devices);
  EXPECT_TRUE(on == std::vector<std::string>{picked} || on == std::vector<std::string>{"CPU"}) << on.front();
  EXPECT_EQ(compiled.get_property(device::priorities.name()).as<std::string>().rfind(picked, 0), 0u);
  expect_mlp_works(compiled, "default device");
}

TEST(Core, DeviceNamesAndInstances) {
  Core core;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_mlp(1, kSmallMlp), "NOPE"), "unknown device 'NOPE'");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE.."), "TEMPLATE..");
  // An instance reaches the plugin as DEVICE_ID.
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE.0");
  expect_mlp_works(compiled, "TEMPLATE.0");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE.7"), "7");
}

TEST(Core, PropertiesAreRoutedToTheDevice) {
  Core core;
  core.set_property("TEMPLATE", hint::performance_mode(hint::PerformanceMode::THROUGHPUT));
  EXPECT_EQ(core.get_property("TEMPLATE", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
  core.set_property("TEMPLATE", {{hint::performance_mode.name(), "LATENCY"}});
  EXPECT_EQ(core.get_property("TEMPLATE", hint::performance_mode), hint::PerformanceMode::LATENCY);
  EXPECT_ERROR_CONTAINS(core.set_property("TEMPLATE", {{"NOT_A_PROPERTY", 1}}), "NOT_A_PROPERTY");
  // Device properties without a device are refused with the cause.
  EXPECT_ERROR_CONTAINS(core.set_property({{num_streams.name(), 2}}), "not a core-wide property");
  core.set_property({{cache_dir.name(), temp_dir("core_prop").string()}});
  EXPECT_EQ(core.get_property(cache_dir.name()).as<std::string>(), temp_dir("core_prop").string());
  EXPECT_FALSE(core.get_versions("TEMPLATE").at("TEMPLATE").description.empty());
}

TEST(Core, SetPropertyOnAnUnusedDeviceReportsBadValuesAtOnce) {
  Core core;  // nothing loaded yet: set_property loads the plugin, so errors come from this call
  EXPECT_ERROR_CONTAINS(core.set_property("TEMPLATE", {{num_streams.name(), "lots"}}), "lots");
  core.set_property("TEMPLATE", num_streams(2));
  EXPECT_EQ(core.get_property("TEMPLATE", num_streams), streams::Num(2));
}

TEST(Core, QueryModelClaimsEveryOp) {
  Core core;
  auto model = make_mlp(1, kSmallMlp);
  const SupportedOpsMap supported = core.query_model(model, "TEMPLATE");
  for (const auto& node : model->get_ordered_ops())
    EXPECT_EQ(supported.count(node->get_friendly_name()), 1u) << node->get_friendly_name();
}

TEST(Core, MultiSpreadsRequestsOverDevices) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp), "MULTI:TEMPLATE,TEMPLATE.0");
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{"TEMPLATE", "TEMPLATE.0"}));
  for (int i = 0; i < 3; ++i) expect_mlp_works(compiled, "MULTI request " + std::to_string(i));
  EXPECT_ERROR_CONTAINS(core.compile_model(make_mlp(1, kSmallMlp), "MULTI:TEMPLATE,NOPE"), "unknown device 'NOPE'");
  // BATCH (automatic batching, batch_device_test.cpp): at batch 1 every request is a full group.
  CompiledModel batched = core.compile_model(make_mlp(1, kSmallMlp), "BATCH:TEMPLATE(1)");
  EXPECT_EQ(batched.get_property(execution_devices), std::vector<std::string>{"TEMPLATE"});
  expect_mlp_works(batched, "BATCH request");
  EXPECT_EQ(batched.get_property("BATCHED_INFERENCES").as<uint64_t>(), 1u);
}

TEST(Core, CacheDirSkipsCompilationAndRebuildsDamagedEntries) {
  const auto dir = temp_dir("cache");
  Core core;
  core.set_property({{cache_dir.name(), dir.string()}});
  CompiledModel first = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
  EXPECT_FALSE(first.get_property(loaded_from_cache));
  std::vector<std::filesystem::path> blobs;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) blobs.push_back(entry.path());
  ASSERT_EQ(blobs.size(), 1u);

  CompiledModel second = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
  EXPECT_TRUE(second.get_property(loaded_from_cache));
  expect_mlp_works(second, "from cache");

  // Different compile properties miss.
  CompiledModel other = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE", num_streams(2));
  EXPECT_FALSE(other.get_property(loaded_from_cache));

  // Damage the entry: flip payload bytes, then truncate. Each time the entry is rebuilt.
  {
    std::fstream file(blobs[0], std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-8, std::ios::end);
    file.write("XXXXXXXX", 8);
  }
  CompiledModel after_flip = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
  EXPECT_FALSE(after_flip.get_property(loaded_from_cache));
  expect_mlp_works(after_flip, "rebuilt after corruption");
  std::filesystem::resize_file(blobs[0], 20);
  EXPECT_FALSE(core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE").get_property(loaded_from_cache));
  EXPECT_TRUE(core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE").get_property(loaded_from_cache));

  // CACHE_DIR given to compile_model only.
  const auto local = temp_dir("cache_local");
  Core other_core;
  other_core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE", {{cache_dir.name(), local.string()}});
  EXPECT_TRUE(other_core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE", {{cache_dir.name(), local.string()}})
                  .get_property(loaded_from_cache));
}

TEST(Core, ExportImportGivesTheSameResults) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
  std::stringstream blob;
  compiled.export_model(blob);
  CompiledModel imported = core.import_model(blob, "TEMPLATE");
  expect_mlp_works(imported, "imported");
  std::stringstream garbage("definitely not a blob");
  EXPECT_THROW(core.import_model(garbage, "TEMPLATE"), Exception);
}

TEST(Core, ContextsRoundTripThroughParams) {
  Core core;
  RemoteContext context = core.get_default_context("TEMPLATE");
  RemoteContext again = core.create_context("TEMPLATE", context.get_params());
  EXPECT_EQ(again.get_params(), context.get_params());
  CompiledModel compiled = core.compile_model(make_mlp(1, kSmallMlp), again);
  expect_mlp_works(compiled, "compiled for a context");
  RemoteTensor tensor = again.create_tensor(element::f32, {1, kIn});
  EXPECT_EQ(tensor.get_shape(), (Shape{1, kIn}));
  EXPECT_ERROR_CONTAINS(core.create_context("MULTI:TEMPLATE", {}), "MULTI:TEMPLATE");
}

TEST(Core, ObjectsOutliveTheCore) {
  CompiledModel compiled;
  InferRequest request;
  {
    Core core;
    compiled = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE");
    request = compiled.create_infer_request();
  }
  expect_mlp_works(compiled, "after the Core is gone");
  std::vector<float> x(kIn, 1.f);
  request.set_input_tensor(Tensor(element::f32, {1, kIn}, x.data()));
  request.infer();
  EXPECT_EQ(request.get_output_tensor(0).get_size(), kOut);
}

TEST(Core, ConcurrentCompilesOnOneCore) {
  Core core;
  std::vector<std::thread> threads;
  std::vector<CompiledModel> compiled(4);
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] { compiled[i] = core.compile_model(make_mlp(1, kSmallMlp), "TEMPLATE"); });
  for (auto& thread : threads) thread.join();
  for (auto& model : compiled) expect_mlp_works(model, "concurrent compile");
}

}  // namespace
}  // namespace ferry
