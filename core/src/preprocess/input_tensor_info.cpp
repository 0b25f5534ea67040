#include "ferry/preprocess/input_tensor_info.hpp"

#include "ferry/preprocess/input_model_info.hpp"
#include "ferry/value/tensor.hpp"
#include "settings.hpp"

namespace ferry {
namespace preprocess {

InputTensorInfo::InputTensorInfo() : m_settings(std::make_unique<InputTensorSettings>()) {}
InputTensorInfo::~InputTensorInfo() = default;

InputTensorInfo& InputTensorInfo::set_element_type(const element::Type& type) {
  m_settings->element_type = type;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_layout(const Layout& layout) {
  m_settings->layout = layout;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_shape(const PartialShape& shape) {
  m_settings->shape = shape;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_spatial_dynamic_shape() {
  m_settings->spatial = InputTensorSettings::Spatial::DYNAMIC;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_spatial_static_shape(size_t height, size_t width) {
  FERRY_ASSERT(height > 0 && width > 0,
               "PrePostProcessor: set_spatial_static_shape: height and width must be positive, got ", height, "x",
               width);
  m_settings->spatial = InputTensorSettings::Spatial::STATIC;
  m_settings->height = height;
  m_settings->width = width;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_color_format(const ColorFormat& format,
                                                   const std::vector<std::string>& sub_names) {
  for (const auto& name : sub_names)
    FERRY_ASSERT(!name.empty(), "PrePostProcessor: set_color_format: a sub-name is empty");
  m_settings->color_format = format;
  m_settings->sub_names = sub_names;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_memory_type(const std::string& memory_type) {
  m_settings->memory_type = memory_type;
  return *this;
}

InputTensorInfo& InputTensorInfo::set_from(const Tensor& runtime_tensor) {
  m_settings->element_type = runtime_tensor.get_element_type();
  m_settings->shape = PartialShape(runtime_tensor.get_shape());
  return *this;
}

InputModelInfo::InputModelInfo() : m_settings(std::make_unique<ModelPortSettings>()) {}
InputModelInfo::~InputModelInfo() = default;

InputModelInfo& InputModelInfo::set_layout(const Layout& layout) {
  m_settings->layout = layout;
  return *this;
}

}  // namespace preprocess
}  // namespace ferry
