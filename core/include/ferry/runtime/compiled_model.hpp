#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"

namespace ferry {

class ICompiledModel;

// A model compiled for a device. Cheap to copy (shared); outlives the Core that made it and
// keeps its plugin library loaded.
class CompiledModel {
 public:
  CompiledModel() = default;
  CompiledModel(std::shared_ptr<ICompiledModel> impl, std::vector<std::shared_ptr<void>> so);

  std::vector<Output<const Node>> inputs() const;
  const Output<const Node>& input() const;  // the model must have exactly one input
  const Output<const Node>& input(size_t index) const;
  const Output<const Node>& input(const std::string& tensor_name) const;
  std::vector<Output<const Node>> outputs() const;
  const Output<const Node>& output() const;
  const Output<const Node>& output(size_t index) const;
  const Output<const Node>& output(const std::string& tensor_name) const;

  InferRequest create_infer_request();
  void export_model(std::ostream& blob) const;
  std::shared_ptr<const Model> get_runtime_model() const;

  void set_property(const AnyMap& properties);
  template <typename... Properties>
  util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
    set_property(AnyMap{std::forward<Properties>(properties)...});
  }
  Any get_property(const std::string& name) const;
  template <typename T, PropertyMutability M>
  T get_property(const Property<T, M>& property) const {
    return get_property(property.name()).template as<T>();
  }

  RemoteContext get_context() const;

  explicit operator bool() const noexcept { return static_cast<bool>(m_impl); }
  const std::shared_ptr<ICompiledModel>& get_impl() const { return m_impl; }

 private:
  std::vector<std::shared_ptr<void>> m_so;
  std::shared_ptr<ICompiledModel> m_impl;
};

}  // namespace ferry
