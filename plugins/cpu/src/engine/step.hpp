#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "execution_memory.hpp"
#include "ferry/graph/node.hpp"

namespace ferry::cpu::engine {

// One step bound to one execution context's memory: everything it needs to run is made once,
// so that running allocates nothing.
class StepBinding {
 public:
  virtual ~StepBinding() = default;
  // Every copy it makes goes through device_copy into the memory's `copied` (device_copy.hpp).
  virtual void run() = 0;
};

// One step of a compiled graph: reads the values of its input slots, writes those of its
// output slots. Where the slots live is the execution context's business (ExecutionMemory).
class Step {
 public:
  static constexpr size_t kNoSlot = SIZE_MAX;

  // `type` and `name` default to the node's.
  Step(std::shared_ptr<const Node> node, std::string exec_type, std::string type = {}, std::string name = {})
      : m_node(std::move(node)),
        m_exec_type(std::move(exec_type)),
        m_type(type.empty() ? m_node->get_type_name() : std::move(type)),
        m_name(name.empty() ? m_node->get_friendly_name() : std::move(name)) {}
  virtual ~Step() = default;

  virtual std::unique_ptr<StepBinding> bind(ExecutionMemory& memory) const = 0;

  // The op the step stands for (the first of a fused chain).
  const Node& node() const { return *m_node; }
  const std::string& name() const { return m_name; }
  const std::string& type() const { return m_type; }
  // How it runs: "onednn", "onednn+bias+sum+relu", "reorder", "reference"...
  const std::string& exec_type() const { return m_exec_type; }

  std::vector<size_t> inputs;   // slots read
  std::vector<size_t> outputs;  // slots written
  // An input whose value the step adds into its output (oneDNN's sum post-op): the output may
  // take over that input's memory when nothing reads the input afterwards.
  size_t accumulates_into_output = kNoSlot;

 private:
  std::shared_ptr<const Node> m_node;
  std::string m_exec_type;
  std::string m_type;
  std::string m_name;
};

// Runs one op with its reference kernel (Node::evaluate) on plain memory.
std::unique_ptr<Step> make_reference_step(std::shared_ptr<const Node> node);

}  // namespace ferry::cpu::engine
