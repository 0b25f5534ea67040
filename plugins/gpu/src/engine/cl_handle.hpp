#pragma once

// Owning handles for OpenCL objects: release on destruction, retain on copy, so objects shared by
// a compiled model and its requests (programs, contexts, weights) live as long as their last user.

#include <CL/cl.h>

#include <utility>

namespace ferry::gpu {

template <typename T, cl_int (*Retain)(T), cl_int (*Release)(T)>
class ClHandle {
 public:
  ClHandle() = default;
  // Takes ownership of one reference (what clCreate* returns).
  explicit ClHandle(T object) : m_object(object) {}
  ClHandle(const ClHandle& other) : m_object(other.m_object) {
    if (m_object) Retain(m_object);
  }
  ClHandle(ClHandle&& other) noexcept : m_object(std::exchange(other.m_object, nullptr)) {}
  ClHandle& operator=(ClHandle other) noexcept {
    std::swap(m_object, other.m_object);
    return *this;
  }
  ~ClHandle() {
    if (m_object) Release(m_object);
  }
  // Shares `object` without taking the caller's reference.
  static ClHandle retain(T object) {
    if (object) Retain(object);
    return ClHandle(object);
  }

  T get() const { return m_object; }
  explicit operator bool() const { return m_object != nullptr; }

 private:
  T m_object = nullptr;
};

using ClContext = ClHandle<cl_context, clRetainContext, clReleaseContext>;
using ClQueue = ClHandle<cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue>;
using ClProgram = ClHandle<cl_program, clRetainProgram, clReleaseProgram>;
using ClKernel = ClHandle<cl_kernel, clRetainKernel, clReleaseKernel>;
using ClMem = ClHandle<cl_mem, clRetainMemObject, clReleaseMemObject>;
using ClEvent = ClHandle<cl_event, clRetainEvent, clReleaseEvent>;
using ClDevice = ClHandle<cl_device_id, clRetainDevice, clReleaseDevice>;

}  // namespace ferry::gpu
