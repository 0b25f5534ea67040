#pragma once

#include <string>

namespace ferry {

// Where a Core without an explicit plugins.xml looks, in order: $FERRY_PLUGINS_XML; plugins.xml
// next to libferry.so; in a Bazel run or test, the in-tree plugins/plugins.xml in the runfiles.
// Empty when none exists.
std::string default_plugins_xml();

}  // namespace ferry
