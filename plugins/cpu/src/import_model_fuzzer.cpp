// Fuzz target for the CPU's compiled-model import. Input: a CPU export blob (the SDK's export
// container "FERRYCPU": header, checksum, fields "model.xml", "model.bin", "settings"), given to
// Core::import_model as is and once more with its checksum recomputed. Any input must either
// import or throw ferry::Exception: crashes, hangs, leaks and out-of-bounds reads are bugs. A blob
// that imports is run once on zeros.
#include <cstddef>
#include <cstdint>

#include "testing/fuzz/import_model_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ferry::fuzz::import_and_run("CPU", data, size);
  return 0;
}
