// Case generators for image ops: Interpolate with nearest (each nearest_mode corner), linear_onnx
// and cubic, by scales or sizes, on chosen axes, with pads, up and down; the YUV 4:2:0 to RGB/BGR
// conversions (NV12toRGB... of opset8) on one plane and on separate planes, u8 and f32.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void interpolate_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Resize {
    const char* name;
    PartialShape data;
    bool by_scales;
    std::vector<double> scales_or_sizes;
    std::vector<int64_t> axes;  // empty: every axis
    Attrs attrs;
  };
  const Attrs base = {{"mode", "nearest"},
                      {"coordinate_transformation_mode", "half_pixel"},
                      {"nearest_mode", "round_prefer_floor"},
                      {"pads_begin", "0,0,0,0"},
                      {"pads_end", "0,0,0,0"},
                      {"cube_coeff", "-0.75"},
                      {"antialias", "false"}};
  const auto with = [base](const Attrs& more) {  // by value: cases call it after this function returns
    Attrs attrs = base;
    for (const auto& entry : more) attrs[entry.first] = entry.second;
    return attrs;
  };
  const std::vector<Resize> resizes = {
      {"nearest_scales_up", {1, 1, 2, 3}, true, {2, 2}, {2, 3}, with({{"shape_calculation_mode", "scales"}})},
      {"nearest_sizes_down_floor_asymmetric",
       {1, 2, 4, 6},
       false,
       {2, 4},
       {2, 3},
       with({{"shape_calculation_mode", "sizes"},
             {"nearest_mode", "floor"},
             {"coordinate_transformation_mode", "asymmetric"}})},
      {"nearest_ceil_align_corners",
       {1, 1, 3, 3},
       false,
       {5, 4},
       {2, 3},
       with({{"shape_calculation_mode", "sizes"},
             {"nearest_mode", "ceil"},
             {"coordinate_transformation_mode", "align_corners"}})},
      {"linear_onnx_scales",
       {1, 2, 3, 4},
       true,
       {1.5, 0.5},
       {2, 3},
       with({{"mode", "linear_onnx"}, {"shape_calculation_mode", "scales"}})},
      {"linear_onnx_pytorch_half_pixel_sizes",
       {2, 1, 4, 4},
       false,
       {3, 7},
       {2, 3},
       with({{"mode", "linear_onnx"},
             {"shape_calculation_mode", "sizes"},
             {"coordinate_transformation_mode", "pytorch_half_pixel"}})},
      {"cubic_scales",
       {1, 1, 4, 4},
       true,
       {1.5, 1.5},
       {2, 3},
       with({{"mode", "cubic"}, {"shape_calculation_mode", "scales"}})},
      {"nearest_all_axes_with_pads",
       {1, 1, 2, 2},
       true,
       {1, 1, 2, 2},
       {},
       with({{"shape_calculation_mode", "scales"}, {"pads_begin", "0,0,1,0"}, {"pads_end", "0,0,0,1"}})},
      {"nearest_3d_last_axis",
       {2, 3, 4},
       false,
       {7},
       {2},
       with({{"shape_calculation_mode", "sizes"}, {"pads_begin", "0,0,0"}, {"pads_end", "0,0,0"}})},
  };
  for (const Resize& r : resizes) {
    add_case(cases, op, element::f32, r.name, [=](GraphBuilder& g) -> OutputVector {
      const Shape n{r.scales_or_sizes.size()};
      OutputVector inputs = {g.input(element::f32, r.data), r.by_scales
                                                                ? g.constant(element::f32, n, r.scales_or_sizes)
                                                                : g.constant(element::i64, n, r.scales_or_sizes)};
      if (!r.axes.empty()) inputs.push_back(g.i64s(r.axes));
      return {g.op(op, inputs, r.attrs)};
    });
  }
  for (const Type& type : {element::f16, element::u8}) {
    add_case(cases, op, type, "linear_onnx_scales", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {1, 1, 2, 3}), g.constant(element::f32, Shape{2}, {2, 2}), g.i64s({2, 3})},
                   with({{"mode", "linear_onnx"}, {"shape_calculation_mode", "scales"}}))};
    });
  }
}

// Planes of pixel-range values: inputs of [1, 9] (u8) or [0.1, 3] (f32) times 25 / 80, so that
// the results spread over [0, 255] rather than clamping.
void yuv_to_rgb_cases(const OpId& op, std::vector<OpCase>& cases) {
  const bool nv12 = op.type.rfind("NV12", 0) == 0;
  for (const Type& type : {element::u8, element::f32}) {
    const auto pixels = [type](GraphBuilder& g, const PartialShape& shape) -> Output<Node> {
      const double gain = type == element::u8 ? 25 : 80;
      return g.helper("Multiply", "opset1",
                      {g.input(type, shape, Domain::Positive), g.constant(type, Shape{}, {gain})});
    };
    add_case(cases, op, type, "single_plane", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {pixels(g, {2, 6, 8, 1})})};
    });
    add_case(cases, op, type, "separate_planes", [=](GraphBuilder& g) -> OutputVector {
      OutputVector planes{pixels(g, {1, 4, 6, 1})};
      if (nv12) {
        planes.push_back(pixels(g, {1, 2, 3, 2}));
      } else {
        planes.push_back(pixels(g, {1, 2, 3, 1}));
        planes.push_back(pixels(g, {1, 2, 3, 1}));
      }
      return {g.op(op, planes)};
    });
  }
}

}  // namespace

void add_image_generators(GeneratorTable& table) {
  table["Interpolate"] = interpolate_cases;
  for (const char* type : {"NV12toRGB", "NV12toBGR", "I420toRGB", "I420toBGR"}) table[type] = yuv_to_rgb_cases;
}

}  // namespace ferry::conformance
