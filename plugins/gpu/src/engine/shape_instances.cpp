#include "shape_instances.hpp"

#include <algorithm>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/parameter.hpp"

namespace ferry::gpu {
namespace {

std::string input_name(const op::v0::Parameter& parameter, size_t index) {
  const auto& names = parameter.output(0).get_names();
  const std::string name = names.empty() ? parameter.get_friendly_name() : *names.begin();
  return "input " + std::to_string(index) + " '" + name + "'";
}

}  // namespace

std::string to_string(const ShapeSignature& shapes) {
  std::ostringstream text;
  for (size_t i = 0; i < shapes.size(); ++i) text << (i ? ", " : "") << shapes[i];
  return text.str();
}

ShapeInstances::ShapeInstances(std::shared_ptr<const Model> model, std::shared_ptr<DeviceContext> context,
                               std::shared_ptr<WeightStore> weights, size_t capacity, element::Type precision)
    : m_model(std::move(model)),
      m_context(std::move(context)),
      m_weights(std::move(weights)),
      m_capacity(std::max<size_t>(capacity, 1)),
      m_precision(precision) {}

void ShapeInstances::check_bounds(const ShapeSignature& shapes) const {
  const auto& parameters = m_model->get_parameters();
  FERRY_ASSERT(shapes.size() == parameters.size(), "GPU: model '", m_model->get_friendly_name(), "' has ",
               parameters.size(), " inputs, but ", shapes.size(), " input shapes were given");
  for (size_t i = 0; i < parameters.size(); ++i) {
    const PartialShape& bound = parameters[i]->get_partial_shape();
    FERRY_ASSERT(PartialShape(shapes[i]).refines(bound), "GPU: ", input_name(*parameters[i], i), " of model '",
                 m_model->get_friendly_name(), "' has shape ", shapes[i], ", outside its declared shape ", bound,
                 bound.rank().is_static() && bound.size() != shapes[i].size() ? " (a different rank)" : "");
  }
}

std::shared_ptr<const CompiledGraph> ShapeInstances::make(const ShapeSignature& shapes) const {
  std::shared_ptr<Model> instance;
  {
    std::lock_guard<std::mutex> lock(m_clone_mutex);
    instance = m_model->clone();
  }
  std::map<size_t, PartialShape> reshape;
  for (size_t i = 0; i < shapes.size(); ++i) reshape[i] = PartialShape(shapes[i]);
  try {
    instance->reshape(reshape);
    if (m_precision == element::f16) instance = lower_to_f16(*instance, gpu_runs_in_place, &m_half_constants);
    return std::make_shared<const CompiledGraph>(instance, m_context, m_weights);
  } catch (const Exception& e) {
    Exception::raise("GPU cannot run model '", m_model->get_friendly_name(), "' for input shapes ", to_string(shapes),
                     ": ", e.what());
  }
}

std::shared_ptr<const CompiledGraph> ShapeInstances::get(const ShapeSignature& shapes) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_entries.find(shapes);
    if (found != m_entries.end()) {
      m_recency.splice(m_recency.begin(), m_recency, found->second.recency);
      return found->second.graph;
    }
  }
  check_bounds(shapes);
  // Made outside the lock: requests running cached shapes do not wait for it. Two requests making
  // the same new instance at once keep the first one cached (the weights are shared either way).
  auto graph = make(shapes);
  std::lock_guard<std::mutex> lock(m_mutex);
  ++m_made;
  const auto found = m_entries.find(shapes);
  if (found != m_entries.end()) {
    m_recency.splice(m_recency.begin(), m_recency, found->second.recency);
    return found->second.graph;
  }
  m_recency.push_front(shapes);
  m_entries[shapes] = Entry{graph, m_recency.begin()};
  while (m_entries.size() > m_capacity) {
    m_entries.erase(m_recency.back());
    m_recency.pop_back();
  }
  return graph;
}

size_t ShapeInstances::size() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_entries.size();
}

size_t ShapeInstances::made() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_made;
}

}  // namespace ferry::gpu
