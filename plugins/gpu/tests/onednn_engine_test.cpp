// GPU_ONEDNN_ENGINE / GPU_ONEDNN_REFUSAL through the Core. oneDNN's OpenCL engine takes Intel GPUs
// only: on PoCL's CPU device (CI) and on NVIDIA it refuses the device, the plugin says why, and a
// model of convolutions and matmuls still runs, on Ferry's kernels, with TEMPLATE's results.

#include <gtest/gtest.h>

#include <algorithm>

#include "ferry/gpu/properties.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/reshape.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

// Intel's PCI vendor id: the only devices oneDNN's OpenCL engine may accept.
bool intel_gpu(Core& core) {
  return core.get_property("GPU", device::type) == device::Type::DISCRETE &&
         core.get_property("GPU", device::full_name).find("Intel") != std::string::npos;
}

std::shared_ptr<op::v0::Constant> constant(const Shape& shape, unsigned seed, double low, double high) {
  const Tensor values = random_tensor(element::f32, shape, seed, low, high);
  return std::make_shared<op::v0::Constant>(element::f32, shape, values.data());
}

// x [1, 3, 8, 8] -> Convolution (4 filters 3x3, pads 1) -> Relu -> [1, 256] -> MatMul [256, 5]
// -> MatMul with [6, 5]^T.
std::shared_ptr<Model> conv_matmul_model() {
  auto x = param({1, 3, 8, 8});
  auto conv = std::make_shared<op::v1::Convolution>(x, constant({4, 3, 3, 3}, 1, -0.5, 0.5), Strides{1, 1},
                                                    CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  auto relu = std::make_shared<op::v0::Relu>(conv);
  auto flat = std::make_shared<op::v1::Reshape>(relu, ints({1, 256}), false);
  auto w1 = constant({256, 5}, 2, -0.2, 0.2);
  auto first = std::make_shared<op::v0::MatMul>(flat, w1);
  auto w2 = constant({6, 5}, 3, -1.0, 1.0);
  auto second = std::make_shared<op::v0::MatMul>(first, w2, false, true);
  return model_of(second, {x});
}

TEST(GpuOneDnn, TheEnginePropertiesAreSupportedAndReadOnly) {
  Core core = make_core();
  const auto names = core.get_property("GPU", supported_properties);
  for (const char* name : {"GPU_ONEDNN_ENGINE", "GPU_ONEDNN_REFUSAL"}) {
    const auto found = std::find(names.begin(), names.end(), name);
    ASSERT_NE(found, names.end()) << name;
    EXPECT_FALSE(found->is_mutable()) << name;
  }
  EXPECT_THROW(core.set_property("GPU", {{"GPU_ONEDNN_ENGINE", std::string("onednn")}}), Exception);
}

TEST(GpuOneDnn, RefusedOutsideIntelGpusWithTheReason) {
  Core core = make_core();
  if (intel_gpu(core)) GTEST_SKIP() << "an Intel GPU, which oneDNN may accept";
  EXPECT_EQ(core.get_property("GPU", onednn_engine), "ferry_kernels");
  const std::string reason = core.get_property("GPU", onednn_refusal);
  EXPECT_NE(reason.find("dnnl::ocl_interop::make_engine failed"), std::string::npos) << reason;
  EXPECT_NE(reason.find("Intel GPUs only"), std::string::npos) << reason;
  // Per device id as well.
  EXPECT_EQ(core.get_property("GPU", onednn_engine, {{"DEVICE_ID", std::string("0")}}), "ferry_kernels");
}

TEST(GpuOneDnn, ConvolutionsAndMatMulsRunOnFerrysKernelsWithTemplatesResults) {
  Core core = make_core();
  const auto model = conv_matmul_model();
  auto compiled = core.compile_model(model, "GPU");
  const std::string device_engine = core.get_property("GPU", onednn_engine);
  EXPECT_EQ(compiled.get_property(onednn_engine), device_engine);
  if (device_engine == "ferry_kernels") {
    auto profiled = core.compile_model(model, "GPU", enable_profiling(true));
    EXPECT_EQ(profiled.get_property(onednn_engine), "ferry_kernels");
    auto request = profiled.create_infer_request();
    request.infer();
    const auto records = request.get_profiling_info();
    EXPECT_FALSE(records.empty());
    for (const auto& record : records)
      EXPECT_EQ(record.exec_type.find("onednn"), std::string::npos) << record.node_name;
  }

  const Tensor input = random_tensor(element::f32, {1, 3, 8, 8}, 4);
  auto gpu = compiled.create_infer_request();
  gpu.set_input_tensor(input);
  gpu.infer();
  auto reference = core.compile_model(model, "TEMPLATE").create_infer_request();
  reference.set_input_tensor(input);
  reference.infer();
  expect_values_close(gpu.get_output_tensor(), reference.get_output_tensor(), 1e-4, 1e-4, "output 0");
}

}  // namespace
}  // namespace ferry::gpu::test
