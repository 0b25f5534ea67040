// The colour conversion primitive (opset8 NV12toRGB/NV12toBGR/I420toRGB/I420toBGR) against the
// core's reference evaluate: single-plane and separate-plane inputs, u8 and f32, batch 2, odd
// multiples of 2 for H and W so that no stride happens to equal another; and what query_model
// claims. Planes are full-range random samples, so clamping at 0 and 255 is exercised.

#include <gtest/gtest.h>

#include "ferry/graph/ops/yuv_to_rgb.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

constexpr size_t kBatch = 2, kHeight = 6, kWidth = 10;
// f32: the device computes in float, the reference in double. u8: both round to nearest; float
// against double may land on the other side of a .5 by one.
constexpr double kF32Tolerance = 1e-3, kU8Tolerance = 1.0;

template <typename Convert>
std::shared_ptr<Model> conversion(const element::Type& type, bool separate_planes) {
  ParameterVector planes;
  const bool nv12 = std::is_same_v<Convert, op::v8::NV12toRGB> || std::is_same_v<Convert, op::v8::NV12toBGR>;
  if (!separate_planes) {
    planes.push_back(param({kBatch, kHeight * 3 / 2, kWidth, 1}, type));
  } else {
    planes.push_back(param({kBatch, kHeight, kWidth, 1}, type));
    if (nv12) {
      planes.push_back(param({kBatch, kHeight / 2, kWidth / 2, 2}, type));
    } else {
      planes.push_back(param({kBatch, kHeight / 2, kWidth / 2, 1}, type));
      planes.push_back(param({kBatch, kHeight / 2, kWidth / 2, 1}, type));
    }
  }
  OutputVector inputs(planes.begin(), planes.end());
  auto convert = std::make_shared<Convert>(inputs);
  convert->set_friendly_name("convert_color");
  return model_of(convert, planes);
}

template <typename Convert>
void check(const element::Type& type, bool separate_planes) {
  SCOPED_TRACE(std::string(Convert::get_type_info_static().name) + " " + type.get_type_name() +
               (separate_planes ? " separate planes" : " one plane"));
  auto model = conversion<Convert>(type, separate_planes);
  TensorVector inputs;
  unsigned seed = 31;
  for (const auto& parameter : model->get_parameters())
    inputs.push_back(random_tensor(type, parameter->get_shape(), seed++, 0.0, 255.99));
  const double tolerance = type == element::u8 ? kU8Tolerance : kF32Tolerance;
  expect_matches_reference(model, inputs, tolerance, 0.0);
}

template <typename Convert>
void check_all_forms() {
  for (const element::Type& type : {element::u8, element::f32})
    for (bool separate_planes : {false, true}) check<Convert>(type, separate_planes);
}

TEST(GpuYuvToRgbPrimitives, NV12toRGB) { check_all_forms<op::v8::NV12toRGB>(); }
TEST(GpuYuvToRgbPrimitives, NV12toBGR) { check_all_forms<op::v8::NV12toBGR>(); }
TEST(GpuYuvToRgbPrimitives, I420toRGB) { check_all_forms<op::v8::I420toRGB>(); }
TEST(GpuYuvToRgbPrimitives, I420toBGR) { check_all_forms<op::v8::I420toBGR>(); }

TEST(GpuYuvToRgbPrimitives, QueryModel) {
  Core core = make_core();
  EXPECT_EQ(core.query_model(conversion<op::v8::NV12toRGB>(element::u8, true), "GPU").count("convert_color"), 1u);
  EXPECT_EQ(core.query_model(conversion<op::v8::I420toBGR>(element::f32, false), "GPU").count("convert_color"), 1u);
  // f16 planes have no kernel (yet): the node is not claimed.
  EXPECT_EQ(core.query_model(conversion<op::v8::NV12toRGB>(element::f16, true), "GPU").count("convert_color"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
