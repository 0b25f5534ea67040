#pragma once

// Greedy per-class non-maximum suppression over boxes already in corner form.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ferry {
namespace reference {

struct NmsBox {
  double y1, x1, y2, x2;  // y1 <= y2, x1 <= x2
};

struct NmsSelection {
  int64_t batch, cls, box;
  double score;
};

// boxes [batches][boxes], scores [batches * classes * boxes] row-major.
std::vector<NmsSelection> non_max_suppression(const std::vector<std::vector<NmsBox>>& boxes,
                                              const std::vector<double>& scores, size_t classes, int64_t max_per_class,
                                              double iou_threshold, double score_threshold, bool sort_descending);

}  // namespace reference
}  // namespace ferry
