#pragma once

// The value that pre- or post-processing steps transform, and what it is known to be.
#include <sstream>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/preprocess/color_format.hpp"

namespace ferry {
namespace preprocess {

// What PrePostProcessor::dump() prints of one input or output, recorded while it is built.
struct Trace {
  std::string color;                 // the input's colour format, "" when none is set
  std::vector<std::string> tensors;  // the application's tensor(s): "[1,2,2,3], [N,H,W,C], u8"
  std::string model;                 // the model's tensor
  std::vector<std::string> steps;    // "<label>: (<before>) -> (<after>)"
  std::vector<std::string> implicit_steps;
};

struct StepState {
  // One value, or the planes of a multi-plane YUV image (Y first) until convert_color.
  OutputVector planes;
  Layout layout;  // empty: unknown
  ColorFormat color_format = ColorFormat::UNDEFINED;
  // What a step without an argument converts to: the model input's type and layout for
  // pre-processing, the tensor's for post-processing; and the model input's shape (resize).
  element::Type default_type = element::undefined;
  Layout default_layout;
  PartialShape model_shape = PartialShape::dynamic();
  Layout model_layout;
  std::string where;       // "input 'image'", for errors
  Trace* trace = nullptr;  // dump(): where the steps are recorded

  const Output<Node>& value() const { return planes.front(); }
  void set_value(const Output<Node>& value) { planes = {value}; }
  bool is_multi_plane() const { return planes.size() > 1; }
};

// "[1,2,2,3], [N,H,W,C], f32" (and ", BGR" when the colour format is known): the value as dump()
// shows it, OpenVINO's notation.
std::string describe(const PartialShape& shape, const Layout& layout, const element::Type& type,
                     ColorFormat color_format = ColorFormat::UNDEFINED);
inline std::string describe(const StepState& state) {
  return describe(state.value().get_partial_shape(), state.layout, state.value().get_element_type(),
                  state.color_format);
}

// Throws "PrePostProcessor: <where>: <step>: <parts>".
template <typename... Parts>
[[noreturn]] void step_error(const StepState& state, const std::string& step, const Parts&... parts) {
  Exception::raise("PrePostProcessor: ", state.where, ": ", step, ": ", parts...);
}

}  // namespace preprocess
}  // namespace ferry
