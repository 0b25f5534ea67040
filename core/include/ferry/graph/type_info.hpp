#pragma once

#include <cstring>
#include <ostream>
#include <string>

namespace ferry {

// Identifies an op class: its IR type name ("Add") and the opset that introduced this version
// ("opset1"), which OpenVINO IR writes as the layer's `version` attribute.
struct DiscreteTypeInfo {
  const char* name;
  const char* version_id;

  std::string to_string() const { return std::string(name) + "/" + version_id; }
  bool operator==(const DiscreteTypeInfo& other) const {
    return std::strcmp(name, other.name) == 0 && std::strcmp(version_id, other.version_id) == 0;
  }
  bool operator!=(const DiscreteTypeInfo& other) const { return !(*this == other); }
  bool operator<(const DiscreteTypeInfo& other) const {
    const int by_name = std::strcmp(name, other.name);
    return by_name != 0 ? by_name < 0 : std::strcmp(version_id, other.version_id) < 0;
  }
};

inline std::ostream& operator<<(std::ostream& out, const DiscreteTypeInfo& info) { return out << info.to_string(); }

}  // namespace ferry

// Declares an op class's type information; put it in the public part of every concrete op.
#define FERRY_OP(TYPE_NAME, VERSION_ID)                                 \
  static const ::ferry::DiscreteTypeInfo& get_type_info_static() {      \
    static const ::ferry::DiscreteTypeInfo info{TYPE_NAME, VERSION_ID}; \
    return info;                                                        \
  }                                                                     \
  const ::ferry::DiscreteTypeInfo& get_type_info() const override { return get_type_info_static(); }
