#include "ferry/preprocess/preprocess_steps.hpp"

#include "steps.hpp"

namespace ferry {
namespace preprocess {

PreProcessSteps::PreProcessSteps() : m_steps(std::make_unique<StepList>()) {}
PreProcessSteps::~PreProcessSteps() = default;

PreProcessSteps& PreProcessSteps::convert_element_type(const element::Type& type) {
  m_steps->steps.push_back(convert_element_type_step(type));
  return *this;
}

PreProcessSteps& PreProcessSteps::convert_color(const ColorFormat& dst_format) {
  m_steps->steps.push_back(convert_color_step(dst_format));
  return *this;
}

PreProcessSteps& PreProcessSteps::convert_layout(const Layout& dst_layout) {
  m_steps->steps.push_back(convert_layout_step(dst_layout));
  return *this;
}

PreProcessSteps& PreProcessSteps::convert_layout(const std::vector<uint64_t>& dims) {
  m_steps->steps.push_back(convert_layout_step(dims));
  return *this;
}

PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm alg, size_t dst_height, size_t dst_width) {
  m_steps->steps.push_back(resize_step(alg, std::make_pair(dst_height, dst_width)));
  return *this;
}

PreProcessSteps& PreProcessSteps::resize(ResizeAlgorithm alg) {
  m_steps->steps.push_back(resize_step(alg, std::nullopt));
  return *this;
}

PreProcessSteps& PreProcessSteps::mean(float value) { return mean(std::vector<float>{value}); }

PreProcessSteps& PreProcessSteps::mean(const std::vector<float>& values) {
  m_steps->steps.push_back(mean_step(values));
  return *this;
}

PreProcessSteps& PreProcessSteps::scale(float value) { return scale(std::vector<float>{value}); }

PreProcessSteps& PreProcessSteps::scale(const std::vector<float>& values) {
  m_steps->steps.push_back(scale_step(values));
  return *this;
}

PreProcessSteps& PreProcessSteps::reverse_channels() {
  m_steps->steps.push_back(reverse_channels_step());
  return *this;
}

PreProcessSteps& PreProcessSteps::crop(const std::vector<int>& begin, const std::vector<int>& end) {
  m_steps->steps.push_back(crop_step(begin, end));
  return *this;
}

PreProcessSteps& PreProcessSteps::pad(const std::vector<int>& pads_begin, const std::vector<int>& pads_end, float value,
                                      PaddingMode mode) {
  return pad(pads_begin, pads_end, std::vector<float>{value}, mode);
}

PreProcessSteps& PreProcessSteps::pad(const std::vector<int>& pads_begin, const std::vector<int>& pads_end,
                                      const std::vector<float>& values, PaddingMode mode) {
  m_steps->steps.push_back(pad_step(pads_begin, pads_end, values, mode));
  return *this;
}

PreProcessSteps& PreProcessSteps::clamp(double min_value, double max_value) {
  m_steps->steps.push_back(clamp_step(min_value, max_value));
  return *this;
}

PreProcessSteps& PreProcessSteps::custom(const CustomPreprocessOp& preprocess_cb) {
  m_steps->steps.push_back(custom_step(preprocess_cb));
  return *this;
}

}  // namespace preprocess
}  // namespace ferry
