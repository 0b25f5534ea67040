#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>

namespace ferry {

class Layout;
class PartialShape;
namespace layout::utils {
// True when a tensor of `shape` can carry `layout`: as many axes as the rank, or no more than the
// rank when the layout holds "...". A shape of dynamic rank fits any layout.
bool is_compatible(const Layout& layout, const PartialShape& shape);
}  // namespace layout::utils

// Names of a tensor's axes. Two spellings, as in OpenVINO:
//   "NCHW", "NC?", "N...C"          one letter per axis; '?' an unnamed axis; "..." any number of axes
//   "[N,C,H,W]", "[batch,?,...]"    comma-separated names of any length
// Names are case-insensitive (stored upper-case). Axes after "..." are counted from the end, so
// their indices are negative: in "...C", C is axis -1.
class Layout {
 public:
  Layout() = default;
  Layout(const char* layout);         // NOLINT: layouts read like strings
  Layout(const std::string& layout);  // NOLINT

  bool empty() const { return !_dynamic && _left_size == 0; }
  bool has_name(const std::string& name) const;
  // The axis of `name`; negative for axes after "...". Throws naming the layout when absent.
  std::int64_t get_index_by_name(const std::string& name) const;
  // The bracketed spelling: "NC?" gives "[N,C,?]"; the empty layout gives "".
  std::string to_string() const;

  bool operator==(const Layout& other) const;
  bool operator!=(const Layout& other) const { return !(*this == other); }

 private:
  friend bool layout::utils::is_compatible(const Layout& layout, const PartialShape& shape);
  void add_axis(const std::string& token, std::int64_t index, const std::string& text);

  std::map<std::string, std::int64_t> _index_by_name;
  std::map<std::int64_t, std::string> _name_by_index;
  bool _dynamic = false;         // holds "..."
  std::int64_t _left_size = 0;   // axes before "..." (all axes when there is none)
  std::int64_t _right_size = 0;  // axes after "..."
};

std::ostream& operator<<(std::ostream& out, const Layout& layout);

namespace layout {
bool has_batch(const Layout& layout);  // "N"
std::int64_t batch_idx(const Layout& layout);
bool has_channels(const Layout& layout);  // "C"
std::int64_t channels_idx(const Layout& layout);
bool has_depth(const Layout& layout);  // "D"
std::int64_t depth_idx(const Layout& layout);
bool has_height(const Layout& layout);  // "H"
std::int64_t height_idx(const Layout& layout);
bool has_width(const Layout& layout);  // "W"
std::int64_t width_idx(const Layout& layout);
}  // namespace layout

}  // namespace ferry
