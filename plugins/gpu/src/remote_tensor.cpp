#include "remote_tensor.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "engine/cl_error.hpp"
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
  cl_int status = CL_SUCCESS;
  if (is_image()) {
    const std::array<size_t, 3> origin{0, 0, 0}, region = m_image_region;
    status = to_host ? clEnqueueReadImage(queue, memory(), CL_TRUE, origin.data(), region.data(), 0, 0, host, 0,
                                          nullptr, nullptr)
                     : clEnqueueWriteImage(queue, memory(), CL_TRUE, origin.data(), region.data(), 0, 0, host, 0,
                                           nullptr, nullptr);
  } else {
    status = to_host ? clEnqueueReadBuffer(queue, memory(), CL_TRUE, 0, bytes, host, 0, nullptr, nullptr)
                     : clEnqueueWriteBuffer(queue, memory(), CL_TRUE, 0, bytes, host, 0, nullptr, nullptr);
  }
  cl_check(status, to_host ? "reading" : "writing", " a ", get_device_name(), " remote tensor (", m_kind, ")");
  m_context->device_context()->counters().copied += bytes;
}

void RemoteTensor::copy_on_device(const RemoteTensor& dst) const {
  const size_t bytes = get_byte_size();
  if (!bytes) return;
  cl_command_queue queue = m_context->copy_queue();
  const std::array<size_t, 3> origin{0, 0, 0};
  cl_int status = CL_SUCCESS;
  if (is_image() && dst.is_image()) {
    const auto region = m_image_region;
    status = clEnqueueCopyImage(queue, memory(), dst.memory(), origin.data(), origin.data(), region.data(), 0, nullptr,
                                nullptr);
  } else if (is_image()) {
    const auto region = m_image_region;
    status =
        clEnqueueCopyImageToBuffer(queue, memory(), dst.memory(), origin.data(), region.data(), 0, 0, nullptr, nullptr);
  } else if (dst.is_image()) {
    const auto& region = dst.m_image_region;
    status =
        clEnqueueCopyBufferToImage(queue, memory(), dst.memory(), 0, origin.data(), region.data(), 0, nullptr, nullptr);
  } else {
    status = clEnqueueCopyBuffer(queue, memory(), dst.memory(), 0, 0, bytes, 0, nullptr, nullptr);
  }
  cl_check(status, "copy between two ", get_device_name(), " remote tensors");
  m_context->device_context()->counters().device_copied += bytes;
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
