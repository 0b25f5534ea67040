#include "model_config.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>

namespace ferry::serving::triton {
namespace {

using Json = nlohmann::json;

template <typename... Parts>
ConfigError config_error(const Parts&... parts) {
  std::ostringstream message;
  (message << ... << parts);
  return ConfigError(message.str());
}

const std::vector<std::pair<std::string, element::Type>>& data_types() {
  static const std::vector<std::pair<std::string, element::Type>> table = {
      {"TYPE_BOOL", element::boolean}, {"TYPE_UINT8", element::u8},   {"TYPE_UINT16", element::u16},
      {"TYPE_UINT32", element::u32},   {"TYPE_UINT64", element::u64}, {"TYPE_INT8", element::i8},
      {"TYPE_INT16", element::i16},    {"TYPE_INT32", element::i32},  {"TYPE_INT64", element::i64},
      {"TYPE_FP16", element::f16},     {"TYPE_FP32", element::f32},   {"TYPE_FP64", element::f64},
      {"TYPE_BF16", element::bf16},
  };
  return table;
}

// Triton writes int64 fields of the configuration as JSON strings, int32 fields as numbers.
int64_t integer_of(const Json& value, const std::string& what) {
  if (value.is_number_integer()) return value.get<int64_t>();
  if (value.is_string()) {
    try {
      size_t used = 0;
      const int64_t parsed = std::stoll(value.get<std::string>(), &used);
      if (used == value.get<std::string>().size()) return parsed;
    } catch (const std::exception&) {
    }
  }
  throw config_error(what, ": '", value.dump(), "' is not an integer");
}

std::vector<TensorConfig> tensors_of(const Json& config, const char* field) {
  std::vector<TensorConfig> tensors;
  if (!config.contains(field)) return tensors;
  for (const Json& entry : config.at(field)) {
    TensorConfig tensor;
    tensor.name = entry.value("name", "");
    if (tensor.name.empty()) throw config_error(field, ": an entry has no name");
    tensor.type = element_type_of_config(entry.value("data_type", "TYPE_INVALID"));
    if (entry.contains("allow_ragged_batch") && entry.at("allow_ragged_batch") != false)
      throw config_error(field, " '", tensor.name,
                         "': allow_ragged_batch is not supported by Ferry's backend: a batch runs requests of one "
                         "shape (but for the batch dimension); remove it, or pad the requests to one shape");
    if (entry.contains("dims"))
      for (const Json& dim : entry.at("dims")) {
        tensor.dims.push_back(integer_of(dim, std::string(field) + " '" + tensor.name + "' dims"));
        if (tensor.dims.back() < -1)
          throw config_error(field, " '", tensor.name, "': dimension ", tensor.dims.back(), " is negative");
      }
    tensors.push_back(std::move(tensor));
  }
  return tensors;
}

template <typename Port>
const Port* find_port(const std::vector<Port>& ports, const std::string& name) {
  for (const Port& port : ports)
    if (port.get_names().count(name)) return &port;
  return nullptr;
}

template <typename Port>
std::string port_names(const std::vector<Port>& ports) {
  std::string names;
  for (const Port& port : ports) names += (names.empty() ? "'" : ", '") + port.get_any_name() + "'";
  return names;
}

// The model's shape for the configured tensor, without the batch dimension when batched.
PartialShape unbatched_shape(const ModelConfig& config, const PartialShape& shape, const std::string& what) {
  if (shape.rank().is_dynamic()) throw config_error(what, ": the model gives it no fixed rank");
  if (config.max_batch_size == 0) return shape;
  if (shape.size() == 0)
    throw config_error(what, ": max_batch_size is ", config.max_batch_size,
                       " but the model's tensor is a scalar, with no batch dimension");
  std::vector<Dimension> dims(shape.begin() + 1, shape.end());
  return PartialShape(dims);
}

void check_tensor(const ModelConfig& config, const TensorConfig& tensor, const element::Type& model_type,
                  const PartialShape& model_shape, const std::string& what) {
  if (tensor.type != model_type)
    throw config_error(what, ": data_type ", config_data_type_of(tensor.type), " but the model's tensor is ",
                       model_type.get_type_name(), " (", config_data_type_of(model_type), ")");
  const PartialShape shape = unbatched_shape(config, model_shape, what);
  bool fits = shape.size() == tensor.dims.size();
  for (size_t i = 0; fits && i < tensor.dims.size(); ++i)
    fits = tensor.dims[i] == -1 || shape[i].contains(tensor.dims[i]);
  if (!fits) {
    std::ostringstream dims;
    for (size_t i = 0; i < tensor.dims.size(); ++i) dims << (i ? "," : "") << tensor.dims[i];
    throw config_error(what, ": dims [", dims.str(), "] do not fit the model's shape ", model_shape.to_string(),
                       config.max_batch_size > 0 ? " (its first dimension is the batch)" : "");
  }
}

Json tensor_json(const ModelConfig& config, const std::string& name, const element::Type& type,
                 const PartialShape& shape) {
  Json dims = Json::array();
  for (const Dimension& dim : unbatched_shape(config, shape, "'" + name + "'"))
    dims.push_back(dim.is_static() ? dim.get_length() : -1);
  return Json{{"name", name}, {"data_type", config_data_type_of(type)}, {"dims", dims}};
}

ModelConfig read_model_config(const Json& config, const std::string& json) {
  ModelConfig result;
  result.json = json;
  result.name = config.value("name", "");
  if (config.contains("max_batch_size"))
    result.max_batch_size = integer_of(config.at("max_batch_size"), "max_batch_size");
  if (result.max_batch_size < 0) throw config_error("max_batch_size is ", result.max_batch_size, ", below 0");
  result.default_model_filename = config.value("default_model_filename", "");
  result.inputs = tensors_of(config, "input");
  result.outputs = tensors_of(config, "output");
  if (config.contains("parameters"))
    for (const auto& [key, value] : config.at("parameters").items()) {
      if (!value.contains("string_value") || !value.at("string_value").is_string())
        throw config_error("parameter '", key, "' has no string_value");
      const std::string text = value.at("string_value").get<std::string>();
      if (key == "DEVICE")
        result.device = text;
      else
        result.properties[key] = text;
    }
  return result;
}

}  // namespace

element::Type element_type_of_config(const std::string& data_type) {
  for (const auto& [name, type] : data_types())
    if (name == data_type) return type;
  throw config_error("data_type ", data_type,
                     " is not supported by Ferry (TYPE_STRING has no Ferry element type; supported: TYPE_FP32, "
                     "TYPE_FP16, TYPE_BF16, TYPE_FP64, TYPE_INT8..64, TYPE_UINT8..64, TYPE_BOOL)");
}

std::string config_data_type_of(const element::Type& type) {
  for (const auto& [name, known] : data_types())
    if (known == type) return name;
  throw config_error("element type ", type.get_type_name(), " has no Triton data type");
}

ModelConfig parse_model_config(const std::string& json) {
  Json config;
  try {
    config = Json::parse(json);
  } catch (const Json::exception& error) {  // not JSON, or a number beyond a double (out_of_range)
    throw config_error("the model configuration is not JSON: ", error.what());
  }
  try {
    return read_model_config(config, json);
  } catch (const Json::exception& error) {  // a field of the wrong JSON type
    throw config_error("the model configuration is malformed: ", error.what());
  }
}

std::string find_model_file(const std::string& version_dir, const ModelConfig& config) {
  namespace fs = std::filesystem;
  const std::vector<std::string> candidates = config.default_model_filename.empty()
                                                  ? std::vector<std::string>{"model.xml", "model.onnx"}
                                                  : std::vector<std::string>{config.default_model_filename};
  for (const std::string& candidate : candidates) {
    const fs::path path = fs::path(version_dir) / candidate;
    if (fs::is_regular_file(path)) return path.string();
  }
  std::string tried;
  for (const std::string& candidate : candidates) tried += (tried.empty() ? "" : " or ") + candidate;
  throw config_error("no model file in ", version_dir, ": looked for ", tried);
}

void check_against_model(const ModelConfig& config, const Model& model) {
  const auto inputs = model.inputs();
  const auto outputs = model.outputs();
  auto check_all = [&](const std::vector<TensorConfig>& tensors, const auto& ports, const std::string& kind) {
    for (const TensorConfig& tensor : tensors) {
      const auto* port = find_port(ports, tensor.name);
      if (!port)
        throw config_error(kind, " '", tensor.name, "' is not an ", kind, " of the model (its ", kind,
                           "s: ", port_names(ports), ")");
      check_tensor(config, tensor, port->get_element_type(), port->get_partial_shape(),
                   kind + " '" + tensor.name + "'");
    }
  };
  check_all(config.inputs, inputs, "input");
  check_all(config.outputs, outputs, "output");
  if (!config.inputs.empty() && config.inputs.size() != inputs.size()) {
    for (const auto& port : inputs) {
      bool configured = false;
      for (const TensorConfig& input : config.inputs) configured |= port.get_names().count(input.name) > 0;
      if (!configured)
        throw config_error("the model's input '", port.get_any_name(), "' is missing from the configuration");
    }
  }
}

std::string complete_from_model(const ModelConfig& config, const Model& model) {
  Json json = Json::parse(config.json);
  auto describe = [&](const auto& ports) {
    Json tensors = Json::array();
    for (const auto& port : ports)
      tensors.push_back(tensor_json(config, port.get_any_name(), port.get_element_type(), port.get_partial_shape()));
    return tensors;
  };
  if (config.inputs.empty()) json["input"] = describe(model.inputs());
  if (config.outputs.empty()) json["output"] = describe(model.outputs());
  return config.inputs.empty() || config.outputs.empty() ? json.dump() : std::string();
}

std::map<std::string, PartialShape> compile_shapes(const ModelConfig& config, const Model& model) {
  std::map<std::string, PartialShape> shapes;
  const auto inputs = model.inputs();
  for (const TensorConfig& input : config.inputs) {
    const auto* port = find_port(inputs, input.name);
    if (!port) throw config_error("input '", input.name, "' is not an input of the model");
    const PartialShape model_shape = unbatched_shape(config, port->get_partial_shape(), "input '" + input.name + "'");
    std::vector<Dimension> dims;
    if (config.max_batch_size > 0) dims.emplace_back(1, config.max_batch_size);
    for (size_t i = 0; i < input.dims.size(); ++i)
      dims.push_back(input.dims[i] == -1 ? model_shape[i] : Dimension(input.dims[i]));
    shapes[input.name] = PartialShape(dims);
  }
  return shapes;
}

}  // namespace ferry::serving::triton
