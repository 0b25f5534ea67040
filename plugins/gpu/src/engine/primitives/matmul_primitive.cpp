// MatMul on kernels/gemm.cl: f32 or f16 storage (float arithmetic), any rank, transposes and numpy batch broadcasting
// folded into strides, so no input is ever copied or transposed in memory; a following bias, residual Add and
// activation can be fused (Epilogue).

#include <algorithm>

#include "ferry/graph/ops/matmul.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/gemm_launch.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

struct Operand {
  Shape batch;                // leading dimensions
  size_t rows = 0, cols = 0;  // as stored
};

// A 1-D `a` is a row [1, K]; a 1-D `b` is a column [K, 1] (their extra dimension is not in the output).
Operand operand(Shape shape, bool is_a) {
  if (shape.size() == 1) shape = is_a ? Shape{1, shape[0]} : Shape{shape[0], 1};
  Operand result;
  result.rows = shape[shape.size() - 2];
  result.cols = shape[shape.size() - 1];
  result.batch = Shape(shape.begin(), shape.end() - 2);
  return result;
}

bool supports(const Node& node) {
  const auto* matmul = dynamic_cast<const op::v0::MatMul*>(&node);
  if (!matmul || !is_float_storage(node.get_output_element_type(0)) ||
      !all_of_type(node, node.get_output_element_type(0)))
    return false;
  const Shape& a = node.get_input_shape(0);
  const Shape& b = node.get_input_shape(1);
  // Up to 8 batch dimensions travel in the kernel's int8 arguments.
  return !a.empty() && !b.empty() && std::max(a.size(), b.size()) <= kMaxKernelRank + 2;
}

std::vector<KernelStep> make_fused(const Node& node, const std::vector<size_t>& inputs,
                                   const std::vector<size_t>& outputs, const Epilogue& epilogue) {
  const auto& matmul = dynamic_cast<const op::v0::MatMul&>(node);
  const bool ta = matmul.get_transpose_a() && node.get_input_shape(0).size() > 1;
  const bool tb = matmul.get_transpose_b() && node.get_input_shape(1).size() > 1;
  const Operand a = operand(node.get_input_shape(0), true);
  const Operand b = operand(node.get_input_shape(1), false);
  const size_t M = ta ? a.cols : a.rows, K = ta ? a.rows : a.cols;
  const size_t N = tb ? b.rows : b.cols;

  // Batch dimensions: numpy broadcast of both operands' leading dimensions.
  const size_t rank = std::max(a.batch.size(), b.batch.size());
  Shape batch(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const size_t da = i + a.batch.size() >= rank ? a.batch[i + a.batch.size() - rank] : 1;
    const size_t db = i + b.batch.size() >= rank ? b.batch[i + b.batch.size() - rank] : 1;
    batch[i] = std::max(da, db);
  }
  std::vector<int64_t> a_strides = broadcast_strides(a.batch, batch), b_strides = broadcast_strides(b.batch, batch);
  for (auto& s : a_strides) s *= static_cast<int64_t>(a.rows * a.cols);
  for (auto& s : b_strides) s *= static_cast<int64_t>(b.rows * b.cols);

  const size_t count = element_count(batch);
  const GemmTile tile = choose_gemm_tile(M, N, count, false);
  std::string layout = ta ? "-DA_M_CONTIG" : "";
  if (tb) layout += layout.empty() ? "-DB_K_CONTIG" : " -DB_K_CONTIG";
  KernelStep step(
      "gemm.cl", with_storage(gemm_options(tile, layout, epilogue, "BIAS_N"), node.get_output_element_type(0)), "gemm");
  step.value(inputs[0]).value(inputs[1]);
  bind_epilogue(step, outputs[0], epilogue);
  step.i32(M).i32(N).i32(K);
  step.i32(ta ? 1 : K).i32(ta ? M : 1);  // a_sm, a_sk
  step.i32(tb ? 1 : N).i32(tb ? K : 1);  // b_sk, b_sn
  step.i32(rank).int8(dims_of(batch)).int8(a_strides, 0).int8(b_strides, 0);
  set_gemm_range(step, tile, M, N, count);
  return {step};
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  return make_fused(node, inputs, outputs, Epilogue{});
}

}  // namespace

const Primitive& matmul_primitive() {
  static const Primitive primitive{"matmul", supports, make, make_fused};
  return primitive;
}

}  // namespace ferry::gpu
