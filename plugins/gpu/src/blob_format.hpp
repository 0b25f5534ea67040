#pragma once

// The GPU export blob (CompiledModel::export_model, Plugin::import_model, CACHE_DIR): the SDK's
// container (ferry/plugin/support/export_container.hpp) with the model as IR, the settings it was
// compiled with, and field "programs": u32 program count, then per program: string kernel file,
// string build options, string binary (CL_PROGRAM_BINARIES of the exporting device); field
// "programs_seal": HMAC-SHA256 of field "programs" under the exporting user's key
// (engine/program_binary_seal.hpp).
//
// Import recompiles the model, and its OpenCL programs come from the stored binaries when their
// seal verifies (a binary the device refuses is built from source instead), so a CACHE_DIR hit
// builds no program from source. Binaries under a seal that does not verify (another user's or
// machine's key, or changed bytes) are dropped, never handed to the driver.

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "engine/program_binary_seal.hpp"
#include "engine/program_cache.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/plugin/support/export_container.hpp"

namespace ferry::gpu::blob_format {

inline constexpr sdk::ExportFormat kExportFormat{"FERRYGPU", 4};

// Seals `programs` under `key`.
void write(std::ostream& out, const std::shared_ptr<const Model>& model, const AnyMap& settings,
           const std::vector<ProgramBinary>& programs = {}, const SealKey& key = user_seal_key());

struct Contents {
  std::shared_ptr<Model> model;
  AnyMap settings;                      // values as text
  std::vector<ProgramBinary> programs;  // empty when their seal did not verify
  size_t unsealed_programs = 0;         // how many binaries were dropped so
};
// Throws ferry::Exception naming `device` and what is wrong: bad magic, another format version,
// truncated at a byte offset, checksum mismatch, or a corrupt model or program section. Programs
// come back only when their seal verifies under `key`.
Contents read(std::istream& in, const std::string& device, const SealKey& key = user_seal_key());

}  // namespace ferry::gpu::blob_format
