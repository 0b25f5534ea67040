#include "core/src/graph/reference/broadcast.hpp"

#include "ferry/base/exception.hpp"

namespace ferry {
namespace reference {

BroadcastStrides make_broadcast_strides(const Shape& a_shape, const Shape& b_shape, const Shape& out_shape) {
  BroadcastStrides s;
  s.out_shape = out_shape;
  if (s.out_shape.empty()) s.out_shape.push_back(1);  // a scalar is one element on one axis
  const size_t rank = s.out_shape.size();
  auto strides_for = [&](const Shape& shape) {
    FERRY_ASSERT(shape.size() <= rank, "broadcast: input shape ", shape, " has more axes than output ", out_shape);
    std::vector<size_t> strides(rank, 0);
    size_t stride = 1;
    for (size_t k = 0; k < shape.size(); ++k) {
      const size_t axis = rank - 1 - k;
      const size_t length = shape[shape.size() - 1 - k];
      FERRY_ASSERT(length == s.out_shape[axis] || length == 1, "broadcast: input shape ", shape,
                   " does not broadcast to ", out_shape);
      strides[axis] = length == 1 ? 0 : stride;
      stride *= length;
    }
    return strides;
  };
  s.a_strides = strides_for(a_shape);
  s.b_strides = strides_for(b_shape);
  return s;
}

}  // namespace reference
}  // namespace ferry
