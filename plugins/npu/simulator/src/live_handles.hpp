#pragma once

#include <mutex>
#include <unordered_set>

namespace ferry::npu::simulator {

// The objects of one type that are alive, so that a handle from another driver, a destroyed
// object or garbage is recognised before it is dereferenced. Objects register in their
// constructor and leave in their destructor.
template <class T>
class LiveHandles {
 public:
  static void add(const void* object) {
    Registry& registry = m_registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    registry.live.insert(object);
  }
  static void remove(const void* object) {
    Registry& registry = m_registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    registry.live.erase(object);
  }
  // The object behind `handle`, or nullptr when no live object of this type has that address.
  template <class Handle>
  static T* find(Handle handle) {
    const void* address = reinterpret_cast<const void*>(handle);
    Registry& registry = m_registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    return registry.live.count(address) ? static_cast<T*>(const_cast<void*>(address)) : nullptr;
  }

 private:
  struct Registry {
    std::mutex mutex;
    std::unordered_set<const void*> live;
  };
  // Never destroyed, as the device is: an application may release its objects from its own
  // exit-time destructors (a static ferry::Core), after this library's statics would be gone.
  static Registry& m_registry() {
    static Registry* registry = new Registry();
    return *registry;
  }
};

// First base of every handle object (which is not polymorphic, so `this` is the object's
// address): registration for the object's whole lifetime.
template <class T>
class Live {
 public:
  Live() { LiveHandles<T>::add(this); }
  ~Live() { LiveHandles<T>::remove(this); }
  Live(const Live&) = delete;
  Live& operator=(const Live&) = delete;
};

}  // namespace ferry::npu::simulator
