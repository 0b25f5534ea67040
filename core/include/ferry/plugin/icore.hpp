#pragma once

// What the core offers the plugins it loads (IPlugin::get_core()): plugins that run on other
// devices (MULTI, BATCH) compile and query them through it, exactly as an application would,
// so that device names, plugins.xml, properties and the model cache work the same for them.
// It hands out SDK objects only (ICompiledModel, with the libraries that keep it alive): the SDK
// does not depend on the runtime API (docs/ARCHITECTURE.md).

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/supported_ops.hpp"

namespace ferry {

class ICore {
 public:
  virtual ~ICore() = default;

  // Core::compile_model(model, device_name, properties): any device name, "GPU.1" or "MULTI:...".
  // The compiled model comes with the plugin libraries it needs (`_so`): keep the SoPtr, or its
  // `_so`, as long as the compiled model or anything made from it (infer requests, their
  // tensors, its context) lives, e.g. SoPtr<IAsyncInferRequest>(compiled->create_infer_request(),
  // compiled).
  virtual SoPtr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                              const AnyMap& properties) const = 0;
  // Core::query_model(model, device_name, properties) of a device (not a virtual one).
  virtual SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                      const AnyMap& properties) const = 0;
  // Core::get_property(device_name, name, arguments) of a device (not a virtual one).
  virtual Any get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const = 0;
  // Core::import_model(blob, device_name, properties): what ICompiledModel::export_model of that
  // device wrote (HETERO's blob holds its subgraphs'; plugin API version 4).
  virtual SoPtr<ICompiledModel> import_model(std::istream& blob, const std::string& device_name,
                                             const AnyMap& properties) const = 0;
  // Core::get_available_devices(): every device the registered plugins report, "GPU.0", "CPU"
  // (AUTO's candidates when it is given none; plugin API version 5).
  virtual std::vector<std::string> get_available_devices() const = 0;
};

}  // namespace ferry
