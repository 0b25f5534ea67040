#pragma once

#include <cstddef>
#include <memory>

#include "ferry/base/coordinate.hpp"
#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"

namespace ferry {

// The tensor interface plugins implement and consume; ferry::Tensor is a handle to one.
//
// Strides are in bytes. A tensor whose memory a plugin keeps on a device returns false from
// is_host_accessible(), throws from data(), and overrides copy_to/copy_from: the default copies
// hand a copy to whichever side is not host memory, so either side can do the transfer.
// Implementations that override data() add `using ITensor::data;` to keep data(type) visible.
class ITensor : public std::enable_shared_from_this<ITensor> {
 public:
  virtual ~ITensor();

  // Changes the shape; host tensors reallocate only when the new size exceeds their capacity.
  virtual void set_shape(Shape shape) = 0;
  virtual const element::Type& get_element_type() const = 0;
  virtual const Shape& get_shape() const = 0;
  // Byte distance between neighbours along each axis. Throws for sub-byte element types.
  virtual const Strides& get_strides() const = 0;
  // Number of elements.
  virtual size_t get_size() const;
  // Bytes of the elements, packed: sub-byte types round up to whole bytes.
  virtual size_t get_byte_size() const;
  // The host address of the first element; nullptr when the tensor has no elements.
  virtual void* data() const = 0;
  // data(), after checking that `type` views these elements: the element type itself, or for the
  // packed types u1/u4/i4 a byte type (u8/i8). element::undefined and dynamic skip the check.
  void* data(const element::Type& type) const;
  // True when the elements are dense in row-major order (axes of length 1 may have any stride).
  virtual bool is_continuous() const;
  // False for tensors in device memory: data() is then not a host address.
  virtual bool is_host_accessible() const { return true; }

  // Copies the elements into `dst`, giving dst this tensor's shape first. Element types must
  // match. Host to host copies handle strides; device memory on either side is handled by that
  // side's override.
  virtual void copy_to(const std::shared_ptr<ITensor>& dst) const;
  // The same copy seen from the destination; called by copy_to when this tensor is in device memory.
  virtual void copy_from(const std::shared_ptr<const ITensor>& src);
};

// Where an owning host tensor takes its memory from (pinned or device-visible host memory...).
class HostAllocator {
 public:
  virtual ~HostAllocator() = default;
  virtual void* allocate(size_t bytes, size_t alignment) = 0;
  virtual void deallocate(void* pointer, size_t bytes, size_t alignment) = 0;
};

// Host memory alignment of owning tensors, in bytes.
inline constexpr size_t kTensorAlignment = 64;

// An owning host tensor (64-byte aligned); `allocator` null means the C++ heap.
std::shared_ptr<ITensor> make_tensor(const element::Type& type, const Shape& shape,
                                     std::shared_ptr<HostAllocator> allocator = nullptr);
// A tensor over memory the caller owns and keeps alive; no copy. Empty `byte_strides` means dense.
std::shared_ptr<ITensor> make_tensor(const element::Type& type, const Shape& shape, void* host_ptr,
                                     const Strides& byte_strides = {});
// A view of the box [begin, end) of a host tensor, sharing its memory (and keeping it alive).
std::shared_ptr<ITensor> make_tensor(const std::shared_ptr<ITensor>& owner, const Coordinate& begin,
                                     const Coordinate& end);

// Dense row-major byte strides of `shape` for `type` (empty for sub-byte types).
Strides byte_strides(const element::Type& type, const Shape& shape);
// Packed byte size of `count` elements of `type`.
size_t byte_size(const element::Type& type, size_t count);

}  // namespace ferry
