#pragma once

// The NPU plugin's Level Zero interoperability for applications: thin, header-only wrappers over
// the low-level remote API (ferry/npu/remote_properties.hpp, Core::create_context,
// RemoteContext::create_tensor, get_params), with OpenVINO's names (ov::intel_npu::level_zero
// through ferry/compat/openvino.hpp). Handles are void*, as in OpenVINO, so no Level Zero header
// is needed to use them.
//
//   auto context = core.get_default_context("NPU").as<ferry::npu::level_zero::ZeroContext>();
//   ze_context_handle_t handle = static_cast<ze_context_handle_t>(context.get());
//   auto input = context.create_l0_host_tensor(ferry::element::f32, shape);   // no copy at infer
//   auto frame = context.create_tensor(ferry::element::u8, shape, dma_buf_fd);  // no copy either
//   auto host = context.create_host_tensor(ferry::element::f32, shape);  // a Tensor with data()

#include <cstdint>

#include "ferry/base/exception.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/npu/remote_properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"

namespace ferry::npu::level_zero {

// A remote tensor in memory the NPU reads and writes in place: Level Zero host memory the plugin
// allocated, a DMA-BUF the application shared, or a file's contents.
class ZeroBufferTensor : public RemoteTensor {
 public:
  static void type_check(const Tensor& tensor) {
    RemoteTensor::type_check(
        tensor, {{mem_handle.name(), {}},
                 {mem_type.name(),
                  {Any(MemType::L0_INTERNAL_BUF).as<std::string>(), Any(MemType::SHARED_BUF).as<std::string>(),
                   Any(MemType::MMAPED_FILE).as<std::string>()}}});
  }
  // The memory's Level Zero address (a pointer the device and the host can use).
  void* get() const { return get_params().at(mem_handle.name()).as<void*>(); }
};

// The NPU plugin's context: a Level Zero context on the NPU's driver.
class ZeroContext : public RemoteContext {
 protected:
  static constexpr const char* device_name = "NPU";
  ZeroContext() = default;

 public:
  using RemoteContext::create_tensor;

  static void type_check(const RemoteContext& context) {
    RemoteContext::type_check(context, {{l0_context.name(), {}}});
  }

  // Wraps the application's Level Zero context (of the NPU's driver); it must outlive every
  // model and tensor made with it.
  ZeroContext(Core& core, void* ze_context) {
    *this = core.create_context(device_name, {{l0_context.name(), ze_context}}).as<ZeroContext>();
  }

  // The ze_context_handle_t.
  void* get() const { return get_params().at(l0_context.name()).as<void*>(); }
  operator void*() const { return get(); }  // NOLINT: OpenVINO's implicit conversion

  // Wraps a DMA-BUF file descriptor (no copy): the application keeps the fd; the plugin holds its
  // own reference to the memory while the tensor lives.
  ZeroBufferTensor create_tensor(const element::Type type, const Shape& shape, const int fd) {
    AnyMap params = {{mem_type.name(), MemType::SHARED_BUF},
                     {mem_handle.name(), reinterpret_cast<void*>(static_cast<intptr_t>(fd))}};
    return create_tensor(type, shape, params).as<ZeroBufferTensor>();
  }
  // Windows NT handles: refused here, as Linux shares memory through DMA-BUF file descriptors.
  ZeroBufferTensor create_tensor(const element::Type, const Shape&, void* /*nt_handle*/) {
    Exception::raise(
        "NPU: create_tensor with an NT handle: NT handles are Windows handles; on Linux share memory "
        "with a DMA-BUF file descriptor (create_tensor(type, shape, int fd))");
  }
  // A tensor holding the bytes of `file` from its offset (read once, when the tensor is made).
  ZeroBufferTensor create_tensor(const element::Type type, const Shape& shape, const FileDescriptor& file) {
    AnyMap params = {{mem_type.name(), MemType::MMAPED_FILE}, {file_descriptor.name(), file}};
    return create_tensor(type, shape, params).as<ZeroBufferTensor>();
  }
  // A remote tensor in Level Zero host memory; get() gives its address. `usage` tells the plugin
  // how inferences will use it.
  ZeroBufferTensor create_l0_host_tensor(const element::Type type, const Shape& shape,
                                         const TensorType usage = TensorType::INPUT) {
    AnyMap params = {{mem_type.name(), MemType::L0_INTERNAL_BUF}, {tensor_type.name(), usage}};
    return create_tensor(type, shape, params).as<ZeroBufferTensor>();
  }
};

}  // namespace ferry::npu::level_zero
