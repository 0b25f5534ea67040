#pragma once

// The one way the engine copies memory: every copy it makes goes through device_copy and is
// counted into the counter its caller gives, so that no copy escapes the device's copied bytes:
// the engine's own copies (a residual copied into a sum's destination, a reference kernel's own
// output or a result copied into its slot) and, on the simulated NPU, the driver's Level Zero
// copy commands (zeCommandListAppendMemoryCopy, ferrySimulatorGetCopiedBytes). The CPU plugin
// reports its counter as CPU_COPIED_BYTES (what tests assert to be zero where nothing needs a
// copy); the NPU plugin counts host <-> device traffic itself (NPU_COPIED_BYTES).

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ferry::cpu::engine {

// Copies `bytes` from `source` to `destination` (not overlapping) and adds them to `copied`.
void device_copy(void* destination, const void* source, size_t bytes, uint64_t& copied);
void device_copy(void* destination, const void* source, size_t bytes, std::atomic<uint64_t>& copied);

}  // namespace ferry::cpu::engine
