#pragma once

// The GPU export blob (CompiledModel::export_model, Plugin::import_model, CACHE_DIR):
//
//   bytes 0..7    magic "FERRYGPU"
//   u32           format version (kFormatVersion)
//   u64           payload size in bytes
//   u64           FNV-1a 64 checksum of the payload
//   payload:      u32 setting count, then per setting: string key, string value (text form)
//                 string model IR xml, string model IR bin (ferry/graph/ir/ir_writer.hpp)
//                 u32 program count, then per program: string kernel file, string build options,
//                 string binary (CL_PROGRAM_BINARIES of the exporting device)
//
// Integers are little-endian; a string is a u64 byte count and the bytes. The model is stored as
// IR: import recompiles it, and its OpenCL programs come from the stored binaries (a binary the
// device refuses is built from source instead), so a CACHE_DIR hit builds no program from source.

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/any.hpp"
#include "program_cache.hpp"

namespace ferry::gpu::blob_format {

inline constexpr char kMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'G', 'P', 'U'};
inline constexpr uint32_t kFormatVersion = 2;

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const AnyMap& settings,
           const std::vector<ProgramBinary>& programs = {});

struct Contents {
  std::shared_ptr<Model> model;
  AnyMap settings;  // values as text
  std::vector<ProgramBinary> programs;
};
// Throws ferry::Exception naming `device` and what is wrong: bad magic, another format version,
// truncated at a byte offset, checksum mismatch, or a corrupt model section.
Contents read(std::istream& in, const std::string& device);

}  // namespace ferry::gpu::blob_format
