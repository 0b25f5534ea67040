#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"
#include "partition.hpp"

namespace ferry::hetero {

// One subgraph compiled on its device.
struct CompiledSubgraph {
  std::string device;
  SoPtr<ICompiledModel> compiled;     // with its plugin library
  std::vector<SubgraphInput> inputs;  // one per input port of `compiled`
  // Runs this subgraph's stage of every request of the compiled model: as many threads as the
  // device wants requests in flight, so the stages of different requests overlap.
  std::shared_ptr<threading::ITaskExecutor> stage;
};

// HETERO's compiled model: the subgraphs, each compiled on its device through the core, and where
// each input and output of the model is bound. It owns no kernels and no memory for tensors: its
// requests bind the devices' own tensors to each other.
class HeteroCompiledModel final : public ICompiledModel {
 public:
  HeteroCompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                      std::string device_name, std::vector<CompiledSubgraph> subgraphs,
                      std::vector<OutputSource> outputs, std::string partition_text);

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  // The subgraphs' own blobs in one container (plugin.cpp's import_model reads it).
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  const std::vector<CompiledSubgraph>& subgraphs() const { return m_subgraphs; }
  const std::vector<OutputSource>& output_sources() const { return m_outputs; }

 private:
  std::shared_ptr<const Model> m_model;
  std::string m_device_name;
  std::vector<CompiledSubgraph> m_subgraphs;  // in the order they run
  std::vector<OutputSource> m_outputs;
  std::string m_partition_text;
};

}  // namespace ferry::hetero
