#include "ferry/graph/ops/reduction.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/reduce.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

using Kind = ArithmeticReductionKeepDims::Kind;

std::vector<bool> reduced_axes(const Node& node, const std::vector<int64_t>& axes, size_t rank) {
  std::vector<bool> reduced(rank, false);
  for (int64_t axis : axes) reduced[internal::normalize_axis(node, axis, int64_t(rank), "axes entry")] = true;
  return reduced;
}

// Integer sums and products wrap (two's complement) instead of overflowing into undefined behaviour.
template <typename Acc>
Acc wrap_add(Acc a, Acc b) {
  return static_cast<Acc>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
template <typename Acc>
Acc wrap_mul(Acc a, Acc b) {
  return static_cast<Acc>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

// Reals accumulate in double, integers in (u)int64_t; the result converts back to T.
template <typename T>
void reduce_as(Kind kind, const T* in, const Shape& shape, const std::vector<bool>& reduced, T* out) {
  constexpr bool real = std::is_floating_point<T>::value;
  using Acc = std::conditional_t<real, double, std::conditional_t<std::is_unsigned<T>::value, uint64_t, int64_t>>;
  const size_t out_count = reference::reduced_output_count(shape, reduced);
  const size_t group = reference::reduced_group_size(shape, reduced);
  std::vector<Acc> acc;
  switch (kind) {
    case Kind::SUM:
    case Kind::MEAN:
      acc.assign(out_count, Acc(0));
      if constexpr (real) {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return a + Acc(x); });
      } else {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return wrap_add(a, Acc(x)); });
      }
      break;
    case Kind::PROD:
      acc.assign(out_count, Acc(1));
      if constexpr (real) {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return a * Acc(x); });
      } else {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return wrap_mul(a, Acc(x)); });
      }
      break;
    case Kind::MAX:
      acc.assign(out_count, real ? -std::numeric_limits<Acc>::infinity() : Acc(std::numeric_limits<T>::lowest()));
      // NaN wins, as std::max of IEEE values would not say.
      reference::reduce(in, shape, reduced, acc,
                        [](Acc a, T x) { return (Acc(x) > a || Acc(x) != Acc(x)) && a == a ? Acc(x) : a; });
      break;
    case Kind::MIN:
      acc.assign(out_count, real ? std::numeric_limits<Acc>::infinity() : Acc(std::numeric_limits<T>::max()));
      reference::reduce(in, shape, reduced, acc,
                        [](Acc a, T x) { return (Acc(x) < a || Acc(x) != Acc(x)) && a == a ? Acc(x) : a; });
      break;
    case Kind::L1:
      acc.assign(out_count, Acc(0));
      reference::reduce(in, shape, reduced, acc, [](Acc a, T x) {
        if constexpr (real) {
          return a + std::fabs(Acc(x));
        } else {
          return wrap_add(a, x < T(0) ? -Acc(x) : Acc(x));
        }
      });
      break;
    case Kind::L2:
      acc.assign(out_count, Acc(0));
      if constexpr (real) {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return a + Acc(x) * Acc(x); });
      } else {
        reference::reduce(in, shape, reduced, acc, [](Acc a, T x) { return wrap_add(a, wrap_mul(Acc(x), Acc(x))); });
      }
      break;
  }
  for (size_t o = 0; o < out_count; ++o) {
    if (kind == Kind::MEAN) {
      if (group == 0) {
        out[o] = real ? static_cast<T>(std::numeric_limits<double>::quiet_NaN()) : T(0);
      } else {
        out[o] = static_cast<T>(acc[o] / static_cast<Acc>(group));
      }
    } else if (kind == Kind::L2) {
      out[o] = static_cast<T>(std::sqrt(static_cast<double>(acc[o])));
    } else {
      out[o] = static_cast<T>(acc[o]);
    }
  }
}

}  // namespace

void ArithmeticReductionKeepDims::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type axes_type = get_input_element_type(1);
  FERRY_NODE_CHECK(axes_type.is_dynamic() || axes_type.is_integral_number(),
                   "input 1 (axes) must be an integer tensor, got ", axes_type);
  const PartialShape& axes_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(axes_shape.rank().compatible(0) || axes_shape.rank().compatible(1),
                   "input 1 (axes) must be a scalar or 1-D, got shape ", axes_shape);
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type != element::boolean, "input 0 must be numeric, got ", type);
  const PartialShape& in = get_input_partial_shape(0);
  std::vector<int64_t> axes;
  if (in.rank().is_static() && internal::constant_integers(*this, 1, axes)) {
    const auto reduced = reduced_axes(*this, axes, in.size());
    PartialShape out{};
    for (size_t i = 0; i < in.size(); ++i) {
      if (!reduced[i]) {
        out.push_back(in[i]);
      } else if (m_keep_dims) {
        out.push_back(Dimension(1));
      }
    }
    set_output_type(0, type, out);
  } else if (m_keep_dims) {
    set_output_type(0, type, PartialShape::dynamic(in.rank()));
  } else {
    set_output_type(0, type, PartialShape::dynamic());
  }
}

bool ArithmeticReductionKeepDims::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("keep_dims", m_keep_dims);
  return true;
}

bool ArithmeticReductionKeepDims::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  const Shape in_shape = in.get_shape();
  const auto reduced =
      reduced_axes(*this, internal::read_integers(*this, inputs.at(1), "input 1 (axes)"), in_shape.size());
  Shape out_shape;
  for (size_t i = 0; i < in_shape.size(); ++i) {
    if (!reduced[i]) {
      out_shape.push_back(in_shape[i]);
    } else if (m_keep_dims) {
      out_shape.push_back(1);
    }
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  const Kind kind = get_kind();
  if (internal::is_half(type)) {
    const std::vector<float> values = internal::to_floats(in);
    std::vector<float> result(shape_size(out_shape));
    reduce_as<float>(kind, values.data(), in_shape, reduced, result.data());
    internal::from_floats(result, out);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP)                                                                                   \
  case element::Type_t::TYPE:                                                                                   \
    reduce_as<CPP>(kind, static_cast<const CPP*>(in.data()), in_shape, reduced, static_cast<CPP*>(out.data())); \
    return true;
    FERRY_CASE(f32, float)
    FERRY_CASE(f64, double)
    FERRY_CASE(i8, int8_t)
    FERRY_CASE(u8, uint8_t)
    FERRY_CASE(i16, int16_t)
    FERRY_CASE(u16, uint16_t)
    FERRY_CASE(i32, int32_t)
    FERRY_CASE(u32, uint32_t)
    FERRY_CASE(i64, int64_t)
    FERRY_CASE(u64, uint64_t)
#undef FERRY_CASE
    default:
      return false;
  }
}

}  // namespace util

#define FERRY_REDUCTION_CLONE(NS, CLASS)                                                     \
  std::shared_ptr<Node> NS::CLASS::clone_with_new_inputs(const OutputVector& inputs) const { \
    FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());    \
    return std::make_shared<CLASS>(inputs[0], inputs[1], get_keep_dims());                   \
  }
FERRY_REDUCTION_CLONE(v1, ReduceSum)
FERRY_REDUCTION_CLONE(v1, ReduceMean)
FERRY_REDUCTION_CLONE(v1, ReduceMax)
FERRY_REDUCTION_CLONE(v1, ReduceMin)
FERRY_REDUCTION_CLONE(v1, ReduceProd)
FERRY_REDUCTION_CLONE(v4, ReduceL1)
FERRY_REDUCTION_CLONE(v4, ReduceL2)
#undef FERRY_REDUCTION_CLONE

}  // namespace op
}  // namespace ferry
