#pragma once

// The GPU export blob (CompiledModel::export_model, Plugin::import_model, CACHE_DIR): the SDK's
// container (ferry/plugin/support/export_container.hpp) with the model as IR, the settings it was
// compiled with, and field "programs": u32 program count, then per program: string kernel file,
// string build options, string binary (CL_PROGRAM_BINARIES of the exporting device).
//
// Import recompiles the model, and its OpenCL programs come from the stored binaries (a binary
// the device refuses is built from source instead), so a CACHE_DIR hit builds no program from
// source.

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "engine/program_cache.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/plugin/support/export_container.hpp"

namespace ferry::gpu::blob_format {

inline constexpr sdk::ExportFormat kExportFormat{"FERRYGPU", 3};

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const AnyMap& settings,
           const std::vector<ProgramBinary>& programs = {});

struct Contents {
  std::shared_ptr<Model> model;
  AnyMap settings;  // values as text
  std::vector<ProgramBinary> programs;
};
// Throws ferry::Exception naming `device` and what is wrong: bad magic, another format version,
// truncated at a byte offset, checksum mismatch, or a corrupt model or program section.
Contents read(std::istream& in, const std::string& device);

}  // namespace ferry::gpu::blob_format
