#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/graph/port.hpp"
#include "ferry/preprocess/color_format.hpp"

namespace ferry {
namespace preprocess {

struct ModelPortSettings;
struct OutputTensorSettings;
struct StepList;

// What the model's output is, where the model does not say it itself.
class OutputModelInfo {
 public:
  OutputModelInfo();
  ~OutputModelInfo();
  OutputModelInfo(const OutputModelInfo&) = delete;
  OutputModelInfo& operator=(const OutputModelInfo&) = delete;

  // The model output's layout (default: the layout its Result carries).
  OutputModelInfo& set_layout(const Layout& layout);
  // The model output's colour format, which postprocess().convert_color converts from.
  // `sub_names`: accepted and unused, as in OpenVINO.
  OutputModelInfo& set_color_format(const ColorFormat& format, const std::vector<std::string>& sub_names = {});

 private:
  friend class PrePostProcessor;
  std::unique_ptr<ModelPortSettings> m_settings;
};

// What the application wants to receive; unset means as the model gives it.
class OutputTensorInfo {
 public:
  OutputTensorInfo();
  ~OutputTensorInfo();
  OutputTensorInfo(const OutputTensorInfo&) = delete;
  OutputTensorInfo& operator=(const OutputTensorInfo&) = delete;

  OutputTensorInfo& set_element_type(const element::Type& type);
  OutputTensorInfo& set_layout(const Layout& layout);

 private:
  friend class PrePostProcessor;
  std::unique_ptr<OutputTensorSettings> m_settings;
};

// The operations after the model's output, in order; then the implicit conversions to the
// tensor's element type and layout.
class PostProcessSteps {
 public:
  using CustomPostprocessOp = std::function<Output<Node>(const Output<Node>& node)>;

  PostProcessSteps();
  ~PostProcessSteps();
  PostProcessSteps(const PostProcessSteps&) = delete;
  PostProcessSteps& operator=(const PostProcessSteps&) = delete;

  // Convert; an undefined type means the tensor's element type.
  PostProcessSteps& convert_element_type(const element::Type& type = {});
  // Transpose to `dst_layout` (empty: the tensor's layout); or by a permutation of the axes.
  PostProcessSteps& convert_layout(const Layout& dst_layout = {});
  PostProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
  PostProcessSteps& clamp(double min_value, double max_value);
  // RGB <-> BGR (reverses the C axis, which the layout must name) from the colour format given by
  // model().set_color_format; converting to that format itself adds nothing.
  PostProcessSteps& convert_color(const ColorFormat& dst_format);
  PostProcessSteps& custom(const CustomPostprocessOp& postprocess_cb);

 private:
  friend class PrePostProcessor;
  std::unique_ptr<StepList> m_steps;
};

// One model output's post-processing.
class OutputInfo {
 public:
  OutputInfo() = default;
  OutputInfo(const OutputInfo&) = delete;
  OutputInfo& operator=(const OutputInfo&) = delete;

  OutputModelInfo& model() { return m_model; }
  PostProcessSteps& postprocess() { return m_steps; }
  OutputTensorInfo& tensor() { return m_tensor; }

 private:
  friend class PrePostProcessor;
  OutputModelInfo m_model;
  PostProcessSteps m_steps;
  OutputTensorInfo m_tensor;
};

}  // namespace preprocess
}  // namespace ferry
