#pragma once

#include <level_zero/ze_api.h>

#include <cstdint>

#include "handle_checks.hpp"

namespace ferry::npu::simulator {

// Level Zero's two-call list query: with *count == 0 or no output array, answer how many
// there are; else fill up to *count entries (fill(entry, i)) and answer how many were filled.
template <class T, class Fill>
ze_result_t answer_list(uint32_t* count, T* entries, uint32_t available, Fill fill) {
  if (!count) return null_pointer("the count");
  if (*count == 0 || !entries) {
    *count = available;
    return ZE_RESULT_SUCCESS;
  }
  if (*count > available) *count = available;
  for (uint32_t i = 0; i < *count; ++i) fill(entries[i], i);
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator
