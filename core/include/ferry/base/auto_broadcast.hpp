#pragma once

#include <cstdint>
#include <string>

namespace ferry {
namespace op {

// How an elementwise op aligns inputs of different shapes (IR attribute "auto_broadcast").
enum class AutoBroadcastType { NONE, NUMPY, PDPD };

struct AutoBroadcastSpec {
  AutoBroadcastSpec(AutoBroadcastType t = AutoBroadcastType::NONE, int64_t a = -1)  // NOLINT
      : type(t), axis(a) {}
  AutoBroadcastType type;
  int64_t axis;  // PDPD only: where the second input starts in the first; -1 aligns trailing axes

  bool operator==(const AutoBroadcastSpec& other) const { return type == other.type && axis == other.axis; }
  bool operator!=(const AutoBroadcastSpec& other) const { return !(*this == other); }
};

}  // namespace op
}  // namespace ferry
