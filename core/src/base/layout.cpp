#include "ferry/base/layout.hpp"

#include <cctype>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/base/partial_shape.hpp"

namespace ferry {
namespace {

std::string upper(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string trim(const std::string& text) {
  size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return {};
  size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

// The axis tokens of either spelling: names, "?" and "...".
std::vector<std::string> tokens_of(const std::string& text) {
  std::vector<std::string> tokens;
  if (text.front() == '[') {
    FERRY_ASSERT(text.back() == ']', "Layout '", text, "': a '[' layout must end with ']'");
    const std::string inner = text.substr(1, text.size() - 2);
    if (trim(inner).empty()) return tokens;
    size_t start = 0;
    for (;;) {
      const size_t comma = inner.find(',', start);
      tokens.push_back(trim(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    for (const auto& token : tokens) {
      if (token == "?" || token == "...") continue;
      FERRY_ASSERT(!token.empty(), "Layout '", text, "': an axis name is empty");
      for (const char c : token) {
        FERRY_ASSERT(std::isalnum(static_cast<unsigned char>(c)) || c == '_', "Layout '", text, "': axis name '", token,
                     "' may hold only letters, digits and '_'");
      }
    }
    return tokens;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "...") == 0) {
      tokens.emplace_back("...");
      i += 2;
    } else if (text[i] == '?' || std::isalpha(static_cast<unsigned char>(text[i]))) {
      tokens.emplace_back(1, text[i]);
    } else {
      Exception::raise("Layout '", text, "': unexpected character '", text[i],
                       "' (use letters, '?' and '...', or the '[name,...]' form)");
    }
  }
  return tokens;
}

bool has(const Layout& layout, const char* name) { return layout.has_name(name); }

}  // namespace

Layout::Layout(const char* layout) : Layout(std::string(layout ? layout : "")) {}

Layout::Layout(const std::string& text) {
  if (text.empty()) return;
  const std::vector<std::string> tokens = tokens_of(text);
  size_t ellipsis = tokens.size();
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] != "...") continue;
    FERRY_ASSERT(!_dynamic, "Layout '", text, "': '...' may appear only once");
    _dynamic = true;
    ellipsis = i;
  }
  _left_size = static_cast<std::int64_t>(ellipsis);
  _right_size = _dynamic ? static_cast<std::int64_t>(tokens.size() - ellipsis - 1) : 0;
  for (size_t i = 0; i < ellipsis; ++i) add_axis(tokens[i], static_cast<std::int64_t>(i), text);
  for (size_t i = ellipsis + 1; i < tokens.size(); ++i) {
    add_axis(tokens[i], static_cast<std::int64_t>(i) - static_cast<std::int64_t>(tokens.size()), text);
  }
}

void Layout::add_axis(const std::string& token, std::int64_t index, const std::string& text) {
  if (token == "?") return;
  const std::string name = upper(token);
  FERRY_ASSERT(!_index_by_name.count(name), "Layout '", text, "': axis name '", name, "' appears twice");
  _index_by_name[name] = index;
  _name_by_index[index] = name;
}

bool Layout::has_name(const std::string& name) const { return _index_by_name.count(upper(name)) != 0; }

std::int64_t Layout::get_index_by_name(const std::string& name) const {
  const auto found = _index_by_name.find(upper(name));
  FERRY_ASSERT(found != _index_by_name.end(), "Layout '", to_string(), "' has no axis named '", name, "'");
  return found->second;
}

std::string Layout::to_string() const {
  if (empty()) return {};
  std::string text = "[";
  auto append = [&](std::int64_t index) {
    if (text.size() > 1) text += ',';
    const auto found = _name_by_index.find(index);
    text += found == _name_by_index.end() ? "?" : found->second;
  };
  for (std::int64_t i = 0; i < _left_size; ++i) append(i);
  if (_dynamic) {
    if (text.size() > 1) text += ',';
    text += "...";
  }
  for (std::int64_t i = -_right_size; i < 0; ++i) append(i);
  return text + "]";
}

bool Layout::operator==(const Layout& other) const {
  return _dynamic == other._dynamic && _left_size == other._left_size && _right_size == other._right_size &&
         _name_by_index == other._name_by_index;
}

std::ostream& operator<<(std::ostream& out, const Layout& layout) { return out << layout.to_string(); }

namespace layout {
bool has_batch(const Layout& layout) { return has(layout, "N"); }
std::int64_t batch_idx(const Layout& layout) { return layout.get_index_by_name("N"); }
bool has_channels(const Layout& layout) { return has(layout, "C"); }
std::int64_t channels_idx(const Layout& layout) { return layout.get_index_by_name("C"); }
bool has_depth(const Layout& layout) { return has(layout, "D"); }
std::int64_t depth_idx(const Layout& layout) { return layout.get_index_by_name("D"); }
bool has_height(const Layout& layout) { return has(layout, "H"); }
std::int64_t height_idx(const Layout& layout) { return layout.get_index_by_name("H"); }
bool has_width(const Layout& layout) { return has(layout, "W"); }
std::int64_t width_idx(const Layout& layout) { return layout.get_index_by_name("W"); }

namespace utils {
bool is_compatible(const Layout& layout, const PartialShape& shape) {
  if (shape.rank().is_dynamic()) return true;
  const auto rank = shape.rank().get_length();
  const auto axes = layout._left_size + layout._right_size;
  return layout._dynamic ? axes <= rank : axes == rank;
}
}  // namespace utils
}  // namespace layout

}  // namespace ferry
