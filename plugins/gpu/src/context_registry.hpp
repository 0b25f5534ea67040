#pragma once

// The plugin's remote contexts. The default context of a device wraps the plugin's own OpenCL
// context on it and is shared by every model compiled without a context, for as long as the
// plugin's device list (GPU_OPENCL_DEVICE_TYPES) stays the same; reset() replaces them after it
// changes. Contexts made from parameters are kept by identity (OpenCL context, device, queue)
// while they live, so passing a context's get_params() to Core::create_context gives back the
// same context, and its tensors stay usable with the models compiled for it; VA_SHARED contexts
// likewise by VA display and device. Thread-safe.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "engine/device_context.hpp"
#include "ferry/value/any.hpp"
#include "remote_context.hpp"

namespace ferry::gpu {

struct ContextRequest;

class ContextRegistry {
 public:
  // `device_name`: the plugin's ("GPU"); `pool`: the plugin's own OpenCL contexts.
  ContextRegistry(std::string device_name, ContextPool& pool) : m_device_name(std::move(device_name)), m_pool(pool) {}

  std::shared_ptr<RemoteContext> get_default(const DeviceEntry& entry);
  // params: CONTEXT_TYPE, OCL_CONTEXT (absent: a new OpenCL context on `fallback`, the device the
  // DEVICE_ID argument names), OCL_CONTEXT_DEVICE_ID, TILE_ID, OCL_QUEUE. The context's device
  // must be one of `devices` (and `fallback` when a DEVICE_ID was given). Throws naming what is
  // wrong.
  std::shared_ptr<RemoteContext> create(const AnyMap& params, const std::vector<DeviceEntry>& devices,
                                        const std::optional<DeviceEntry>& requested);
  void reset();

 private:
  using Key = std::tuple<cl_context, cl_device_id, cl_command_queue>;
  std::shared_ptr<RemoteContext> find(const Key& key);
  // CONTEXT_TYPE VA_SHARED: a context over the VA display's sharing (va_surface_sharing.hpp), one
  // per display and device while it lives.
  std::shared_ptr<RemoteContext> create_va(const ContextRequest& request, const std::vector<DeviceEntry>& devices,
                                           const std::optional<DeviceEntry>& requested);
  std::string name_of(const DeviceEntry& entry) const { return m_device_name + "." + entry.id; }

  std::string m_device_name;
  ContextPool& m_pool;
  std::mutex m_mutex;
  std::map<std::string, std::shared_ptr<RemoteContext>> m_defaults;  // by device id
  std::map<Key, std::weak_ptr<RemoteContext>> m_shared;
  std::map<std::pair<void*, std::string>, std::weak_ptr<RemoteContext>> m_va;  // by VA display, device id
};

}  // namespace ferry::gpu
