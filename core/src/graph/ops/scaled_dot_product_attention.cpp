#include "ferry/graph/ops/scaled_dot_product_attention.hpp"

#include <cmath>
#include <limits>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v13 {
namespace {

constexpr size_t kQuery = 0, kKey = 1, kValue = 2, kMask = 3, kScale = 4;

PartialShape leading(const PartialShape& shape) {
  return PartialShape(std::vector<Dimension>(shape.begin(), shape.end() - 2));
}

std::vector<double> as_doubles(const Tensor& tensor) {
  const Tensor in = internal::dense(tensor);
  std::vector<double> values(in.get_size());
  const element::Type type = in.get_element_type();
  if (internal::is_half(type)) {
    const std::vector<float> floats = internal::to_floats(in);
    values.assign(floats.begin(), floats.end());
  } else if (type == element::f32) {
    const float* data = static_cast<const float*>(in.data());
    values.assign(data, data + values.size());
  } else if (type == element::f64) {
    const double* data = static_cast<const double*>(in.data());
    values.assign(data, data + values.size());
  } else if (type == element::boolean) {
    const char* data = static_cast<const char*>(in.data());
    for (size_t i = 0; i < values.size(); ++i) values[i] = data[i] ? 1.0 : 0.0;
  } else {
    return {};
  }
  return values;
}

// Row-major strides of `shape` left-padded with unit axes to `rank`, 0 on broadcast (size-1) axes.
std::vector<size_t> broadcast_strides(Shape shape, size_t rank) {
  shape.insert(shape.begin(), rank - shape.size(), 1);
  std::vector<size_t> strides(rank, 0);
  size_t stride = 1;
  for (size_t axis = rank; axis-- > 0;) {
    strides[axis] = shape[axis] == 1 ? 0 : stride;
    stride *= shape[axis];
  }
  return strides;
}

// The offset into a broadcast source of the output batch element `flat` (batch axes only).
size_t batch_offset(size_t flat, const Shape& batch, const std::vector<size_t>& strides) {
  size_t offset = 0;
  for (size_t axis = batch.size(); axis-- > 0;) {
    offset += (flat % batch[axis]) * strides[axis];
    flat /= batch[axis];
  }
  return offset;
}

}  // namespace

ScaledDotProductAttention::ScaledDotProductAttention(const OutputVector& inputs, bool causal)
    : Op(inputs), m_causal(causal) {
  constructor_validate_and_infer_types();
}

void ScaledDotProductAttention::validate_and_infer_types() {
  const size_t count = get_input_size();
  FERRY_NODE_CHECK(count >= 3 && count <= 5,
                   "expects 3 to 5 inputs (query, key, value[, attention_mask[, scale]]), got ", count);
  element::Type type = element::dynamic;
  for (size_t i : {kQuery, kKey, kValue})
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)),
                     "query, key and value element types differ: ", get_input_element_type(0), ", ",
                     get_input_element_type(1), ", ", get_input_element_type(2));
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "query, key and value must be real, got ", type);
  if (count > kMask) {
    const element::Type mask = get_input_element_type(kMask);
    FERRY_NODE_CHECK(mask.is_dynamic() || mask == element::boolean || mask.is_real(),
                     "attention_mask must be boolean or real, got ", mask);
  }
  if (count > kScale) {
    const element::Type scale = get_input_element_type(kScale);
    FERRY_NODE_CHECK(scale.is_dynamic() || scale.is_real(), "scale must be real, got ", scale);
    const PartialShape& shape = get_input_partial_shape(kScale);
    FERRY_NODE_CHECK(shape.rank().is_dynamic() || shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1)),
                     "scale must be a scalar, got shape ", shape);
  }
  const PartialShape& q = get_input_partial_shape(kQuery);
  const PartialShape& k = get_input_partial_shape(kKey);
  const PartialShape& v = get_input_partial_shape(kValue);
  if (q.rank().is_dynamic() || k.rank().is_dynamic() || v.rank().is_dynamic()) {
    set_output_type(0, type, PartialShape::dynamic());
    return;
  }
  for (size_t i : {kQuery, kKey, kValue})
    FERRY_NODE_CHECK(get_input_partial_shape(i).size() >= 2, "input ", i, " needs rank >= 2, got ",
                     get_input_partial_shape(i));
  Dimension embedding, source;
  FERRY_NODE_CHECK(Dimension::merge(embedding, q[q.size() - 1], k[k.size() - 1]),
                   "query and key embedding sizes differ: ", q, " and ", k);
  FERRY_NODE_CHECK(Dimension::merge(source, k[k.size() - 2], v[v.size() - 2]),
                   "key and value sequence lengths differ: ", k, " and ", v);
  PartialShape batch = leading(q);
  for (const PartialShape* other : {&k, &v})
    FERRY_NODE_CHECK(PartialShape::broadcast_merge_into(batch, leading(*other), AutoBroadcastType::NUMPY),
                     "leading axes of query ", q, ", key ", k, " and value ", v, " do not broadcast");
  if (count > kMask && !m_causal) {
    PartialShape scores = batch;
    scores.push_back(q[q.size() - 2]);
    scores.push_back(source);
    const PartialShape& mask = get_input_partial_shape(kMask);
    PartialShape merged = scores;
    FERRY_NODE_CHECK(PartialShape::broadcast_merge_into(merged, mask, AutoBroadcastType::NUMPY) &&
                         (merged.rank().is_dynamic() || merged.size() == scores.size()),
                     "attention_mask ", mask, " does not broadcast to the scores' shape ", scores);
  }
  PartialShape out = batch;
  out.push_back(q[q.size() - 2]);
  out.push_back(v[v.size() - 1]);
  set_output_type(0, type, out);
}

bool ScaledDotProductAttention::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("causal", m_causal);
  return true;
}

std::shared_ptr<Node> ScaledDotProductAttention::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<ScaledDotProductAttention>(inputs, m_causal);
}

bool ScaledDotProductAttention::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const element::Type type = inputs.at(kQuery).get_element_type();
  if (!type.is_real()) return false;
  const Shape qs = inputs[kQuery].get_shape(), ks = inputs[kKey].get_shape(), vs = inputs[kValue].get_shape();
  if (qs.size() < 2 || ks.size() < 2 || vs.size() < 2) node_error("evaluate: inputs need rank >= 2");
  const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
  if (ks.back() != E || vs[vs.size() - 2] != S)
    node_error("evaluate: query ", qs, ", key ", ks, " and value ", vs, " do not fit together");
  PartialShape merged(Shape(qs.begin(), qs.end() - 2));
  for (const Shape* other : {&ks, &vs})
    if (!PartialShape::broadcast_merge_into(merged, Shape(other->begin(), other->end() - 2), AutoBroadcastType::NUMPY))
      node_error("evaluate: leading axes of ", qs, ", ", ks, " and ", vs, " do not broadcast");
  const Shape batch = merged.to_shape();
  const size_t batch_count = shape_size(batch), rank = batch.size() + 2;

  const std::vector<double> q = as_doubles(inputs[kQuery]), k = as_doubles(inputs[kKey]),
                            v = as_doubles(inputs[kValue]);
  const bool use_mask = inputs.size() > kMask && !m_causal;
  std::vector<double> mask;
  Shape mask_shape;
  bool boolean_mask = false;
  if (use_mask) {
    mask_shape = inputs[kMask].get_shape();
    boolean_mask = inputs[kMask].get_element_type() == element::boolean;
    mask = as_doubles(inputs[kMask]);
    if (mask_shape.size() > rank) node_error("evaluate: attention_mask ", mask_shape, " has too many axes");
    mask_shape.insert(mask_shape.begin(), rank - mask_shape.size(), 1);
    if ((mask_shape[rank - 2] != 1 && mask_shape[rank - 2] != L) ||
        (mask_shape[rank - 1] != 1 && mask_shape[rank - 1] != S))
      node_error("evaluate: attention_mask ", inputs[kMask].get_shape(), " does not broadcast to [..., ", L, ", ", S,
                 "]");
  }
  double scale = 1.0 / std::sqrt(double(E));
  if (inputs.size() > kScale) {
    const std::vector<double> given = as_doubles(inputs[kScale]);
    if (given.size() != 1) node_error("evaluate: scale must hold one value, got ", given.size());
    scale = given[0];
  }

  auto strides_of = [&](const Shape& s) { return broadcast_strides(Shape(s.begin(), s.end() - 2), batch.size()); };
  const std::vector<size_t> q_strides = strides_of(qs), k_strides = strides_of(ks), v_strides = strides_of(vs);
  const std::vector<size_t> m_strides = use_mask ? strides_of(mask_shape) : std::vector<size_t>{};
  const size_t m_row = use_mask && mask_shape[rank - 2] != 1 ? mask_shape[rank - 1] : 0;
  const size_t m_col = use_mask && mask_shape[rank - 1] != 1 ? 1 : 0;
  const size_t m_matrix = use_mask ? mask_shape[rank - 2] * mask_shape[rank - 1] : 0;

  std::vector<double> result(batch_count * L * Ev), scores(S);
  constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();
  for (size_t b = 0; b < batch_count; ++b) {
    const double* qb = q.data() + batch_offset(b, batch, q_strides) * L * E;
    const double* kb = k.data() + batch_offset(b, batch, k_strides) * S * E;
    const double* vb = v.data() + batch_offset(b, batch, v_strides) * S * Ev;
    const double* mb = use_mask ? mask.data() + batch_offset(b, batch, m_strides) * m_matrix : nullptr;
    for (size_t i = 0; i < L; ++i) {
      double highest = kMinusInfinity;
      for (size_t j = 0; j < S; ++j) {
        double dot = 0;
        for (size_t e = 0; e < E; ++e) dot += qb[i * E + e] * kb[j * E + e];
        double score = dot * scale;
        if (m_causal && j > i) score = kMinusInfinity;
        if (use_mask) {
          const double m = mb[i * m_row + j * m_col];
          score = boolean_mask ? (m != 0 ? score : kMinusInfinity) : score + m;
        }
        scores[j] = score;
        highest = std::max(highest, score);
      }
      double sum = 0;
      for (size_t j = 0; j < S; ++j)
        sum += scores[j] = std::exp(scores[j] - highest);  // NaN on fully masked rows, as in PyTorch
      double* out = result.data() + (b * L + i) * Ev;
      for (size_t j = 0; j < S; ++j) {
        const double p = scores[j] / sum;
        for (size_t e = 0; e < Ev; ++e) out[e] += p * vb[j * Ev + e];
      }
    }
  }

  Shape out_shape = batch;
  out_shape.push_back(L);
  out_shape.push_back(Ev);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  if (type == element::f64) {
    std::copy(result.begin(), result.end(), static_cast<double*>(out.data()));
  } else if (type == element::f32) {
    std::copy(result.begin(), result.end(), static_cast<float*>(out.data()));
  } else {
    internal::from_floats(std::vector<float>(result.begin(), result.end()), out);
  }
  return true;
}

}  // namespace v13
}  // namespace op
}  // namespace ferry
