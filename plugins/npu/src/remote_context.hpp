#pragma once

#include <memory>
#include <string>

#include "context_handle.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::npu::plugin {

// An NPU context (ZeroContext for applications): a Level Zero context on one NPU. Models compiled
// for it run there and take its tensors in place; get_params() gives L0_CONTEXT and DEVICE_ID,
// which Core::create_context turns back into this context.
class RemoteContext final : public IRemoteContext {
 public:
  // `tensor_defaults`: MEM_TYPE and TENSOR_TYPE given to create_context, used by create_tensor
  // when its own parameters leave them out.
  RemoteContext(std::string device_name, std::string device_id, std::shared_ptr<const ContextHandle> context,
                AnyMap tensor_defaults = {});

  const std::string& get_device_name() const override { return m_device_name; }
  const AnyMap& get_property() const override { return m_params; }
  // params: MEM_TYPE L0_INTERNAL_BUF (Level Zero host memory, the default), SHARED_BUF with
  // MEM_HANDLE (a DMA-BUF fd as a void*), MMAPED_FILE with FILE_DESCRIPTOR; TENSOR_TYPE;
  // L0_CONTEXT naming this context. Anything else throws naming the key or value.
  std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                               const AnyMap& params = {}) override;
  // A host tensor in Level Zero host memory of this context: inference reads it in place.
  std::shared_ptr<ITensor> create_host_tensor(const element::Type& type, const Shape& shape) override;

  const std::shared_ptr<const ContextHandle>& handle() const { return m_context; }
  const std::string& device_id() const { return m_device_id; }
  // "NPU context 0x55d0... on device 0": how errors name a context.
  std::string describe() const;

 private:
  std::shared_ptr<IRemoteTensor> read_file(const element::Type& type, const Shape& shape, const FileDescriptor& file,
                                           TensorType usage) const;

  std::string m_device_name;
  std::string m_device_id;
  std::shared_ptr<const ContextHandle> m_context;
  std::shared_ptr<HostAllocator> m_host_allocator;
  AnyMap m_tensor_defaults;
  AnyMap m_params;
};

}  // namespace ferry::npu::plugin
