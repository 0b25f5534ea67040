#pragma once

// The steps shared by pre- and post-processing, each a Step that adds graph ops to a StepState.
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "ferry/preprocess/padding_mode.hpp"
#include "ferry/preprocess/resize_algorithm.hpp"
#include "settings.hpp"

namespace ferry {
namespace preprocess {

Step convert_element_type_step(const element::Type& type);
Step convert_layout_step(const Layout& layout);
Step convert_layout_step(const std::vector<uint64_t>& dims);
Step convert_color_step(ColorFormat dst_format);       // color_conversion.cpp
Step post_convert_color_step(ColorFormat dst_format);  // RGB <-> BGR of a model output
Step resize_step(ResizeAlgorithm algorithm, std::optional<std::pair<size_t, size_t>> size);
// Subtract (mean) or Divide (scale) by one value or one per channel.
Step mean_step(const std::vector<float>& values);
Step scale_step(const std::vector<float>& values);
Step reverse_channels_step();
Step crop_step(const std::vector<int>& begin, const std::vector<int>& end);
Step pad_step(const std::vector<int>& begin, const std::vector<int>& end, const std::vector<float>& values,
              PaddingMode mode);
Step clamp_step(double min_value, double max_value);
Step custom_step(const std::function<Output<Node>(const Output<Node>&)>& callback);

// A Gather reversing `axis` of the value (reverse_channels and RGB <-> BGR).
Output<Node> reverse_axis(const Output<Node>& value, int64_t axis, int64_t length);
// The index of the layout's C axis in the current value; throws naming `step` when there is none.
int64_t channels_axis(const StepState& state, const std::string& step);
// Throws naming `step` when the value is still a multi-plane image.
void require_single_plane(const StepState& state, const std::string& step);

}  // namespace preprocess
}  // namespace ferry
