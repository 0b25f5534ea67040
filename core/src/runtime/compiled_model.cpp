#include "ferry/runtime/compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "port_lookup.hpp"

namespace ferry {

CompiledModel::CompiledModel(std::shared_ptr<ICompiledModel> impl, std::vector<std::shared_ptr<void>> so)
    : m_so(std::move(so)), m_impl(std::move(impl)) {
  FERRY_ASSERT(m_impl, "CompiledModel: null implementation");
}

#define FERRY_CHECK_COMPILED_MODEL() FERRY_ASSERT(m_impl, "CompiledModel is empty (default-constructed)")

std::vector<Output<const Node>> CompiledModel::inputs() const {
  FERRY_CHECK_COMPILED_MODEL();
  return m_impl->inputs();
}

std::vector<Output<const Node>> CompiledModel::outputs() const {
  FERRY_CHECK_COMPILED_MODEL();
  return m_impl->outputs();
}

const Output<const Node>& CompiledModel::input() const {
  FERRY_CHECK_COMPILED_MODEL();
  return single_port(m_impl->inputs(), "input");
}

const Output<const Node>& CompiledModel::input(size_t index) const {
  FERRY_CHECK_COMPILED_MODEL();
  return port_at(m_impl->inputs(), index, "input");
}

const Output<const Node>& CompiledModel::input(const std::string& tensor_name) const {
  FERRY_CHECK_COMPILED_MODEL();
  return port_named(m_impl->inputs(), tensor_name, "input");
}

const Output<const Node>& CompiledModel::output() const {
  FERRY_CHECK_COMPILED_MODEL();
  return single_port(m_impl->outputs(), "output");
}

const Output<const Node>& CompiledModel::output(size_t index) const {
  FERRY_CHECK_COMPILED_MODEL();
  return port_at(m_impl->outputs(), index, "output");
}

const Output<const Node>& CompiledModel::output(const std::string& tensor_name) const {
  FERRY_CHECK_COMPILED_MODEL();
  return port_named(m_impl->outputs(), tensor_name, "output");
}

InferRequest CompiledModel::create_infer_request() {
  FERRY_CHECK_COMPILED_MODEL();
  return InferRequest(m_impl->create_infer_request(), m_so);
}

void CompiledModel::export_model(std::ostream& blob) const {
  FERRY_CHECK_COMPILED_MODEL();
  m_impl->export_model(blob);
}

std::shared_ptr<const Model> CompiledModel::get_runtime_model() const {
  FERRY_CHECK_COMPILED_MODEL();
  return m_impl->get_runtime_model();
}

void CompiledModel::set_property(const AnyMap& properties) {
  FERRY_CHECK_COMPILED_MODEL();
  m_impl->set_property(properties);
}

Any CompiledModel::get_property(const std::string& name) const {
  FERRY_CHECK_COMPILED_MODEL();
  return m_impl->get_property(name);
}

RemoteContext CompiledModel::get_context() const {
  FERRY_CHECK_COMPILED_MODEL();
  return RemoteContext(m_impl->get_context(), m_so);
}

}  // namespace ferry
