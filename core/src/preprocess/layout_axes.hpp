#pragma once

// Layouts as lists of axis names, and the permutation between two layouts.
#include <cstdint>
#include <string>
#include <vector>

#include "ferry/base/layout.hpp"

namespace ferry {
namespace preprocess {

// The names of a layout without "...": "NCHW" gives N, C, H, W; '?' axes are "?". Empty when the
// layout holds "..." (its rank is not fixed).
std::vector<std::string> axis_names(const Layout& layout);
// For each axis of `to`, the axis of `from` with the same name (a Transpose order). Throws
// Exception naming both layouts when their names differ, repeat '?' or either holds "...".
std::vector<int64_t> layout_permutation(const Layout& from, const Layout& to);
// The axis of `name` in a layout of `rank` axes (negative indices counted from the end).
int64_t axis_index(const Layout& layout, const std::string& name, size_t rank);

}  // namespace preprocess
}  // namespace ferry
