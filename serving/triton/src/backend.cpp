// libtriton_ferry.so: Triton's entry points for models whose configuration says
// backend: "ferry". Each one is a thin shell over ModelState / InstanceState; what they throw
// returns to Triton as an error carrying Ferry's message.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "ferry/runtime/core.hpp"
#include "instance_state.hpp"
#include "model_state.hpp"
#include "triton_api.h"
#include "triton_call.hpp"

namespace ferry::serving::triton {
namespace {

// The backend's settings: tritonserver --backend-config=ferry,<setting>=<value>.
//   plugins-xml   the plugins.xml the Core loads (default: FERRY_PLUGINS_XML, else the one
//                 next to libferry.so)
std::string plugins_xml_setting(TRITONBACKEND_Backend* backend) {
  TRITONSERVER_Message* message = nullptr;
  FERRY_TRITON_CALL(TRITONBACKEND_BackendConfig(backend, &message));  // owned by Triton
  const char* base = nullptr;
  size_t size = 0;
  FERRY_TRITON_CALL(TRITONSERVER_MessageSerializeToJson(message, &base, &size));
  const nlohmann::json config = nlohmann::json::parse(std::string(base, size), nullptr, false);
  if (config.is_discarded() || !config.contains("cmdline")) return {};
  const nlohmann::json& cmdline = config.at("cmdline");
  for (const auto& [key, value] : cmdline.items())
    if (key != "plugins-xml" && key != "auto-complete-config" && key != "backend-directory" &&
        key != "default-max-batch-size" && key != "min-compute-capability")
      log_message(TRITONSERVER_LOG_WARN, "ferry: unknown backend setting '" + key + "' ignored");
  return cmdline.contains("plugins-xml") && cmdline.at("plugins-xml").is_string()
             ? cmdline.at("plugins-xml").get<std::string>()
             : std::string();
}

template <typename State, typename Getter, typename Handle>
State& state_of(Getter getter, Handle* handle) {
  void* state = nullptr;
  FERRY_TRITON_CALL(getter(handle, &state));
  if (!state) throw TritonError(TRITONSERVER_ERROR_INTERNAL, "ferry: the backend state is missing");
  return *static_cast<State*>(state);
}

// Hands `state` to Triton's handle (the matching delete_state frees it).
template <typename State, typename Setter, typename Handle>
void adopt_state(Setter setter, Handle* handle, std::unique_ptr<State> state) {
  FERRY_TRITON_CALL(setter(handle, state.get()));
  state.release();
}

template <typename State, typename Getter, typename Handle>
TRITONSERVER_Error* delete_state(Getter getter, Handle* handle) {
  return guarded([&] {
    void* state = nullptr;
    FERRY_TRITON_CALL(getter(handle, &state));
    delete static_cast<State*>(state);
  });
}

}  // namespace
}  // namespace ferry::serving::triton

using ferry::serving::triton::adopt_state;
using ferry::serving::triton::delete_state;
using ferry::serving::triton::guarded;
using ferry::serving::triton::InstanceState;
using ferry::serving::triton::ModelState;
using ferry::serving::triton::state_of;
using ferry::serving::triton::TritonError;

extern "C" {

TRITONSERVER_Error* TRITONBACKEND_Initialize(TRITONBACKEND_Backend* backend) {
  return guarded([&] {
    uint32_t major = 0, minor = 0;
    FERRY_TRITON_CALL(TRITONBACKEND_ApiVersion(&major, &minor));
    if (major != TRITONBACKEND_API_VERSION_MAJOR || minor < TRITONBACKEND_API_VERSION_MINOR)
      throw TritonError(TRITONSERVER_ERROR_UNSUPPORTED,
                        "ferry: this Triton implements backend API " + std::to_string(major) + "." +
                            std::to_string(minor) + "; Ferry's backend needs " +
                            std::to_string(TRITONBACKEND_API_VERSION_MAJOR) + "." +
                            std::to_string(TRITONBACKEND_API_VERSION_MINOR) + " or a later minor version");
    adopt_state(TRITONBACKEND_BackendSetState, backend,
                std::make_unique<ferry::Core>(ferry::serving::triton::plugins_xml_setting(backend)));
  });
}

TRITONSERVER_Error* TRITONBACKEND_Finalize(TRITONBACKEND_Backend* backend) {
  return delete_state<ferry::Core>(TRITONBACKEND_BackendState, backend);
}

TRITONSERVER_Error* TRITONBACKEND_ModelInitialize(TRITONBACKEND_Model* model) {
  return guarded([&] {
    TRITONBACKEND_Backend* backend = nullptr;
    FERRY_TRITON_CALL(TRITONBACKEND_ModelBackend(model, &backend));
    auto& core = state_of<ferry::Core>(TRITONBACKEND_BackendState, backend);
    adopt_state(TRITONBACKEND_ModelSetState, model, std::make_unique<ModelState>(model, core));
  });
}

TRITONSERVER_Error* TRITONBACKEND_ModelFinalize(TRITONBACKEND_Model* model) {
  return delete_state<ModelState>(TRITONBACKEND_ModelState, model);
}

TRITONSERVER_Error* TRITONBACKEND_ModelInstanceInitialize(TRITONBACKEND_ModelInstance* instance) {
  return guarded([&] {
    TRITONBACKEND_Model* model = nullptr;
    FERRY_TRITON_CALL(TRITONBACKEND_ModelInstanceModel(instance, &model));
    auto& model_state = state_of<ModelState>(TRITONBACKEND_ModelState, model);
    adopt_state(TRITONBACKEND_ModelInstanceSetState, instance, std::make_unique<InstanceState>(instance, model_state));
  });
}

TRITONSERVER_Error* TRITONBACKEND_ModelInstanceFinalize(TRITONBACKEND_ModelInstance* instance) {
  return delete_state<InstanceState>(TRITONBACKEND_ModelInstanceState, instance);
}

TRITONSERVER_Error* TRITONBACKEND_ModelInstanceExecute(TRITONBACKEND_ModelInstance* instance,
                                                       TRITONBACKEND_Request** requests, const uint32_t count) {
  // Errors returned here would hand the requests back to Triton; execute() answers and releases
  // every request itself, so only a missing state can fail the call.
  return guarded([&] { state_of<InstanceState>(TRITONBACKEND_ModelInstanceState, instance).execute(requests, count); });
}

}  // extern "C"
