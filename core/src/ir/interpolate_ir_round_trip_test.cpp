// Interpolate-11 with Ferry's extensions (exclude_outside, extrapolation_value,
// tf_crop_and_resize with the roi input) through the IR writer and reader; and an IR as
// OpenVINO writes it, without those attributes, reads with their defaults.
#include <cstring>
#include <sstream>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/ir_test_util.hpp"

namespace ferry {
namespace {

using namespace ferry::op;
using ir_test::i64s;
using ir_test::read_ir_bytes;
using Interp = v11::Interpolate;

std::shared_ptr<Interp> the_interpolate(const std::shared_ptr<Model>& model) {
  for (const auto& node : model->get_ordered_ops())
    if (auto interpolate = as_type_ptr<Interp>(node)) return interpolate;
  return nullptr;
}

TEST(InterpolateIrRoundTrip, ExtensionAttributesAndRoiSurvive) {
  auto x = std::make_shared<v0::Parameter>(element::f32, PartialShape("[1,1,4,4]"));
  auto roi = std::make_shared<v0::Parameter>(element::f32, PartialShape("[4]"));
  Interp::InterpolateAttrs attrs;
  attrs.mode = Interp::InterpolateMode::CUBIC;
  attrs.coordinate_transformation_mode = Interp::CoordinateTransformMode::TF_CROP_AND_RESIZE;
  attrs.cube_coeff = -0.5;
  attrs.antialias = true;
  attrs.exclude_outside = true;
  attrs.extrapolation_value = 2.5;
  auto resize = std::make_shared<Interp>(x, i64s({3, 5}), i64s({2, 3}), roi, attrs);
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<v0::Result>(resize)}, ParameterVector{x, roi});
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  for (const char* expected : {"coordinate_transformation_mode=\"tf_crop_and_resize\"", "exclude_outside=\"true\"",
                               "extrapolation_value=\"2.5\"", "antialias=\"true\""})
    EXPECT_NE(xml.str().find(expected), std::string::npos) << expected << "\n" << xml.str();
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = read_ir_bytes(xml.str(), bin.str(), "interpolate.xml")) << xml.str();
  auto twin = the_interpolate(read);
  ASSERT_TRUE(twin);
  EXPECT_EQ(twin->get_input_size(), 4u);
  EXPECT_EQ(twin->get_output_partial_shape(0), PartialShape("[1,1,3,5]"));
  const auto& got = twin->get_attrs();
  EXPECT_EQ(got.mode, attrs.mode);
  EXPECT_EQ(got.coordinate_transformation_mode, attrs.coordinate_transformation_mode);
  EXPECT_EQ(got.cube_coeff, -0.5);
  EXPECT_TRUE(got.antialias);
  EXPECT_TRUE(got.exclude_outside);
  EXPECT_EQ(got.extrapolation_value, 2.5);
}

TEST(InterpolateIrRoundTrip, OpenVinoIrWithoutExtensionsReadsDefaults) {
  auto x = std::make_shared<v0::Parameter>(element::f32, PartialShape("[1,1,4,4]"));
  Interp::InterpolateAttrs attrs;
  attrs.mode = Interp::InterpolateMode::BICUBIC_PILLOW;
  attrs.exclude_outside = true;
  attrs.extrapolation_value = 7.0;
  auto resize = std::make_shared<Interp>(x, i64s({2, 2}), i64s({2, 3}), attrs);
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<v0::Result>(resize)}, ParameterVector{x});
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  // Drop the two Ferry attributes, as an IR from OpenVINO has none.
  std::string text = xml.str();
  for (const std::string attribute : {" exclude_outside=\"true\"", " extrapolation_value=\"7\""}) {
    const size_t at = text.find(attribute);
    ASSERT_NE(at, std::string::npos) << attribute << "\n" << text;
    text.erase(at, attribute.size());
  }
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = read_ir_bytes(text, bin.str(), "interpolate.xml")) << text;
  auto twin = the_interpolate(read);
  ASSERT_TRUE(twin);
  EXPECT_EQ(twin->get_attrs().mode, Interp::InterpolateMode::BICUBIC_PILLOW);
  EXPECT_FALSE(twin->get_attrs().exclude_outside);
  EXPECT_EQ(twin->get_attrs().extrapolation_value, 0.0);
}

}  // namespace
}  // namespace ferry
