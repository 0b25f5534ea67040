#include "model_state.hpp"

#include <filesystem>

#include "triton_call.hpp"

namespace ferry::serving::triton {
namespace {

std::string config_json(TRITONBACKEND_Model* model) {
  TRITONSERVER_Message* message = nullptr;
  FERRY_TRITON_CALL(TRITONBACKEND_ModelConfig(model, 1, &message));
  const char* base = nullptr;
  size_t size = 0;
  TRITONSERVER_Error* error = TRITONSERVER_MessageSerializeToJson(message, &base, &size);
  std::string json = error ? std::string() : std::string(base, size);
  TRITONSERVER_MessageDelete(message);
  FERRY_TRITON_CALL(error);
  return json;
}

void set_config_json(TRITONBACKEND_Model* model, const std::string& json) {
  TRITONSERVER_Message* message = nullptr;
  FERRY_TRITON_CALL(TRITONSERVER_MessageNewFromSerializedJson(&message, json.data(), json.size()));
  TRITONSERVER_Error* error = TRITONBACKEND_ModelSetConfig(model, 1, message);
  TRITONSERVER_MessageDelete(message);
  FERRY_TRITON_CALL(error);
}

bool shapes_differ(const Model& model, const std::map<std::string, PartialShape>& shapes) {
  for (const auto& port : model.inputs())
    for (const auto& [name, shape] : shapes)
      if (port.get_names().count(name) && port.get_partial_shape() != shape) return true;
  return false;
}

}  // namespace

ModelState::ModelState(TRITONBACKEND_Model* model, Core& core) {
  const char* name = nullptr;
  uint64_t version = 0;
  TRITONBACKEND_ArtifactType artifact_type{};
  const char* repository = nullptr;
  FERRY_TRITON_CALL(TRITONBACKEND_ModelName(model, &name));
  FERRY_TRITON_CALL(TRITONBACKEND_ModelVersion(model, &version));
  FERRY_TRITON_CALL(TRITONBACKEND_ModelRepository(model, &artifact_type, &repository));
  if (artifact_type != TRITONBACKEND_ARTIFACT_FILESYSTEM)
    throw ConfigError("model '" + std::string(name) + "': only models on a file system are supported");

  m_config = parse_model_config(config_json(model));
  const std::string model_file =
      find_model_file((std::filesystem::path(repository) / std::to_string(version)).string(), m_config);
  const std::shared_ptr<Model> ferry_model = core.read_model(model_file);

  bool auto_complete = false;
  FERRY_TRITON_CALL(TRITONBACKEND_ModelAutoCompleteConfig(model, &auto_complete));
  if (auto_complete) {
    const std::string completed = complete_from_model(m_config, *ferry_model);
    if (!completed.empty()) {
      set_config_json(model, completed);
      m_config = parse_model_config(config_json(model));  // Triton may add fields of its own
    }
  }
  if (m_config.inputs.empty())
    throw ConfigError("the configuration lists no inputs and auto-complete is off: list the model's inputs");
  check_against_model(m_config, *ferry_model);

  const auto shapes = compile_shapes(m_config, *ferry_model);
  if (shapes_differ(*ferry_model, shapes)) ferry_model->reshape(shapes);
  m_compiled = m_config.device.empty() ? core.compile_model(ferry_model, m_config.properties)
                                       : core.compile_model(ferry_model, m_config.device, m_config.properties);
  log_message(TRITONSERVER_LOG_INFO,
              "ferry: model '" + std::string(name) + "' version " + std::to_string(version) + " (" + model_file +
                  ") compiled for " + (m_config.device.empty() ? std::string("the default device") : m_config.device));
}

}  // namespace ferry::serving::triton
