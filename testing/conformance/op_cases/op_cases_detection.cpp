// Case generators for detection post-processing: NonMaxSuppression (corner and center boxes,
// thresholds, per-class limits, sorting across classes, both index types). Its outputs have a
// data-dependent length, so these cases also check that a device sizes outputs at inference.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void nms_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Select {
    const char* name;
    const char* encoding;
    int64_t max_boxes;
    double iou, score;
    bool sort_descending;
    const char* output_type;
  };
  for (const Select& s : std::vector<Select>{{"corner_all_boxes", "corner", 10, 0.5, 0.0, false, "i64"},
                                             {"corner_limit2_score_threshold", "corner", 2, 0.3, 0.4, false, "i32"},
                                             {"center_sorted_across_classes", "center", 3, 0.4, 0.1, true, "i64"},
                                             {"zero_boxes_per_class", "corner", 0, 0.5, 0.0, false, "i64"}}) {
    add_case(cases, op, element::f32, s.name, [=](GraphBuilder& g) -> OutputVector {
      // Center boxes need positive width and height; corner boxes may come in either order.
      const Domain boxes = std::string(s.encoding) == "center" ? Domain::Positive : Domain::Any;
      return g
          .op(op,
              {g.input(element::f32, {2, 6, 4}, boxes), g.input(element::f32, {2, 2, 6}, Domain::Positive),
               g.ints(element::i64, Shape{}, {s.max_boxes}), g.constant(element::f32, Shape{}, {s.iou}),
               g.constant(element::f32, Shape{}, {s.score})},
              {{"box_encoding", s.encoding},
               {"sort_result_descending", s.sort_descending ? "true" : "false"},
               {"output_type", s.output_type}})
          ->outputs();
    });
  }
  add_case(cases, op, element::f16, "corner_all_boxes", [=](GraphBuilder& g) -> OutputVector {
    return g
        .op(op,
            {g.input(element::f16, {1, 5, 4}), g.input(element::f16, {1, 1, 5}, Domain::Positive),
             g.ints(element::i32, Shape{}, {5}), g.constant(element::f16, Shape{}, {0.5})},
            {{"box_encoding", "corner"}, {"sort_result_descending", "false"}, {"output_type", "i64"}})
        ->outputs();
  });
}

}  // namespace

void add_detection_generators(GeneratorTable& table) { table["NonMaxSuppression"] = nms_cases; }

}  // namespace ferry::conformance
