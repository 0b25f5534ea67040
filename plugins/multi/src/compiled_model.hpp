#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"

namespace ferry::multi {

// MULTI's compiled model: one compiled model per device; create_infer_request takes devices in
// turn (round robin), so N concurrent requests spread over the devices. It has no remote context
// of its own (get_context refuses, naming MULTI): its devices may have none.
class MultiCompiledModel final : public ICompiledModel {
 public:
  MultiCompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                     std::vector<std::string> devices, std::vector<SoPtr<ICompiledModel>> compiled);

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

 private:
  std::vector<std::string> m_devices;
  // With their plugin libraries. The requests handed out are the devices' own: the core keeps
  // the devices' libraries for them (with this compiled model's, ICore::compile_model).
  std::vector<SoPtr<ICompiledModel>> m_compiled;
  mutable std::atomic<size_t> m_next{0};
};

}  // namespace ferry::multi
