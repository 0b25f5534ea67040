#pragma once

// What the import_model fuzz targets of every device plugin share (plugins/*/src/import_model_fuzzer.cpp).

#include <cstddef>
#include <cstdint>
#include <string>

namespace ferry::fuzz {

// Imports `data` as a compiled-model blob of `device` through Core::import_model, twice: as given,
// and with the export container's payload checksum recomputed, so that mutations reach the fields
// behind the checksum instead of stopping at it. Each import must either succeed or throw
// ferry::Exception (anything else escapes and is a finding). A model that imports and whose inputs
// are static and small is run once on zeros.
// `blob` with the export container's payload checksum made right for its payload (a blob shorter
// than the container's header comes back as it is).
std::string with_checksum_recomputed(std::string blob);

void import_and_run(const std::string& device, const uint8_t* data, size_t size);

}  // namespace ferry::fuzz
