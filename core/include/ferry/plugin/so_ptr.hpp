#pragma once

// SoPtr<T>, OpenVINO's ov::SoPtr: an object made by a plugin together with the shared library (or
// libraries) its code lives in, so that the library is unloaded only after the object is gone.
// ICore::compile_model hands plugins of other devices (MULTI, BATCH) their devices' compiled
// models this way; what they make from them (infer requests) goes in SoPtrs with the same `_so`.

#include <cstddef>
#include <memory>
#include <utility>

namespace ferry {

template <typename T>
struct SoPtr {
  SoPtr() = default;
  SoPtr(std::shared_ptr<T> ptr, std::shared_ptr<void> so) : _ptr(std::move(ptr)), _so(std::move(so)) {}
  // The same libraries for another object of theirs (a request of a compiled model), or a cast.
  template <typename U>
  SoPtr(std::shared_ptr<T> ptr, const SoPtr<U>& owner) : _ptr(std::move(ptr)), _so(owner._so) {}

  // Copies and assignments replace the object before the library (the members' order); the
  // destructor releases it first too.
  SoPtr(const SoPtr&) = default;
  SoPtr(SoPtr&&) noexcept = default;
  SoPtr& operator=(const SoPtr&) = default;
  SoPtr& operator=(SoPtr&&) noexcept = default;
  ~SoPtr() { _ptr.reset(); }

  T* operator->() const noexcept { return _ptr.get(); }
  T& operator*() const noexcept { return *_ptr; }
  T* get() const noexcept { return _ptr.get(); }
  explicit operator bool() const noexcept { return static_cast<bool>(_ptr); }
  bool operator==(std::nullptr_t) const noexcept { return !_ptr; }
  bool operator!=(std::nullptr_t) const noexcept { return static_cast<bool>(_ptr); }

  std::shared_ptr<T> _ptr;    // the object
  std::shared_ptr<void> _so;  // its library (or several); released after _ptr
};

}  // namespace ferry
