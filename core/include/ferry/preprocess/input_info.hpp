#pragma once

#include "ferry/preprocess/input_model_info.hpp"
#include "ferry/preprocess/input_tensor_info.hpp"
#include "ferry/preprocess/preprocess_steps.hpp"

namespace ferry {
namespace preprocess {

// One model input's pre-processing: the application's tensor, the steps, the model's side.
class InputInfo {
 public:
  InputInfo() = default;
  InputInfo(const InputInfo&) = delete;
  InputInfo& operator=(const InputInfo&) = delete;

  InputTensorInfo& tensor() { return m_tensor; }
  PreProcessSteps& preprocess() { return m_steps; }
  InputModelInfo& model() { return m_model; }

 private:
  friend class PrePostProcessor;
  InputTensorInfo m_tensor;
  PreProcessSteps m_steps;
  InputModelInfo m_model;
};

}  // namespace preprocess
}  // namespace ferry
