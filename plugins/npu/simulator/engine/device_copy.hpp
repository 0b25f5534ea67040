#pragma once

// The one way the simulated NPU copies memory: every copy it makes goes through device_copy and
// is counted, so that no copy escapes the device's copied bytes (ferrySimulatorGetCopiedBytes):
// the driver's Level Zero copy commands (zeCommandListAppendMemoryCopy) and the engine's own
// copies (a residual copied into a sum's destination, a reference kernel's own output or a result
// copied into its slot). One counter for all: on the simulated NPU every byte is host memory, so
// the counter measures the copying the device did, wherever the bytes went (what tests assert
// to be zero); host <-> device traffic is the plugin's NPU_COPIED_BYTES, counted by the plugin.

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ferry::npu::engine {

// Copies `bytes` from `source` to `destination` (not overlapping) and adds them to `copied`.
void device_copy(void* destination, const void* source, size_t bytes, uint64_t& copied);
void device_copy(void* destination, const void* source, size_t bytes, std::atomic<uint64_t>& copied);

}  // namespace ferry::npu::engine
