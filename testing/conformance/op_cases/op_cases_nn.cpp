// Case generators for neural-network ops: convolutions (strides, explicit and automatic pads,
// dilations, groups, 1-D to 3-D), pooling (rounding, exclude-pad, dilations, indices), adaptive
// pooling, Softmax (negative axes where the version allows), MatMul (transposes, batch broadcast,
// vectors) and BatchNormInference. Weights are constants, as a trained model has them.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

struct Window {
  const char* name;
  Shape data, weights;  // weights: filters (convolutions) or kernel (pooling)
  Attrs attrs;
};

Attrs with(Attrs attrs, const Attrs& more) {
  for (const auto& entry : more) attrs[entry.first] = entry.second;
  return attrs;
}

const Attrs kConv2d = {{"strides", "1,1"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"dilations", "1,1"}};

void convolution_cases(const OpId& op, std::vector<OpCase>& cases) {
  const std::vector<Window> windows = {
      {"2d_basic", {1, 2, 5, 5}, {3, 2, 3, 3}, kConv2d},
      {"2d_stride2_pad1",
       {1, 2, 6, 6},
       {2, 2, 3, 3},
       with(kConv2d, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}})},
      {"2d_asymmetric_pads", {2, 1, 4, 5}, {2, 1, 2, 3}, with(kConv2d, {{"pads_begin", "0,2"}, {"pads_end", "1,0"}})},
      {"2d_dilation2", {1, 2, 7, 7}, {2, 2, 3, 3}, with(kConv2d, {{"dilations", "2,2"}})},
      {"2d_same_upper_stride2",
       {1, 1, 5, 5},
       {2, 1, 2, 2},
       with(kConv2d, {{"strides", "2,2"}, {"auto_pad", "same_upper"}})},
      {"2d_same_lower", {1, 1, 4, 4}, {1, 1, 2, 2}, with(kConv2d, {{"auto_pad", "same_lower"}})},
      {"2d_valid",
       {1, 2, 5, 4},
       {2, 2, 3, 2},
       with(kConv2d, {{"pads_begin", "1,1"}, {"pads_end", "1,1"}, {"auto_pad", "valid"}})},
      {"1d_stride2",
       {2, 3, 8},
       {4, 3, 3},
       {{"strides", "2"}, {"pads_begin", "1"}, {"pads_end", "0"}, {"dilations", "1"}}},
      {"3d",
       {1, 2, 4, 4, 3},
       {2, 2, 2, 2, 2},
       {{"strides", "1,2,1"}, {"pads_begin", "0,0,1"}, {"pads_end", "0,1,0"}, {"dilations", "1,1,1"}}},
  };
  for (const auto& w : windows) {
    add_case(cases, op, element::f32, w.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, w.data), g.random_constant(element::f32, w.weights)}, w.attrs)};
    });
  }
  for (const Type& type : {element::f16, element::bf16}) {
    add_case(cases, op, type, "2d_stride2_pad1", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {1, 2, 5, 5}, Domain::Unit), g.random_constant(type, {2, 2, 3, 3}, Domain::Unit)},
                   with(kConv2d, {{"strides", "2,2"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}}))};
    });
  }
}

// Filters [groups, out/groups, in/groups, k...].
void group_convolution_cases(const OpId& op, std::vector<OpCase>& cases) {
  const std::vector<Window> windows = {
      {"2d_groups2", {1, 4, 5, 5}, {2, 3, 2, 3, 3}, kConv2d},
      {"2d_depthwise", {2, 3, 5, 5}, {3, 1, 1, 3, 3}, with(kConv2d, {{"pads_begin", "1,1"}, {"pads_end", "1,1"}})},
      {"2d_groups2_stride2_dilation2",
       {1, 4, 8, 8},
       {2, 1, 2, 2, 2},
       with(kConv2d, {{"strides", "2,2"}, {"dilations", "2,2"}, {"pads_begin", "1,0"}})},
      {"2d_same_upper", {1, 2, 4, 4}, {2, 2, 1, 3, 3}, with(kConv2d, {{"auto_pad", "same_upper"}})},
      {"1d_groups3",
       {1, 6, 7},
       {3, 2, 2, 3},
       {{"strides", "2"}, {"pads_begin", "1"}, {"pads_end", "1"}, {"dilations", "1"}}},
  };
  for (const auto& w : windows) {
    add_case(cases, op, element::f32, w.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, w.data), g.random_constant(element::f32, w.weights)}, w.attrs)};
    });
  }
  add_case(cases, op, element::f16, "2d_depthwise", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f16, {1, 3, 4, 4}, Domain::Unit),
                  g.random_constant(element::f16, {3, 1, 1, 3, 3}, Domain::Unit)},
                 kConv2d)};
  });
}

// Pooling attributes by version: opset8+ MaxPool and opset16 AvgPool have dilations, MaxPool
// opset8+ returns indices too (index_element_type, axis), opset14 adds ceil_torch rounding.
void pooling_cases(const OpId& op, std::vector<OpCase>& cases, bool is_max) {
  const int version = std::stoi(op.opset.substr(5));
  const bool has_dilations = is_max ? version >= 8 : version >= 16;
  const Attrs base = with({{"strides", "2,2"}, {"pads_begin", "0,0"}, {"pads_end", "0,0"}, {"kernel", "2,2"}},
                          has_dilations ? Attrs{{"dilations", "1,1"}} : Attrs{});
  const Attrs avg = is_max ? Attrs{} : Attrs{{"exclude-pad", "true"}};
  std::vector<Window> windows = {
      {"2d_k2_s2", {1, 2, 4, 4}, {}, with(base, avg)},
      {"2d_k3_s1_pad1",
       {2, 1, 5, 5},
       {},
       with(base, with(avg, {{"kernel", "3,3"}, {"strides", "1,1"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}}))},
      {"2d_ceil", {1, 2, 5, 5}, {}, with(base, with(avg, {{"rounding_type", "ceil"}}))},
      {"2d_asymmetric_pads",
       {1, 1, 5, 6},
       {},
       with(base, with(avg, {{"kernel", "3,2"}, {"pads_begin", "1,0"}, {"pads_end", "0,1"}}))},
      {"2d_same_upper", {1, 1, 5, 5}, {}, with(base, with(avg, {{"kernel", "3,3"}, {"auto_pad", "same_upper"}}))},
      {"1d",
       {2, 2, 7},
       {},
       with({{"strides", "2"}, {"pads_begin", "1"}, {"pads_end", "0"}, {"kernel", "3"}},
            with(has_dilations ? Attrs{{"dilations", "1"}} : Attrs{}, avg))},
      {"3d",
       {1, 1, 4, 4, 4},
       {},
       with({{"strides", "2,2,2"}, {"pads_begin", "0,0,0"}, {"pads_end", "0,0,0"}, {"kernel", "2,2,2"}},
            with(has_dilations ? Attrs{{"dilations", "1,1,1"}} : Attrs{}, avg))},
  };
  if (!is_max)
    windows.push_back(
        {"2d_include_pad",
         {1, 1, 5, 5},
         {},
         with(base, {{"kernel", "3,3"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}, {"exclude-pad", "false"}})});
  if (has_dilations)
    windows.push_back(
        {"2d_dilation2", {1, 2, 6, 6}, {}, with(base, with(avg, {{"dilations", "2,2"}, {"strides", "1,1"}}))});
  if (version >= 14)
    windows.push_back(
        {"2d_ceil_torch",
         {1, 1, 5, 5},
         {},
         with(base,
              with(avg,
                   {{"kernel", "3,3"}, {"pads_begin", "1,1"}, {"pads_end", "1,1"}, {"rounding_type", "ceil_torch"}}))});
  if (is_max && version >= 8) {
    windows.push_back(
        {"2d_indices_i32_axis0", {2, 2, 4, 4}, {}, with(base, {{"index_element_type", "i32"}, {"axis", "0"}})});
    windows.push_back(
        {"2d_indices_axis_minus2", {2, 2, 4, 4}, {}, with(base, {{"index_element_type", "i64"}, {"axis", "-2"}})});
  }
  for (const auto& w : windows) {
    add_case(cases, op, element::f32, w.name, [=](GraphBuilder& g) -> OutputVector {
      return g.op(op, {g.input(element::f32, w.data)}, w.attrs)->outputs();
    });
  }
  for (const Type& type : is_max ? std::vector<Type>{element::f16, element::i32} : std::vector<Type>{element::f16}) {
    add_case(cases, op, type, "2d_k2_s2", [=](GraphBuilder& g) -> OutputVector {
      return g.op(op, {g.input(type, {1, 2, 4, 4})}, with(base, avg))->outputs();
    });
  }
}

// Adaptive pooling: output lengths that divide the input, that do not (overlapping bins), and
// equal to the input; AdaptiveMaxPool also returns indices of index_element_type.
void adaptive_pool_cases(const OpId& op, std::vector<OpCase>& cases, bool is_max) {
  struct Bins {
    const char* name;
    Shape data;
    std::vector<int64_t> output;
  };
  for (const Bins& b : std::vector<Bins>{{"2d_divides", {1, 2, 4, 6}, {2, 3}},
                                         {"2d_overlapping_bins", {2, 1, 5, 7}, {3, 4}},
                                         {"1d_same_length", {1, 3, 5}, {5}},
                                         {"3d_to_one", {1, 1, 2, 3, 4}, {1, 1, 1}}}) {
    add_case(cases, op, element::f32, b.name, [=](GraphBuilder& g) -> OutputVector {
      return g
          .op(op, {g.input(element::f32, b.data), g.i64s(b.output)},
              is_max ? Attrs{{"index_element_type", "i64"}} : Attrs{})
          ->outputs();
    });
  }
  for (const Type& type :
       is_max ? std::vector<Type>{element::f16, element::i32} : std::vector<Type>{element::f16, element::bf16}) {
    add_case(cases, op, type, "2d_overlapping_bins", [=](GraphBuilder& g) -> OutputVector {
      return g
          .op(op, {g.input(type, {1, 2, 5, 5}), g.ints(element::i32, Shape{2}, {3, 2})},
              is_max ? Attrs{{"index_element_type", "i32"}} : Attrs{})
          ->outputs();
    });
  }
}

void softmax_cases(const OpId& op, std::vector<OpCase>& cases) {
  std::vector<std::pair<const char*, int64_t>> axes = {{"axis0", 0}, {"axis1", 1}, {"axis3", 3}};
  if (op.opset != "opset1") axes.insert(axes.end(), {{"axis_minus1", -1}, {"axis_minus4", -4}});
  for (const auto& [name, axis] : axes) {
    add_case(cases, op, element::f32, std::string("rank4_") + name, [=, axis = axis](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 2, 4})}, {{"axis", std::to_string(axis)}})};
    });
  }
  add_case(cases, op, element::f32, "rank1", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {7})}, {{"axis", "0"}})};
  });
  add_case(cases, op, element::f32, "empty", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {0, 3})}, {{"axis", "1"}})};
  });
  for (const Type& type : {element::f16, element::bf16}) {
    add_case(cases, op, type, "rank2_axis1", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 5})}, {{"axis", "1"}})};
    });
  }
}

void matmul_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Product {
    const char* name;
    PartialShape a, b;
    bool ta, tb;
  };
  const std::vector<Product> products = {
      {"2d", {2, 3}, {3, 4}, false, false},
      {"transpose_a", {3, 2}, {3, 4}, true, false},
      {"transpose_b", {2, 3}, {4, 3}, false, true},
      {"transpose_both", {3, 2}, {4, 3}, true, true},
      {"batched", {2, 2, 3}, {2, 3, 4}, false, false},
      {"batch_broadcast", {2, 1, 2, 3}, {3, 3, 2}, false, false},
      {"vector_matrix", {3}, {3, 4}, false, false},
      {"matrix_vector", {2, 3}, {3}, false, false},
      {"vector_vector", {5}, {5}, false, false},
      {"empty_batch", {0, 2, 3}, {3, 4}, false, false},
  };
  for (const auto& p : products) {
    add_case(cases, op, element::f32, p.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, p.a), g.input(element::f32, p.b)},
                   {{"transpose_a", p.ta ? "true" : "false"}, {"transpose_b", p.tb ? "true" : "false"}})};
    });
  }
  for (const Type& type : {element::f16, element::bf16, element::i32}) {
    add_case(cases, op, type, "batched", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 2, 3}, Domain::Unit), g.input(type, {3, 2}, Domain::Unit)})};
    });
  }
}

void batch_norm_cases(const OpId& op, std::vector<OpCase>& cases) {
  for (const Type& type : {element::f32, element::f16}) {
    for (const auto& [name, shape] :
         std::vector<std::pair<std::string, Shape>>{{"rank4", {2, 3, 2, 2}}, {"rank2", {4, 3}}}) {
      if (type != element::f32 && name != "rank4") continue;
      add_case(cases, op, type, name, [=, shape = shape](GraphBuilder& g) -> OutputVector {
        const Shape channels{3};
        return {g.op(op,
                     {g.input(type, shape), g.random_constant(type, channels), g.random_constant(type, channels),
                      g.random_constant(type, channels), g.random_constant(type, channels, Domain::Positive)},
                     {{"epsilon", "0.001"}})};
      });
    }
  }
}

}  // namespace

void add_nn_generators(GeneratorTable& table) {
  table["Convolution"] = convolution_cases;
  table["GroupConvolution"] = group_convolution_cases;
  table["MaxPool"] = [](const OpId& op, std::vector<OpCase>& cases) { pooling_cases(op, cases, true); };
  table["AvgPool"] = [](const OpId& op, std::vector<OpCase>& cases) { pooling_cases(op, cases, false); };
  table["AdaptiveAvgPool"] = [](const OpId& op, std::vector<OpCase>& cases) { adaptive_pool_cases(op, cases, false); };
  table["AdaptiveMaxPool"] = [](const OpId& op, std::vector<OpCase>& cases) { adaptive_pool_cases(op, cases, true); };
  table["Softmax"] = softmax_cases;
  table["MatMul"] = matmul_cases;
  table["BatchNormInference"] = batch_norm_cases;
}

}  // namespace ferry::conformance
