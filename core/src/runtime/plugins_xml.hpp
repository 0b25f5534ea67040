#pragma once

#include <map>
#include <string>
#include <vector>

namespace ferry {

// One <plugin> entry of a plugins.xml.
struct PluginDescriptor {
  std::string name;                               // device name it registers ("GPU")
  std::string location;                           // library path; relative paths resolved against the XML's folder
  std::map<std::string, std::string> properties;  // <properties><property key value/>
};

// Parses OpenVINO's plugins.xml schema: <ie><plugins><plugin name location>[<properties>...].
// Throws ferry::Exception naming the file and the cause (missing, malformed, missing attribute,
// duplicate name).
std::vector<PluginDescriptor> parse_plugins_xml_file(const std::string& path);
// Parses XML text; `origin` names it in errors, `base_dir` resolves relative locations.
std::vector<PluginDescriptor> parse_plugins_xml(const std::string& text, const std::string& origin,
                                                const std::string& base_dir);

}  // namespace ferry
