#pragma once

// A GPU remote context (ferry::gpu::ocl::ClContext to applications): one OpenCL context on one of
// the plugin's devices, the plugin's own (the default context) or the application's, and
// optionally the application's command queue, into which the models compiled for the context
// enqueue their inferences. Its tensors (remote_tensor.hpp) are memory of that OpenCL context:
// models compiled for it read and write them in place.

#include <memory>
#include <string>

#include "engine/cl_handle.hpp"
#include "engine/device_context.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/value/itensor.hpp"

namespace ferry::gpu {

class VaSharing;

class RemoteContext final : public IRemoteContext {
 public:
  // `device_name`: "GPU.0"; `shared_queue`: the application's queue on this context, or null;
  // `device_index`: the device's index among the OpenCL context's devices.
  RemoteContext(std::string device_name, std::shared_ptr<DeviceContext> device, ClQueue shared_queue, int device_index);

  const std::string& get_device_name() const override { return m_device_name; }
  // CONTEXT_TYPE (OCL), OCL_CONTEXT, OCL_CONTEXT_DEVICE_ID, TILE_ID, and OCL_QUEUE when a queue is
  // shared: Core::create_context with them gives back this context.
  const AnyMap& get_property() const override { return m_params; }
  // Parameters of ferry/gpu/remote_properties.hpp; none: a buffer the plugin allocates.
  std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                               const AnyMap& params = {}) override;
  // Pinned host memory (pinned_host_allocator.hpp): inferences move it at full bus speed.
  std::shared_ptr<ITensor> create_host_tensor(const element::Type& type, const Shape& shape) override;

  const std::shared_ptr<DeviceContext>& device_context() const { return m_device; }
  cl_context cl() const { return m_device->context(); }
  // The application's queue, or null.
  cl_command_queue shared_queue() const { return m_shared_queue.get(); }
  // Where copies of remote tensors go: the shared queue (ordered with the application's work),
  // else the device context's transfer queue.
  cl_command_queue copy_queue() const;
  // "GPU.0 context 0x5581..." (with "shared queue 0x..." when one is): how errors name it.
  std::string describe() const;

  // Makes this a VA_SHARED context (va_surface_sharing.hpp): CONTEXT_TYPE VA_SHARED, VA_DEVICE and
  // GPU_VA_SHARING_PATH join its parameters, and create_tensor takes VA surfaces.
  void share_va(std::shared_ptr<VaSharing> sharing);
  // The VA display's sharing, or null for an OCL context.
  const std::shared_ptr<VaSharing>& va() const { return m_va; }

 private:
  std::string m_device_name;
  std::shared_ptr<DeviceContext> m_device;
  ClQueue m_shared_queue;
  AnyMap m_params;
  std::shared_ptr<HostAllocator> m_pinned;
  std::shared_ptr<VaSharing> m_va;
};

}  // namespace ferry::gpu
