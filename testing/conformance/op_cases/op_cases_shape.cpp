// Case generators for data movement and graph plumbing: Reshape (special zero, -1, to scalar),
// Transpose (negative-free orders, reversed default order), Concat (negative axis, empty
// input), Pad (every mode, negative pads where the version allows), DepthToSpace/SpaceToDepth,
// Convert between kinds of types, and Parameter/Constant/Result on their own.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void reshape_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Target {
    const char* name;
    PartialShape data;
    std::vector<int64_t> shape;
    bool special_zero;
  };
  const std::vector<Target> targets = {
      {"flatten_minus1", {2, 3, 4}, {4, -1}, false},
      {"special_zero", {2, 3, 4}, {0, -1}, true},
      {"special_zero_keeps_two", {2, 3, 4}, {0, 0, 2, 2}, true},
      {"to_scalar", {1, 1}, {}, false},
      {"from_scalar", PartialShape{}, {1, 1, 1}, false},
      {"empty", {0, 3}, {3, 0}, false},
  };
  for (const auto& t : targets) {
    add_case(cases, op, element::f32, t.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, t.data), g.ints(element::i64, Shape{t.shape.size()}, t.shape)},
                   {{"special_zero", t.special_zero ? "true" : "false"}})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::u8, element::boolean}) {
    add_case(cases, op, type, "flatten_minus1", [=](GraphBuilder& g) -> OutputVector {
      return {
          g.op(op, {g.input(type, {2, 3, 2}), g.ints(element::i32, Shape{2}, {-1, 3})}, {{"special_zero", "false"}})};
    });
  }
}

void transpose_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Order {
    const char* name;
    PartialShape data;
    std::vector<int64_t> order;
  };
  const std::vector<Order> orders = {
      {"rank3_swap_last", {2, 3, 4}, {0, 2, 1}},
      {"rank4_nchw_to_nhwc", {1, 2, 3, 4}, {0, 2, 3, 1}},
      {"rank4_mixed", {2, 3, 1, 4}, {3, 1, 0, 2}},
      {"empty_order_reverses", {2, 3, 4}, {}},
      {"empty_tensor", {0, 3}, {1, 0}},
      {"scalar", PartialShape{}, {}},
  };
  for (const auto& o : orders) {
    add_case(cases, op, element::f32, o.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, o.data), g.ints(element::i64, Shape{o.order.size()}, o.order)})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::u8, element::boolean}) {
    add_case(cases, op, type, "rank3_swap_last", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 3, 4}), g.ints(element::i32, Shape{3}, {0, 2, 1})})};
    });
  }
}

void concat_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Join {
    const char* name;
    std::vector<PartialShape> inputs;
    int64_t axis;
  };
  const std::vector<Join> joins = {
      {"axis0", {{2, 3}, {1, 3}}, 0},
      {"axis1_three_inputs", {{2, 1, 2}, {2, 3, 2}, {2, 2, 2}}, 1},
      {"axis_minus1", {{2, 2, 1}, {2, 2, 3}}, -1},
      {"one_input", {{3, 2}}, 1},
      {"with_empty_input", {{2, 0, 3}, {2, 2, 3}}, 1},
      {"rank1", {{3}, {4}}, 0},
  };
  for (const auto& j : joins) {
    add_case(cases, op, element::f32, j.name, [=](GraphBuilder& g) -> OutputVector {
      OutputVector inputs;
      for (const auto& shape : j.inputs) inputs.push_back(g.input(element::f32, shape));
      return {g.op(op, inputs, {{"axis", std::to_string(j.axis)}})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::boolean}) {
    add_case(cases, op, type, "axis_minus2", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {1, 3}), g.input(type, {2, 3})}, {{"axis", "-2"}})};
    });
  }
}

void pad_cases(const OpId& op, std::vector<OpCase>& cases) {
  const bool negative = op.opset != "opset1";  // opset12 removes elements with negative pads
  struct Padding {
    std::string name;
    PartialShape data;
    std::vector<int64_t> begin, end;
    std::string mode;
    bool value;  // a pad_value input
  };
  std::vector<Padding> paddings = {
      {"constant_value", {2, 3}, {1, 0}, {0, 2}, "constant", true},
      {"constant_default_zero", {1, 2, 3}, {0, 1, 1}, {0, 1, 0}, "constant", false},
      {"edge", {2, 3}, {2, 1}, {1, 2}, "edge", false},
      {"reflect", {3, 4}, {2, 1}, {1, 3}, "reflect", false},
      {"symmetric", {3, 4}, {3, 1}, {1, 4}, "symmetric", false},
      {"rank4_nchw", {1, 2, 3, 3}, {0, 0, 1, 1}, {0, 0, 1, 1}, "constant", true},
      {"zero_pads", {2, 2}, {0, 0}, {0, 0}, "reflect", false},
  };
  if (negative) {
    paddings.push_back({"negative_constant", {3, 4}, {-1, 1}, {1, -2}, "constant", true});
    paddings.push_back({"negative_edge", {3, 4}, {1, -1}, {-1, 2}, "edge", false});
  }
  for (const auto& p : paddings) {
    add_case(cases, op, element::f32, p.name, [=](GraphBuilder& g) -> OutputVector {
      OutputVector inputs = {g.input(element::f32, p.data), g.i64s(p.begin), g.i64s(p.end)};
      if (p.value) inputs.push_back(g.constant(element::f32, Shape{}, {2.5}));
      return {g.op(op, inputs, {{"pad_mode", p.mode}})};
    });
  }
  for (const Type& type : {element::f16, element::i32, element::u8}) {
    add_case(cases, op, type, "constant_value", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 3}), g.i64s({1, 1}), g.i64s({0, 1}), g.constant(type, Shape{}, {7})},
                   {{"pad_mode", "constant"}})};
    });
  }
}

void depth_space_cases(const OpId& op, std::vector<OpCase>& cases, bool to_space) {
  const Shape data = to_space ? Shape{1, 8, 2, 3} : Shape{1, 2, 4, 6};
  for (const char* mode : {"blocks_first", "depth_first"}) {
    add_case(cases, op, element::f32, std::string("block2_") + mode, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, data)}, {{"block_size", "2"}, {"mode", mode}})};
    });
  }
  const Shape data3d = to_space ? Shape{1, 16, 1, 2, 2} : Shape{1, 2, 2, 4, 2};
  add_case(cases, op, element::f32, "rank5_block2", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, data3d)}, {{"block_size", "2"}, {"mode", "depth_first"}})};
  });
  add_case(cases, op, element::f32, "block1", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {1, 3, 2, 2})}, {{"block_size", "1"}, {"mode", "blocks_first"}})};
  });
  for (const Type& type : {element::f16, element::i32}) {
    add_case(cases, op, type, "block2_blocks_first", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, data)}, {{"block_size", "2"}, {"mode", "blocks_first"}})};
    });
  }
}

void convert_cases(const OpId& op, std::vector<OpCase>& cases) {
  // Named by the source type; the case names the destination.
  const std::vector<std::pair<Type, Type>> pairs = {
      {element::f32, element::f16},     {element::f32, element::bf16},    {element::f32, element::i32},
      {element::f32, element::i8},      {element::f32, element::boolean}, {element::f16, element::f32},
      {element::bf16, element::f32},    {element::i32, element::f32},     {element::i32, element::i64},
      {element::i64, element::i32},     {element::u8, element::f32},      {element::boolean, element::f32},
      {element::boolean, element::i32}, {element::f32, element::f32},
  };
  for (const auto& [from, to] : pairs) {
    add_case(cases, op, from, "to_" + to.get_type_name(), [=, from = from, to = to](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(from, {2, 3})}, {{"destination_type", to.get_type_name()}})};
    });
  }
  add_case(cases, op, element::f32, "to_u8_positive", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {4}, Domain::Positive)}, {{"destination_type", "u8"}})};
  });
  add_case(cases, op, element::f32, "scalar_to_i32", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, PartialShape{})}, {{"destination_type", "i32"}})};
  });
  add_case(cases, op, element::f32, "empty_to_f16", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {0, 2})}, {{"destination_type", "f16"}})};
  });
}

}  // namespace

void add_shape_generators(GeneratorTable& table) {
  table["Reshape"] = reshape_cases;
  table["Transpose"] = transpose_cases;
  table["Concat"] = concat_cases;
  table["Pad"] = pad_cases;
  table["DepthToSpace"] = [](const OpId& op, std::vector<OpCase>& cases) { depth_space_cases(op, cases, true); };
  table["SpaceToDepth"] = [](const OpId& op, std::vector<OpCase>& cases) { depth_space_cases(op, cases, false); };
  table["Convert"] = convert_cases;

  // The graph's own ops: a model that only passes a value through.
  table["Parameter"] = [](const OpId& op, std::vector<OpCase>& cases) {
    for (const Type& type : {element::f32, element::i64, element::boolean}) {
      add_case(cases, op, type, "identity", [=](GraphBuilder& g) -> OutputVector {
        const Output<Node> x = g.input(type, {2, 3});
        g.under_test(x);
        return {x};
      });
    }
  };
  table["Constant"] = [](const OpId& op, std::vector<OpCase>& cases) {
    for (const Type& type : {element::f32, element::f16, element::i32, element::boolean}) {
      add_case(cases, op, type, "added_to_input", [=](GraphBuilder& g) -> OutputVector {
        const Output<Node> c = g.random_constant(type, {3});
        g.under_test(c);
        const std::string join = type == element::boolean ? "LogicalOr" : "Add";
        return {g.helper(join, "opset1", {g.input(type, {2, 3}), c})};
      });
    }
  };
  table["Result"] = [](const OpId& op, std::vector<OpCase>& cases) {
    for (const Type& type : {element::f32, element::i32}) {
      add_case(cases, op, type, "of_computed_value", [=](GraphBuilder& g) -> OutputVector {
        const auto sum = g.helper("Add", "opset1", {g.input(type, {2, 3}), g.input(type, {3})});
        return {g.op(op, {sum})};
      });
    }
  };
}

}  // namespace ferry::conformance
