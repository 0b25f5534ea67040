// Einsum-7 on kernels/einsum.cl: any equation the op accepts (explicit or implicit output,
// "..." with broadcasting, a label repeated within an input: its diagonal), 1 to 8 inputs of
// f32, f16, i32, i64, i8 or u8, at most 8 output axes and 8 summed axes. make() turns the
// equation into per-input stride tables, passed by value with the launch (nothing is allocated or
// built per inference); one work-item per output element.

#include <CL/cl.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "ferry/graph/ops/einsum.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

constexpr size_t kMaxInputs = 8;  // kernels/einsum.cl's EINSUM_MAX_INPUTS
constexpr size_t kMaxAxes = 8;    // EINSUM_MAX_AXES, for the output and for the summed axes

// kernels/einsum.cl's EinsumTables, byte for byte.
struct EinsumTables {
  cl_int out_sizes[kMaxAxes] = {};
  cl_int sum_sizes[kMaxAxes] = {};
  cl_int out_strides[kMaxInputs][kMaxAxes] = {};
  cl_int sum_strides[kMaxInputs][kMaxAxes] = {};
};

using EinsumLoop = op::v7::Einsum::Loop;

// False when the node's equation or shapes do not make a loop (the op validated them, so only
// for a node built around validation).
bool loop_of(const op::v7::Einsum& node, EinsumLoop& loop) {
  std::vector<std::string> terms;
  std::string output;
  std::vector<Shape> shapes;
  for (size_t i = 0; i < node.get_input_size(); ++i) shapes.push_back(node.get_input_shape(i));
  try {
    op::v7::Einsum::parse_equation(node.get_equation(), terms, output);
    loop = op::v7::Einsum::plan_loop(terms, output, shapes);
  } catch (const Exception&) {
    return false;
  }
  return true;
}

// -D options for the stored element type, or "" when the kernel has none for it.
std::string type_options(const element::Type& type) {
  if (type == element::f32) return "-DT=float -DACC=float";
  if (type == element::f16) return "-DT=float -DACC=float -DIN_HALF";
  if (type == element::i32) return "-DT=int -DACC=uint";
  if (type == element::i64) return "-DT=long -DACC=ulong";
  if (type == element::i8) return "-DT=char -DACC=uint";
  if (type == element::u8) return "-DT=uchar -DACC=uint";
  return "";
}

bool fits_int(size_t count) { return count <= static_cast<size_t>(std::numeric_limits<cl_int>::max()); }

bool supports(const Node& node) {
  const auto* einsum = dynamic_cast<const op::v7::Einsum*>(&node);
  if (!einsum || node.get_input_size() == 0 || node.get_input_size() > kMaxInputs) return false;
  const element::Type type = node.get_output_element_type(0);
  if (type_options(type).empty() || !all_of_type(node, type)) return false;
  EinsumLoop loop;
  if (!loop_of(*einsum, loop)) return false;
  if (loop.output_axes > kMaxAxes || loop.sizes.size() - loop.output_axes > kMaxAxes) return false;
  // The kernel indexes with int: every tensor and the summed space must fit.
  size_t out_count = 1, sum_count = 1;
  for (size_t a = 0; a < loop.sizes.size(); ++a) (a < loop.output_axes ? out_count : sum_count) *= loop.sizes[a];
  if (!fits_int(out_count) || !fits_int(sum_count)) return false;
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (!fits_int(shape_size(node.get_input_shape(i)))) return false;
  const Shape& out_shape = node.get_output_shape(0);
  return out_shape == Shape(loop.sizes.begin(), loop.sizes.begin() + loop.output_axes);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  EinsumLoop loop;
  loop_of(static_cast<const op::v7::Einsum&>(node), loop);
  EinsumTables tables;
  const size_t sum_rank = loop.sizes.size() - loop.output_axes;
  size_t out_count = 1, sum_count = 1;
  for (size_t a = 0; a < loop.sizes.size(); ++a) {
    const bool out = a < loop.output_axes;
    const size_t slot = out ? a : a - loop.output_axes;
    (out ? tables.out_sizes : tables.sum_sizes)[slot] = static_cast<cl_int>(loop.sizes[a]);
    (out ? out_count : sum_count) *= loop.sizes[a];
    for (size_t k = 0; k < inputs.size(); ++k)
      (out ? tables.out_strides : tables.sum_strides)[k][slot] = static_cast<cl_int>(loop.strides[k][a]);
  }
  KernelStep step("einsum.cl", type_options(node.get_output_element_type(0)), "einsum");
  for (size_t k = 0; k < kMaxInputs; ++k) step.value(inputs[k < inputs.size() ? k : 0]);  // spares: never read
  step.value(outputs[0]).i32(static_cast<int64_t>(inputs.size())).i32(static_cast<int64_t>(loop.output_axes));
  step.i32(static_cast<int64_t>(sum_rank)).i32(static_cast<int64_t>(sum_count)).scalar(tables).range1(out_count);
  return {step};
}

}  // namespace

const Primitive& einsum_primitive() {
  static const Primitive primitive{"einsum", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
