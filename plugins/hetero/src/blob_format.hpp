#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "partition.hpp"

namespace ferry::hetero::blob_format {

// HETERO's blob: the model (its ports), each subgraph's device, bindings and the blob its device
// exported, the model's outputs, and the partition's text, in the SDK's export container.
inline constexpr sdk::ExportFormat kExportFormat{"FERRYHET", 1};

struct Part {
  std::string device;
  std::vector<SubgraphInput> inputs;
  std::string blob;  // what the device's export_model wrote
};

struct Contents {
  std::shared_ptr<Model> model;
  std::vector<Part> parts;
  std::vector<OutputSource> outputs;
  std::string partition_text;
};

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const std::vector<Part>& parts,
           const std::vector<OutputSource>& outputs, const std::string& partition_text);

// Checks the container and every binding: a subgraph reads only model inputs and earlier
// subgraphs, every model output comes from a subgraph. Errors name `device` and what is wrong.
Contents read(std::istream& in, const std::string& device);

}  // namespace ferry::hetero::blob_format
