#include "blob_format.hpp"

namespace ferry::gpu::blob_format {
namespace {

constexpr const char* kPrograms = "programs";
constexpr const char* kProgramsSeal = "programs_seal";

}  // namespace

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const AnyMap& settings,
           const std::vector<ProgramBinary>& programs, const SealKey& key) {
  sdk::ByteWriter program_bytes;
  program_bytes.u32(static_cast<uint32_t>(programs.size()));
  for (const auto& program : programs) {
    program_bytes.string(program.file);
    program_bytes.string(program.options);
    program_bytes.string(program.binary);
  }
  std::string sealed = seal(key, program_bytes.bytes());
  sdk::ExportWriter(kExportFormat)
      .add_model(model)
      .add_settings(settings)
      .add(kPrograms, program_bytes.take())
      .add(kProgramsSeal, std::move(sealed))
      .write(out);
}

Contents read(std::istream& in, const std::string& device, const SealKey& key) {
  const sdk::ExportReader blob(in, kExportFormat, device);
  Contents contents;
  contents.settings = blob.settings();
  sdk::ByteReader programs = blob.field_reader(kPrograms);
  const uint32_t count = programs.u32("the program count");
  for (uint32_t i = 0; i < count; ++i) {
    ProgramBinary program;
    program.file = programs.string("a program's kernel file");
    program.options = programs.string("a program's build options");
    program.binary = programs.string("a program binary");
    contents.programs.push_back(std::move(program));
  }
  if (!seal_verifies(key, blob.field(kPrograms), blob.field(kProgramsSeal))) {
    contents.unsealed_programs = contents.programs.size();
    contents.programs.clear();
  }
  contents.model = blob.model();
  return contents;
}

}  // namespace ferry::gpu::blob_format
