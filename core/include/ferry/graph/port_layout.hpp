#pragma once

// The layout of a model's input or output, kept in its port's rt_info under "layout" as text
// ("[N,C,H,W]"): where OpenVINO IR stores it, so it survives serialize and read_model. get_batch
// and set_batch (model_batch.hpp) find the batch axis through it.
#include "ferry/base/layout.hpp"
#include "ferry/graph/port.hpp"

namespace ferry {
namespace layout {

// Only a Parameter's or a Result's output has a layout. Throws naming the port when it is another
// node's, or when the layout's rank does not fit the port's shape. An empty layout removes it.
void set_layout(Output<Node> output, const Layout& layout);
// The port's layout; empty when it has none.
Layout get_layout(const Output<Node>& output);
Layout get_layout(const Output<const Node>& output);

}  // namespace layout
}  // namespace ferry
