#include "precision_pass.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convert.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "primitive.hpp"

namespace ferry::gpu {
namespace {

using ValueKey = std::pair<const Node*, size_t>;  // an output of the original model

// The original node's name, rt_info and port data on its rebuilt copy.
void carry_over(const Node& from, Node& to) {
  to.set_friendly_name(from.get_friendly_name());
  to.get_rt_info() = from.get_rt_info();
  for (size_t i = 0; i < from.get_input_size() && i < to.get_input_size(); ++i)
    to.input_slot(i).rt_info = from.input_slot(i).rt_info;
  for (size_t i = 0; i < from.get_output_size() && i < to.get_output_size(); ++i) {
    if (!is_type<op::v0::Result>(&from))
      to.output(i).set_names(from.output_slot(i).names ? *from.output_slot(i).names : TensorNames{});
    to.output_slot(i).rt_info = from.output_slot(i).rt_info;
  }
}

std::shared_ptr<Node> half_constant(const op::v0::Constant& constant, HalfConstants& constants) {
  auto copy = std::make_shared<op::v0::Constant>(element::f16, constant.get_shape(), constants.get(constant));
  copy->set_friendly_name(constant.get_friendly_name());
  copy->get_rt_info() = constant.get_rt_info();
  return copy;
}

std::shared_ptr<Node> convert(const Output<Node>& value, const element::Type& type) {
  auto node = std::make_shared<op::v0::Convert>(value, type);
  node->set_friendly_name(value.get_node()->get_friendly_name() + (type == element::f16 ? "/to_f16" : "/to_f32"));
  return node;
}

class Lowering {
 public:
  Lowering(const HalfSupport& supports, HalfConstants& constants) : m_supports(supports), m_constants(constants) {}

  std::shared_ptr<Model> run(const Model& model) {
    ParameterVector parameters;
    ResultVector results;
    for (const auto& node : model.get_ordered_ops()) {
      if (is_type<op::v0::Result>(node)) {
        results.push_back(std::static_pointer_cast<op::v0::Result>(rebuild_result(*node)));
        continue;
      }
      const std::shared_ptr<Node> copy = is_type<op::v0::Parameter>(node) || is_type<op::v0::Constant>(node)
                                             ? node->clone_with_new_inputs({})
                                             : rebuild(*node);
      carry_over(*node, *copy);
      for (size_t i = 0; i < node->get_output_size(); ++i) m_value[{node.get(), i}] = copy->output(i);
      m_copies[node.get()] = copy;
    }
    for (const auto& parameter : model.get_parameters())
      parameters.push_back(std::static_pointer_cast<op::v0::Parameter>(m_copies.at(parameter.get())));
    // Results in the model's order (get_ordered_ops may list them otherwise).
    ResultVector ordered;
    for (const auto& result : model.get_results()) ordered.push_back(m_results.at(result.get()));
    auto lowered = std::make_shared<Model>(ordered, parameters, model.get_friendly_name());
    lowered->get_rt_info() = model.get_rt_info();
    return lowered;
  }

 private:
  using Pending = std::map<ValueKey, Output<Node>>;

  // The value standing for original output `key` with the original's element type (f32 views
  // of lowered values go through one shared Convert).
  Output<Node> as_original(const Output<Node>& original) {
    const ValueKey key{original.get_node(), original.get_index()};
    const Output<Node>& current = m_value.at(key);
    if (current.get_element_type() == original.get_element_type()) return current;
    auto found = m_f32.find(key);
    if (found == m_f32.end()) found = m_f32.emplace(key, convert(current, element::f32)->output(0)).first;
    return found->second;
  }

  // An f16 value standing for f32 original output `original`: lowered already, an f16 copy of a
  // Constant, or a Convert (new ones go to `pending` until the node reading them is kept).
  Output<Node> as_half(const Output<Node>& original, Pending& pending) {
    const ValueKey key{original.get_node(), original.get_index()};
    const Output<Node>& current = m_value.at(key);
    if (current.get_element_type() == element::f16) return current;
    if (const auto found = m_f16.find(key); found != m_f16.end()) return found->second;
    if (const auto found = pending.find(key); found != pending.end()) return found->second;
    std::shared_ptr<Node> half;
    if (const auto constant = as_type_ptr<op::v0::Constant>(current.get_node_shared_ptr()))
      half = half_constant(*constant, m_constants);
    else
      half = convert(current, element::f16);
    return pending.emplace(key, half->output(0)).first->second;
  }

  // `node` with f16 storage when the device runs it so, else with its original types.
  std::shared_ptr<Node> rebuild(const Node& node) {
    bool has_f32 = false;
    for (size_t i = 0; i < node.get_input_size(); ++i) has_f32 |= node.get_input_element_type(i) == element::f32;
    for (size_t i = 0; i < node.get_output_size(); ++i) has_f32 |= node.get_output_element_type(i) == element::f32;
    if (has_f32) {
      Pending pending;
      if (std::shared_ptr<Node> half = try_half(node, pending)) {
        m_f16.insert(pending.begin(), pending.end());
        return half;
      }
    }  // a rejected attempt's nodes are gone here: none of them stays a consumer of a value
    OutputVector inputs;
    for (const auto& input : node.input_values()) inputs.push_back(as_original(input));
    return node.clone_with_new_inputs(inputs);
  }

  std::shared_ptr<Node> try_half(const Node& node, Pending& pending) {
    OutputVector inputs;
    for (const auto& input : node.input_values())
      inputs.push_back(input.get_element_type() == element::f32 ? as_half(input, pending) : as_original(input));
    std::shared_ptr<Node> half;
    try {
      const auto* to = dynamic_cast<const op::v0::Convert*>(&node);
      if (to && to->get_destination_type() == element::f32)
        half = std::make_shared<op::v0::Convert>(inputs.at(0), element::f16);  // to f32, stored as f16
      else
        half = node.clone_with_new_inputs(inputs);
    } catch (const Exception&) {
      return nullptr;  // the op does not accept f16 inputs
    }
    for (size_t i = 0; i < node.get_output_size(); ++i) {
      const element::Type& was = node.get_output_element_type(i);
      if (half->get_output_element_type(i) != (was == element::f32 ? element::f16 : was)) return nullptr;
    }
    return m_supports(*half) ? half : nullptr;
  }

  // A Result reads the original type; when a Convert makes that f32 view, the output's tensor
  // names move onto the Convert.
  std::shared_ptr<Node> rebuild_result(const Node& result) {
    const Output<Node> original = result.input_value(0);
    const Output<Node> current = m_value.at({original.get_node(), original.get_index()});
    const Output<Node> value = as_original(original);
    if (value != current) {
      value.set_names(current.get_names());
      current.set_names(TensorNames{});
    }
    auto copy = result.clone_with_new_inputs({value});
    copy->set_friendly_name(result.get_friendly_name());
    copy->get_rt_info() = result.get_rt_info();
    m_results[&result] = std::static_pointer_cast<op::v0::Result>(copy);
    return copy;
  }

  HalfSupport m_supports;
  HalfConstants& m_constants;
  std::map<ValueKey, Output<Node>> m_value;  // original output -> its rebuilt value
  std::map<ValueKey, Output<Node>> m_f16;    // f16 views of f32 values kept as f32
  std::map<ValueKey, Output<Node>> m_f32;    // f32 views of lowered values
  std::map<const Node*, std::shared_ptr<Node>> m_copies;
  std::map<const Node*, std::shared_ptr<op::v0::Result>> m_results;
};

bool is_reshape_like(const Node& node) {
  const std::string type = node.get_type_name();
  return type == "Reshape" || type == "Squeeze" || type == "Unsqueeze";
}

}  // namespace

std::shared_ptr<AlignedBuffer> HalfConstants::get(const op::v0::Constant& constant) {
  const size_t count = shape_size(constant.get_shape());
  const float* data = constant.get_data_ptr<float>();
  std::lock_guard<std::mutex> lock(m_mutex);
  Entry& entry = m_entries[{data, count}];
  if (entry.half) return entry.half;
  constexpr float kHalfMax = 65504.0f;
  entry.source = constant.get_data_buffer();
  entry.half = std::make_shared<AlignedBuffer>(count * sizeof(float16));
  auto* half = reinterpret_cast<float16*>(entry.half->data());
  for (size_t i = 0; i < count; ++i) {
    const float value = data[i];
    half[i] = std::isfinite(value) ? float16(std::min(std::max(value, -kHalfMax), kHalfMax)) : float16(value);
  }
  return entry.half;
}

bool gpu_runs_in_place(const Node& node) {
  if (is_reshape_like(node) && all_static(node) && node.get_output_size() == 1 &&
      node.get_output_element_type(0) == node.get_input_element_type(0))
    return true;
  return find_primitive(node) != nullptr;
}

std::shared_ptr<Model> lower_to_f16(const Model& model, const HalfSupport& supports, HalfConstants* constants) {
  FERRY_ASSERT(!model.is_dynamic(), "GPU f16 precision pass: model '", model.get_friendly_name(),
               "' has dynamic shapes; it applies to a static instance");
  HalfConstants local;
  return Lowering(supports, constants ? *constants : local).run(model);
}

}  // namespace ferry::gpu
