#pragma once

#include <level_zero/ze_api.h>

#include "device.hpp"
#include "last_error.hpp"

namespace ferry::npu::simulator {

// The error for a handle that names no live object of this driver: null, destroyed, of
// another driver or garbage ("<what> ... is not ...").
inline ze_result_t bad_handle(const void* handle, const char* what) {
  if (!handle) return fail(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, std::string(what) + " is null");
  return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
              std::string(what) + " is not a live handle of Ferry's NPU simulator (destroyed, or of another driver)");
}

inline ze_result_t null_pointer(const char* what) {
  return fail(ZE_RESULT_ERROR_INVALID_NULL_POINTER, std::string(what) + " is null");
}

inline bool is_driver(ze_driver_handle_t handle) { return handle && handle == driver_handle(); }
inline bool is_device(ze_device_handle_t handle) { return handle && handle == device_handle(); }

// Walks a pNext chain for the structure of type `stype`; nullptr when absent.
template <class T>
const T* find_in_chain(const void* next, ze_structure_type_t stype) {
  for (auto* link = static_cast<const ze_base_desc_t*>(next); link;
       link = static_cast<const ze_base_desc_t*>(link->pNext)) {
    if (link->stype == stype) return reinterpret_cast<const T*>(link);
  }
  return nullptr;
}

}  // namespace ferry::npu::simulator
