// Case generators for ops that replicate or re-frame data: Broadcast (numpy, bidirectional,
// explicit), Tile, Squeeze/Unsqueeze (negative axes, scalars), ShapeOf, Range (negative and
// fractional steps, empty results) and Select (broadcasting the condition).

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void broadcast_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "numpy_rank_up", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {3, 1}), g.i64s({2, 3, 4})}, {{"mode", "numpy"}})};
  });
  add_case(cases, op, element::f32, "numpy_from_scalar", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, PartialShape{}), g.i64s({2, 3})}, {{"mode", "numpy"}})};
  });
  add_case(cases, op, element::f32, "bidirectional", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {2, 1, 4}), g.i64s({3, 1})}, {{"mode", "bidirectional"}})};
  });
  add_case(cases, op, element::f32, "explicit_axes", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {3}), g.i64s({2, 3, 4}), g.i64s({1})}, {{"mode", "explicit"}})};
  });
  add_case(cases, op, element::f32, "numpy_to_empty", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {1, 3}), g.i64s({0, 3})}, {{"mode", "numpy"}})};
  });
  for (const Type& type : {element::f16, element::i32, element::boolean}) {
    add_case(cases, op, type, "numpy_rank_up", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 1}), g.ints(element::i32, Shape{3}, {2, 3, 2})}, {{"mode", "numpy"}})};
    });
  }
}

void tile_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Repeat {
    const char* name;
    PartialShape data;
    std::vector<int64_t> repeats;
  };
  for (const Repeat& r : std::vector<Repeat>{{"same_rank", {2, 3}, {2, 1}},
                                             {"more_repeats_than_rank", {2, 3}, {2, 1, 3}},
                                             {"fewer_repeats_than_rank", {2, 1, 3}, {2}},
                                             {"zero_repeat", {2, 3}, {0, 2}},
                                             {"scalar", PartialShape{}, {3}}}) {
    add_case(cases, op, element::f32, r.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, r.data), g.i64s(r.repeats)})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::boolean}) {
    add_case(cases, op, type, "same_rank", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 3}), g.ints(element::i32, Shape{2}, {1, 2})})};
    });
  }
}

void squeeze_cases(const OpId& op, std::vector<OpCase>& cases, bool squeeze) {
  struct Axes {
    const char* name;
    PartialShape data;
    std::vector<int64_t> axes;
    bool scalar_axis;
  };
  const std::vector<Axes> all = squeeze ? std::vector<Axes>{{"axis0", {1, 3, 1, 2}, {0}, false},
                                                            {"negative_axes", {1, 3, 1, 2}, {-2, 0}, false},
                                                            {"scalar_axis", {2, 1}, {1}, true},
                                                            {"to_scalar", {1, 1}, {0, 1}, false}}
                                        : std::vector<Axes>{{"axis0", {3, 2}, {0}, false},
                                                            {"negative_axes", {3, 2}, {-1, 0}, false},
                                                            {"scalar_axis", {3}, {1}, true},
                                                            {"from_scalar", PartialShape{}, {0}, false}};
  for (const auto& a : all) {
    add_case(cases, op, element::f32, a.name, [=](GraphBuilder& g) -> OutputVector {
      const Output<Node> axes = a.scalar_axis ? g.ints(element::i64, Shape{}, a.axes) : g.i64s(a.axes);
      return {g.op(op, {g.input(element::f32, a.data), axes})};
    });
  }
  if (squeeze) {
    add_case(cases, op, element::f32, "all_unit_axes", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {1, 3, 1})})};
    });
  }
  for (const Type& type : {element::i32, element::boolean}) {
    add_case(cases, op, type, "axis0", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(
          op, {g.input(type, squeeze ? PartialShape{1, 4} : PartialShape{4}), g.ints(element::i32, Shape{1}, {0})})};
    });
  }
}

void shape_of_cases(const OpId& op, std::vector<OpCase>& cases) {
  const bool typed = op.opset != "opset1";  // opset3 chooses i32 or i64
  for (const auto& [name, shape] : std::vector<std::pair<std::string, PartialShape>>{
           {"rank4", {2, 3, 1, 4}}, {"scalar", PartialShape{}}, {"empty", {0, 5}}}) {
    add_case(cases, op, element::f32, name, [=, shape = shape](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, shape)}, typed ? Attrs{{"output_type", "i64"}} : Attrs{})};
    });
  }
  if (typed) {
    add_case(cases, op, element::i8, "output_i32", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::i8, {3, 2})}, {{"output_type", "i32"}})};
    });
  }
}

void range_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Steps {
    const char* name;
    Type type;
    double start, stop, step;
  };
  for (const Steps& s : std::vector<Steps>{{"positive_step", element::f32, 0, 5, 1},
                                           {"fractional_step", element::f32, -1, 1.1, 0.25},
                                           {"negative_step", element::f32, 3, -2, -1.5},
                                           {"empty", element::f32, 2, 1, 1},
                                           {"positive_step", element::i32, -3, 7, 2},
                                           {"negative_step", element::i64, 5, -5, -3}}) {
    add_case(cases, op, s.type, s.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op,
                   {g.constant(s.type, Shape{}, {s.start}), g.constant(s.type, Shape{}, {s.stop}),
                    g.constant(s.type, Shape{}, {s.step})},
                   {{"output_type", s.type.get_type_name()}})};
    });
  }
  // Start from an input so the op is not all constant, which a device may fold away.
  add_case(cases, op, element::f32, "start_from_input", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, PartialShape{}, Domain::Unit), g.constant(element::f32, Shape{}, {4}),
                  g.constant(element::f32, Shape{}, {0.5})},
                 {{"output_type", "f32"}})};
  });
}

void select_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Shapes {
    const char* name;
    PartialShape cond, a, b;
    Attrs attrs;
  };
  for (const Shapes& s : std::vector<Shapes>{{"same_shape", {2, 3}, {2, 3}, {2, 3}, {}},
                                             {"broadcast_cond", {3}, {2, 3}, {2, 3}, {}},
                                             {"broadcast_all", {2, 1}, {1, 3}, PartialShape{}, {}},
                                             {"autob_none", {2, 3}, {2, 3}, {2, 3}, {{"auto_broadcast", "none"}}},
                                             {"empty", {0, 3}, {0, 3}, {3}, {}}}) {
    add_case(cases, op, element::f32, s.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(
          op, {g.input(element::boolean, s.cond, Domain::Bool), g.input(element::f32, s.a), g.input(element::f32, s.b)},
          s.attrs)};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::boolean}) {
    add_case(cases, op, type, "broadcast_cond", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::boolean, {3}, Domain::Bool), g.input(type, {2, 3}), g.input(type, {2, 3})})};
    });
  }
}

}  // namespace

void add_movement_generators(GeneratorTable& table) {
  table["Broadcast"] = broadcast_cases;
  table["Tile"] = tile_cases;
  table["Squeeze"] = [](const OpId& op, std::vector<OpCase>& cases) { squeeze_cases(op, cases, true); };
  table["Unsqueeze"] = [](const OpId& op, std::vector<OpCase>& cases) { squeeze_cases(op, cases, false); };
  table["ShapeOf"] = shape_of_cases;
  table["Range"] = range_cases;
  table["Select"] = select_cases;
}

}  // namespace ferry::conformance
