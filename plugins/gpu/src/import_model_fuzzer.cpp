// Fuzz target for GPU's compiled-model import, on whatever OpenCL device the plugin finds (PoCL's
// CPU device in CI). Input: a GPU export blob (the SDK's export container "FERRYGPU", fields in
// blob_format.hpp), given to Core::import_model as is and once more with its checksum recomputed.
// Any input must either import or throw ferry::Exception: crashes, hangs, leaks and out-of-bounds
// reads are bugs. A blob that imports is run once on zeros.
#include <cstddef>
#include <cstdint>

#include "testing/fuzz/import_model_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ferry::fuzz::import_and_run("GPU", data, size);
  return 0;
}
