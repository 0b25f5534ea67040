#include "support/npu_test.hpp"

#include <level_zero/ze_api.h>
#include <limits.h>
#include <stdlib.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/ir_test_util.hpp"

namespace ferry::npu::test {
namespace {

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  FERRY_ASSERT(file, "cannot read ", path);
  return std::vector<char>(std::istreambuf_iterator<char>(file), {});
}

std::vector<float> read_floats(const std::string& path) {
  const std::vector<char> bytes = read_bytes(path);
  std::vector<float> values(bytes.size() / sizeof(float));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
  return values;
}

}  // namespace

namespace {

ze_driver_handle_t simulator_driver() {
  FERRY_ASSERT(zeInit(0) == ZE_RESULT_SUCCESS, "zeInit failed");
  uint32_t count = 1;
  ze_driver_handle_t driver = nullptr;
  FERRY_ASSERT(zeDriverGet(&count, &driver) == ZE_RESULT_SUCCESS && driver, "no Level Zero driver");
  return driver;
}

template <typename Function>
Function simulator_function(const char* name) {
  void* address = nullptr;
  FERRY_ASSERT(zeDriverGetExtensionFunctionAddress(simulator_driver(), name, &address) == ZE_RESULT_SUCCESS,
               "the driver has no ", name);
  return reinterpret_cast<Function>(address);
}

}  // namespace

uint64_t driver_copied_bytes() {
  uint64_t bytes = 0;
  simulator_function<ferry_simulator_get_copied_bytes_t>(FERRY_SIMULATOR_GET_COPIED_BYTES)(simulator_driver(), &bytes);
  return bytes;
}

void fail_next_executions(uint32_t count, int32_t result) {
  const auto fail = simulator_function<ferry_simulator_fail_executions_t>(FERRY_SIMULATOR_FAIL_EXECUTIONS);
  FERRY_ASSERT(fail(simulator_driver(), count, static_cast<ze_result_t>(result)) == ZE_RESULT_SUCCESS,
               "ferrySimulatorFailExecutions failed");
}

void hold_executions(bool hold) {
  const auto set = simulator_function<ferry_simulator_hold_executions_t>(FERRY_SIMULATOR_HOLD_EXECUTIONS);
  FERRY_ASSERT(set(simulator_driver(), hold ? 1 : 0) == ZE_RESULT_SUCCESS, "ferrySimulatorHoldExecutions failed");
}

uint32_t held_executions() {
  const auto get = simulator_function<ferry_simulator_get_held_executions_t>(FERRY_SIMULATOR_GET_HELD_EXECUTIONS);
  uint32_t count = 0;
  FERRY_ASSERT(get(simulator_driver(), &count) == ZE_RESULT_SUCCESS, "ferrySimulatorGetHeldExecutions failed");
  return count;
}

ShippedModel shipped_model(const std::string& name) {
  const std::string dir = ir_test::openvino_models_dir();
  ShippedModel shipped;
  shipped.model = Core().read_model(dir + name + ".xml");
  std::istringstream io(ir_test::read_text(dir + name + ".io.txt"));
  for (std::string line; std::getline(io, line);) {
    std::istringstream fields(line);
    std::string kind, port, type, file;
    size_t rank = 0;
    fields >> kind >> port >> type >> rank;
    std::vector<size_t> dims(rank);
    for (auto& dim : dims) fields >> dim;
    const Shape shape(dims);
    fields >> file;
    if (kind == "input" && shipped.input.empty()) {
      shipped.input_shape = shape;
      shipped.input = read_floats(dir + file);
    } else if (kind == "output" && shipped.expected.empty()) {
      shipped.expected = read_floats(dir + file);
    }
  }
  return shipped;
}

std::vector<float> values_of(const Tensor& tensor) {
  const auto* data = tensor.data<const float>();
  return std::vector<float>(data, data + tensor.get_size());
}

float max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return std::numeric_limits<float>::infinity();
  float worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

}  // namespace ferry::npu::test
