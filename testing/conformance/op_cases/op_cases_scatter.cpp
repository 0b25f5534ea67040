// Case generators for ops that write, count or reorder by index: ScatterUpdate,
// ScatterElementsUpdate (reductions, init value), ScatterNDUpdate (v15 reductions), CumSum
// (exclusive, reverse, negative axis), OneHot (negative and out-of-range indices), ReverseSequence,
// NonZero (data-dependent output shape) and StridedSlice (masks). Indices are constants: their
// valid range depends on the data's shape.

#include <tuple>

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

void scatter_update_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "axis0", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {4, 3}), g.ints(element::i64, {2}, {3, 0}), g.input(element::f32, {2, 3}),
                      g.ints(element::i64, {}, {0})})};
  });
  add_case(cases, op, element::i32, "negative_axis_matrix_indices", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::i32, {2, 4}), g.ints(element::i32, {1, 2}, {3, 1}),
                      g.input(element::i32, {2, 1, 2}), g.ints(element::i32, {}, {-1})})};
  });
}

void scatter_elements_cases(const OpId& op, std::vector<OpCase>& cases) {
  const std::vector<int64_t> indices = {1, 0, 2, 0, 2, 1};
  add_case(cases, op, element::f32, "axis0_replace", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {3, 3}), g.ints(element::i64, {2, 3}, indices), g.input(element::f32, {2, 3}),
                  g.ints(element::i64, {}, {0})},
                 {{"reduction", "none"}, {"use_init_val", "true"}})};
  });
  add_case(cases, op, element::f32, "negative_axis_sum_repeated", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {2, 3}), g.ints(element::i64, {2, 2}, {1, 1, 0, 0}),
                  g.input(element::f32, {2, 2}), g.ints(element::i64, {}, {-1})},
                 {{"reduction", "sum"}, {"use_init_val", "true"}})};
  });
  add_case(cases, op, element::i32, "max_without_init", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::i32, {3, 3}), g.ints(element::i32, {2, 3}, indices), g.input(element::i32, {2, 3}),
                  g.ints(element::i32, {}, {0})},
                 {{"reduction", "max"}, {"use_init_val", "false"}})};
  });
}

void scatter_nd_cases(const OpId& op, std::vector<OpCase>& cases) {
  const bool has_reduction = op.opset != "opset4" && op.opset != "opset3";
  const Attrs none = has_reduction ? Attrs{{"reduction", "none"}} : Attrs{};
  add_case(cases, op, element::f32, "row_slices", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {4, 3}), g.ints(element::i64, {2, 1}, {3, 1}), g.input(element::f32, {2, 3})},
                 none)};
  });
  add_case(cases, op, element::i32, "elements", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(
        op, {g.input(element::i32, {2, 3}), g.ints(element::i32, {2, 2}, {0, 2, 1, 0}), g.input(element::i32, {2})},
        none)};
  });
  if (has_reduction) {
    add_case(cases, op, element::f32, "sum_repeated_index", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op,
                   {g.input(element::f32, {3}), g.ints(element::i64, {3, 1}, {1, 1, 2}), g.input(element::f32, {3})},
                   {{"reduction", "sum"}})};
    });
  }
}

void cum_sum_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Variant {
    const char* name;
    bool exclusive, reverse;
    int64_t axis;
  };
  // A named struct, not a structured binding: C++17 lambdas cannot capture bindings (clang refuses).
  for (const Variant& variant : std::vector<Variant>{{"axis1", false, false, 1},
                                                     {"exclusive", true, false, 0},
                                                     {"reverse_negative_axis", false, true, -1},
                                                     {"exclusive_reverse", true, true, 1}}) {
    const bool exclusive = variant.exclusive, reverse = variant.reverse;
    const int64_t axis = variant.axis;
    add_case(cases, op, element::f32, variant.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 2}), g.ints(element::i64, {}, {axis})},
                   {{"exclusive", exclusive ? "true" : "false"}, {"reverse", reverse ? "true" : "false"}})};
    });
  }
  add_case(cases, op, element::i32, "axis0", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::i32, {4, 2}), g.ints(element::i32, {}, {0})},
                 {{"exclusive", "false"}, {"reverse", "false"}})};
  });
}

void one_hot_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "last_axis_with_out_of_range", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.ints(element::i64, {2, 2}, {0, 3, 5, 1}), g.ints(element::i64, {}, {4}), g.input(element::f32, {}),
                  g.input(element::f32, {})},
                 {{"axis", "-1"}})};
  });
  add_case(cases, op, element::i32, "axis0", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.ints(element::i32, {3}, {2, 0, 1}), g.ints(element::i32, {}, {3}), g.input(element::i32, {}),
                  g.input(element::i32, {})},
                 {{"axis", "0"}})};
  });
}

void reverse_sequence_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "seq_axis0_batch_axis1", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {4, 3, 2}), g.ints(element::i64, {3}, {1, 4, 2})},
                 {{"batch_axis", "1"}, {"seq_axis", "0"}})};
  });
  add_case(cases, op, element::i32, "negative_seq_axis", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::i32, {2, 5}), g.ints(element::i32, {2}, {5, 3})},
                 {{"batch_axis", "0"}, {"seq_axis", "-1"}})};
  });
}

void non_zero_cases(const OpId& op, std::vector<OpCase>& cases) {
  // Boolean and small-integer inputs hold zeros, so the output's length really depends on them.
  add_case(cases, op, element::boolean, "matrix", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::boolean, {3, 4}, Domain::Bool)}, {{"output_type", "i64"}})};
  });
  add_case(cases, op, element::i32, "rank3_i32_indices", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::i32, {2, 2, 3}, Domain::Unit)}, {{"output_type", "i32"}})};
  });
}

void strided_slice_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Cut {
    const char* name;
    std::vector<int64_t> begin, end, stride;
    Attrs masks;
  };
  const Attrs plain = {{"begin_mask", "0,0"},
                       {"end_mask", "0,0"},
                       {"new_axis_mask", ""},
                       {"shrink_axis_mask", ""},
                       {"ellipsis_mask", ""}};
  for (const Cut& c : std::vector<Cut>{
           {"strides", {1, 0}, {3, 5}, {1, 2}, plain},
           {"negative_stride", {3, -1}, {0, 0}, {-1, -2}, plain},
           {"begin_end_masks", {2, 1}, {0, 3}, {1, 1}, {{"begin_mask", "0,1"}, {"end_mask", "1,0"}}},
           {"shrink_axis", {1}, {2}, {1}, {{"begin_mask", "0"}, {"end_mask", "0"}, {"shrink_axis_mask", "1"}}},
           {"new_axis",
            {0, 0},
            {1, 5},
            {1, 1},
            {{"begin_mask", "0,1"}, {"end_mask", "0,1"}, {"new_axis_mask", "1,0"}}}}) {
    add_case(cases, op, element::f32, c.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {4, 5}), g.i64s(c.begin), g.i64s(c.end), g.i64s(c.stride)}, c.masks)};
    });
  }
}

}  // namespace

void add_scatter_generators(GeneratorTable& table) {
  table["ScatterUpdate"] = scatter_update_cases;
  table["ScatterElementsUpdate"] = scatter_elements_cases;
  table["ScatterNDUpdate"] = scatter_nd_cases;
  table["CumSum"] = cum_sum_cases;
  table["OneHot"] = one_hot_cases;
  table["ReverseSequence"] = reverse_sequence_cases;
  table["NonZero"] = non_zero_cases;
  table["StridedSlice"] = strided_slice_cases;
}

}  // namespace ferry::conformance
