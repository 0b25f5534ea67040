// Case generators for transposed convolutions (ConvolutionBackpropData and its grouped form):
// strides, pads, dilations, output_padding, automatic pads, the output_shape input, 1-D to 3-D.
// Filters are constants: [C_in, C_out, k...], grouped [G, C_in/G, C_out/G, k...].

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

struct Window {
  const char* name;
  Shape data, filters;
  Attrs attrs;
  std::vector<int64_t> output_shape;  // empty: no output_shape input
};

Attrs with(Attrs attrs, const Attrs& more) {
  for (const auto& entry : more) attrs[entry.first] = entry.second;
  return attrs;
}

const Attrs k2d = {{"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"dilations", "1,1"}};

void add_windows(const OpId& op, std::vector<OpCase>& cases, const std::vector<Window>& windows,
                 const Window& other_types) {
  for (const auto& w : windows) {
    add_case(cases, op, element::f32, w.name, [=](GraphBuilder& g) -> OutputVector {
      OutputVector inputs = {g.input(element::f32, w.data), g.random_constant(element::f32, w.filters)};
      if (!w.output_shape.empty()) inputs.push_back(g.i64s(w.output_shape));
      return {g.op(op, inputs, w.attrs)};
    });
  }
  for (const Type& type : {element::f16, element::i32}) {
    add_case(cases, op, type, other_types.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(
          op,
          {g.input(type, other_types.data, Domain::Unit), g.random_constant(type, other_types.filters, Domain::Unit)},
          other_types.attrs)};
    });
  }
}

void backprop_cases(const OpId& op, std::vector<OpCase>& cases) {
  const std::vector<Window> windows = {
      {"2d_basic", {1, 2, 3, 3}, {2, 3, 3, 3}, k2d, {}},
      {"2d_stride2_pads1",
       {1, 2, 3, 3},
       {2, 1, 3, 3},
       with(k2d, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}}),
       {}},
      {"2d_output_padding",
       {1, 1, 3, 3},
       {1, 2, 3, 3},
       with(k2d, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}, {"output_padding", "1,1"}}),
       {}},
      {"2d_dilation2_asymmetric_pads",
       {2, 1, 3, 4},
       {1, 2, 2, 2},
       with(k2d, {{"dilations", "2,2"}, {"pads_begin", "1,0"}, {"pads_end", "0,1"}}),
       {}},
      {"2d_same_upper_stride2",
       {1, 2, 3, 3},
       {2, 1, 3, 3},
       with(k2d, {{"strides", "2,2"}, {"auto_pad", "same_upper"}}),
       {}},
      {"2d_output_shape", {1, 1, 3, 3}, {1, 1, 3, 3}, with(k2d, {{"strides", "2,2"}}), {6, 6}},
      {"1d_stride3",
       {1, 2, 4},
       {2, 2, 2},
       {{"strides", "3"}, {"pads_begin", "0"}, {"pads_end", "0"}, {"dilations", "1"}},
       {}},
      {"3d",
       {1, 1, 2, 2, 2},
       {1, 2, 2, 2, 2},
       {{"strides", "2,1,1"}, {"pads_begin", "0,0,0"}, {"pads_end", "0,0,0"}, {"dilations", "1,1,1"}},
       {}},
  };
  add_windows(op, cases, windows, {"2d_basic", {1, 2, 3, 3}, {2, 2, 2, 2}, k2d, {}});
}

void group_backprop_cases(const OpId& op, std::vector<OpCase>& cases) {
  const std::vector<Window> windows = {
      {"2d_groups2", {1, 4, 3, 3}, {2, 2, 3, 3, 3}, k2d, {}},
      {"2d_depthwise_stride2_pads1",
       {1, 3, 3, 3},
       {3, 1, 1, 3, 3},
       with(k2d, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}}),
       {}},
      {"2d_groups2_output_padding",
       {1, 2, 2, 2},
       {2, 1, 2, 3, 3},
       with(k2d, {{"strides", "2,2"}, {"output_padding", "1,0"}}),
       {}},
      {"1d_groups3_dilation2",
       {2, 3, 4},
       {3, 1, 2, 2},
       {{"strides", "1"}, {"pads_begin", "0"}, {"pads_end", "1"}, {"dilations", "2"}},
       {}},
  };
  add_windows(op, cases, windows, {"2d_groups2", {1, 4, 3, 3}, {2, 2, 1, 2, 2}, k2d, {}});
}

}  // namespace

void add_transposed_convolution_generators(GeneratorTable& table) {
  table["ConvolutionBackpropData"] = backprop_cases;
  table["GroupConvolutionBackpropData"] = group_backprop_cases;
}

}  // namespace ferry::conformance
