// Case generators for normalisations and quantisation: LogSoftmax (negative axes), MVN (axes,
// with and without variance, both eps modes), NormalizeL2 (axes, empty axes, eps modes) and
// FakeQuantize (per-tensor and per-channel ranges, inverted output range).

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void log_softmax_cases(const OpId& op, std::vector<OpCase>& cases) {
  for (const auto& [name, axis] :
       std::vector<std::pair<std::string, int64_t>>{{"axis1", 1}, {"axis_minus1", -1}, {"axis0", 0}}) {
    add_case(cases, op, element::f32, "rank3_" + name, [=, axis = axis](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 4})}, {{"axis", std::to_string(axis)}})};
    });
  }
  for (const Type& type : {element::f16, element::bf16}) {
    add_case(cases, op, type, "rank2_axis1", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 5})}, {{"axis", "1"}})};
    });
  }
}

void mvn_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Norm {
    const char* name;
    PartialShape data;
    std::vector<int64_t> axes;
    Attrs attrs;
  };
  for (const Norm& n :
       std::vector<Norm>{{"spatial_inside_sqrt",
                          {2, 3, 2, 2},
                          {2, 3},
                          {{"normalize_variance", "true"}, {"eps", "0.001"}, {"eps_mode", "inside_sqrt"}}},
                         {"channels_and_spatial_outside_sqrt",
                          {2, 3, 2, 2},
                          {1, 2, 3},
                          {{"normalize_variance", "true"}, {"eps", "0.01"}, {"eps_mode", "outside_sqrt"}}},
                         {"negative_axis_mean_only",
                          {2, 5},
                          {-1},
                          {{"normalize_variance", "false"}, {"eps", "0.001"}, {"eps_mode", "inside_sqrt"}}}}) {
    add_case(cases, op, element::f32, n.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, n.data), g.i64s(n.axes)}, n.attrs)};
    });
  }
  for (const Type& type : {element::f16, element::bf16}) {
    add_case(cases, op, type, "last_axis", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 8}), g.ints(element::i32, Shape{1}, {1})},
                   {{"normalize_variance", "true"}, {"eps", "0.001"}, {"eps_mode", "inside_sqrt"}})};
    });
  }
}

void normalize_l2_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Norm {
    const char* name;
    PartialShape data;
    std::vector<int64_t> axes;
    const char* eps_mode;
  };
  for (const Norm& n : std::vector<Norm>{{"channels_add", {2, 3, 2}, {1}, "add"},
                                         {"two_axes_max", {2, 3, 2}, {1, 2}, "max"},
                                         {"negative_axis", {3, 4}, {-1}, "add"},
                                         {"empty_axes", {2, 3}, {}, "max"}}) {
    add_case(cases, op, element::f32, n.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, n.data), g.i64s(n.axes)}, {{"eps", "1e-6"}, {"eps_mode", n.eps_mode}})};
    });
  }
  add_case(cases, op, element::f16, "channels_add", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f16, {2, 4}), g.i64s({1})}, {{"eps", "1e-4"}, {"eps_mode", "add"}})};
  });
}

// FakeQuantize: input range [-2, 2] (some inputs fall outside and clamp), output ranges constant.
void fake_quantize_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "per_tensor_levels256", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {2, 3, 4}), g.constant(element::f32, Shape{}, {-2}),
                  g.constant(element::f32, Shape{}, {2}), g.constant(element::f32, Shape{}, {0}),
                  g.constant(element::f32, Shape{}, {255})},
                 {{"levels", "256"}})};
  });
  add_case(cases, op, element::f32, "per_channel_levels5", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {2, 3, 2}), g.constant(element::f32, {1, 3, 1}, {-1, -2, -0.5}),
                  g.constant(element::f32, {1, 3, 1}, {1, 2, 2.5}), g.constant(element::f32, Shape{}, {-1}),
                  g.constant(element::f32, Shape{}, {1})},
                 {{"levels", "5"}})};
  });
  add_case(cases, op, element::f32, "inverted_output_range", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(
        op,
        {g.input(element::f32, {4, 3}), g.constant(element::f32, Shape{}, {-1}), g.constant(element::f32, Shape{}, {1}),
         g.constant(element::f32, Shape{}, {3}), g.constant(element::f32, Shape{}, {-3})},
        {{"levels", "16"}})};
  });
  add_case(cases, op, element::f16, "per_tensor_levels256", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(
        op,
        {g.input(element::f16, {2, 4}), g.constant(element::f16, Shape{}, {-2}), g.constant(element::f16, Shape{}, {2}),
         g.constant(element::f16, Shape{}, {-1}), g.constant(element::f16, Shape{}, {1})},
        {{"levels", "256"}})};
  });
}

void lrn_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Window {
    const char* name;
    PartialShape data;
    std::vector<int64_t> axes;
    Attrs attrs;
  };
  for (const Window& w : std::vector<Window>{
           {"channels_size3", {1, 4, 2, 2}, {1}, {{"alpha", "0.0001"}, {"beta", "0.75"}, {"bias", "1"}, {"size", "3"}}},
           {"spatial_size2", {1, 2, 3, 3}, {2, 3}, {{"alpha", "0.5"}, {"beta", "0.5"}, {"bias", "2"}, {"size", "2"}}},
           {"negative_axis_size5", {2, 6}, {-1}, {{"alpha", "0.1"}, {"beta", "1"}, {"bias", "1"}, {"size", "5"}}}}) {
    add_case(cases, op, element::f32, w.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, w.data), g.i64s(w.axes)}, w.attrs)};
    });
  }
  add_case(cases, op, element::f16, "channels_size3", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f16, {1, 4, 2}), g.i64s({1})},
                 {{"alpha", "0.1"}, {"beta", "0.75"}, {"bias", "1"}, {"size", "3"}})};
  });
}

}  // namespace

void add_normalization_generators(GeneratorTable& table) {
  table["LRN"] = lrn_cases;
  table["LogSoftmax"] = log_softmax_cases;
  table["MVN"] = mvn_cases;
  table["NormalizeL2"] = normalize_l2_cases;
  table["FakeQuantize"] = fake_quantize_cases;
}

}  // namespace ferry::conformance
