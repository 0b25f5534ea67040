// GPU device properties through the Core, with the values of the OpenCL device (PoCL's CPU device
// in CI: no GPU there, so the plugin exposes it).

#include <gtest/gtest.h>

#include <algorithm>

#include "ferry/gpu/properties.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(GpuProperties, TheDeviceIsListedWithItsTiles) {
  Core core = make_core();
  const auto ids = core.get_property("GPU", available_devices);
  ASSERT_FALSE(ids.empty());
  EXPECT_EQ(ids[0], "0");
  const auto devices = core.get_available_devices();
  if (ids.size() == 1) {
    EXPECT_TRUE(contains(devices, "GPU"));
  } else {
    for (const auto& id : ids) EXPECT_TRUE(contains(devices, "GPU." + id)) << id;
  }
}

TEST(GpuProperties, DeviceValuesComeFromOpenCl) {
  Core core = make_core();
  const std::string name = core.get_property("GPU", device::full_name);
  EXPECT_NE(name.find("OpenCL"), std::string::npos) << name;
  EXPECT_GT(core.get_property("GPU", device_total_mem_size), 0u);
  EXPECT_GT(core.get_property("GPU", execution_units_count), 0);
  EXPECT_FALSE(core.get_property("GPU", uarch_version).empty());
  // A device sharing the host's memory (PoCL's CPU device) is integrated, one with its own
  // (the H100/H200) discrete: what OpenCL's CL_DEVICE_HOST_UNIFIED_MEMORY says.
  cl_bool unified = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(device_of_default_context(core), CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(unified), &unified,
                            nullptr),
            CL_SUCCESS);
  EXPECT_EQ(core.get_property("GPU", device::type), unified ? device::Type::INTEGRATED : device::Type::DISCRETE);
  const auto gops = core.get_property("GPU", device::gops);
  ASSERT_EQ(gops.count(element::f32), 1u);
  EXPECT_GT(gops.at(element::f32), 0.0f);
  const auto capabilities = core.get_property("GPU", device::capabilities);
  EXPECT_TRUE(contains(capabilities, device::capability::FP32));
  EXPECT_TRUE(contains(capabilities, device::capability::EXPORT_IMPORT));
  EXPECT_FALSE(contains(capabilities, device::capability::FP16)) << "PoCL has no cl_khr_fp16";
}

TEST(GpuProperties, SubDevicePropertiesByDeviceId) {
  Core core = make_core();
  const auto ids = core.get_property("GPU", available_devices);
  if (!contains(ids, "0.1")) GTEST_SKIP() << "device 0 has no tiles";
  const auto whole = core.get_property("GPU.0", execution_units_count);
  const auto tile = core.get_property("GPU.0.1", execution_units_count);
  EXPECT_EQ(tile, whole / 2);
  EXPECT_THROW(core.get_property("GPU.7", device::full_name), Exception);
}

TEST(GpuProperties, SupportedPropertiesAreAllReadable) {
  Core core = make_core();
  const auto names = core.get_property("GPU", supported_properties);
  for (const auto& key : {"FULL_DEVICE_NAME",
                          "DEVICE_TYPE",
                          "DEVICE_GOPS",
                          "OPTIMIZATION_CAPABILITIES",
                          "GPU_DEVICE_TOTAL_MEM_SIZE",
                          "GPU_UARCH_VERSION",
                          "GPU_EXECUTION_UNITS_COUNT",
                          "GPU_MEMORY_STATISTICS",
                          "RANGE_FOR_STREAMS",
                          "RANGE_FOR_ASYNC_INFER_REQUESTS",
                          "PERFORMANCE_HINT",
                          "NUM_STREAMS",
                          "INFERENCE_PRECISION_HINT",
                          "PERF_COUNT",
                          "MODEL_PRIORITY",
                          "EXECUTION_MODE_HINT",
                          "COMPILATION_NUM_THREADS",
                          "GPU_HOST_TASK_PRIORITY",
                          "GPU_QUEUE_PRIORITY",
                          "GPU_QUEUE_THROTTLE",
                          "GPU_ENABLE_LOOP_UNROLLING",
                          "GPU_COPIED_BYTES",
                          "GPU_DEVICE_COPIED_BYTES"})
    EXPECT_TRUE(std::find(names.begin(), names.end(), key) != names.end()) << key;
  for (const auto& name : names) EXPECT_NO_THROW(core.get_property("GPU", name)) << name;
}

TEST(GpuProperties, SettingsRoundTripAndBadValuesAreRefused) {
  Core core = make_core();
  core.set_property("GPU", {{"NUM_STREAMS", "2"}, {"GPU_QUEUE_PRIORITY", "HIGH"}});
  EXPECT_EQ(core.get_property("GPU", num_streams), streams::Num(2));
  EXPECT_EQ(core.get_property("GPU", hint::queue_priority), ferry::hint::Priority::HIGH);
  EXPECT_THROW(core.set_property("GPU", {{"NUM_STREAMS", "99"}}), Exception);
  try {
    core.set_property("GPU", {{"INFERENCE_PRECISION_HINT", "bf16"}});
    FAIL() << "bf16 has no kernels";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("INFERENCE_PRECISION_HINT"), std::string::npos) << e.what();
  }
  EXPECT_THROW(core.set_property("GPU", {{"GPU_DEVICE_TOTAL_MEM_SIZE", "1"}}), Exception);
  EXPECT_THROW(core.set_property("GPU", {{"NO_SUCH_KEY", "1"}}), Exception);
  EXPECT_EQ(core.get_property("GPU", num_streams), streams::Num(2));  // unchanged by the refusals
}

TEST(GpuProperties, NoDeviceOfTheSelectedTypesMeansGpuIsAbsentAndCoreStaysUsable) {
  Core core = make_core();
  core.set_property("GPU", {{opencl_device_types.name(), "ACCELERATOR"}});
  EXPECT_TRUE(core.get_property("GPU", available_devices).empty());
  const auto devices = core.get_available_devices();
  for (const auto& device : devices) EXPECT_EQ(device.rfind("GPU", 0), std::string::npos) << device;
  EXPECT_TRUE(contains(devices, "TEMPLATE"));
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2});
  auto model = std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(x)}, ParameterVector{x});
  try {
    core.compile_model(model, "GPU");
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("no OpenCL device"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(core.compile_model(model, "TEMPLATE"));
  // Selecting the CPU type again brings the device back.
  core.set_property("GPU", {{opencl_device_types.name(), "CPU"}});
  EXPECT_FALSE(core.get_property("GPU", available_devices).empty());
  EXPECT_THROW(core.set_property("GPU", {{opencl_device_types.name(), "FPGA"}}), Exception);
}

}  // namespace
}  // namespace ferry::gpu::test

namespace ferry::gpu::test {
namespace {

// x[batch, 256] x W[256, 128] -> Relu.
std::shared_ptr<Model> batch_model(size_t batch) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{int64_t(batch), 256});
  auto w = std::make_shared<op::v0::Constant>(element::f32, Shape{256, 128}, std::vector<float>(256 * 128, 0.25f));
  auto y = std::make_shared<op::v0::Relu>(std::make_shared<op::v0::MatMul>(x, w));
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x});
}

TEST(GpuBatchProperties, MaxBatchSizeFollowsTheDeviceMemory) {
  Core core = make_core();
  const uint64_t memory = core.get_property("GPU", device_total_mem_size);
  // Weights 256 x 128 floats once; per item 256 + 128 + 128 floats; 25% of the memory kept free.
  const uint64_t expected = std::min<uint64_t>((memory / 100 * 75 - 256 * 128 * 4) / ((256 + 128 + 128) * 4), 65536);
  const Any value = core.get_property("GPU", max_batch_size.name(), {hint::model(batch_model(1))});
  ASSERT_TRUE(value.is<uint32_t>()) << value.type_name();
  EXPECT_EQ(value.as<uint32_t>(), expected);
  // A mutable model pointer is accepted too.
  EXPECT_EQ(core.get_property("GPU", max_batch_size.name(), {{"MODEL_PTR", Any(batch_model(1))}}).as<uint32_t>(),
            expected);
  // Without a model: 1, the model as given.
  EXPECT_EQ(core.get_property("GPU", max_batch_size), 1u);
}

TEST(GpuBatchProperties, OptimalBatchSizeNeedsABatchOneModel) {
  Core core = make_core();
  const unsigned optimal =
      core.get_property("GPU", optimal_batch_size.name(), {hint::model(batch_model(1))}).as<unsigned>();
  const uint32_t max = core.get_property("GPU", max_batch_size.name(), {hint::model(batch_model(1))}).as<uint32_t>();
  EXPECT_GE(optimal, 1u);
  EXPECT_LE(optimal, 16u);
  EXPECT_LE(optimal, max);
  EXPECT_EQ(optimal & (optimal - 1), 0u) << optimal << " is not a power of two";
  EXPECT_EQ(core.get_property("GPU", optimal_batch_size.name(), {hint::model(batch_model(4))}).as<unsigned>(), 1u);
  EXPECT_EQ(core.get_property("GPU", optimal_batch_size), 1u);
  try {
    core.get_property("GPU", optimal_batch_size.name(), {{"MODEL_PTR", Any(42)}});
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("MODEL_PTR"), std::string::npos) << e.what();
  }
  EXPECT_THROW(core.set_property("GPU", {{"MAX_BATCH_SIZE", "4"}}), Exception);
}

TEST(GpuBatchProperties, BatchDeviceTakesTheOptimalBatchOfTheModel) {
  Core core = make_core();
  auto model = batch_model(1);
  const unsigned optimal = core.get_property("GPU", optimal_batch_size.name(), {hint::model(model)}).as<unsigned>();
  // Without MODEL_PTR the device would answer 1: the check below needs a larger answer.
  ASSERT_GT(optimal, 1u) << "this device's optimal batch for the model is 1; the test cannot tell";
  CompiledModel batched = core.compile_model(model, "BATCH:GPU");
  EXPECT_EQ(batched.get_property(optimal_batch_size), optimal);
  EXPECT_EQ(batched.get_runtime_model()->input(0).get_partial_shape(), (PartialShape{int64_t(optimal), 256}));
  EXPECT_EQ(batched.input(0).get_partial_shape(), (PartialShape{1, 256}));
}

TEST(GpuQueueHints, AppliedOnlyWithTheExtensionsAndReportedEitherWay) {
  Core core = make_core();
  // PoCL lists neither cl_khr_priority_hints nor cl_khr_throttle_hints.
  EXPECT_FALSE(core.get_property("GPU", queue_priority_applied));
  EXPECT_FALSE(core.get_property("GPU", queue_throttle_applied));
  // Until GPU_QUEUE_PRIORITY is set, it follows MODEL_PRIORITY.
  core.set_property("GPU", {{"MODEL_PRIORITY", "HIGH"}});
  EXPECT_EQ(core.get_property("GPU", hint::queue_priority), ferry::hint::Priority::HIGH);
  core.set_property("GPU", {{"GPU_QUEUE_PRIORITY", "LOW"}, {"GPU_QUEUE_THROTTLE", "LOW"}});
  core.set_property("GPU", {{"MODEL_PRIORITY", "MEDIUM"}});
  EXPECT_EQ(core.get_property("GPU", hint::queue_priority), ferry::hint::Priority::LOW);
  // Queues are still created (the hints are left out of the list) and the model runs.
  auto model = batch_model(1);
  CompiledModel compiled = core.compile_model(model, "GPU", {{"NUM_STREAMS", "2"}});
  EXPECT_EQ(compiled.get_property(num_streams), streams::Num(2));
  expect_matches_reference(model, random_inputs(model, 7));
  try {
    core.set_property("GPU", {{"GPU_QUEUE_THROTTLE", "LOUD"}});
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("GPU_QUEUE_THROTTLE"), std::string::npos) << message;
    EXPECT_NE(message.find("LOUD"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace ferry::gpu::test
