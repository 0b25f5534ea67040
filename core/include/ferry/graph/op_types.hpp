#pragma once

#include <ostream>
#include <utility>
#include <vector>

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/base/enum_names.hpp"

namespace ferry {
namespace op {

// How a window op pads (IR attribute "auto_pad").
enum class PadType { EXPLICIT, SAME_LOWER, SAME_UPPER, VALID, NOTSET = EXPLICIT };

// How a window op rounds its output length (IR attribute "rounding_type").
enum class RoundingType { FLOOR, CEIL, CEIL_TORCH };

}  // namespace op

template <>
struct EnumNames<op::PadType> {
  static const std::vector<std::pair<const char*, op::PadType>>& table() {
    static const std::vector<std::pair<const char*, op::PadType>> names = {{"explicit", op::PadType::EXPLICIT},
                                                                           {"same_upper", op::PadType::SAME_UPPER},
                                                                           {"same_lower", op::PadType::SAME_LOWER},
                                                                           {"valid", op::PadType::VALID},
                                                                           {"notset", op::PadType::NOTSET}};
    return names;
  }
};

template <>
struct EnumNames<op::RoundingType> {
  static const std::vector<std::pair<const char*, op::RoundingType>>& table() {
    static const std::vector<std::pair<const char*, op::RoundingType>> names = {
        {"floor", op::RoundingType::FLOOR},
        {"ceil", op::RoundingType::CEIL},
        {"ceil_torch", op::RoundingType::CEIL_TORCH}};
    return names;
  }
};

template <>
struct EnumNames<op::AutoBroadcastType> {
  static const std::vector<std::pair<const char*, op::AutoBroadcastType>>& table() {
    static const std::vector<std::pair<const char*, op::AutoBroadcastType>> names = {
        {"numpy", op::AutoBroadcastType::NUMPY},
        {"none", op::AutoBroadcastType::NONE},
        {"pdpd", op::AutoBroadcastType::PDPD},
        {"explicit", op::AutoBroadcastType::NONE}};
    return names;
  }
};

namespace op {
inline std::ostream& operator<<(std::ostream& out, PadType v) { return out << enum_to_string(v); }
inline std::ostream& operator<<(std::ostream& out, RoundingType v) { return out << enum_to_string(v); }
inline std::ostream& operator<<(std::ostream& out, AutoBroadcastType v) { return out << enum_to_string(v); }
}  // namespace op

}  // namespace ferry
