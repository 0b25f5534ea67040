#include "ferry/value/itensor.hpp"

#include <cstring>
#include <vector>

#include "ferry/base/exception.hpp"
#include "host_copy.hpp"

namespace ferry {

ITensor::~ITensor() = default;

size_t ITensor::get_size() const { return shape_size(get_shape()); }

size_t ITensor::get_byte_size() const { return byte_size(get_element_type(), get_size()); }

void* ITensor::data(const element::Type& type) const {
  const element::Type& own = get_element_type();
  const bool unchecked = !type.is_static();
  const bool packed_bytes = own.is_quantized() && (type == element::u8 || type == element::i8);
  FERRY_ASSERT(unchecked || type == own || packed_bytes, "Tensor data of element type ", own, " cannot be accessed as ",
               type);
  return data();
}

bool ITensor::is_continuous() const {
  const element::Type& type = get_element_type();
  if (type.bitwidth() < 8) return true;  // packed types have no strides: always dense
  const Shape& shape = get_shape();
  const Strides& strides = get_strides();
  const Strides dense = byte_strides(type, shape);
  for (size_t axis = 0; axis < shape.size(); ++axis) {
    if (shape[axis] != 1 && strides[axis] != dense[axis]) return false;
  }
  return true;
}

void ITensor::copy_to(const std::shared_ptr<ITensor>& dst) const {
  FERRY_ASSERT(dst, "Tensor copy: the destination tensor is empty");
  if (dst.get() == this) return;
  FERRY_ASSERT(dst->get_element_type() == get_element_type(), "Tensor copy from a ", get_element_type(),
               " tensor to a ", dst->get_element_type(), " tensor: element types differ");
  if (dst->get_shape() != get_shape()) dst->set_shape(get_shape());
  if (!dst->is_host_accessible()) {
    dst->copy_from(shared_from_this());
    return;
  }
  FERRY_ASSERT(is_host_accessible(),
               "Tensor copy: the source tensor keeps its memory on a device and its class "
               "does not implement copy_to");
  copy_host(*this, *dst);
}

void ITensor::copy_from(const std::shared_ptr<const ITensor>& src) {
  FERRY_ASSERT(src, "Tensor copy: the source tensor is empty");
  FERRY_ASSERT(is_host_accessible(),
               "Tensor copy: the destination tensor keeps its memory on a device and its "
               "class does not implement copy_from");
  // A device source knows how to read itself out; its copy_to sees a host destination.
  if (!src->is_host_accessible() || src.get() == this) {
    if (src.get() != this) src->copy_to(shared_from_this());
    return;
  }
  FERRY_ASSERT(src->get_element_type() == get_element_type(), "Tensor copy from a ", src->get_element_type(),
               " tensor to a ", get_element_type(), " tensor: element types differ");
  if (get_shape() != src->get_shape()) set_shape(src->get_shape());
  copy_host(*src, *this);
}

Strides byte_strides(const element::Type& type, const Shape& shape) {
  if (type.bitwidth() < 8) return {};
  Strides strides = row_major_strides(shape);
  for (auto& stride : strides) stride *= type.size();
  return strides;
}

size_t byte_size(const element::Type& type, size_t count) { return (count * type.bitwidth() + 7) / 8; }

}  // namespace ferry
