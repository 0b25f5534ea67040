#include <cctype>
#include <cstdlib>

#include "ferry/graph/op_registry.hpp"

namespace ferry {
namespace {

// "opset8" -> 8; anything else -> -1.
int opset_number(const std::string& version) {
  if (version.rfind("opset", 0) != 0 || version.size() == 5) return -1;
  for (size_t i = 5; i < version.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(version[i]))) return -1;
  return std::atoi(version.c_str() + 5);
}

}  // namespace

OpRegistry& OpRegistry::global() {
  static OpRegistry* registry = [] {
    auto* r = new OpRegistry();  // never destroyed: used from other static destructors
    register_builtin_ops(*r);
    return r;
  }();
  return *registry;
}

void OpRegistry::add(const DiscreteTypeInfo& info, Factory factory) {
  std::lock_guard<std::mutex> lock(m_mutex);
  Entry entry{info.name, info.version_id, std::move(factory), info};
  m_entries[{entry.name, entry.version}] = std::move(entry);
}

const OpRegistry::Factory* OpRegistry::find(const std::string& type_name, const std::string& version) const {
  auto exact = m_entries.find({type_name, version});
  if (exact != m_entries.end()) return &exact->second.factory;
  const int wanted = opset_number(version);
  if (wanted < 0) return nullptr;
  const Factory* best = nullptr;
  int best_opset = -1;
  for (auto it = m_entries.lower_bound({type_name, ""}); it != m_entries.end() && it->first.first == type_name; ++it) {
    const int opset = opset_number(it->first.second);
    if (opset >= 0 && opset <= wanted && opset > best_opset) {
      best_opset = opset;
      best = &it->second.factory;
    }
  }
  return best;
}

std::shared_ptr<Node> OpRegistry::create(const std::string& type_name, const std::string& version) const {
  Factory factory;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    const Factory* found = find(type_name, version);
    if (!found) {
      std::string known;
      for (const auto& entry : m_entries)
        if (entry.first.first == type_name) known += (known.empty() ? "" : ", ") + entry.first.second;
      Exception::raise(
          "no op '", type_name, "' of version '", version, "' is registered",
          known.empty() ? std::string(" (no version of it is known)") : " (known versions: " + known + ")");
    }
    factory = *found;
  }
  return factory();
}

bool OpRegistry::contains(const std::string& type_name, const std::string& version) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return find(type_name, version) != nullptr;
}

std::vector<DiscreteTypeInfo> OpRegistry::list() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  std::vector<DiscreteTypeInfo> result;
  for (const auto& entry : m_entries) result.push_back(entry.second.info);
  return result;
}

}  // namespace ferry
