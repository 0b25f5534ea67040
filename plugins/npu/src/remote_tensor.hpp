#pragma once

#include <memory>
#include <string>

#include "ferry/npu/remote_properties.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "zero_memory.hpp"

namespace ferry::npu::plugin {

// A tensor in Level Zero memory of one NPU context (ZeroBufferTensor for applications): host
// memory the plugin allocated, an imported DMA-BUF, or a file's bytes. Inference reads and writes
// it in place; applications reach its elements through copy_to / copy_from (counted copies
// through the device's copy engine).
class RemoteTensor final : public IRemoteTensor {
 public:
  RemoteTensor(const element::Type& type, const Shape& shape, std::shared_ptr<ZeroMemory> memory,
               std::string device_name, MemType mem_type, TensorType usage);

  // A shape whose bytes fit the memory.
  void set_shape(Shape shape) override;
  const element::Type& get_element_type() const override { return m_type; }
  const Shape& get_shape() const override { return m_shape; }
  const Strides& get_strides() const override { return m_strides; }
  // Throws: the application reaches the memory through get_params()'s MEM_HANDLE with Level Zero,
  // or through copy_to / copy_from.
  void* data() const override;
  using ITensor::data;
  void copy_to(const std::shared_ptr<ITensor>& dst) const override;
  void copy_from(const std::shared_ptr<const ITensor>& src) override;

  // {MEM_TYPE, MEM_HANDLE (the address), TENSOR_TYPE, L0_CONTEXT}
  const AnyMap& get_properties() const override { return m_properties; }
  const std::string& get_device_name() const override { return m_device_name; }

  // For the plugin: the memory the device reads and writes.
  void* device_address() const { return m_memory->data(); }
  const ContextHandle& context() const { return m_memory->context(); }

 private:
  element::Type m_type;
  Shape m_shape;
  Strides m_strides;
  std::shared_ptr<ZeroMemory> m_memory;
  std::string m_device_name;
  AnyMap m_properties;
};

}  // namespace ferry::npu::plugin
