// ScaledDotProductAttention of f32 data on oneDNN (onednn_step.hpp, AttentionLowering).
#include <cmath>
#include <limits>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/scaled_dot_product_attention.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using dnnl::memory;

constexpr size_t kQuery = 0, kKey = 1, kValue = 2, kMask = 3, kScale = 4;

memory::dims dims_of(const Shape& shape) { return memory::dims(shape.begin(), shape.end()); }

// `shape` with unit axes in front, to `rank` axes.
Shape padded(Shape shape, size_t rank) {
  shape.insert(shape.begin(), rank - shape.size(), 1);
  return shape;
}

}  // namespace

std::optional<AttentionLowering> lower_attention(const std::shared_ptr<const Node>& node) {
  auto attention = std::dynamic_pointer_cast<const op::v13::ScaledDotProductAttention>(node);
  if (!attention || node->get_output_partial_shape(0).is_dynamic()) return std::nullopt;
  for (size_t i = 0; i < node->get_input_size(); ++i)
    if (node->get_input_partial_shape(i).is_dynamic()) return std::nullopt;
  for (size_t i : {kQuery, kKey, kValue})
    if (node->get_input_element_type(i) != element::f32) return std::nullopt;
  const Shape &q = node->get_input_shape(kQuery), &k = node->get_input_shape(kKey), &v = node->get_input_shape(kValue);
  const size_t rank = q.size();
  // Leading axes of the same count, equal or 1 (oneDNN's matmul broadcast).
  if (rank < 2 || rank > 5 || k.size() != rank || v.size() != rank) return std::nullopt;
  const size_t L = q[rank - 2], E = q[rank - 1], S = k[rank - 2];
  Shape scores_shape = node->get_output_shape(0);
  scores_shape.back() = S;

  float scale = 1.0f / std::sqrt(static_cast<float>(E));
  if (node->get_input_size() > kScale) {
    auto given = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(kScale));
    if (!given || shape_size(given->get_output_shape(0)) != 1) return std::nullopt;
    scale = given->cast_vector<float>()[0];
  }
  AttentionLowering lowered;
  const bool causal = attention->get_causal();
  dnnl::post_ops post_ops;
  if (causal) {
    lowered.mask = plain_f32(padded(Shape{L, S}, rank));
  } else if (node->get_input_size() > kMask) {
    // A real mask is added to the scores; a boolean one is left to the reference kernel.
    const Shape& mask = node->get_input_shape(kMask);
    if (node->get_input_element_type(kMask) != element::f32 || mask.size() > rank) return std::nullopt;
    lowered.mask = plain_f32(padded(mask, rank));
    lowered.mask_input = node->input_value(kMask);
  }
  if (!lowered.mask.is_zero()) post_ops.append_binary(dnnl::algorithm::binary_add, lowered.mask);

  const dnnl::engine& cpu = cpu_engine();
  lowered.query = plain_f32(q);
  // K [..., S, E] read as Kᵀ [..., E, S]: the same bytes with the last two strides swapped.
  memory::dims key_strides(rank, 1);
  for (size_t axis = rank - 1; axis-- > 0;)
    key_strides[axis] = key_strides[axis + 1] * static_cast<memory::dim>(k[axis + 1]);
  std::swap(key_strides[rank - 1], key_strides[rank - 2]);
  memory::dims key_dims = dims_of(k);
  std::swap(key_dims[rank - 1], key_dims[rank - 2]);
  lowered.key_transposed = memory::desc(key_dims, memory::data_type::f32, key_strides);
  lowered.value = plain_f32(v);
  lowered.scores_desc = plain_f32(scores_shape);
  lowered.output = plain_f32(node->get_output_shape(0));
  lowered.scores_shape = scores_shape;

  dnnl::primitive_attr scores_attributes = primitive_attributes(post_ops);
  scores_attributes.set_output_scales(0, {scale});
  const dnnl::matmul::primitive_desc scores(
      dnnl::matmul::desc(lowered.query, lowered.key_transposed, lowered.scores_desc), scores_attributes, cpu);
  const dnnl::softmax_forward::primitive_desc softmax(
      dnnl::softmax_forward::desc(dnnl::prop_kind::forward_inference, lowered.scores_desc, static_cast<int>(rank - 1)),
      primitive_attributes(), cpu);
  const dnnl::matmul::primitive_desc context(dnnl::matmul::desc(lowered.scores_desc, lowered.value, lowered.output),
                                             primitive_attributes(), cpu);
  lowered.scores = dnnl::matmul(scores);
  lowered.softmax = dnnl::softmax_forward(softmax);
  lowered.context = dnnl::matmul(context);
  lowered.scores_scratchpad = scores.scratchpad_desc();
  lowered.softmax_scratchpad = softmax.scratchpad_desc();
  lowered.context_scratchpad = context.scratchpad_desc();
  if (causal) {
    // Query i sees keys 0..i (the reference's rule): -inf above the diagonal.
    memory triangle(lowered.mask, cpu);
    float* values = static_cast<float*>(triangle.get_data_handle());
    for (size_t i = 0; i < L; ++i)
      for (size_t j = 0; j < S; ++j) values[i * S + j] = j > i ? -std::numeric_limits<float>::infinity() : 0.f;
    lowered.scores_constants.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, triangle);
  }
  return lowered;
}

}  // namespace ferry::cpu::engine
