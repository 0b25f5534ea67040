#include "onnx_graph_order.hpp"

#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_frontend {

std::vector<size_t> order_nodes(const std::vector<const onnx::NodeProto*>& nodes, const std::vector<std::string>& known,
                                const std::string& source) {
  const std::unordered_set<std::string> defined(known.begin(), known.end());
  std::unordered_map<std::string, size_t> producer;
  for (size_t i = 0; i < nodes.size(); ++i)
    for (const auto& name : nodes[i]->output())
      if (!name.empty() && !producer.emplace(name, i).second)
        Exception::raise("ONNX model '", source, "': tensor '", name, "' is produced by node #", producer[name],
                         " and node #", i, " ('", nodes[i]->name(), "', ", nodes[i]->op_type(), ")");

  // Kahn's algorithm; a node waits for one count per input that another node produces.
  std::vector<size_t> waiting(nodes.size(), 0);
  std::vector<std::vector<size_t>> consumers(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (const auto& name : nodes[i]->input()) {
      if (name.empty() || defined.count(name)) continue;
      const auto it = producer.find(name);
      if (it == producer.end())
        Exception::raise("ONNX model '", source, "': input '", name, "' of node '", nodes[i]->name(), "' (#", i, ", ",
                         nodes[i]->op_type(), ") is not a graph input, an initializer or any node's output");
      ++waiting[i];
      consumers[it->second].push_back(i);
    }
  }
  std::deque<size_t> ready;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (waiting[i] == 0) ready.push_back(i);
  std::vector<size_t> order;
  while (!ready.empty()) {
    const size_t node = ready.front();
    ready.pop_front();
    order.push_back(node);
    for (const size_t consumer : consumers[node])
      if (--waiting[consumer] == 0) ready.push_back(consumer);
  }
  if (order.size() != nodes.size()) {
    for (size_t i = 0; i < nodes.size(); ++i)
      if (waiting[i] != 0)
        Exception::raise("ONNX model '", source, "': the graph has a cycle through node '", nodes[i]->name(), "' (#", i,
                         ", ", nodes[i]->op_type(), ")");
  }
  return order;
}

}  // namespace onnx_frontend
}  // namespace ferry
