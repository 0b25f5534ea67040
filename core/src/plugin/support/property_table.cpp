#include "ferry/plugin/support/property_table.hpp"

namespace ferry::sdk {

std::string value_text(const Any& value) {
  try {
    return value.as<std::string>();
  } catch (const std::exception&) {
    return "<" + value.type_name() + ">";
  }
}

}  // namespace ferry::sdk
