#pragma once

// Small assertions and queries the test files share.

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::conformance {

inline void expect_near(const std::vector<float>& actual, const std::vector<float>& expected, float tolerance = 1e-4f) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(actual[i], expected[i], tolerance) << "element " << i;
}

// The message of the ferry::Exception `action` throws; a failure when it throws nothing.
inline std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Exception& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a ferry::Exception";
  return {};
}

inline std::vector<PropertyName> supported_keys(const Core& core, const std::string& device) {
  return core.get_property(device, supported_properties);
}

inline bool supports(const Core& core, const std::string& device, const std::string& key) {
  const auto keys = supported_keys(core, device);
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

inline bool has_capability(const Core& core, const std::string& device, const std::string& capability) {
  if (!supports(core, device, device::capabilities.name())) return false;
  const std::vector<std::string> caps = core.get_property(device, device::capabilities);
  return std::find(caps.begin(), caps.end(), capability) != caps.end();
}

}  // namespace ferry::conformance
