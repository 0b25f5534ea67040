#include "remote_tensor.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::npu::plugin {

RemoteTensor::RemoteTensor(const element::Type& type, const Shape& shape, std::shared_ptr<ZeroMemory> memory,
                           std::string device_name, MemType mem_type, TensorType usage)
    : m_type(type),
      m_shape(shape),
      m_strides(byte_strides(type, shape)),
      m_memory(std::move(memory)),
      m_device_name(std::move(device_name)),
      m_properties{{npu::mem_type.name(), mem_type},
                   {mem_handle.name(), m_memory->data()},
                   {tensor_type.name(), usage},
                   {l0_context.name(), static_cast<npu_handle_param>(m_memory->context().get())}} {
  FERRY_ASSERT(get_byte_size() <= m_memory->size(), m_device_name, ": a tensor of shape ", shape, " and type ", type,
               " needs ", get_byte_size(), " bytes; its memory holds ", m_memory->size());
}

void RemoteTensor::set_shape(Shape shape) {
  const size_t needed = ferry::byte_size(m_type, shape_size(shape));
  FERRY_ASSERT(needed <= m_memory->size(), m_device_name, " remote tensor set_shape: shape ", shape, " needs ", needed,
               " bytes; the tensor's memory holds ", m_memory->size());
  m_shape = std::move(shape);
  m_strides = byte_strides(m_type, m_shape);
}

void* RemoteTensor::data() const {
  Exception::raise("an ", m_device_name,
                   " remote tensor has no host address for applications; use copy_to / copy_from, or its "
                   "MEM_HANDLE with Level Zero");
}

void RemoteTensor::copy_to(const std::shared_ptr<ITensor>& dst) const {
  FERRY_ASSERT(dst, m_device_name, " remote tensor copy_to: the destination is null");
  FERRY_ASSERT(dst->get_element_type() == m_type, m_device_name, " remote tensor copy_to: element types differ (",
               m_type, " to ", dst->get_element_type(), ")");
  if (dst->get_shape() != m_shape) dst->set_shape(m_shape);
  if (const auto remote = std::dynamic_pointer_cast<RemoteTensor>(dst)) {
    context().copy(remote->device_address(), device_address(), get_byte_size());
  } else if (dst->is_host_accessible() && dst->is_continuous()) {
    context().copy(dst->data(), device_address(), get_byte_size());
  } else {
    // A strided view, or another device's tensor: through host memory.
    auto staging = make_tensor(m_type, m_shape);
    context().copy(staging->data(), device_address(), get_byte_size());
    staging->copy_to(dst);
  }
}

void RemoteTensor::copy_from(const std::shared_ptr<const ITensor>& src) {
  FERRY_ASSERT(src, m_device_name, " remote tensor copy_from: the source is null");
  FERRY_ASSERT(src->get_element_type() == m_type, m_device_name, " remote tensor copy_from: element types differ (",
               src->get_element_type(), " to ", m_type, ")");
  if (src->get_shape() != m_shape) set_shape(src->get_shape());
  if (const auto remote = std::dynamic_pointer_cast<const RemoteTensor>(src)) {
    context().copy(device_address(), remote->device_address(), get_byte_size());
  } else if (src->is_host_accessible() && src->is_continuous()) {
    context().copy(device_address(), src->data(), get_byte_size());
  } else {
    auto staging = make_tensor(m_type, m_shape);
    src->copy_to(staging);
    context().copy(device_address(), staging->data(), get_byte_size());
  }
}

}  // namespace ferry::npu::plugin
