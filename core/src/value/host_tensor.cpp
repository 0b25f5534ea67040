#include "host_tensor.hpp"

#include <unistd.h>

#include <cstdint>
#include <new>
#include <utility>

#include "ferry/base/exception.hpp"

namespace ferry {

HostTensor::HostTensor(const element::Type& type, const Shape& shape) : _type(type) {
  FERRY_ASSERT(type.is_static(), "Tensor of shape ", shape, ": element type ", type, " is not a static type");
  set_dense_shape(shape);
}

const Strides& HostTensor::get_strides() const {
  FERRY_ASSERT(_type.bitwidth() >= 8, "Tensor strides are not defined for the sub-byte element type ", _type);
  return _strides;
}

void HostTensor::set_dense_shape(const Shape& shape) {
  _shape = shape;
  _strides = byte_strides(_type, _shape);
}

namespace {

uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : 0;
}

uint64_t available_memory_bytes() {
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : 0;
}

// Host memory a tensor owns; it grows only when a new shape needs more bytes than it holds.
class AllocatedTensor final : public HostTensor {
 public:
  AllocatedTensor(const element::Type& type, const Shape& shape, std::shared_ptr<HostAllocator> allocator)
      : HostTensor(type, shape), _allocator(std::move(allocator)) {
    reserve(get_byte_size());
  }
  ~AllocatedTensor() override { release(); }

  void set_shape(Shape shape) override {
    const size_t needed = byte_size(_type, shape_size(shape));
    if (needed > _capacity) {
      void* fresh = allocate(needed, shape);  // before releasing, so a failure leaves the tensor intact
      release();
      _pointer = fresh;
      _capacity = needed;
    }
    set_dense_shape(shape);
  }

  void* data() const override { return _pointer; }

 private:
  // Refuses with the sizes named (more than the machine's memory is refused before trying: the
  // allocation could otherwise succeed under overcommit and fail later, at first touch).
  void* allocate(size_t bytes, const Shape& shape) const {
    const uint64_t memory = physical_memory_bytes();
    if (memory && bytes > memory) raise_out_of_memory(bytes, shape, memory);
    void* pointer = nullptr;
    try {
      pointer = _allocator ? _allocator->allocate(bytes, kTensorAlignment)
                           : ::operator new(bytes, std::align_val_t(kTensorAlignment));
    } catch (const std::bad_alloc&) {
      raise_out_of_memory(bytes, shape, memory);
    }
    FERRY_ASSERT(pointer, "Tensor of ", _type, ": the allocator returned no memory for ", bytes, " bytes");
    return pointer;
  }
  [[noreturn]] void raise_out_of_memory(size_t bytes, const Shape& shape, uint64_t memory) const {
    Exception::raise("out of host memory: a tensor of ", _type, " ", shape, " needs ", bytes,
                     " bytes; this machine has ", memory, " bytes of memory (", available_memory_bytes(),
                     " available)");
  }
  void reserve(size_t bytes) {
    if (bytes == 0) return;
    _pointer = allocate(bytes, _shape);
    _capacity = bytes;
  }
  void release() {
    if (_pointer) {
      if (_allocator) {
        _allocator->deallocate(_pointer, _capacity, kTensorAlignment);
      } else {
        ::operator delete(_pointer, std::align_val_t(kTensorAlignment));
      }
    }
    _pointer = nullptr;
    _capacity = 0;
  }

  std::shared_ptr<HostAllocator> _allocator;
  void* _pointer = nullptr;
  size_t _capacity = 0;
};

// Memory the application owns: never copied, never reallocated.
class WrappedTensor final : public HostTensor {
 public:
  WrappedTensor(const element::Type& type, const Shape& shape, void* pointer, const Strides& strides)
      : HostTensor(type, shape), _pointer(pointer), _capacity(get_byte_size()), _custom_strides(!strides.empty()) {
    FERRY_ASSERT(pointer || get_size() == 0, "Tensor of shape ", shape, " over user memory: the pointer is null");
    if (_custom_strides) {
      check_strides(strides);
      _strides = strides;
    }
  }

  void set_shape(Shape shape) override {
    if (shape == _shape) return;
    FERRY_ASSERT(!_custom_strides, "Tensor over user memory with strides ", _strides, " cannot change its shape from ",
                 _shape, " to ", shape);
    const size_t needed = byte_size(_type, shape_size(shape));
    FERRY_ASSERT(needed <= _capacity, "Tensor over user memory cannot grow: shape ", shape, " needs ", needed,
                 " bytes, the memory holds ", _capacity);
    set_dense_shape(shape);
  }

  void* data() const override { return _pointer; }

 private:
  // Strides must be whole elements and keep the axes from overlapping in row-major order.
  void check_strides(const Strides& strides) const {
    FERRY_ASSERT(_type.bitwidth() >= 8, "Tensor over user memory: strides ", strides,
                 " are not supported for the sub-byte element type ", _type);
    FERRY_ASSERT(strides.size() == _shape.size(), "Tensor over user memory: strides ", strides,
                 " do not match the rank of shape ", _shape);
    size_t span = _type.size();  // bytes one step of the next outer axis must at least skip
    for (size_t axis = _shape.size(); axis-- > 0;) {
      FERRY_ASSERT(strides[axis] % _type.size() == 0, "Tensor over user memory: stride ", strides[axis], " of axis ",
                   axis, " is not a multiple of the ", _type, " element size ", _type.size());
      if (_shape[axis] > 1) {
        FERRY_ASSERT(strides[axis] >= span, "Tensor over user memory: strides ", strides, " make elements of shape ",
                     _shape, " overlap");
        span = strides[axis] * _shape[axis];
      }
    }
  }

  void* _pointer;
  size_t _capacity;
  bool _custom_strides;
};

}  // namespace

std::shared_ptr<ITensor> make_tensor(const element::Type& type, const Shape& shape,
                                     std::shared_ptr<HostAllocator> allocator) {
  return std::make_shared<AllocatedTensor>(type, shape, std::move(allocator));
}

std::shared_ptr<ITensor> make_tensor(const element::Type& type, const Shape& shape, void* host_ptr,
                                     const Strides& byte_strides) {
  return std::make_shared<WrappedTensor>(type, shape, host_ptr, byte_strides);
}

}  // namespace ferry
