// Convert on kernels/convert.cl between f32, f16, i64, i32, i8, u8 and boolean, with the
// reference's rules (reals to integers truncate and saturate; anything to boolean is x != 0).

#include "ferry/graph/ops/convert.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

// The OpenCL C type of an element type the kernel handles, or "".
std::string cl_type(const element::Type& type) {
  if (type == element::f32) return "float";
  if (type == element::f16) return "half";
  if (type == element::i64) return "long";
  if (type == element::i32) return "int";
  if (type == element::i8) return "char";
  if (type == element::u8 || type == element::boolean) return "uchar";
  return "";
}

bool supports(const Node& node) {
  return dynamic_cast<const op::v0::Convert*>(&node) && !cl_type(node.get_input_element_type(0)).empty() &&
         !cl_type(node.get_output_element_type(0)).empty();
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const element::Type from = node.get_input_element_type(0), to = node.get_output_element_type(0);
  std::string options = from == element::f16 ? "-DSRC_HALF" : "-DSRC_T=" + cl_type(from);
  if (to == element::f16) {
    options += " -DDST_HALF";
  } else if (to == element::boolean) {
    options += " -DDST_BOOL";
  } else {
    options += " -DDST_T=" + cl_type(to);
    if (from.is_real() && !to.is_real()) options += " -DCONVERT=convert_" + cl_type(to) + "_sat_rtz";
  }
  KernelStep step("convert.cl", options, "convert");
  step.value(inputs[0]).value(outputs[0]).range1(element_count(node.get_output_shape(0)));
  return {step};
}

}  // namespace

const Primitive& convert_primitive() {
  static const Primitive primitive{"convert", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
