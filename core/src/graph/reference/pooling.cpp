#include "core/src/graph/reference/pooling.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::reference {

PoolingLayout make_pooling_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                  const std::vector<std::size_t>& out_shape, const std::vector<std::size_t>& kernel,
                                  const WindowParams& params, std::int64_t axis) {
  const std::vector<std::size_t> in_spatial = spatial_dims(kernel_name, "data", data_shape);
  const std::vector<std::size_t> out_spatial = spatial_dims(kernel_name, "output", out_shape);
  FERRY_ASSERT(out_shape[0] == data_shape[0] && out_shape[1] == data_shape[1], kernel_name, ": output [", out_shape[0],
               ", ", out_shape[1], ", ...] must keep the data's batch ", data_shape[0], " and channels ",
               data_shape[1]);
  const auto rank = static_cast<std::int64_t>(data_shape.size());
  FERRY_ASSERT(axis >= -rank && axis < rank, kernel_name, ": axis ", axis, " is outside [", -rank, ", ", rank - 1, "]");

  PoolingLayout layout;
  layout.batch = data_shape[0];
  layout.channels = data_shape[1];
  layout.index_period = 1;
  for (std::size_t d = static_cast<std::size_t>(axis < 0 ? axis + rank : axis); d < data_shape.size(); ++d) {
    layout.index_period *= data_shape[d];
  }
  if (layout.index_period == 0) layout.index_period = 1;  // empty tensor: no index is ever written
  layout.geometry = make_window_geometry(kernel_name, in_spatial, out_spatial, kernel, params);
  return layout;
}

}  // namespace ferry::reference
