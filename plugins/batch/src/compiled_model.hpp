#pragma once

#include <memory>
#include <string>

#include "batch_collector.hpp"
#include "ferry/batch/properties.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"

namespace ferry::batch {

// AUTO_BATCH_TIMEOUT's value in milliseconds; throws naming `device` and the property when it is
// not a non-negative number.
uint32_t parse_timeout(const Any& value, const std::string& device);

// BATCH:DEVICE(N)'s compiled model: the user's batch-1 ports over two compiled models of the
// target device, one at batch N (run once per filled group of N requests) and one at batch 1 (for
// requests whose group did not fill within AUTO_BATCH_TIMEOUT ms).
class BatchCompiledModel final : public ICompiledModel {
 public:
  // `plugin`: the BATCH plugin; the context is the device's (when it has remote contexts).
  BatchCompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                     const std::string& device, size_t batch, SoPtr<ICompiledModel> batched,
                     SoPtr<ICompiledModel> single, uint32_t timeout_ms);

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  // The model the device runs: the batch-N one.
  std::shared_ptr<const Model> get_runtime_model() const override;
  // AUTO_BATCH_TIMEOUT here; anything else goes to the device's compiled models.
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

 private:
  std::string m_device;
  size_t m_batch;
  SoPtr<ICompiledModel> m_batched;  // also held by the collector; kept here for properties
  SoPtr<ICompiledModel> m_single;
  std::shared_ptr<BatchCollector> m_collector;
};

}  // namespace ferry::batch
