#include "context_registry.hpp"

#include <algorithm>

#include "engine/cl_error.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/gpu/remote_properties.hpp"
#include "va_surface_sharing.hpp"

namespace ferry::gpu {

// What create_context was given.
struct ContextRequest {
  cl_context context = nullptr;
  int device_index = 0;
  int tile = -1;
  cl_command_queue queue = nullptr;
  bool va_shared = false;                // CONTEXT_TYPE VA_SHARED
  std::optional<void*> va_display;       // VA_DEVICE
  std::optional<VaSharingPath> va_path;  // GPU_VA_SHARING_PATH (get_params given back)
};

namespace {

// A handle parameter's value: given, it must not be null (OpenVINO refuses a null handle too,
// where taking it would silently make a new context or queue instead of sharing the caller's).
void* handle_of(const std::string& device_name, const std::string& key, const Any& value) {
  void* handle = value.as<void*>();
  FERRY_ASSERT(handle, device_name, " create_context: ", key, " is null; pass the application's handle, or leave ", key,
               " out for a context of the plugin's own");
  return handle;
}

ContextRequest read_request(const std::string& device_name, const AnyMap& params) {
  ContextRequest request;
  for (const auto& [key, value] : params) {
    if (key == context_type.name()) {
      request.va_shared = value.as<ContextType>() == ContextType::VA_SHARED;
    } else if (key == va_device.name()) {
      request.va_display = handle_of(device_name, key, value);
    } else if (key == va_sharing_path.name()) {
      request.va_path = value.as<VaSharingPath>();
    } else if (key == ocl_context.name()) {
      request.context = static_cast<cl_context>(handle_of(device_name, key, value));
    } else if (key == ocl_context_device_id.name()) {
      request.device_index = value.as<int>();
    } else if (key == tile_id.name()) {
      request.tile = value.as<int>();
    } else if (key == ocl_queue.name()) {
      request.queue = static_cast<cl_command_queue>(handle_of(device_name, key, value));
    } else if (key != "DEVICE_ID") {
      Exception::raise(device_name, " create_context: unknown parameter '", key, "' (known: ", context_type.name(),
                       ", ", ocl_context.name(), ", ", ocl_context_device_id.name(), ", ", tile_id.name(), ", ",
                       ocl_queue.name(), ", ", va_device.name(), ", ", va_sharing_path.name(), ")");
    }
  }
  return request;
}

std::vector<cl_device_id> context_devices(const std::string& device_name, cl_context context) {
  size_t bytes = 0;
  cl_check(clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, nullptr, &bytes), device_name,
           " create_context: clGetContextInfo(CL_CONTEXT_DEVICES) of OCL_CONTEXT");
  std::vector<cl_device_id> devices(bytes / sizeof(cl_device_id));
  cl_check(clGetContextInfo(context, CL_CONTEXT_DEVICES, bytes, devices.data(), nullptr), device_name,
           " create_context: clGetContextInfo(CL_CONTEXT_DEVICES) of OCL_CONTEXT");
  return devices;
}

}  // namespace

std::shared_ptr<RemoteContext> ContextRegistry::get_default(const DeviceEntry& entry) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& context = m_defaults[entry.id];
  if (!context) context = std::make_shared<RemoteContext>(name_of(entry), m_pool.get(entry), ClQueue(), 0);
  return context;
}

std::shared_ptr<RemoteContext> ContextRegistry::find(const Key& key) {
  // Called with m_mutex held.
  for (const auto& [id, context] : m_defaults)
    if (Key{context->cl(), context->device_context()->device(), nullptr} == key) return context;
  const auto found = m_shared.find(key);
  if (found == m_shared.end()) return nullptr;
  return found->second.lock();
}

std::shared_ptr<RemoteContext> ContextRegistry::create(const AnyMap& params, const std::vector<DeviceEntry>& devices,
                                                       const std::optional<DeviceEntry>& requested) {
  const ContextRequest request = read_request(m_device_name, params);
  if (request.va_shared || request.va_display) return create_va(request, devices, requested);
  if (!request.context) {
    // No OpenCL context given: a new one of the plugin's, on the requested device (default: the first).
    FERRY_ASSERT(!request.queue, m_device_name, " create_context: OCL_QUEUE needs its OCL_CONTEXT");
    FERRY_ASSERT(requested || !devices.empty(), m_device_name, " create_context: no OpenCL device found");
    const DeviceEntry& entry = requested ? *requested : devices.front();
    auto device = std::make_shared<DeviceContext>(entry, m_pool.counters(entry.id), m_pool.offline());
    auto context = std::make_shared<RemoteContext>(name_of(entry), std::move(device), ClQueue(), 0);
    std::lock_guard<std::mutex> lock(m_mutex);
    m_shared[{context->cl(), context->device_context()->device(), nullptr}] = context;
    return context;
  }

  const std::vector<cl_device_id> in_context = context_devices(m_device_name, request.context);
  FERRY_ASSERT(request.device_index >= 0 && request.device_index < static_cast<int>(in_context.size()), m_device_name,
               " create_context: OCL_CONTEXT_DEVICE_ID ", request.device_index,
               " is not a device of the OpenCL context ", static_cast<void*>(request.context), " (it has ",
               in_context.size(), ")");
  const cl_device_id device = in_context[request.device_index];
  const auto entry = std::find_if(devices.begin(), devices.end(),
                                  [&](const DeviceEntry& candidate) { return candidate.device.get() == device; });
  std::string ids;
  for (const auto& candidate : devices) ids += (ids.empty() ? "" : ", ") + candidate.id;
  FERRY_ASSERT(entry != devices.end(), m_device_name, " create_context: device ", request.device_index,
               " of the OpenCL context ", static_cast<void*>(request.context), " (",
               device_string(device, CL_DEVICE_NAME),
               ") is none of the plugin's devices (AVAILABLE_DEVICES: ", ids.empty() ? "none" : ids,
               "; GPU_OPENCL_DEVICE_TYPES selects which OpenCL devices those are)");
  FERRY_ASSERT(!requested || requested->id == entry->id, m_device_name,
               " create_context: the OpenCL context's device is ", m_device_name, ".", entry->id,
               ", not the requested ", m_device_name, ".", requested->id);
  const int tile = entry->id.find('.') == std::string::npos ? -1 : std::stoi(entry->id.substr(entry->id.find('.') + 1));
  FERRY_ASSERT(request.tile == -1 || request.tile == tile, m_device_name, " create_context: TILE_ID ", request.tile,
               " does not match the OpenCL context's device ", m_device_name, ".", entry->id,
               " (a tile is chosen by making the OpenCL context on that sub-device)");
  if (request.queue) {
    cl_context queue_context = nullptr;
    cl_device_id queue_device = nullptr;
    cl_check(clGetCommandQueueInfo(request.queue, CL_QUEUE_CONTEXT, sizeof(queue_context), &queue_context, nullptr),
             m_device_name, " create_context: clGetCommandQueueInfo of OCL_QUEUE");
    cl_check(clGetCommandQueueInfo(request.queue, CL_QUEUE_DEVICE, sizeof(queue_device), &queue_device, nullptr),
             m_device_name, " create_context: clGetCommandQueueInfo of OCL_QUEUE");
    FERRY_ASSERT(queue_context == request.context, m_device_name, " create_context: OCL_QUEUE ",
                 static_cast<void*>(request.queue), " belongs to another OpenCL context (",
                 static_cast<void*>(queue_context), ")");
    FERRY_ASSERT(queue_device == device, m_device_name, " create_context: OCL_QUEUE ",
                 static_cast<void*>(request.queue), " is a queue of another device (",
                 device_string(queue_device, CL_DEVICE_NAME), "), not of OCL_CONTEXT_DEVICE_ID ", request.device_index);
  }

  const Key key{request.context, device, request.queue};
  std::lock_guard<std::mutex> lock(m_mutex);
  if (auto existing = find(key)) return existing;
  // The plugin's own OpenCL context given back with a queue: the same programs and counters.
  std::shared_ptr<DeviceContext> device_context;
  for (const auto& [id, context] : m_defaults)
    if (context->cl() == request.context && context->device_context()->device() == device)
      device_context = context->device_context();
  for (const auto& [other_key, other] : m_shared) {
    const auto live = other.lock();
    if (!device_context && live && live->cl() == request.context && live->device_context()->device() == device)
      device_context = live->device_context();
  }
  if (!device_context)
    device_context =
        std::make_shared<DeviceContext>(*entry, request.context, m_pool.counters(entry->id), m_pool.offline());
  auto context = std::make_shared<RemoteContext>(name_of(*entry), std::move(device_context),
                                                 ClQueue::retain(request.queue), request.device_index);
  for (auto it = m_shared.begin(); it != m_shared.end();)
    it = it->second.expired() ? m_shared.erase(it) : std::next(it);
  m_shared[key] = context;
  return context;
}

std::shared_ptr<RemoteContext> ContextRegistry::create_va(const ContextRequest& request,
                                                          const std::vector<DeviceEntry>& devices,
                                                          const std::optional<DeviceEntry>& requested) {
  const std::string who = m_device_name + " create_context";
  FERRY_ASSERT(request.va_shared, who, ": VA_DEVICE needs CONTEXT_TYPE VA_SHARED");
  FERRY_ASSERT(request.va_display, who, ": CONTEXT_TYPE VA_SHARED needs VA_DEVICE, a VADisplay");
  void* display = *request.va_display;
  FERRY_ASSERT(display, who, ": VA_DEVICE is null (a VADisplay from vaGetDisplayDRM and vaInitialize is needed)");
  FERRY_ASSERT(!request.queue, who, ": a VA_SHARED context takes no OCL_QUEUE");
  if (request.context) {
    // get_params() of a VA context given back: that context.
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto& [key, weak] : m_va)
      if (const auto live = weak.lock())
        if (key.first == display && live->cl() == request.context) return live;
    Exception::raise(who, ": OCL_CONTEXT ", static_cast<void*>(request.context),
                     " is not the OpenCL context of a VA_SHARED context of VA_DEVICE ", display,
                     " (make the context with VA_DEVICE alone: the plugin chooses its OpenCL context)");
  }
  FERRY_ASSERT(requested || !devices.empty(), who, ": no OpenCL device found");
  const DeviceEntry* entry = requested ? &*requested : &devices.front();
  if (request.tile >= 0 && entry->id.find('.') == std::string::npos) {
    const std::string tile_id_text = entry->id + "." + std::to_string(request.tile);
    const auto tile = std::find_if(devices.begin(), devices.end(),
                                   [&](const DeviceEntry& candidate) { return candidate.id == tile_id_text; });
    FERRY_ASSERT(tile != devices.end(), who, ": TILE_ID ", request.tile, ": device ", m_device_name, ".", entry->id,
                 " has no tile ", m_device_name, ".", tile_id_text);
    entry = &*tile;
  }
  const auto key = std::make_pair(display, entry->id);
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_va.find(key);
    if (found != m_va.end())
      if (auto live = found->second.lock()) return live;
  }
  auto sharing = VaSharing::create(display, *entry, who);
  FERRY_ASSERT(!request.va_path || *request.va_path == sharing->path(), who, ": GPU_VA_SHARING_PATH is read-only (",
               *request.va_path, " asked; VA display ", display, " on ", m_device_name, ".", entry->id, " takes ",
               sharing->path(), ")");
  std::shared_ptr<DeviceContext> device_context;
  cl_platform_id platform = nullptr;
  clGetDeviceInfo(entry->device.get(), CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr);
  const auto properties = sharing->context_properties(platform);
  if (!properties.empty()) {
    // cl_intel_va_api_media_sharing: an OpenCL context made for the display.
    cl_int status = CL_SUCCESS;
    cl_device_id device = entry->device.get();
    ClContext context(clCreateContext(properties.data(), 1, &device, nullptr, nullptr, &status));
    cl_check(status, who, ": clCreateContext with CL_CONTEXT_VA_API_DISPLAY_INTEL");
    device_context =
        std::make_shared<DeviceContext>(*entry, context.get(), m_pool.counters(entry->id), m_pool.offline());
  } else {
    // Any context of the device serves: the device's default one (its programs, its tensors).
    device_context = get_default(*entry)->device_context();
  }
  auto context = std::make_shared<RemoteContext>(name_of(*entry), std::move(device_context), ClQueue(), 0);
  context->share_va(std::move(sharing));
  std::lock_guard<std::mutex> lock(m_mutex);
  for (auto it = m_va.begin(); it != m_va.end();) it = it->second.expired() ? m_va.erase(it) : std::next(it);
  m_va[key] = context;
  return context;
}

void ContextRegistry::reset() {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_defaults.clear();
  m_shared.clear();
  m_va.clear();
  m_pool.reset();
}

}  // namespace ferry::gpu
