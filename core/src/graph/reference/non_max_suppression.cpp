#include "core/src/graph/reference/non_max_suppression.hpp"

#include <algorithm>
#include <numeric>

namespace ferry {
namespace reference {
namespace {

double intersection_over_union(const NmsBox& a, const NmsBox& b) {
  const double area_a = (a.y2 - a.y1) * (a.x2 - a.x1), area_b = (b.y2 - b.y1) * (b.x2 - b.x1);
  if (area_a <= 0 || area_b <= 0) return 0.0;
  const double height = std::max(0.0, std::min(a.y2, b.y2) - std::max(a.y1, b.y1));
  const double width = std::max(0.0, std::min(a.x2, b.x2) - std::max(a.x1, b.x1));
  const double intersection = height * width;
  return intersection / (area_a + area_b - intersection);
}

}  // namespace

std::vector<NmsSelection> non_max_suppression(const std::vector<std::vector<NmsBox>>& boxes,
                                              const std::vector<double>& scores, size_t classes, int64_t max_per_class,
                                              double iou_threshold, double score_threshold, bool sort_descending) {
  std::vector<NmsSelection> selected;
  for (size_t b = 0; b < boxes.size(); ++b) {
    const size_t count = boxes[b].size();
    for (size_t c = 0; c < classes; ++c) {
      const double* score = scores.data() + (b * classes + c) * count;
      std::vector<size_t> order;
      for (size_t i = 0; i < count; ++i)
        if (score[i] > score_threshold) order.push_back(i);
      std::stable_sort(order.begin(), order.end(), [&](size_t l, size_t r) { return score[l] > score[r]; });
      std::vector<size_t> kept;
      for (const size_t candidate : order) {
        if (static_cast<int64_t>(kept.size()) >= max_per_class) break;
        const bool suppressed = std::any_of(kept.begin(), kept.end(), [&](size_t k) {
          return intersection_over_union(boxes[b][candidate], boxes[b][k]) > iou_threshold;
        });
        if (suppressed) continue;
        kept.push_back(candidate);
        selected.push_back(
            {static_cast<int64_t>(b), static_cast<int64_t>(c), static_cast<int64_t>(candidate), score[candidate]});
      }
    }
  }
  if (sort_descending)
    std::stable_sort(selected.begin(), selected.end(),
                     [](const NmsSelection& l, const NmsSelection& r) { return l.score > r.score; });
  return selected;
}

}  // namespace reference
}  // namespace ferry
