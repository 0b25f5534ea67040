#pragma once

// LOOP: a tiny out-of-tree Ferry device, built only from the installed SDK headers and
// libferry.so. It runs Relu and Add with plain loops on the CPU. See docs/INSTALL.md.

#include "ferry/plugin/iplugin.hpp"

namespace loop_device {

class LoopPlugin final : public ferry::IPlugin {
 public:
  LoopPlugin();

  std::shared_ptr<ferry::ICompiledModel> compile_model(const std::shared_ptr<const ferry::Model>& model,
                                                       const ferry::AnyMap& properties) const override;
  void set_property(const ferry::AnyMap& properties) override;  // nothing is settable
  ferry::Any get_property(const std::string& name, const ferry::AnyMap& arguments) const override;
  ferry::SupportedOpsMap query_model(const std::shared_ptr<const ferry::Model>& model,
                                     const ferry::AnyMap& properties) const override;
};

}  // namespace loop_device
