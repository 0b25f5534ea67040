#include "ferry/preprocess/output_info.hpp"

#include "settings.hpp"
#include "steps.hpp"

namespace ferry {
namespace preprocess {

OutputModelInfo::OutputModelInfo() : m_settings(std::make_unique<ModelPortSettings>()) {}
OutputModelInfo::~OutputModelInfo() = default;

OutputModelInfo& OutputModelInfo::set_layout(const Layout& layout) {
  m_settings->layout = layout;
  return *this;
}

OutputModelInfo& OutputModelInfo::set_color_format(const ColorFormat& format, const std::vector<std::string>&) {
  m_settings->color_format = format;
  return *this;
}

OutputTensorInfo::OutputTensorInfo() : m_settings(std::make_unique<OutputTensorSettings>()) {}
OutputTensorInfo::~OutputTensorInfo() = default;

OutputTensorInfo& OutputTensorInfo::set_element_type(const element::Type& type) {
  m_settings->element_type = type;
  return *this;
}

OutputTensorInfo& OutputTensorInfo::set_layout(const Layout& layout) {
  m_settings->layout = layout;
  return *this;
}

PostProcessSteps::PostProcessSteps() : m_steps(std::make_unique<StepList>()) {}
PostProcessSteps::~PostProcessSteps() = default;

PostProcessSteps& PostProcessSteps::convert_element_type(const element::Type& type) {
  m_steps->steps.push_back(convert_element_type_step(type));
  return *this;
}

PostProcessSteps& PostProcessSteps::convert_layout(const Layout& dst_layout) {
  m_steps->steps.push_back(convert_layout_step(dst_layout));
  return *this;
}

PostProcessSteps& PostProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
  m_steps->steps.push_back(convert_layout_step(dims));
  return *this;
}

PostProcessSteps& PostProcessSteps::clamp(double min_value, double max_value) {
  m_steps->steps.push_back(clamp_step(min_value, max_value));
  return *this;
}

PostProcessSteps& PostProcessSteps::convert_color(const ColorFormat& dst_format) {
  m_steps->steps.push_back(post_convert_color_step(dst_format));
  return *this;
}

PostProcessSteps& PostProcessSteps::custom(const CustomPostprocessOp& postprocess_cb) {
  m_steps->steps.push_back(custom_step(postprocess_cb));
  return *this;
}

}  // namespace preprocess
}  // namespace ferry
