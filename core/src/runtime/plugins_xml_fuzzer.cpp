// Fuzzes the plugins.xml parser: any input either parses or throws ferry::Exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ferry/base/exception.hpp"
#include "plugins_xml.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    ferry::parse_plugins_xml(text, "fuzz.xml", "/nonexistent-base");
  } catch (const ferry::Exception&) {
  }
  return 0;
}
