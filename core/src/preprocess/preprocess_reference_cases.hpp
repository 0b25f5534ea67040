#pragma once

// The PrePostProcessor cases of testing/preprocess/make_reference.py, built with Ferry's API: each
// case's model is input -> Multiply by 1 -> output, and its pre/post-processing is the script's.
// Keep the two lists in step (same names, same settings).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"

namespace ferry {
namespace preprocess_test {

using preprocess::ColorFormat;
using preprocess::PaddingMode;
using preprocess::PrePostProcessor;
using preprocess::ResizeAlgorithm;

struct ReferenceCase {
  std::string name;
  PartialShape model_shape;
  element::Type model_type;
  std::function<void(PrePostProcessor&)> build;
};

inline std::shared_ptr<Model> make_case_model(const PartialShape& shape, const element::Type& type) {
  auto input = std::make_shared<op::v0::Parameter>(type, shape);
  input->set_friendly_name("input");
  input->output(0).set_names({"input"});
  auto one = op::v0::Constant::create(type, Shape{}, std::vector<double>{1.0});
  auto output = std::make_shared<op::v1::Multiply>(input, one);
  output->output(0).set_names({"output"});
  return std::make_shared<Model>(OutputVector{output}, ParameterVector{input}, "preprocess_case");
}

inline std::function<void(PrePostProcessor&)> resize_case(ResizeAlgorithm algorithm, size_t height, size_t width) {
  return [=](PrePostProcessor& p) {
    p.input().tensor().set_layout("NHWC").set_spatial_static_shape(height, width);
    p.input().preprocess().resize(algorithm);
    p.input().model().set_layout("NCHW");
  };
}

// A YUV image of `type` converted to `dst`; the model's layout when given, the planes' memory type.
inline std::function<void(PrePostProcessor&)> yuv_case(const element::Type& type, ColorFormat format,
                                                       const std::vector<std::string>& sub_names, ColorFormat dst,
                                                       const std::string& model_layout = "",
                                                       const std::string& memory_type = "") {
  return [=](PrePostProcessor& p) {
    auto& tensor = p.input().tensor().set_element_type(type).set_color_format(format, sub_names);
    if (!memory_type.empty()) tensor.set_memory_type(memory_type);
    p.input().preprocess().convert_color(dst);
    if (!model_layout.empty()) p.input().model().set_layout(model_layout);
  };
}

inline const std::vector<ReferenceCase>& reference_cases() {
  static const std::vector<ReferenceCase> cases{
      {"nv12_two_planes_bgr_nchw",
       {1, 3, 4, 6},
       element::f32,
       yuv_case(element::u8, ColorFormat::NV12_TWO_PLANES, {"y", "uv"}, ColorFormat::BGR, "NCHW", "GPU_SURFACE")},
      {"nv12_single_plane_rgb_f32",
       {1, 4, 6, 3},
       element::f32,
       yuv_case(element::f32, ColorFormat::NV12_SINGLE_PLANE, {}, ColorFormat::RGB)},
      {"i420_three_planes_rgb_nchw",
       {1, 3, 6, 4},
       element::f32,
       yuv_case(element::u8, ColorFormat::I420_THREE_PLANES, {"y", "u", "v"}, ColorFormat::RGB, "NCHW")},
      {"i420_single_plane_bgr",
       {1, 4, 6, 3},
       element::u8,
       yuv_case(element::u8, ColorFormat::I420_SINGLE_PLANE, {}, ColorFormat::BGR)},
      {"nv12_batch2_unnamed_planes_f32",
       {2, 2, 4, 3},
       element::f32,
       yuv_case(element::f32, ColorFormat::NV12_TWO_PLANES, {}, ColorFormat::RGB)},
      {"nv12_u8_convert_resize_mean_scale",
       {1, 3, 4, 6},
       element::f32,
       [](PrePostProcessor& p) {
         p.input()
             .tensor()
             .set_element_type(element::u8)
             .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
             .set_spatial_static_shape(8, 10);
         p.input()
             .preprocess()
             .convert_color(ColorFormat::BGR)
             .convert_element_type(element::f32)
             .resize(ResizeAlgorithm::RESIZE_LINEAR)
             .mean({100.0f, 110.0f, 120.0f})
             .scale({50.0f, 60.0f, 70.0f});
         p.input().model().set_layout("NCHW");
       }},
      {"resize_linear_down", {1, 3, 4, 6}, element::f32, resize_case(ResizeAlgorithm::RESIZE_LINEAR, 7, 9)},
      {"resize_linear_up", {1, 2, 6, 7}, element::f32, resize_case(ResizeAlgorithm::RESIZE_LINEAR, 3, 4)},
      {"resize_nearest", {1, 2, 7, 5}, element::f32, resize_case(ResizeAlgorithm::RESIZE_NEAREST, 3, 4)},
      {"resize_cubic", {1, 2, 5, 6}, element::f32, resize_case(ResizeAlgorithm::RESIZE_CUBIC, 4, 9)},
      {"resize_bilinear_pillow",
       {1, 2, 4, 5},
       element::f32,
       resize_case(ResizeAlgorithm::RESIZE_BILINEAR_PILLOW, 9, 7)},
      {"resize_bicubic_pillow", {1, 2, 6, 4}, element::f32, resize_case(ResizeAlgorithm::RESIZE_BICUBIC_PILLOW, 4, 9)},
      {"resize_explicit_size",
       {1, 2, 3, 4},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_layout("NCHW").set_shape({1, 2, 5, 7});
         p.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR, 3, 4);
       }},
      {"u8_mean_scale_reverse_channels",
       {1, 3, 4, 5},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_element_type(element::u8).set_layout("NHWC");
         p.input()
             .preprocess()
             .convert_element_type(element::f32)
             .mean({1.0f, 2.0f, 3.0f})
             .scale({2.0f, 4.0f, 8.0f})
             .reverse_channels();
         p.input().model().set_layout("NCHW");
       }},
      {"scalar_mean_scale",
       {1, 2, 3, 4},
       element::f32,
       [](PrePostProcessor& p) { p.input().preprocess().mean(0.5f).scale(0.25f); }},
      {"bgrx_to_rgb",
       {1, 3, 5, 3},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_element_type(element::u8).set_color_format(ColorFormat::BGRX);
         p.input().preprocess().convert_color(ColorFormat::RGB).convert_element_type(element::f32);
       }},
      {"rgb_to_gray_u8",
       {1, 4, 6, 1},
       element::u8,
       [](PrePostProcessor& p) {
         p.input().tensor().set_color_format(ColorFormat::RGB);
         p.input().preprocess().convert_color(ColorFormat::GRAY);
       }},
      {"bgr_to_gray_f32",
       {1, 3, 5, 1},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_color_format(ColorFormat::BGR);
         p.input().preprocess().convert_color(ColorFormat::GRAY);
       }},
      {"rgb_to_bgr_nchw",
       {1, 3, 2, 5},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_color_format(ColorFormat::RGB).set_layout("NCHW");
         p.input().preprocess().convert_color(ColorFormat::BGR);
         p.input().model().set_layout("NCHW");
       }},
      {"convert_layout_by_dims",
       {1, 3, 4, 6},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_shape({1, 4, 6, 3});
         p.input().preprocess().convert_layout(std::vector<uint64_t>{0, 3, 1, 2});
       }},
      {"crop",
       {1, 3, 4, 6},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_shape({1, 3, 7, 9});
         p.input().preprocess().crop({0, 0, 1, 2}, {1, 3, 5, -1});
       }},
      {"pad_constant",
       {1, 3, 4, 6},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_shape({1, 3, 2, 3});
         p.input().preprocess().pad({0, 0, 1, 2}, {0, 0, 1, 1}, 0.5f, PaddingMode::CONSTANT);
       }},
      {"pad_reflect",
       {1, 3, 4, 6},
       element::f32,
       [](PrePostProcessor& p) {
         p.input().tensor().set_shape({1, 3, 2, 3});
         p.input().preprocess().pad({0, 0, 1, 2}, {0, 0, 1, 1}, 0.0f, PaddingMode::REFLECT);
       }},
      {"postprocess_layout_and_type",
       {1, 3, 2, 4},
       element::f32,
       [](PrePostProcessor& p) {
         p.output().model().set_layout("NCHW");
         p.output().tensor().set_layout("NHWC").set_element_type(element::f16);
       }},
      {"postprocess_steps",
       {1, 3, 2, 4},
       element::f32,
       [](PrePostProcessor& p) {
         p.output().postprocess().convert_element_type(element::u8).convert_layout(std::vector<uint64_t>{0, 2, 3, 1});
       }},
  };
  return cases;
}

}  // namespace preprocess_test
}  // namespace ferry
