// A plugin whose constructor throws: the error must reach the user as a ferry::Exception.
#include <stdexcept>

#include "ferry/plugin/plugin_entry.hpp"

namespace {

class FailingPlugin : public ferry::IPlugin {
 public:
  FailingPlugin() { throw std::runtime_error("no device found on this machine"); }
  std::shared_ptr<ferry::ICompiledModel> compile_model(const std::shared_ptr<const ferry::Model>&,
                                                       const ferry::AnyMap&) const override {
    return nullptr;
  }
  void set_property(const ferry::AnyMap&) override {}
  ferry::Any get_property(const std::string&, const ferry::AnyMap&) const override { return {}; }
  ferry::SupportedOpsMap query_model(const std::shared_ptr<const ferry::Model>&, const ferry::AnyMap&) const override {
    return {};
  }
};

}  // namespace

FERRY_DEFINE_PLUGIN(FailingPlugin)
