// MaxPool (v1, and v8/v14 when the indices output is unused) and AvgPool (v1, v14, v16 undilated) on
// kernels/pooling.cl: f32 or f16 storage (float arithmetic), NCHW (2-D) and NCW (1-D, run with height 1).

#include <string>

#include "ferry/graph/ops/avg_pool.hpp"
#include "ferry/graph/ops/max_pool.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

struct Window {
  bool max = true;
  Shape kernel;
  Strides strides, dilations;
  Shape pads_begin, pads_end;
  bool exclude_pad = false;
};

bool window(const Node& node, Window& out) {
  const std::string version = node.get_type_info().version_id;
  if (const auto* pool = dynamic_cast<const op::v1::MaxPool*>(&node)) {
    out = {true,
           pool->get_kernel(),
           pool->get_strides(),
           Strides(pool->get_kernel().size(), 1),
           pool->get_pads_begin(),
           pool->get_pads_end(),
           false};
    return true;
  }
  if (const auto* pool = dynamic_cast<const op::v8::MaxPool*>(&node)) {
    if (!node.output(1).get_target_inputs().empty()) return false;  // the indices are not computed
    out = {true,
           pool->get_kernel(),
           pool->get_strides(),
           pool->get_dilations(),
           pool->get_pads_begin(),
           pool->get_pads_end(),
           false};
    return true;
  }
  if (const auto* pool = dynamic_cast<const op::v1::AvgPool*>(&node)) {
    if (const auto* v16 = dynamic_cast<const op::v16::AvgPool*>(&node)) {
      // opset16 adds dilations; the kernel has none, so only undilated windows run here.
      for (size_t d : v16->get_dilations())
        if (d != 1) return false;
    } else if (version != "opset1" && version != "opset14") {
      return false;
    }
    out = {false,
           pool->get_kernel(),
           pool->get_strides(),
           Strides(pool->get_kernel().size(), 1),
           pool->get_pads_begin(),
           pool->get_pads_end(),
           pool->get_exclude_pad()};
    return true;
  }
  return false;
}

bool supports(const Node& node) {
  Window w;
  if (!window(node, w) || !is_float_storage(node.get_input_element_type(0)) ||
      node.get_output_element_type(0) != node.get_input_element_type(0))
    return false;
  const size_t rank = node.get_input_shape(0).size();
  return (rank == 3 || rank == 4) && w.kernel.size() == rank - 2;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  Window w;
  window(node, w);
  const Shape& x = node.get_input_shape(0);
  const Shape& y = node.get_output_shape(0);
  const bool one_d = x.size() == 3;
  const auto first = [&](const auto& values, int64_t fallback) {
    return one_d ? fallback : static_cast<int64_t>(values.at(0));
  };
  const auto last = [&](const auto& values) { return static_cast<int64_t>(values.back()); };
  KernelStep step("pooling.cl", storage_option(node.get_input_element_type(0)), w.max ? "max_pool" : "avg_pool");
  step.value(inputs[0]).value(outputs[0]);
  step.i32(one_d ? 1 : x[2]).i32(x.back()).i32(one_d ? 1 : y[2]).i32(y.back());
  step.i32(first(w.kernel, 1)).i32(last(w.kernel)).i32(first(w.strides, 1)).i32(last(w.strides));
  if (w.max) {
    step.i32(first(w.dilations, 1)).i32(last(w.dilations));
    step.i32(first(w.pads_begin, 0)).i32(last(w.pads_begin));
  } else {
    step.i32(first(w.pads_begin, 0)).i32(last(w.pads_begin)).i32(first(w.pads_end, 0)).i32(last(w.pads_end));
    step.i32(w.exclude_pad ? 1 : 0);
  }
  step.range({y.back(), one_d ? 1 : y[2], y[0] * y[1]}, 3);
  return {step};
}

}  // namespace

const Primitive& pooling_primitive() {
  static const Primitive primitive{"pooling", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
