#include "remote_tensor.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/template/properties.hpp"

namespace ferry::template_plugin {

RemoteTensor::RemoteTensor(const element::Type& type, const Shape& shape, std::string device_name, int64_t context_id,
                           std::shared_ptr<CopyCounter> copies)
    : m_memory(make_tensor(type, shape)),
      m_device_name(std::move(device_name)),
      m_context_id(context_id),
      m_properties{{tensor_params::SHARED_MEM_TYPE, std::string(tensor_params::HOST_BUFFER)},
                   {context_params::context_id.name(), context_id}},
      m_copies(std::move(copies)) {}

void RemoteTensor::set_shape(Shape shape) { m_memory->set_shape(std::move(shape)); }

const element::Type& RemoteTensor::get_element_type() const { return m_memory->get_element_type(); }

const Shape& RemoteTensor::get_shape() const { return m_memory->get_shape(); }

const Strides& RemoteTensor::get_strides() const { return m_memory->get_strides(); }

void* RemoteTensor::data() const {
  Exception::raise("a ", m_device_name, " remote tensor (context ", m_context_id,
                   ") has no host address; use copy_to / copy_from");
}

void RemoteTensor::copy_to(const std::shared_ptr<ITensor>& dst) const {
  FERRY_ASSERT(dst, m_device_name, " remote tensor copy_to: the destination is null");
  // Another TEMPLATE tensor: copy memory to memory, so the transfer is counted once, here.
  const auto remote = std::dynamic_pointer_cast<RemoteTensor>(dst);
  m_memory->copy_to(remote ? remote->m_memory : dst);
  *m_copies += m_memory->get_byte_size();
}

void RemoteTensor::copy_from(const std::shared_ptr<const ITensor>& src) {
  FERRY_ASSERT(src, m_device_name, " remote tensor copy_from: the source is null");
  const auto remote = std::dynamic_pointer_cast<const RemoteTensor>(src);
  // A host source copies itself (strides included); another device's tensor copies into host
  // memory through its own copy_to.
  const std::shared_ptr<const ITensor> source = remote ? std::shared_ptr<const ITensor>(remote->m_memory) : src;
  source->copy_to(m_memory);
  *m_copies += m_memory->get_byte_size();
}

}  // namespace ferry::template_plugin
