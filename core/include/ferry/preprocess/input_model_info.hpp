#pragma once

#include <memory>

#include "ferry/base/layout.hpp"

namespace ferry {
namespace preprocess {

struct ModelPortSettings;

// What the model's input is, where the model does not say it itself.
class InputModelInfo {
 public:
  InputModelInfo();
  ~InputModelInfo();
  InputModelInfo(const InputModelInfo&) = delete;
  InputModelInfo& operator=(const InputModelInfo&) = delete;

  // The model input's layout (default: the layout its Parameter carries). Must fit its shape.
  InputModelInfo& set_layout(const Layout& layout);

 private:
  friend class PrePostProcessor;
  std::unique_ptr<ModelPortSettings> m_settings;
};

}  // namespace preprocess
}  // namespace ferry
