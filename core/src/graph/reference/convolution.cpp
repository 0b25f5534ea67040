#include "core/src/graph/reference/convolution.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::reference {
namespace {

ConvolutionLayout make_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape, std::size_t groups,
                              std::size_t out_per_group, std::size_t in_per_group,
                              const std::vector<std::size_t>& kernel_spatial, const std::vector<std::size_t>& out_shape,
                              const WindowParams& params) {
  const std::vector<std::size_t> in_spatial = spatial_dims(kernel_name, "data", data_shape);
  const std::vector<std::size_t> out_spatial = spatial_dims(kernel_name, "output", out_shape);
  FERRY_ASSERT(data_shape[1] == groups * in_per_group, kernel_name, ": data has ", data_shape[1],
               " channels but the filters expect ", groups, " group(s) of ", in_per_group);
  FERRY_ASSERT(out_shape[0] == data_shape[0] && out_shape[1] == groups * out_per_group, kernel_name, ": output shape [",
               out_shape[0], ", ", out_shape[1], ", ...] does not match batch ", data_shape[0], " and ",
               groups * out_per_group, " output channels");

  ConvolutionLayout layout;
  layout.batch = data_shape[0];
  layout.groups = groups;
  layout.in_channels_per_group = in_per_group;
  layout.out_channels_per_group = out_per_group;
  layout.geometry = make_window_geometry(kernel_name, in_spatial, out_spatial, kernel_spatial, params);
  return layout;
}

}  // namespace

ConvolutionLayout make_convolution_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                          const std::vector<std::size_t>& filters_shape,
                                          const std::vector<std::size_t>& out_shape, const WindowParams& params) {
  FERRY_ASSERT(filters_shape.size() == data_shape.size() && filters_shape.size() >= 3, kernel_name,
               ": filters [C_OUT, C_IN, K...] must have the data's rank ", data_shape.size(), ", got rank ",
               filters_shape.size());
  return make_layout(kernel_name, data_shape, 1, filters_shape[0], filters_shape[1],
                     {filters_shape.begin() + 2, filters_shape.end()}, out_shape, params);
}

ConvolutionLayout make_group_convolution_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                                const std::vector<std::size_t>& filters_shape,
                                                const std::vector<std::size_t>& out_shape, const WindowParams& params) {
  FERRY_ASSERT(filters_shape.size() == data_shape.size() + 1 && filters_shape.size() >= 4, kernel_name,
               ": filters [GROUPS, C_OUT, C_IN, K...] must have rank ", data_shape.size() + 1, ", got rank ",
               filters_shape.size());
  FERRY_ASSERT(filters_shape[0] > 0, kernel_name, ": the number of groups must be positive");
  return make_layout(kernel_name, data_shape, filters_shape[0], filters_shape[1], filters_shape[2],
                     {filters_shape.begin() + 3, filters_shape.end()}, out_shape, params);
}

}  // namespace ferry::reference
