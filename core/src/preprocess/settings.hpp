#pragma once

// What InputTensorInfo, InputModelInfo, OutputModelInfo, OutputTensorInfo and the step lists
// record; PrePostProcessor::build reads it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/preprocess/color_format.hpp"
#include "step_state.hpp"

namespace ferry {
namespace preprocess {

struct InputTensorSettings {
  enum class Spatial { AS_MODEL, DYNAMIC, STATIC };
  std::optional<element::Type> element_type;
  std::optional<Layout> layout;
  std::optional<PartialShape> shape;
  ColorFormat color_format = ColorFormat::UNDEFINED;
  std::vector<std::string> sub_names;
  std::string memory_type;
  Spatial spatial = Spatial::AS_MODEL;
  size_t height = 0;
  size_t width = 0;
};

struct ModelPortSettings {
  std::optional<Layout> layout;
  ColorFormat color_format = ColorFormat::UNDEFINED;  // OutputModelInfo::set_color_format
};

struct OutputTensorSettings {
  std::optional<element::Type> element_type;
  std::optional<Layout> layout;
};

// One step: its name for errors, what it does to the value, and how dump() describes it
// (OpenVINO's wording, with the step's arguments; empty: the name).
struct Step {
  std::string name;
  std::function<void(StepState&)> apply;
  std::string label;
};

struct StepList {
  std::vector<Step> steps;
};

}  // namespace preprocess
}  // namespace ferry
