#include "plugins_xml.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "pugixml.hpp"

namespace ferry {

std::vector<PluginDescriptor> parse_plugins_xml(const std::string& text, const std::string& origin,
                                                const std::string& base_dir) {
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
  FERRY_ASSERT(parsed, "plugins.xml '", origin, "' is malformed: ", parsed.description(), " at offset ", parsed.offset);
  const pugi::xml_node plugins = doc.child("ie").child("plugins");
  FERRY_ASSERT(plugins, "plugins.xml '", origin, "' has no <ie><plugins> element");

  std::vector<PluginDescriptor> result;
  std::set<std::string> names;
  size_t index = 0;
  for (const pugi::xml_node plugin : plugins.children("plugin")) {
    ++index;
    PluginDescriptor descriptor;
    descriptor.name = plugin.attribute("name").as_string();
    std::string location = plugin.attribute("location").as_string();
    FERRY_ASSERT(!descriptor.name.empty(), "plugins.xml '", origin, "': <plugin> #", index, " has no 'name' attribute");
    FERRY_ASSERT(!location.empty(), "plugins.xml '", origin, "': plugin '", descriptor.name,
                 "' has no 'location' attribute");
    FERRY_ASSERT(descriptor.name.find_first_of(".:(), ") == std::string::npos, "plugins.xml '", origin,
                 "': plugin name '", descriptor.name, "' may not contain '.', ':', ',', '(' or ')'");
    FERRY_ASSERT(names.insert(descriptor.name).second, "plugins.xml '", origin, "': device name '", descriptor.name,
                 "' is registered twice");
    // A bare file name ("libx.so") is left to the dynamic loader's search; a path is resolved
    // against the XML's folder.
    const std::filesystem::path path(location);
    if (path.is_relative() && location.find('/') != std::string::npos)
      location = (std::filesystem::path(base_dir) / path).lexically_normal().string();
    else if (path.is_relative() && !base_dir.empty() && std::filesystem::exists(std::filesystem::path(base_dir) / path))
      location = (std::filesystem::path(base_dir) / path).lexically_normal().string();
    descriptor.location = location;
    for (const pugi::xml_node property : plugin.child("properties").children("property")) {
      const std::string key = property.attribute("key").as_string();
      FERRY_ASSERT(!key.empty(), "plugins.xml '", origin, "': plugin '", descriptor.name,
                   "' has a <property> without 'key'");
      FERRY_ASSERT(property.attribute("value"), "plugins.xml '", origin, "': plugin '", descriptor.name, "' property '",
                   key, "' has no 'value'");
      descriptor.properties[key] = property.attribute("value").as_string();
    }
    result.push_back(std::move(descriptor));
  }
  return result;
}

std::vector<PluginDescriptor> parse_plugins_xml_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  FERRY_ASSERT(in, "plugins.xml '", path, "' cannot be opened (missing or unreadable)");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string base_dir = std::filesystem::absolute(path).parent_path().string();
  return parse_plugins_xml(text.str(), path, base_dir);
}

}  // namespace ferry
