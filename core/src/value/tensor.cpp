#include "ferry/value/tensor.hpp"

#include <utility>

#include "ferry/base/exception.hpp"

namespace ferry {

Tensor::Tensor(std::shared_ptr<ITensor> impl, std::shared_ptr<void> so) : _impl(std::move(impl)) {
  if (so) _so.push_back(std::move(so));
}

Tensor::Tensor(const element::Type& type, const Shape& shape) : _impl(make_tensor(type, shape)) {}

Tensor::Tensor(const element::Type& type, const Shape& shape, void* host_ptr, const Strides& byte_strides)
    : _impl(make_tensor(type, shape, host_ptr, byte_strides)) {}

Tensor::Tensor(const Tensor& other, const Coordinate& begin, const Coordinate& end)
    : _so(other._so), _impl(make_tensor(other._impl, begin, end)) {}

Tensor::~Tensor() { _impl.reset(); }

ITensor& Tensor::impl() const {
  FERRY_ASSERT(_impl, "Tensor is empty (default-constructed); it has no shape, type or data");
  return *_impl;
}

void Tensor::set_shape(const Shape& shape) { impl().set_shape(shape); }
Shape Tensor::get_shape() const { return impl().get_shape(); }
const element::Type& Tensor::get_element_type() const { return impl().get_element_type(); }
size_t Tensor::get_size() const { return impl().get_size(); }
size_t Tensor::get_byte_size() const { return impl().get_byte_size(); }
Strides Tensor::get_strides() const { return impl().get_strides(); }
bool Tensor::is_continuous() const { return impl().is_continuous(); }
void* Tensor::data() const { return impl().data(); }
void* Tensor::data(const element::Type& type) const { return impl().data(type); }

void Tensor::copy_to(const Tensor& dst) const {
  FERRY_ASSERT(_impl, "Tensor::copy_to: the source tensor is empty");
  FERRY_ASSERT(dst._impl, "Tensor::copy_to: the destination tensor is empty");
  _impl->copy_to(dst._impl);
}

void Tensor::raise_bad_as(const std::string& type, const std::string& reason) {
  Exception::raise("Tensor cannot be used as ", type, ": ", reason);
}

}  // namespace ferry
