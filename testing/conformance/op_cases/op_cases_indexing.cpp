// Case generators for ops that pick or cut elements by index: Gather (negative axis and
// indices, batch_dims), GatherElements, GatherND, Slice (negative starts and steps, axes),
// Split, VariadicSplit (-1 length) and TopK (max/min, sort modes, both index types).
// Indices are constants: their valid range depends on the data's shape.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void gather_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Pick {
    const char* name;
    PartialShape data;
    Shape indices_shape;
    std::vector<int64_t> indices;
    int64_t axis, batch_dims;
  };
  for (const Pick& p : std::vector<Pick>{{"axis0", {4, 3}, {2}, {3, 0}, 0, 0},
                                         {"axis1_matrix_indices", {2, 4, 3}, {2, 2}, {0, 3, 1, 1}, 1, 0},
                                         {"negative_axis_and_indices", {2, 3, 4}, {3}, {-1, 0, -4}, -1, 0},
                                         {"scalar_index", {3, 4}, {}, {2}, 1, 0},
                                         {"batch_dims1", {2, 3, 4}, {2, 2}, {0, 2, 1, 1}, 1, 1},
                                         {"empty_indices", {3, 4}, {0}, {}, 0, 0}}) {
    add_case(cases, op, element::f32, p.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op,
                   {g.input(element::f32, p.data), g.ints(element::i64, p.indices_shape, p.indices), g.i64s({p.axis})},
                   {{"batch_dims", std::to_string(p.batch_dims)}})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::boolean}) {
    add_case(cases, op, type, "axis0_i32_indices", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(
          op, {g.input(type, {3, 2}), g.ints(element::i32, Shape{2}, {2, 0}), g.ints(element::i32, Shape{}, {0})})};
    });
  }
}

void gather_elements_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "axis0", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {3, 2}), g.ints(element::i64, {2, 2}, {2, 0, 1, 1})}, {{"axis", "0"}})};
  });
  add_case(cases, op, element::f32, "negative_axis", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {2, 3}), g.ints(element::i64, {2, 4}, {2, 0, 1, 1, 0, 0, 2, 1})},
                 {{"axis", "-1"}})};
  });
  add_case(cases, op, element::i32, "rank3_axis1", [=](GraphBuilder& g) -> OutputVector {
    return {
        g.op(op, {g.input(element::i32, {2, 3, 2}), g.ints(element::i32, {2, 1, 2}, {2, 0, 1, 1})}, {{"axis", "1"}})};
  });
}

void gather_nd_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "full_index", [=](GraphBuilder& g) -> OutputVector {
    return {
        g.op(op, {g.input(element::f32, {3, 4}), g.ints(element::i64, {2, 2}, {0, 3, 2, 1})}, {{"batch_dims", "0"}})};
  });
  add_case(cases, op, element::f32, "slices", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {3, 2, 2}), g.ints(element::i64, {2, 1}, {2, 0})}, {{"batch_dims", "0"}})};
  });
  add_case(cases, op, element::f32, "batch_dims1", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {2, 3, 4}), g.ints(element::i64, {2, 1}, {1, 2})}, {{"batch_dims", "1"}})};
  });
  add_case(cases, op, element::i32, "full_index_i32_indices", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::i32, {3, 4}), g.ints(element::i32, {3, 2}, {0, 0, 2, 3, 1, 2})},
                 {{"batch_dims", "0"}})};
  });
}

void slice_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Cut {
    const char* name;
    PartialShape data;
    std::vector<int64_t> start, stop, step, axes;  // no axes: 0..n-1
  };
  for (const Cut& c : std::vector<Cut>{{"basic", {4, 5}, {1, 0}, {3, 5}, {1, 2}, {}},
                                       {"negative_start_stop", {6}, {-4}, {-1}, {1}, {}},
                                       {"negative_step", {6, 2}, {5}, {0}, {-2}, {0}},
                                       {"axes_out_of_order", {2, 4, 6}, {1, 0}, {6, 1}, {2, 1}, {2, 0}},
                                       {"clamped_bounds", {4, 3}, {-100, 1}, {100, 1000}, {1, 1}, {}},
                                       {"empty_result", {4, 3}, {3}, {1}, {1}, {0}}}) {
    add_case(cases, op, element::f32, c.name, [=](GraphBuilder& g) -> OutputVector {
      OutputVector inputs = {g.input(element::f32, c.data), g.i64s(c.start), g.i64s(c.stop), g.i64s(c.step)};
      if (!c.axes.empty()) inputs.push_back(g.i64s(c.axes));
      return {g.op(op, inputs)};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::u8}) {
    add_case(cases, op, type, "negative_step", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {5, 2}), g.i64s({-1}), g.i64s({-6}), g.i64s({-2}), g.i64s({0})})};
    });
  }
}

void split_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "axis1_3_parts", [=](GraphBuilder& g) -> OutputVector {
    return g.op(op, {g.input(element::f32, {2, 6}), g.ints(element::i64, Shape{}, {1})}, {{"num_splits", "3"}})
        ->outputs();
  });
  add_case(cases, op, element::f32, "negative_axis", [=](GraphBuilder& g) -> OutputVector {
    return g.op(op, {g.input(element::f32, {2, 2, 4}), g.ints(element::i32, Shape{}, {-1})}, {{"num_splits", "2"}})
        ->outputs();
  });
  add_case(cases, op, element::f32, "one_part", [=](GraphBuilder& g) -> OutputVector {
    return g.op(op, {g.input(element::f32, {3, 2}), g.ints(element::i64, Shape{}, {0})}, {{"num_splits", "1"}})
        ->outputs();
  });
  for (const Type& type : {element::i32, element::boolean}) {
    add_case(cases, op, type, "axis0_2_parts", [=](GraphBuilder& g) -> OutputVector {
      return g.op(op, {g.input(type, {4, 3}), g.ints(element::i64, Shape{}, {0})}, {{"num_splits", "2"}})->outputs();
    });
  }
}

void variadic_split_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "lengths", [=](GraphBuilder& g) -> OutputVector {
    return g.op(op, {g.input(element::f32, {2, 6}), g.ints(element::i64, Shape{}, {1}), g.i64s({1, 3, 2})})->outputs();
  });
  add_case(cases, op, element::f32, "minus1_and_zero_length", [=](GraphBuilder& g) -> OutputVector {
    return g.op(op, {g.input(element::f32, {5, 2}), g.ints(element::i64, Shape{}, {-2}), g.i64s({2, -1, 0})})
        ->outputs();
  });
  add_case(cases, op, element::i32, "lengths_i32", [=](GraphBuilder& g) -> OutputVector {
    return g
        .op(op,
            {g.input(element::i32, {4, 3}), g.ints(element::i32, Shape{}, {0}), g.ints(element::i32, Shape{2}, {3, 1})})
        ->outputs();
  });
}

void topk_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Pick {
    const char* name;
    PartialShape data;
    int64_t k, axis;
    const char *mode, *sort, *index_type;
  };
  for (const Pick& p : std::vector<Pick>{{"max_sort_value", {3, 5}, 2, 1, "max", "value", "i32"},
                                         {"min_sort_index_axis0", {4, 3}, 3, 0, "min", "index", "i64"},
                                         {"negative_axis", {2, 3, 4}, 2, -2, "max", "value", "i64"},
                                         {"k_larger_than_axis", {2, 3}, 5, 1, "min", "value", "i32"},
                                         {"k0", {2, 3}, 0, 1, "max", "value", "i32"}}) {
    add_case(cases, op, element::f32, p.name, [=](GraphBuilder& g) -> OutputVector {
      return g
          .op(op, {g.input(element::f32, p.data), g.ints(element::i64, Shape{}, {p.k})},
              {{"axis", std::to_string(p.axis)},
               {"mode", p.mode},
               {"sort", p.sort},
               {"index_element_type", p.index_type}})
          ->outputs();
    });
  }
  // Small integers tie often: equal values keep the lower index first.
  add_case(cases, op, element::i32, "ties_stable", [=](GraphBuilder& g) -> OutputVector {
    return g
        .op(op, {g.input(element::i32, {3, 6}, Domain::Unit), g.ints(element::i32, Shape{}, {3})},
            {{"axis", "1"}, {"mode", "max"}, {"sort", "value"}, {"index_element_type", "i32"}, {"stable", "true"}})
        ->outputs();
  });
  add_case(cases, op, element::f16, "max_sort_value", [=](GraphBuilder& g) -> OutputVector {
    return g
        .op(op, {g.input(element::f16, {2, 5}), g.ints(element::i64, Shape{}, {2})},
            {{"axis", "1"}, {"mode", "max"}, {"sort", "value"}, {"index_element_type", "i32"}})
        ->outputs();
  });
}

}  // namespace

void add_indexing_generators(GeneratorTable& table) {
  table["Gather"] = gather_cases;
  table["GatherElements"] = gather_elements_cases;
  table["GatherND"] = gather_nd_cases;
  table["Slice"] = slice_cases;
  table["Split"] = split_cases;
  table["VariadicSplit"] = variadic_split_cases;
  table["TopK"] = topk_cases;
}

}  // namespace ferry::conformance
