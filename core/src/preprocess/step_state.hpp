#pragma once

// The value that pre- or post-processing steps transform, and what it is known to be.
#include <sstream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/preprocess/color_format.hpp"

namespace ferry {
namespace preprocess {

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
  std::string where;  // "input 'image'", for errors

  const Output<Node>& value() const { return planes.front(); }
  void set_value(const Output<Node>& value) { planes = {value}; }
  bool is_multi_plane() const { return planes.size() > 1; }
};

// Throws "PrePostProcessor: <where>: <step>: <parts>".
template <typename... Parts>
[[noreturn]] void step_error(const StepState& state, const std::string& step, const Parts&... parts) {
  Exception::raise("PrePostProcessor: ", state.where, ": ", step, ": ", parts...);
}

}  // namespace preprocess
}  // namespace ferry
