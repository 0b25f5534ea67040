#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ferry/graph/node.hpp"

namespace ferry {

// Creates default-constructed ops by IR type name and version ("Add", "opset1"): the IR
// reader's factory. The global registry holds every built-in op (op_registry.cpp lists them).
class OpRegistry {
 public:
  using Factory = std::function<std::shared_ptr<Node>()>;

  static OpRegistry& global();

  void add(const DiscreteTypeInfo& info, Factory factory);
  template <typename Op>
  void add() {
    add(Op::get_type_info_static(), [] { return std::shared_ptr<Node>(std::make_shared<Op>()); });
  }

  // An exact (name, version) match; otherwise, for "opsetN", the newest version of that name
  // from opset1..opsetN (an opset includes older ops it did not change). Throws naming both
  // when there is none.
  std::shared_ptr<Node> create(const std::string& type_name, const std::string& version) const;
  bool contains(const std::string& type_name, const std::string& version) const;
  std::vector<DiscreteTypeInfo> list() const;  // sorted by name, then version

 private:
  const Factory* find(const std::string& type_name, const std::string& version) const;

  mutable std::mutex m_mutex;
  struct Entry {
    std::string name, version;
    Factory factory;
    DiscreteTypeInfo info;
  };
  std::map<std::pair<std::string, std::string>, Entry> m_entries;
};

// Registers the built-in ops into `registry` (op_registry.cpp: one line per op).
void register_builtin_ops(OpRegistry& registry);

}  // namespace ferry
