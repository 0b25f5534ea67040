#include "ir_rt_info.hpp"

#include <cctype>
#include <cstring>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace ir {
namespace {

constexpr int kMaxDepth = 32;  // nested maps deeper than this are refused (no unbounded recursion)

bool is_xml_name(const std::string& text) {
  if (text.empty() || !(std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_')) return false;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return text.size() < 3 ||
         !(std::tolower(text[0]) == 'x' && std::tolower(text[1]) == 'm' && std::tolower(text[2]) == 'l');
}

// The value's text, or false when it has none (empty, or a type that cannot print itself).
bool text_of(const Any& value, std::string* text) {
  if (value.empty()) return false;
  try {
    *text = value.as<std::string>();
    return true;
  } catch (const Exception&) {
    return false;
  }
}

void read_map(const pugi::xml_node& node, AnyMap& out, const std::string& where, int depth) {
  FERRY_ASSERT(depth < kMaxDepth, where, ": <rt_info> is nested more than ", kMaxDepth, " levels deep");
  for (const auto& child : node.children()) {
    if (child.type() != pugi::node_element) continue;
    const pugi::xml_attribute name = child.attribute("name");
    const std::string key = std::strcmp(child.name(), "info") == 0 && name ? name.value() : child.name();
    const pugi::xml_attribute value = child.attribute("value");
    if (value) {
      out[key] = std::string(value.value());
    } else {
      AnyMap nested;
      read_map(child, nested, where, depth + 1);
      out[key] = std::move(nested);
    }
  }
}

void write_map(const AnyMap& info, pugi::xml_node parent, int depth) {
  for (const auto& [key, value] : info) {
    const bool plain = is_xml_name(key);
    if (value.is<AnyMap>()) {
      if (depth + 1 >= kMaxDepth) continue;
      pugi::xml_node child = parent.append_child(plain ? key.c_str() : "info");
      if (!plain) child.append_attribute("name").set_value(key.c_str());
      write_map(value.as<AnyMap>(), child, depth + 1);
      continue;
    }
    std::string text;
    if (!text_of(value, &text)) continue;
    pugi::xml_node child = parent.append_child(plain ? key.c_str() : "info");
    if (!plain) child.append_attribute("name").set_value(key.c_str());
    child.append_attribute("value").set_value(text.c_str());
  }
}

// The XML attribute holding a node or port attribute's text: "value", except for a layout, which
// OpenVINO writes as <attribute name="layout" version="0" layout="[N,C,H,W]"/>.
const char* text_field(const std::string& key) { return key == "layout" ? "layout" : "value"; }

}  // namespace

void read_model_rt_info(const pugi::xml_node& rt_info, AnyMap& out, const std::string& where) {
  if (rt_info) read_map(rt_info, out, where, 0);
}

void write_model_rt_info(const AnyMap& info, pugi::xml_node parent) {
  if (info.empty()) return;
  write_map(info, parent.append_child("rt_info"), 0);
}

void read_node_rt_info(const pugi::xml_node& rt_info, AnyMap& out, const std::string& where) {
  for (const auto& attribute : rt_info.children("attribute")) {
    const pugi::xml_attribute name = attribute.attribute("name");
    FERRY_ASSERT(name, where, ": <rt_info><attribute> has no 'name'");
    pugi::xml_attribute text = attribute.attribute(text_field(name.value()));
    if (!text) text = attribute.attribute("value");
    out[name.value()] = std::string(text.value());
  }
}

void write_node_rt_info(const AnyMap& info, pugi::xml_node parent) {
  pugi::xml_node rt_info;
  for (const auto& [key, value] : info) {
    std::string text;
    if (value.is<AnyMap>() || !text_of(value, &text)) continue;
    if (!rt_info) rt_info = parent.append_child("rt_info");
    pugi::xml_node attribute = rt_info.append_child("attribute");
    attribute.append_attribute("name").set_value(key.c_str());
    attribute.append_attribute("version").set_value("0");
    attribute.append_attribute(text_field(key)).set_value(text.c_str());
  }
}

}  // namespace ir
}  // namespace ferry
