#pragma once

#include <memory>
#include <vector>

#include "ferry/plugin/isync_infer_request.hpp"

namespace loop_device {

class LoopCompiledModel;

// Runs a LoopProgram. ISyncInferRequest keeps the input and output tensors and checks them; this
// class owns the value slots, allocated once here so that an inference allocates nothing.
class LoopInferRequest final : public ferry::ISyncInferRequest {
 public:
  explicit LoopInferRequest(const std::shared_ptr<const LoopCompiledModel>& compiled_model);

  void infer() override;

 private:
  std::shared_ptr<const LoopCompiledModel> m_compiled_model;
  std::vector<std::vector<float>> m_slots;
};

}  // namespace loop_device
