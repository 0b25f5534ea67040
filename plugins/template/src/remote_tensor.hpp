#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "ferry/plugin/iremote_tensor.hpp"

namespace ferry::template_plugin {

// Bytes copied between host memory and remote tensors (the TEMPLATE_COPIED_BYTES property).
// Shared by the plugin, its contexts and their tensors, any of which may outlive the others.
using CopyCounter = std::atomic<uint64_t>;

// A tensor of a TEMPLATE remote context. Its memory is host memory that the context's "device"
// (the CPU) owns, which lets this plugin show the whole remote-tensor contract without hardware:
// applications see a ferry::RemoteTensor (no data(), copies through copy_to/copy_from), while
// the plugin's own kernels read and write the memory in place through host_view().
class RemoteTensor final : public IRemoteTensor {
 public:
  RemoteTensor(const element::Type& type, const Shape& shape, std::string device_name, int64_t context_id,
               std::shared_ptr<CopyCounter> copies);

  void set_shape(Shape shape) override;
  const element::Type& get_element_type() const override;
  const Shape& get_shape() const override;
  const Strides& get_strides() const override;
  // Throws: device memory has no host address for applications (see host_view for plugins).
  void* data() const override;
  using ITensor::data;
  bool is_host_accessible() const override { return false; }
  // Copies to or from any tensor (host, TEMPLATE remote, another device's); counted.
  void copy_to(const std::shared_ptr<ITensor>& dst) const override;
  void copy_from(const std::shared_ptr<const ITensor>& src) override;

  // {SHARED_MEM_TYPE: TEMPLATE_HOST_BUFFER, CONTEXT_ID: <id>}
  const AnyMap& get_properties() const override { return m_properties; }
  const std::string& get_device_name() const override { return m_device_name; }
  int64_t get_context_id() const { return m_context_id; }

  // The memory as a host tensor, for the plugin's kernels: the same elements, not a copy. Its
  // set_shape is this tensor's (a kernel that reshapes a dynamic output resizes this tensor).
  const std::shared_ptr<ITensor>& host_view() const { return m_memory; }

 private:
  std::shared_ptr<ITensor> m_memory;  // an owning host tensor
  std::string m_device_name;
  int64_t m_context_id;
  AnyMap m_properties;
  std::shared_ptr<CopyCounter> m_copies;
};

}  // namespace ferry::template_plugin
