// Einsum-7 on kernels/einsum.cl: any equation the op accepts (explicit or implicit output,
// "..." with broadcasting, a label repeated within an input: its diagonal), 1 to 8 inputs of
// f32, f16, i32, i64, i8 or u8, at most 8 output axes and 8 summed axes. make() turns the
// equation into per-input stride tables, passed by value with the launch (nothing is allocated or
// built per inference); one work-item per output element.

#include <CL/cl.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "ferry/graph/ops/einsum.hpp"
#include "../primitive.hpp"

namespace ferry::gpu {
namespace {

constexpr size_t kMaxInputs = 8;  // kernels/einsum.cl's EINSUM_MAX_INPUTS
constexpr size_t kMaxAxes = 8;    // EINSUM_MAX_AXES, for the output and for the summed axes
constexpr int kEllipsisBase = op::v7::Einsum::kEllipsisLabel;  // label ids of the "..." axes

// kernels/einsum.cl's EinsumTables, byte for byte.
struct EinsumTables {
  cl_int out_sizes[kMaxAxes] = {};
  cl_int sum_sizes[kMaxAxes] = {};
  cl_int out_strides[kMaxInputs][kMaxAxes] = {};
  cl_int sum_strides[kMaxInputs][kMaxAxes] = {};
};

// The loop the kernel runs: the output's axes then the summed ones, each input's element stride
// per loop axis (the layout the core's reference uses).
struct EinsumLoop {
  std::vector<size_t> sizes;
  size_t output_axes = 0;
  std::vector<std::vector<size_t>> strides;  // [input][loop axis]
};

// False when the node's equation or shapes do not make a loop (the op validated them, so only
// for a node built around validation).
bool loop_of(const op::v7::Einsum& node, EinsumLoop& loop) {
  std::vector<std::string> terms;
  std::string output;
  try {
    op::v7::Einsum::parse_equation(node.get_equation(), terms, output);
  } catch (const Exception&) {
    return false;
  }
  if (terms.size() != node.get_input_size()) return false;
  size_t ellipsis_rank = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    const size_t rank = node.get_input_shape(i).size(), letters = op::v7::Einsum::letter_count(terms[i]);
    const bool ellipsis = terms[i].find("...") != std::string::npos;
    if (rank < letters || (!ellipsis && rank != letters)) return false;
    ellipsis_rank = std::max(ellipsis_rank, rank - letters);
  }
  std::map<int, size_t> length;
  std::vector<std::vector<int>> labels;
  for (size_t i = 0; i < terms.size(); ++i) {
    const Shape& shape = node.get_input_shape(i);
    labels.push_back(op::v7::Einsum::axis_labels(terms[i], shape.size(), ellipsis_rank));
    for (size_t a = 0; a < shape.size(); ++a) {
      auto it = length.emplace(labels[i][a], shape[a]).first;
      if (it->second == shape[a]) continue;
      if (labels[i][a] < kEllipsisBase || (it->second != 1 && shape[a] != 1)) return false;
      it->second = std::max(it->second, shape[a]);  // a broadcast "..." axis
    }
  }
  std::vector<int> axes;
  for (size_t i = 0; i < output.size();) {
    if (output[i] == '.') {
      for (size_t j = 0; j < ellipsis_rank; ++j) axes.push_back(kEllipsisBase + static_cast<int>(j));
      i += 3;
    } else {
      axes.push_back(output[i++]);
    }
  }
  loop.output_axes = axes.size();
  for (const auto& entry : length)  // the summed labels, in the reference's order
    if (std::find(axes.begin(), axes.end(), entry.first) == axes.end()) axes.push_back(entry.first);
  loop.sizes.clear();
  for (const int label : axes) {
    const auto it = length.find(label);
    loop.sizes.push_back(it == length.end() ? 1 : it->second);
  }
  loop.strides.assign(terms.size(), std::vector<size_t>(axes.size(), 0));
  for (size_t i = 0; i < terms.size(); ++i) {
    const Shape& shape = node.get_input_shape(i);
    size_t stride = 1;
    for (size_t a = shape.size(); a-- > 0;) {
      const size_t axis = std::find(axes.begin(), axes.end(), labels[i][a]) - axes.begin();
      // A length-1 axis broadcast to a longer loop axis stays put (stride 0).
      if (shape[a] != 1 || loop.sizes[axis] == 1) loop.strides[i][axis] += stride;
      stride *= shape[a];
    }
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
