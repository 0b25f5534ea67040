#pragma once

#include <memory>

#include "ferry/plugin/icompiled_model.hpp"
#include "loop_program.hpp"

namespace loop_device {

class LoopPlugin;

// A model compiled for LOOP: the model's ports (kept by ICompiledModel) and its LoopProgram.
// Infer requests share it read-only, so any number of them may run at once.
class LoopCompiledModel final : public ferry::ICompiledModel {
 public:
  LoopCompiledModel(const std::shared_ptr<const ferry::Model>& model, const std::shared_ptr<const LoopPlugin>& plugin);

  std::shared_ptr<ferry::ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;  // refuses: LOOP has no blob format
  std::shared_ptr<const ferry::Model> get_runtime_model() const override { return m_model; }
  void set_property(const ferry::AnyMap& properties) override;
  ferry::Any get_property(const std::string& name) const override;

  const LoopProgram& program() const { return m_program; }

 private:
  std::shared_ptr<const ferry::Model> m_model;
  LoopProgram m_program;
};

}  // namespace loop_device
