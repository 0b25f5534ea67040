#include "top_classes.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace ferry::tools {

std::vector<ScoredClass> top_classes(const Tensor& scores, size_t k) {
  const Shape& shape = scores.get_shape();
  if (scores.get_element_type() != element::f32 || shape.size() != 2 || shape[0] == 0 || shape[1] < k || k == 0)
    return {};
  Tensor host = scores;
  if (!scores.get_impl()->is_host_accessible() || !scores.is_continuous()) {
    host = Tensor(element::f32, shape);
    scores.copy_to(host);
  }
  const float* row = host.data<float>();
  std::vector<size_t> order(shape[1]);
  std::iota(order.begin(), order.end(), size_t{0});
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                    [row](size_t a, size_t b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
  std::vector<ScoredClass> classes;
  for (size_t i = 0; i < k; ++i) classes.push_back({order[i], row[order[i]]});
  return classes;
}

std::string format_top_classes(const std::vector<ScoredClass>& classes) {
  std::ostringstream out;
  out.precision(4);
  for (size_t i = 0; i < classes.size(); ++i)
    out << (i ? "  " : "") << classes[i].index << " (" << classes[i].score << ")";
  return out.str();
}

}  // namespace ferry::tools
