// ShapeOf-1/3 and Range-4 on kernels/generate.cl. Shapes are static, so ShapeOf's values are
// known when the model is compiled and travel as a kernel argument; Range's start and step must
// be Constants (its static length already says its inputs are known).

#include <cmath>

#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

// The OpenCL C type of an integer element type, or "".
std::string integer_type(const element::Type& type) {
  if (type == element::i8) return "char";
  if (type == element::u8) return "uchar";
  if (type == element::i16) return "short";
  if (type == element::u16) return "ushort";
  if (type == element::i32) return "int";
  if (type == element::u32) return "uint";
  if (type == element::i64) return "long";
  if (type == element::u64) return "ulong";
  return "";
}

std::string output_option(const element::Type& type) {
  if (type == element::f32) return "-DT=float";
  if (type == element::f16) return "-DT=float -DOUT_HALF";
  const std::string integer = integer_type(type);
  return integer.empty() ? "" : "-DT=" + integer;
}

bool range_values(const Node& node, double& start, double& step) {
  std::vector<double> a, c;
  if (!constant_reals(node, 0, a) || !constant_reals(node, 2, c) || a.size() != 1 || c.size() != 1) return false;
  start = a[0];
  step = c[0];
  return true;
}

bool supports(const Node& node) {
  const std::string type = node.get_type_name();
  const element::Type out = node.get_output_element_type(0);
  if (type == "ShapeOf")
    return (out == element::i32 || out == element::i64) && node.get_input_shape(0).size() <= kMaxKernelRank;
  double start = 0, step = 0;
  return type == "Range" && !output_option(out).empty() && range_values(node, start, step);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  (void)inputs;
  const element::Type out = node.get_output_element_type(0);
  const size_t count = element_count(node.get_output_shape(0));
  if (std::string(node.get_type_name()) == "ShapeOf") {
    KernelStep step("generate.cl", output_option(out), "write_dims");
    step.value(outputs[0]).int8(dims_of(node.get_input_shape(0)), 0).range1(count);
    return {step};
  }
  double start = 0, step_value = 0;
  range_values(node, start, step_value);
  if (out.is_integral()) {
    // Integer ranges count on the truncated start and step, as the reference does.
    KernelStep step("generate.cl", output_option(out), "range_integer");
    step.value(outputs[0]).scalar(static_cast<cl_long>(std::trunc(start)));
    step.scalar(static_cast<cl_long>(std::trunc(step_value))).range1(count);
    return {step};
  }
  KernelStep step("generate.cl", output_option(out), "range_real");
  step.value(outputs[0]).f32(start).f32(step_value).range1(count);
  return {step};
}

}  // namespace

const Primitive& generate_primitive() {
  static const Primitive primitive{"generate", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
