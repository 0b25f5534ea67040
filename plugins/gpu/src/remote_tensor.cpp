#include "remote_tensor.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "engine/cl_error.hpp"
#include "engine/counted_transfers.hpp"
#include "ferry/base/exception.hpp"
#include "remote_context.hpp"

namespace ferry::gpu {
namespace {

// An image's format and size, read once when the tensor is made.
ocl::ImagePlane plane_of(cl_mem image) {
  ocl::ImagePlane plane;
  clGetImageInfo(image, CL_IMAGE_FORMAT, sizeof(plane.format), &plane.format, nullptr);
  clGetImageInfo(image, CL_IMAGE_WIDTH, sizeof(plane.width), &plane.width, nullptr);
  clGetImageInfo(image, CL_IMAGE_HEIGHT, sizeof(plane.height), &plane.height, nullptr);
  return plane;
}

// A dense host tensor of `tensor`'s type and shape, or `tensor` itself when it is dense already.
std::shared_ptr<ITensor> dense_like(const std::shared_ptr<ITensor>& tensor) {
  if (tensor->is_continuous()) return tensor;
  return make_tensor(tensor->get_element_type(), tensor->get_shape());
}

}  // namespace

RemoteTensor::RemoteTensor(std::shared_ptr<RemoteContext> context, const element::Type& type, const Shape& shape,
                           SharedMemType kind, ClMem memory, size_t capacity, AnyMap params,
                           std::function<void()> release)
    : m_context(std::move(context)),
      m_type(type),
      m_shape(shape),
      m_strides(byte_strides(type, shape)),
      m_kind(kind),
      m_memory(std::move(memory)),
      m_capacity(capacity),
      m_params(std::move(params)),
      m_release(std::move(release)) {
  if (is_image()) {
    m_image_plane = plane_of(m_memory.get());
    m_image_region = {m_image_plane.width, std::max<size_t>(m_image_plane.height, 1), 1};  // the copies' region
  }
}

RemoteTensor::~RemoteTensor() {
  m_memory = ClMem();  // the buffer over an SVM allocation goes before the allocation
  if (m_release) m_release();
}

const std::string& RemoteTensor::get_device_name() const { return m_context->get_device_name(); }

void RemoteTensor::set_shape(Shape shape) {
  const size_t bytes = byte_size(m_type, shape_size(shape));
  if (is_image()) {
    FERRY_ASSERT(shape_size(shape) == shape_size(m_shape), get_device_name(),
                 ": an image tensor keeps its element count: shape ", shape, " does not fit the image of shape ",
                 m_shape);
  }
  FERRY_ASSERT(bytes <= m_capacity, get_device_name(), ": remote tensor of ", m_capacity, " bytes cannot take shape ",
               shape, " (", bytes, " bytes)");
  m_shape = std::move(shape);
  m_strides = byte_strides(m_type, m_shape);
}

void* RemoteTensor::data() const {
  Exception::raise("a ", get_device_name(), " remote tensor (", m_kind,
                   ") has no host address; use copy_to / copy_from, or its native handle");
}

void RemoteTensor::transfer(void* host, bool to_host) const {
  const size_t bytes = get_byte_size();
  if (!bytes) return;
  cl_command_queue queue = m_context->copy_queue();
  MemoryCounters& counters = m_context->device_context()->counters();
  cl_int status = CL_SUCCESS;
  if (is_image()) {
    const std::array<size_t, 3> origin{0, 0, 0}, region = m_image_region;
    status = to_host ? transfer::read_image(counters, queue, memory(), true, origin.data(), region.data(), 0, 0, host)
                     : transfer::write_image(counters, queue, memory(), true, origin.data(), region.data(), 0, 0, host);
  } else {
    status = to_host ? transfer::read_buffer(counters, queue, memory(), true, 0, bytes, host)
                     : transfer::write_buffer(counters, queue, memory(), true, 0, bytes, host);
  }
  cl_check(status, to_host ? "reading" : "writing", " a ", get_device_name(), " remote tensor (", m_kind, ")");
}

void RemoteTensor::copy_on_device(const RemoteTensor& dst) const {
  const size_t bytes = get_byte_size();
  if (!bytes) return;
  cl_command_queue queue = m_context->copy_queue();
  MemoryCounters& counters = m_context->device_context()->counters();
  const std::array<size_t, 3> origin{0, 0, 0};
  cl_int status = CL_SUCCESS;
  if (is_image() && dst.is_image()) {
    const auto region = m_image_region;
    status = transfer::copy_image(counters, queue, memory(), dst.memory(), origin.data(), origin.data(), region.data());
  } else if (is_image()) {
    const auto region = m_image_region;
    status = transfer::copy_image_to_buffer(counters, queue, memory(), dst.memory(), origin.data(), region.data(), 0);
  } else if (dst.is_image()) {
    const auto& region = dst.m_image_region;
    status = transfer::copy_buffer_to_image(counters, queue, memory(), dst.memory(), 0, origin.data(), region.data());
  } else {
    status = transfer::copy_buffer(counters, queue, memory(), dst.memory(), 0, 0, bytes);
  }
  cl_check(status, "copy between two ", get_device_name(), " remote tensors");
  cl_check(clFinish(queue), "clFinish after a remote tensor copy");
}

void RemoteTensor::copy_to(const std::shared_ptr<ITensor>& dst) const {
  FERRY_ASSERT(dst, get_device_name(), " remote tensor copy_to: the destination is null");
  FERRY_ASSERT(dst->get_element_type() == m_type, get_device_name(), " remote tensor copy_to: element type ",
               dst->get_element_type(), " of the destination is not ", m_type);
  if (dst.get() == this) return;
  dst->set_shape(m_shape);
  const auto remote = std::dynamic_pointer_cast<RemoteTensor>(dst);
  if (remote && remote->m_context->cl() == m_context->cl()) return copy_on_device(*remote);
  if (dst->is_host_accessible()) {
    const std::shared_ptr<ITensor> dense = dense_like(dst);
    transfer(dense->data(), true);
    if (dense != dst) dense->copy_to(dst);
    return;
  }
  // Another context's or another device's memory: through the host.
  const std::shared_ptr<ITensor> staging = make_tensor(m_type, m_shape);
  transfer(staging->data(), true);
  dst->copy_from(staging);
}

void RemoteTensor::copy_from(const std::shared_ptr<const ITensor>& src) {
  FERRY_ASSERT(src, get_device_name(), " remote tensor copy_from: the source is null");
  FERRY_ASSERT(src->get_element_type() == m_type, get_device_name(), " remote tensor copy_from: element type ",
               src->get_element_type(), " of the source is not ", m_type);
  if (src.get() == this) return;
  set_shape(src->get_shape());
  const auto remote = std::dynamic_pointer_cast<const RemoteTensor>(src);
  if (remote && remote->m_context->cl() == m_context->cl()) return remote->copy_on_device(*this);
  if (src->is_host_accessible()) {
    if (src->is_continuous()) return transfer(const_cast<void*>(src->data()), false);
    const std::shared_ptr<ITensor> dense = make_tensor(m_type, m_shape);
    src->copy_to(dense);
    return transfer(dense->data(), false);
  }
  const std::shared_ptr<ITensor> staging = make_tensor(m_type, m_shape);
  src->copy_to(staging);
  transfer(staging->data(), false);
}

}  // namespace ferry::gpu
