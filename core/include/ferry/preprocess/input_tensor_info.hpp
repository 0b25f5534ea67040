#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/preprocess/color_format.hpp"

namespace ferry {
class Tensor;
namespace preprocess {

struct InputTensorSettings;

// What the application will pass for a model input, when that differs from what the model takes.
// Anything left unset is the model's (element type, layout, shape).
class InputTensorInfo {
 public:
  InputTensorInfo();
  ~InputTensorInfo();
  InputTensorInfo(const InputTensorInfo&) = delete;
  InputTensorInfo& operator=(const InputTensorInfo&) = delete;

  InputTensorInfo& set_element_type(const element::Type& type);
  // Default: NHWC when a colour format is set, else the model's layout.
  InputTensorInfo& set_layout(const Layout& layout);
  // The whole shape (otherwise derived from the model's, through the layouts and colour format).
  InputTensorInfo& set_shape(const PartialShape& shape);
  // H and W (found through the layout) dynamic, or fixed; a resize step then scales them to the model's.
  InputTensorInfo& set_spatial_dynamic_shape();
  InputTensorInfo& set_spatial_static_shape(size_t height, size_t width);
  // Several planes become several model inputs, named "<input name>/<sub name>" when sub_names
  // (one per plane) are given.
  InputTensorInfo& set_color_format(const ColorFormat& format, const std::vector<std::string>& sub_names = {});
  // A hint for the device on the kind of tensor that will be set (e.g. ferry::gpu::memory_type::surface),
  // kept in each new input's rt_info under "memory_type".
  InputTensorInfo& set_memory_type(const std::string& memory_type);
  // The element type and shape of `runtime_tensor`.
  InputTensorInfo& set_from(const Tensor& runtime_tensor);

 private:
  friend class PrePostProcessor;
  std::unique_ptr<InputTensorSettings> m_settings;
};

}  // namespace preprocess
}  // namespace ferry
