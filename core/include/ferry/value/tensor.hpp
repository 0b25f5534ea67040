#pragma once

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ferry/base/coordinate.hpp"
#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/value/any_text.hpp"
#include "ferry/value/itensor.hpp"

namespace ferry {

// A cheap, shared handle to a tensor: copies share the same elements. A tensor a plugin made
// also keeps that plugin's library loaded.
class Tensor {
 public:
  Tensor() = default;
  // Wraps a plugin's tensor; `so` keeps the plugin library loaded while the handle lives.
  Tensor(std::shared_ptr<ITensor> impl, std::shared_ptr<void> so = {});
  // Owning host memory, 64-byte aligned.
  Tensor(const element::Type& type, const Shape& shape);
  // Memory the application owns and keeps alive: no copy. Empty `byte_strides` means dense.
  Tensor(const element::Type& type, const Shape& shape, void* host_ptr, const Strides& byte_strides = {});
  // The box [begin, end) of `other`, sharing its memory.
  Tensor(const Tensor& other, const Coordinate& begin, const Coordinate& end);

  Tensor(const Tensor&) = default;
  Tensor(Tensor&&) noexcept = default;
  Tensor& operator=(const Tensor&) = default;
  Tensor& operator=(Tensor&&) noexcept = default;
  ~Tensor();

  // Reallocates owned memory only when the new shape needs more; user memory cannot grow.
  void set_shape(const Shape& shape);
  Shape get_shape() const;
  const element::Type& get_element_type() const;
  size_t get_size() const;
  size_t get_byte_size() const;
  // Byte strides; throws for sub-byte element types.
  Strides get_strides() const;
  bool is_continuous() const;

  void* data() const;
  // Checked against the element type (see ITensor::data).
  void* data(const element::Type& type) const;
  // Typed access; throws naming both types when T does not match the element type.
  template <typename T, typename D = std::remove_cv_t<T>>
  T* data() const {
    return static_cast<T*>(data(element::from<D>()));
  }

  // Copies the elements into `dst`, which takes this tensor's shape. Strides, views and device
  // memory on either side are handled; element types must match.
  void copy_to(const Tensor& dst) const;

  explicit operator bool() const noexcept { return static_cast<bool>(_impl); }
  bool operator!() const noexcept { return !_impl; }

  // Derived handles (RemoteTensor, ClBufferTensor...) declare `static void type_check(const
  // Tensor&)`, which throws when the tensor is not one of theirs.
  static void type_check(const Tensor&) {}
  template <typename T>
  bool is() const noexcept {
    static_assert(std::is_base_of<Tensor, T>::value, "Tensor::is<T>: T must derive from ferry::Tensor");
    try {
      T::type_check(*this);
      return true;
    } catch (...) {
      return false;
    }
  }
  // This handle as a T; throws ferry::Exception naming T when the tensor is not a T.
  template <typename T>
  T as() const {
    static_assert(std::is_base_of<Tensor, T>::value, "Tensor::as<T>: T must derive from ferry::Tensor");
    try {
      T::type_check(*this);
    } catch (const std::exception& e) {
      raise_bad_as(util::type_name<T>(), e.what());
    }
    T result;
    static_cast<Tensor&>(result) = *this;
    return result;
  }

  const std::shared_ptr<ITensor>& get_impl() const { return _impl; }
  const std::vector<std::shared_ptr<void>>& get_so() const { return _so; }

 protected:
  // The implementation, or an error when the handle is empty.
  ITensor& impl() const;
  [[noreturn]] static void raise_bad_as(const std::string& type, const std::string& reason);

  // Declared first so it is destroyed last, after the implementation whose code it holds.
  std::vector<std::shared_ptr<void>> _so;
  std::shared_ptr<ITensor> _impl;
};

using TensorVector = std::vector<Tensor>;

}  // namespace ferry
