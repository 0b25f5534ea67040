// The idioms OpenVINO users write compile through ferry/compat/openvino.hpp alone and work on
// TEMPLATE. Nothing but the compat header (and gtest) is included: each test is code as it would
// be written from OpenVINO's documentation, with "CPU"/"GPU" changed to "TEMPLATE".
#include "ferry/compat/openvino.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// The message of the ov::Exception that `statement` throws; "" when it throws none.
template <typename Statement>
std::string error_of(Statement statement) {
  try {
    statement();
  } catch (const ov::Exception& e) {
    return e.what();
  }
  return {};
}

// image [1,3,4,4] NCHW -> doubled (x * 2) -> means [1,3] (mean over H and W), built from the
// opset namespaces as OpenVINO code builds models.
std::shared_ptr<ov::Model> make_model() {
  auto image = std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::PartialShape{1, 3, 4, 4});
  image->set_friendly_name("image");
  image->output(0).set_names({"image"});
  auto two = ov::opset8::Constant::create(ov::element::f32, ov::Shape{}, std::vector<float>{2.0f});
  auto doubled = std::make_shared<ov::opset1::Multiply>(image, two);
  doubled->set_friendly_name("doubled");
  doubled->output(0).set_names({"doubled"});
  auto axes = ov::opset8::Constant::create(ov::element::i64, ov::Shape{2}, std::vector<int64_t>{2, 3});
  auto means = std::make_shared<ov::opset1::ReduceMean>(std::make_shared<ov::opset1::Relu>(doubled), axes, false);
  means->output(0).set_names({"means"});
  auto result = std::make_shared<ov::opset8::Result>(means);
  return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{image}, "idioms");
}

// Every pixel of channel c holds c + 1, so the means are 2, 4, 6 per image.
ov::Tensor make_images(size_t batch) {
  ov::Tensor images(ov::element::f32, ov::Shape{batch, 3, 4, 4});
  float* data = images.data<float>();
  for (size_t i = 0; i < images.get_size(); ++i) data[i] = static_cast<float>((i / 16) % 3 + 1);
  return images;
}

std::vector<float> infer(ov::CompiledModel& compiled, const ov::Tensor& images) {
  ov::InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(images);
  request.infer();
  const ov::Tensor output = request.get_output_tensor();
  return std::vector<float>(output.data<const float>(), output.data<const float>() + output.get_size());
}

TEST(OpenVinoIdioms, CoreSetPropertyWithoutDevice) {
  ov::Core core;
  const std::string cache = temp_dir("core_cache");
  core.set_property(ov::cache_dir(cache));
  EXPECT_EQ(core.get_property(ov::cache_dir.name()).as<std::string>(), cache);
  // The typed core-wide setting takes effect: the second compilation comes from the cache.
  auto model = make_model();
  EXPECT_FALSE(core.compile_model(model, "TEMPLATE").get_property(ov::loaded_from_cache));
  ov::CompiledModel cached = core.compile_model(model, "TEMPLATE");
  EXPECT_TRUE(cached.get_property(ov::loaded_from_cache));
  EXPECT_EQ(infer(cached, make_images(1)), (std::vector<float>{2, 4, 6}));
  // A device setting given without a device is refused by name.
  const std::string error = error_of([&] { core.set_property(ov::hint::enable_cpu_pinning(true)); });
  EXPECT_NE(error.find("ENABLE_CPU_PINNING"), std::string::npos) << error;
}

TEST(OpenVinoIdioms, TypedGetPropertyWithArguments) {
  ov::Core core;
  auto model = make_model();
  const std::string name = core.get_property("TEMPLATE", ov::device::full_name);
  EXPECT_FALSE(name.empty());
  EXPECT_EQ(core.get_property("TEMPLATE", ov::device::full_name, {ov::device::id("0")}), name);
  EXPECT_EQ(core.get_property("TEMPLATE", ov::device::full_name, ov::device::id("0")), name);
  // The arguments reach the device: TEMPLATE has one device, "0".
  std::string error = error_of([&] { core.get_property("TEMPLATE", ov::device::full_name, ov::device::id("7")); });
  EXPECT_NE(error.find("7"), std::string::npos) << error;
  // OpenVINO's GPU idiom compiles and reaches the device; TEMPLATE does not judge batch sizes, so
  // it refuses the model argument, and the property without it, by name.
  error = error_of([&] { core.get_property("TEMPLATE", ov::optimal_batch_size, {ov::hint::model(model)}); });
  EXPECT_NE(error.find("MODEL_PTR"), std::string::npos) << error;
  error = error_of([&] { core.get_property("TEMPLATE", ov::optimal_batch_size); });
  EXPECT_NE(error.find("OPTIMAL_BATCH_SIZE"), std::string::npos) << error;
}

TEST(OpenVinoIdioms, VariadicCoreCalls) {
  ov::Core core;
  auto model = make_model();
  ov::CompiledModel compiled =
      core.compile_model(model, "TEMPLATE", ov::hint::performance_mode(ov::hint::PerformanceMode::LATENCY));
  EXPECT_EQ(compiled.get_property(ov::hint::performance_mode), ov::hint::PerformanceMode::LATENCY);
  const ov::SupportedOpsMap supported = core.query_model(model, "TEMPLATE", ov::enable_profiling(false));
  EXPECT_EQ(supported.at("doubled"), "TEMPLATE");
  std::stringstream blob;
  compiled.export_model(blob);
  ov::CompiledModel imported = core.import_model(blob, "TEMPLATE", ov::enable_profiling(true));
  EXPECT_TRUE(imported.get_property(ov::enable_profiling));
  EXPECT_EQ(infer(imported, make_images(1)), (std::vector<float>{2, 4, 6}));
  // A model held in memory, compiled in one call.
  std::stringstream xml, bin;
  ov::serialize(model, xml, bin);
  const std::string weights_bytes = bin.str();
  ov::Tensor weights(ov::element::u8, ov::Shape{weights_bytes.size()});
  std::copy(weights_bytes.begin(), weights_bytes.end(), weights.data<uint8_t>());
  ov::CompiledModel from_memory = core.compile_model(xml.str(), weights, "TEMPLATE");
  EXPECT_EQ(infer(from_memory, make_images(1)), (std::vector<float>{2, 4, 6}));
}

TEST(OpenVinoIdioms, CpuThreadingHintsAreRefusedByName) {
  ov::Core core;
  auto model = make_model();
  const std::vector<std::pair<std::string, std::function<void()>>> settings = {
      {"ENABLE_CPU_PINNING", [&] { core.set_property("TEMPLATE", ov::hint::enable_cpu_pinning(true)); }},
      {"ENABLE_HYPER_THREADING", [&] { core.set_property("TEMPLATE", ov::hint::enable_hyper_threading(false)); }},
      {"SCHEDULING_CORE_TYPE",
       [&] {
         core.set_property("TEMPLATE", ov::hint::scheduling_core_type(ov::hint::SchedulingCoreType::PCORE_ONLY));
       }},
      {"INFERENCE_NUM_THREADS", [&] { core.set_property("TEMPLATE", ov::inference_num_threads(4)); }},
      {"MODEL_DISTRIBUTION_POLICY",
       [&] {
         core.compile_model(model, "TEMPLATE",
                            ov::hint::model_distribution_policy(std::set<ov::hint::ModelDistributionPolicy>{
                                ov::hint::ModelDistributionPolicy::TENSOR_PARALLEL}));
       }},
      {"CPU_DENORMALS_OPTIMIZATION",
       [&] { core.compile_model(model, "TEMPLATE", ov::intel_cpu::denormals_optimization(true)); }},
  };
  for (const auto& [key, set] : settings) {
    const std::string error = error_of(set);
    EXPECT_NE(error.find(key), std::string::npos) << key << ": " << error;
  }
  // The values still print and parse as OpenVINO spells them.
  EXPECT_EQ(ov::Any(ov::hint::SchedulingCoreType::ECORE_ONLY).as<std::string>(), "ECORE_ONLY");
  EXPECT_EQ(ov::Any("PIPELINE_PARALLEL").as<ov::hint::ModelDistributionPolicy>(),
            ov::hint::ModelDistributionPolicy::PIPELINE_PARALLEL);
}

TEST(OpenVinoIdioms, LayoutOfModelPorts) {
  auto model = make_model();
  EXPECT_TRUE(ov::layout::get_layout(model->input()).empty());
  ov::layout::set_layout(model->input(), "NCHW");
  const ov::Layout layout = ov::layout::get_layout(model->input());
  EXPECT_EQ(layout, ov::Layout("NCHW"));
  EXPECT_TRUE(ov::layout::has_batch(layout));
  EXPECT_EQ(ov::layout::batch_idx(layout), 0);
  EXPECT_EQ(ov::layout::channels_idx(layout), 1);
  EXPECT_EQ(ov::layout::height_idx(layout), 2);
  EXPECT_EQ(ov::layout::width_idx(layout), 3);
  EXPECT_EQ(model->get_parameters().at(0)->get_layout(), layout);
  model->get_results().at(0)->set_layout("NC");
  EXPECT_EQ(ov::layout::get_layout(model->output()), ov::Layout("NC"));
  // Not a model port, or a layout of another rank: refused, naming the port.
  const auto doubled = model->get_parameters().at(0)->get_users().at(0);
  EXPECT_NE(error_of([&] { ov::layout::set_layout(doubled->output(0), "NCHW"); }).find("not a model input"),
            std::string::npos);
  EXPECT_NE(error_of([&] { ov::layout::set_layout(model->input(), "NC"); }).find("does not fit"), std::string::npos);
  // The layout is part of the model: it reaches the compiled model's ports and the IR.
  ov::Core core;
  ov::CompiledModel compiled = core.compile_model(model, "TEMPLATE");
  EXPECT_EQ(ov::layout::get_layout(compiled.input()), layout);
  const std::string dir = temp_dir("layout_ir");
  ov::serialize(model, dir + "/model.xml", dir + "/model.bin");
  EXPECT_EQ(ov::layout::get_layout(core.read_model(dir + "/model.xml")->input()), layout);
}

TEST(OpenVinoIdioms, GetAndSetBatch) {
  auto model = make_model();
  EXPECT_NE(error_of([&] { ov::get_batch(model); }).find("no input whose layout names the batch axis N"),
            std::string::npos);
  model->get_parameters().at(0)->set_layout("NCHW");
  EXPECT_EQ(ov::get_batch(model), ov::Dimension(1));
  ov::set_batch(model, 2);
  EXPECT_EQ(ov::get_batch(model), ov::Dimension(2));
  EXPECT_EQ(model->input().get_partial_shape(), (ov::PartialShape{2, 3, 4, 4}));
  EXPECT_EQ(model->get_output_partial_shape(0), (ov::PartialShape{2, 3}));
  ov::Core core;
  ov::CompiledModel compiled = core.compile_model(model, "TEMPLATE");
  EXPECT_EQ(infer(compiled, make_images(2)), (std::vector<float>{2, 4, 6, 2, 4, 6}));
  ov::set_batch(model, ov::Dimension(1, 8));
  EXPECT_EQ(ov::get_batch(model), ov::Dimension(1, 8));
}

TEST(OpenVinoIdioms, SerializeAndReadBack) {
  auto model = make_model();
  const std::string dir = temp_dir("serialize");
  ov::serialize(model, dir + "/idioms.xml", dir + "/idioms.bin");
  ov::Core core;
  std::shared_ptr<ov::Model> read = core.read_model(dir + "/idioms.xml", dir + "/idioms.bin");
  EXPECT_EQ(read->get_friendly_name(), "idioms");
  EXPECT_EQ(read->get_ordered_ops().size(), model->get_ordered_ops().size());
  ov::CompiledModel compiled = core.compile_model(read, "TEMPLATE");
  EXPECT_EQ(infer(compiled, make_images(1)), (std::vector<float>{2, 4, 6}));
  ov::save_model(model, dir + "/saved.xml");
  EXPECT_TRUE(std::filesystem::exists(dir + "/saved.bin"));
}

// The Model Caching Overview's program (OpenVINO's ov_caching.cpp, linked from the GPU page's
// "Model Caching"): part0 to part3, and part4 / part5, which encrypt the cache with XOR callbacks.
TEST(OpenVinoIdioms, ModelCachingOverviewProgram) {
  const std::string dir = temp_dir("caching_overview");
  const std::string modelPath = dir + "/myModel.xml";
  ov::serialize(make_model(), modelPath, dir + "/myModel.bin");
  const std::string device = "TEMPLATE";
  const std::string cache = dir + "/cache";
  {
    ov::AnyMap config;
    ov::Core core;                                              // Step 1: create ov::Core object
    core.set_property(ov::cache_dir(cache));                    // Step 1b: Enable caching
    auto model = core.read_model(modelPath);                    // Step 2: Read Model
    auto compiled = core.compile_model(model, device, config);  // Step 5: LoadNetwork
    ASSERT_TRUE(compiled);
    EXPECT_FALSE(compiled.get_property(ov::loaded_from_cache));
  }
  {
    ov::AnyMap config;
    ov::Core core;
    core.set_property(ov::cache_dir(cache));
    auto compiled = core.compile_model(modelPath, device, config);  // Step 2: Compile model by file path
    ASSERT_TRUE(compiled);
    EXPECT_TRUE(compiled.get_property(ov::loaded_from_cache));
  }
  {
    ov::Core core;
    std::vector<std::string> caps = core.get_property(device, ov::device::capabilities);
    bool cachingSupported = std::find(caps.begin(), caps.end(), ov::device::capability::EXPORT_IMPORT) != caps.end();
    EXPECT_TRUE(cachingSupported);
  }
  const std::string encrypted_cache = dir + "/encrypted";
  int calls = 0;
  // part4 twice (written, then read back), then part5, which adds CACHE_MODE.
  for (const bool part5 : {false, false, true}) {
    ov::Core core;
    core.set_property(ov::cache_dir(encrypted_cache));
    auto model = core.read_model(modelPath);
    ov::AnyMap config;
    ov::EncryptionCallbacks encryption_callbacks;
    static const char codec_key[] = {0x30, 0x60, 0x70, 0x02, 0x04, 0x08, 0x3F, 0x6F, 0x72, 0x74, 0x78, 0x7F};
    auto codec_xor = [&](const std::string& source_str) {
      ++calls;
      auto key_size = sizeof(codec_key);
      int key_idx = 0;
      std::string dst_str = source_str;
      for (char& c : dst_str) {
        c ^= codec_key[key_idx % key_size];
        key_idx++;
      }
      return dst_str;
    };
    encryption_callbacks.encrypt = codec_xor;
    encryption_callbacks.decrypt = codec_xor;
    config.insert(ov::cache_encryption_callbacks(encryption_callbacks));  // Step 4: Set device configuration
    if (!part5) {
      auto compiled = core.compile_model(model, device, config);  // Step 5: LoadNetwork
      ASSERT_TRUE(compiled);
      EXPECT_EQ(infer(compiled, make_images(1)), (std::vector<float>{2, 4, 6}));
      continue;
    }
    // No Ferry device keeps weightless blobs: CACHE_MODE compiles, and the device refuses it by name.
    config.insert(ov::cache_mode(ov::CacheMode::OPTIMIZE_SIZE));
    EXPECT_NE(error_of([&] { core.compile_model(modelPath, device, config); }).find("CACHE_MODE"), std::string::npos);
  }
  EXPECT_EQ(calls, 2);  // encrypted once, decrypted once
  std::stringstream contents;
  for (const auto& entry : std::filesystem::directory_iterator(encrypted_cache))
    contents << std::ifstream(entry.path(), std::ios::binary).rdbuf();
  EXPECT_FALSE(contents.str().empty());
  EXPECT_EQ(contents.str().find("doubled"), std::string::npos) << "a layer's name in the encrypted cache";
}

TEST(OpenVinoIdioms, AssertAndThrowMacros) {
  const int value = 42;
  OPENVINO_ASSERT(value == 42, "never thrown");
  OPENVINO_ASSERT(value > 0);
  try {
    OPENVINO_ASSERT(value == 7, "message ", value);
    FAIL() << "OPENVINO_ASSERT did not throw";
  } catch (const ov::AssertFailure& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("value == 7"), std::string::npos) << what;
    EXPECT_NE(what.find("message 42"), std::string::npos) << what;
  }
  EXPECT_NE(error_of([] { OPENVINO_ASSERT(1 + 1 == 3); }).find("1 + 1 == 3"), std::string::npos);
  EXPECT_NE(error_of([&] { OPENVINO_THROW("bad value ", value); }).find("bad value 42"), std::string::npos);
  EXPECT_THROW(OPENVINO_NOT_IMPLEMENTED, ov::NotImplemented);
  EXPECT_THROW(OPENVINO_THROW_NOT_IMPLEMENTED("no ", "reshape"), ov::NotImplemented);
  // Ferry's own errors are ov::Exception too.
  EXPECT_THROW(ov::Core().compile_model(make_model(), "NO_SUCH_DEVICE"), ov::Exception);
}

TEST(OpenVinoIdioms, OpsetNamespacesNameVersionedOps) {
  static_assert(std::is_same<ov::opset8::Parameter, ov::op::v0::Parameter>::value);
  static_assert(std::is_same<ov::opset1::Relu, ov::op::v0::Relu>::value);
  static_assert(std::is_same<ov::opset1::Softmax, ov::op::v1::Softmax>::value);
  static_assert(std::is_same<ov::opset8::Softmax, ov::op::v8::Softmax>::value);
  static_assert(std::is_same<ov::opset13::Softmax, ov::op::v8::Softmax>::value);
  static_assert(std::is_same<ov::opset8::MaxPool, ov::op::v8::MaxPool>::value);
  static_assert(std::is_same<ov::opset14::MaxPool, ov::op::v14::MaxPool>::value);
  static_assert(std::is_same<ov::opset11::Interpolate, ov::op::v11::Interpolate>::value);
  static_assert(std::is_same<ov::opset13::ScaledDotProductAttention, ov::op::v13::ScaledDotProductAttention>::value);
  EXPECT_EQ(std::string(ov::opset3::ShapeOf::get_type_info_static().version_id), "opset3");
  // A model built from the opsets runs.
  ov::Core core;
  ov::CompiledModel compiled = core.compile_model(make_model(), "TEMPLATE");
  EXPECT_EQ(infer(compiled, make_images(1)), (std::vector<float>{2, 4, 6}));
}

TEST(OpenVinoIdioms, ModelOutputsAndRtInfo) {
  auto model = make_model();
  EXPECT_EQ(model->get_output_size(), 1u);
  EXPECT_EQ(model->get_output_element_type(0), ov::element::f32);
  EXPECT_EQ(model->get_output_shape(0), (ov::Shape{1, 3}));
  EXPECT_EQ(model->get_result(), model->get_output_op(0));
  // An inner value made an output, by tensor name: inference returns it too.
  ov::Output<ov::Node> doubled = model->add_output("doubled");
  EXPECT_EQ(model->get_output_size(), 2u);
  EXPECT_EQ(model->add_output("doubled", 0), doubled);  // the same Result, not a second one
  EXPECT_EQ(model->get_output_size(), 2u);
  ov::Core core;
  ov::CompiledModel compiled = core.compile_model(model, "TEMPLATE");
  ov::InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(make_images(1));
  request.infer();
  EXPECT_EQ(request.get_tensor("doubled").get_shape(), (ov::Shape{1, 3, 4, 4}));
  EXPECT_EQ(request.get_tensor("doubled").data<const float>()[16], 4.0f);  // channel 1: 2 * 2
  EXPECT_NE(error_of([&] { model->add_output("missing"); }).find("missing"), std::string::npos);
  // Nested rt_info by path, as model metadata is read.
  model->set_rt_info(std::string("128"), "tokenizer", "eos_token_id");
  EXPECT_TRUE(model->has_rt_info("tokenizer", "eos_token_id"));
  EXPECT_FALSE(model->has_rt_info("tokenizer", "bos_token_id"));
  EXPECT_EQ(model->get_rt_info<int64_t>("tokenizer", "eos_token_id"), 128);
  EXPECT_EQ(model->get_rt_info<std::string>(std::vector<std::string>{"tokenizer", "eos_token_id"}), "128");
  ov::RTMap& info = model->get_rt_info();
  EXPECT_EQ(info.count("tokenizer"), 1u);
  EXPECT_NE(error_of([&] { model->get_rt_info<std::string>("tokenizer", "bos_token_id"); }).find("tokenizer/bos"),
            std::string::npos);
}

TEST(OpenVinoIdioms, NodeBasics) {
  auto model = make_model();
  auto image = model->get_parameters().at(0);
  EXPECT_EQ(image->get_default_output(), image->output(0));
  const ov::NodeVector users = image->get_users();
  ASSERT_EQ(users.size(), 1u);
  EXPECT_EQ(users[0]->get_friendly_name(), "doubled");
  EXPECT_EQ(users[0]->get_input_source_output(0), image->output(0));
  EXPECT_EQ(image->get_output_target_inputs(0).size(), 1u);
  EXPECT_FALSE(users[0]->is_dynamic());
  model->reshape(ov::PartialShape{ov::Dimension::dynamic(), 3, 4, 4});
  EXPECT_TRUE(users[0]->is_dynamic());
  const ov::Rank rank = model->input().get_partial_shape().rank();
  EXPECT_EQ(rank.get_length(), 4);
}

// OpenVINO's preprocessing idiom: u8 NHWC images of any size into the f32 NCHW model, f16 out.
// Each pixel of channel c holds 2 * (c + 1): scaled by 2 and resized (a constant image stays
// constant), the model doubles it and averages it to 2, 4, 6.
TEST(OpenVinoIdioms, PrePostProcessing) {
  std::shared_ptr<ov::Model> model = make_model();
  ov::preprocess::PrePostProcessor ppp(model);
  ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_spatial_dynamic_shape();
  ppp.input()
      .preprocess()
      .convert_element_type(ov::element::f32)
      .resize(ov::preprocess::ResizeAlgorithm::RESIZE_LINEAR)
      .scale(2.0f);
  ppp.input().model().set_layout("NCHW");
  ppp.output().tensor().set_element_type(ov::element::f16);
  model = ppp.build();
  EXPECT_EQ(model->input().get_partial_shape(), (ov::PartialShape{1, -1, -1, 3}));

  ov::Core core;
  ov::CompiledModel compiled = core.compile_model(model, "TEMPLATE");
  ov::InferRequest request = compiled.create_infer_request();
  ov::Tensor frame(ov::element::u8, ov::Shape{1, 7, 9, 3});
  for (size_t i = 0; i < frame.get_size(); ++i) frame.data<uint8_t>()[i] = static_cast<uint8_t>(2 * (i % 3 + 1));
  request.set_input_tensor(frame);
  request.infer();
  const ov::Tensor means = request.get_output_tensor();
  ASSERT_EQ(means.get_element_type(), ov::element::f16);
  ASSERT_EQ(means.get_shape(), (ov::Shape{1, 3}));
  for (size_t c = 0; c < 3; ++c) EXPECT_EQ(static_cast<float>(means.data<ov::float16>()[c]), 2.0f * (c + 1));
}

}  // namespace
