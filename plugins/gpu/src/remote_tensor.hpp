#pragma once

// A tensor in a GPU remote context's memory (ClBufferTensor, ClImage2DTensor, USMTensor to
// applications). Whatever the application handed over (a cl_mem buffer or image, a USM/SVM
// pointer, an aligned host pointer, a file descriptor of another API's memory) or the plugin
// allocated, the kernels see one cl_mem: the buffer itself, a buffer over the USM, SVM or host memory
// (CL_MEM_USE_HOST_PTR: the same memory, not a copy), or the image. The tensor keeps what it
// wraps alive (retained cl_mem, owned USM/SVM allocation) and its context with it.

#include <array>
#include <functional>
#include <memory>
#include <string>

#include "engine/cl_handle.hpp"
#include "ferry/gpu/ocl/nv12_planes.hpp"
#include "ferry/gpu/remote_properties.hpp"
#include "ferry/plugin/iremote_tensor.hpp"

namespace ferry::gpu {

class RemoteContext;

class RemoteTensor final : public IRemoteTensor {
 public:
  // `memory`: what the kernels bind (buffer or image); `capacity`: its bytes; `params`: what
  // get_params reports (SHARED_MEM_TYPE, MEM_HANDLE...); `release`: frees what the tensor owns
  // besides `memory` (a USM or SVM allocation), run after `memory` is released.
  RemoteTensor(std::shared_ptr<RemoteContext> context, const element::Type& type, const Shape& shape,
               SharedMemType kind, ClMem memory, size_t capacity, AnyMap params, std::function<void()> release = {});
  ~RemoteTensor() override;

  // Within the memory's capacity (an image keeps its element count).
  void set_shape(Shape shape) override;
  const element::Type& get_element_type() const override { return m_type; }
  const Shape& get_shape() const override { return m_shape; }
  const Strides& get_strides() const override { return m_strides; }
  // Throws: the memory is the device's (copy_to / copy_from, or the native handle).
  void* data() const override;
  using ITensor::data;
  // Host tensors (strided ones too), this context's tensors (on the device), other contexts'
  // and other devices' tensors (through host memory). Host <-> device bytes count in
  // GPU_COPIED_BYTES.
  void copy_to(const std::shared_ptr<ITensor>& dst) const override;
  void copy_from(const std::shared_ptr<const ITensor>& src) override;

  const AnyMap& get_properties() const override { return m_params; }
  const std::string& get_device_name() const override;

  SharedMemType kind() const { return m_kind; }
  bool is_image() const { return m_kind == SharedMemType::OCL_IMAGE2D; }
  // What kernels bind: a buffer, or the image (is_image()).
  cl_mem memory() const { return m_memory.get(); }
  // An image's {width, height, 1} in pixels (the region of its copies).
  const std::array<size_t, 3>& image_region() const { return m_image_region; }
  // An image's format and size (is_image()).
  const ocl::ImagePlane& image_plane() const { return m_image_plane; }
  const std::shared_ptr<RemoteContext>& context() const { return m_context; }

 private:
  // This tensor -> dense host memory of get_byte_size() bytes (`to_host`), or back; blocking.
  void transfer(void* host, bool to_host) const;
  // This tensor -> `dst` of the same OpenCL context, on the device.
  void copy_on_device(const RemoteTensor& dst) const;

  std::shared_ptr<RemoteContext> m_context;
  element::Type m_type;
  Shape m_shape;
  Strides m_strides;
  SharedMemType m_kind;
  ClMem m_memory;
  size_t m_capacity;
  AnyMap m_params;
  std::function<void()> m_release;
  std::array<size_t, 3> m_image_region{0, 0, 0};
  ocl::ImagePlane m_image_plane;
};

}  // namespace ferry::gpu
