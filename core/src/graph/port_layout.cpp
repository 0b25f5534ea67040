#include "ferry/graph/port_layout.hpp"

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry {
namespace layout {
namespace {

constexpr const char* kLayoutKey = "layout";

Layout layout_in(const AnyMap& rt_info) {
  const auto found = rt_info.find(kLayoutKey);
  if (found == rt_info.end() || found->second.empty()) return {};
  if (found->second.is<Layout>()) return found->second.as<Layout>();
  return Layout(found->second.as<std::string>());
}

}  // namespace

void set_layout(Output<Node> output, const Layout& layout) {
  const Node* node = output.get_node();
  FERRY_ASSERT(dynamic_cast<const op::v0::Parameter*>(node) || dynamic_cast<const op::v0::Result*>(node),
               "set_layout: ", output, " is not a model input or output (a Parameter's or a Result's output)");
  if (layout.empty()) {
    output.get_rt_info().erase(kLayoutKey);
    return;
  }
  FERRY_ASSERT(utils::is_compatible(layout, output.get_partial_shape()), "set_layout: layout ", layout,
               " does not fit ", output, " of shape ", output.get_partial_shape());
  output.get_rt_info()[kLayoutKey] = layout.to_string();
}

Layout get_layout(const Output<Node>& output) { return layout_in(output.get_rt_info()); }

Layout get_layout(const Output<const Node>& output) { return layout_in(output.get_rt_info()); }

}  // namespace layout
}  // namespace ferry
