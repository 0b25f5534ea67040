#include "blob_format.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::hetero::blob_format {

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const std::vector<Part>& parts,
           const std::vector<OutputSource>& outputs, const std::string& partition_text) {
  sdk::ByteWriter layout;
  layout.u32(static_cast<uint32_t>(parts.size()));
  for (const Part& part : parts) {
    layout.string(part.device);
    layout.u32(static_cast<uint32_t>(part.inputs.size()));
    for (const SubgraphInput& input : part.inputs) {
      layout.u32(input.from_model ? 1 : 0);
      layout.u64(input.index);
      layout.u64(input.output);
    }
  }
  layout.u32(static_cast<uint32_t>(outputs.size()));
  for (const OutputSource& output : outputs) {
    layout.u64(output.subgraph);
    layout.u64(output.output);
  }
  sdk::ExportWriter writer(kExportFormat);
  writer.add_model(model).add("layout", layout.take()).add("partition", partition_text);
  for (size_t i = 0; i < parts.size(); ++i) writer.add("subgraph." + std::to_string(i), parts[i].blob);
  writer.write(out);
}

Contents read(std::istream& in, const std::string& device) {
  const sdk::ExportReader reader(in, kExportFormat, device);
  Contents contents;
  contents.model = reader.model();
  contents.partition_text = reader.field("partition");
  sdk::ByteReader layout = reader.field_reader("layout");
  const uint32_t parts = layout.u32("subgraph count");
  FERRY_ASSERT(parts > 0, device, " blob: it has no subgraphs");
  for (uint32_t s = 0; s < parts; ++s) {
    Part part;
    part.device = layout.string("subgraph device");
    const uint32_t inputs = layout.u32("subgraph input count");
    for (uint32_t i = 0; i < inputs; ++i) {
      SubgraphInput input;
      input.from_model = layout.u32("input kind") != 0;
      input.index = layout.u64("input index");
      input.output = layout.u64("input output");
      if (input.from_model) {
        FERRY_ASSERT(input.index < contents.model->get_parameters().size(), device, " blob: subgraph ", s,
                     " reads model input ", input.index, " of ", contents.model->get_parameters().size());
      } else {
        FERRY_ASSERT(input.index < s, device, " blob: subgraph ", s, " reads subgraph ", input.index,
                     ", which does not run before it");
      }
      part.inputs.push_back(input);
    }
    part.blob = reader.field("subgraph." + std::to_string(s));
    contents.parts.push_back(std::move(part));
  }
  const uint32_t outputs = layout.u32("output count");
  FERRY_ASSERT(outputs == contents.model->get_results().size(), device, " blob: ", outputs,
               " outputs bound for a model with ", contents.model->get_results().size());
  for (uint32_t i = 0; i < outputs; ++i) {
    OutputSource output;
    output.subgraph = layout.u64("output subgraph");
    output.output = layout.u64("output index");
    FERRY_ASSERT(output.subgraph < parts, device, " blob: model output ", i, " comes from subgraph ", output.subgraph,
                 " of ", parts);
    contents.outputs.push_back(output);
  }
  FERRY_ASSERT(layout.at_end(), device, " blob: unexpected bytes after the layout at byte ", layout.offset());
  return contents;
}

}  // namespace ferry::hetero::blob_format
