#pragma once

// What the NPU plugin's tests share: the simulated NPU behind the real Level Zero loader (set up
// before main, so the plugin's zeInit finds it), the driver's own copy counter, and the shipped
// IR models with OpenVINO's outputs.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::npu::test {

// Bytes the simulated device has copied since it loaded (its ferrySimulatorGetCopiedBytes).
uint64_t driver_copied_bytes();
// Makes the simulated device's next `count` graph executions fail with `result`, as a device lost
// mid-inference (its ferrySimulatorFailExecutions).
void fail_next_executions(uint32_t count, int32_t result);
// Holds the simulated device's graph executions (ferrySimulatorHoldExecutions) until released,
// and how many wait now.
void hold_executions(bool hold);
uint32_t held_executions();

// testing/models/openvino/<name>.xml and the first input and output of its .io.txt.
struct ShippedModel {
  std::shared_ptr<Model> model;
  Shape input_shape;
  std::vector<float> input;
  std::vector<float> expected;  // OpenVINO CPU's output
};
ShippedModel shipped_model(const std::string& name);

// Tensor elements as floats.
std::vector<float> values_of(const Tensor& tensor);
// max |a - b| over elements; infinity when the sizes differ.
float max_difference(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace ferry::npu::test
