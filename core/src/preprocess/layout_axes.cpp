#include "layout_axes.hpp"

#include "ferry/base/exception.hpp"

namespace ferry {
namespace preprocess {

std::vector<std::string> axis_names(const Layout& layout) {
  const std::string text = layout.to_string();  // "[N,C,H,W]"
  std::vector<std::string> names;
  if (text.size() < 2) return names;
  std::string name;
  for (size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[i] == ',') {
      names.push_back(name);
      name.clear();
    } else {
      name += text[i];
    }
  }
  names.push_back(name);
  for (const auto& n : names)
    if (n == "...") return {};
  return names;
}

std::vector<int64_t> layout_permutation(const Layout& from, const Layout& to) {
  const auto from_names = axis_names(from);
  const auto to_names = axis_names(to);
  const bool fits = !from_names.empty() && from_names.size() == to_names.size();
  FERRY_ASSERT(fits, "cannot convert layout ", from, " to ", to, ": both must name the same axes, with no '...'");
  std::vector<int64_t> order;
  for (const auto& name : to_names) {
    FERRY_ASSERT(name != "?" && from.has_name(name), "cannot convert layout ", from, " to ", to,
                 ": both must name the same axes (", name == "?" ? "'?' cannot be matched" : name + " is missing", ")");
    order.push_back(from.get_index_by_name(name));
  }
  return order;
}

int64_t axis_index(const Layout& layout, const std::string& name, size_t rank) {
  const int64_t index = layout.get_index_by_name(name);
  return index < 0 ? index + static_cast<int64_t>(rank) : index;
}

}  // namespace preprocess
}  // namespace ferry
