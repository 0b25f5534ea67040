// Model::get_rt_info / has_rt_info / set_rt_info by path through nested AnyMaps.
#include "ferry/graph/model.hpp"

namespace ferry {
namespace {

std::string path_text(const std::vector<std::string>& path, size_t length) {
  std::string text;
  for (size_t i = 0; i < length && i < path.size(); ++i) text += (i ? "/" : "") + path[i];
  return text;
}

}  // namespace

const Any& Model::rt_info_at(const std::vector<std::string>& path) const {
  FERRY_ASSERT(!path.empty(), "model '", get_friendly_name(), "': get_rt_info: the path is empty");
  const AnyMap* map = &m_rt_info;
  for (size_t i = 0;; ++i) {
    const auto found = map->find(path[i]);
    FERRY_ASSERT(found != map->end(), "model '", get_friendly_name(), "' has no rt_info '", path_text(path, i + 1),
                 "'");
    if (i + 1 == path.size()) return found->second;
    FERRY_ASSERT(found->second.is<AnyMap>(), "model '", get_friendly_name(), "': rt_info '", path_text(path, i + 1),
                 "' is not a map, so it has no '", path[i + 1], "'");
    map = &found->second.as<AnyMap>();
  }
}

bool Model::has_rt_info(const std::vector<std::string>& path) const {
  const AnyMap* map = &m_rt_info;
  for (size_t i = 0; i < path.size(); ++i) {
    const auto found = map->find(path[i]);
    if (found == map->end()) return false;
    if (i + 1 == path.size()) return true;
    if (!found->second.is<AnyMap>()) return false;
    map = &found->second.as<AnyMap>();
  }
  return false;
}

Any& Model::rt_info_slot(const std::vector<std::string>& path) {
  FERRY_ASSERT(!path.empty(), "model '", get_friendly_name(), "': set_rt_info: the path is empty");
  AnyMap* map = &m_rt_info;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    Any& entry = (*map)[path[i]];
    if (entry.empty()) entry = AnyMap{};
    FERRY_ASSERT(entry.is<AnyMap>(), "model '", get_friendly_name(), "': rt_info '", path_text(path, i + 1),
                 "' is not a map, so it cannot hold '", path[i + 1], "'");
    map = &entry.as<AnyMap>();
  }
  return (*map)[path.back()];
}

}  // namespace ferry
