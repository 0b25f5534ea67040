// A Triton model configuration (config.pbtxt, as the JSON Triton hands the backend) read into
// what Ferry needs, checked against the model it names, and completed from it. Pure: no Triton
// call, so it is unit-tested without a server (model_config_test.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/any.hpp"

namespace ferry::serving::triton {

// A configuration or request that cannot be served: Triton reports the message as is.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TensorConfig {
  std::string name;
  element::Type type;
  std::vector<int64_t> dims;  // without the batch dimension when max_batch_size > 0; -1 = any
};

struct ModelConfig {
  std::string name;
  int64_t max_batch_size = 0;  // 0: the model is not batched by Triton; dims are whole shapes
  std::vector<TensorConfig> inputs;
  std::vector<TensorConfig> outputs;
  std::string default_model_filename;
  std::string device;  // parameters { key: "DEVICE" }; empty: the Core picks the best device
  AnyMap properties;   // every other parameter, passed to compile_model as a Ferry property
  std::string json;    // the configuration as Triton gave it
};

// Parses Triton's JSON form of a model configuration.
ModelConfig parse_model_config(const std::string& json);

// The model file of version directory `version_dir`: default_model_filename when the
// configuration sets it, else model.xml, else model.onnx.
std::string find_model_file(const std::string& version_dir, const ModelConfig& config);

// Checks the configuration against the model: every configured input and output names a tensor
// of the model, with its element type and a compatible shape; a batched configuration needs
// inputs whose first dimension can be the batch.
void check_against_model(const ModelConfig& config, const Model& model);

// The configuration's JSON with missing inputs and outputs filled in from the model (Triton's
// auto-complete); empty when nothing was missing.
std::string complete_from_model(const ModelConfig& config, const Model& model);

// The shape each input is compiled with: the configured dims (the model's dim where the config
// says -1) behind a batch dimension bounded by max_batch_size, so any batch up to it runs
// without recompiling.
std::map<std::string, PartialShape> compile_shapes(const ModelConfig& config, const Model& model);

// Triton's data type names ("TYPE_FP32") and Ferry's element types.
element::Type element_type_of_config(const std::string& data_type);
std::string config_data_type_of(const element::Type& type);

}  // namespace ferry::serving::triton
