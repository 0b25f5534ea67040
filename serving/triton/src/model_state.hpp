// One Triton model version served by Ferry: its configuration, checked and completed against
// the model file, and the model compiled once for the configured device. Instances share the
// compiled model; each runs its own infer request (instance_state.hpp).
#pragma once

#include <memory>
#include <string>

#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "model_config.hpp"
#include "triton_api.h"

namespace ferry::serving::triton {

class ModelState {
 public:
  // Reads, completes and checks the configuration, reads the model and compiles it; throws
  // ConfigError / ferry::Exception naming what is wrong (the model then fails to load).
  ModelState(TRITONBACKEND_Model* model, Core& core);

  const ModelConfig& config() const { return m_config; }
  CompiledModel& compiled_model() { return m_compiled; }

 private:
  ModelConfig m_config;
  CompiledModel m_compiled;
};

}  // namespace ferry::serving::triton
