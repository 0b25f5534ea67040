#pragma once

// A shipped test model with its inputs and OpenVINO CPU's outputs (testing/models/openvino:
// NAME.xml, NAME.io.txt, NAME.{in,out}.<i>.raw): what the OpenVINO IR end-to-end test and the
// soak (tools/soak) compare with. Read once; shared read-only by every thread.

#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"

namespace ferry::testing {

struct StoredTensor {
  std::string name;
  element::Type type;
  Shape shape;
  std::vector<char> bytes;
};

struct ReferenceCase {
  std::string model_name;  // "mlp"
  std::string xml_path;
  std::vector<StoredTensor> inputs;
  std::vector<StoredTensor> outputs;
};

// Throws naming the file when the manifest or a tensor file is missing, malformed or of the wrong
// size.
ReferenceCase load_reference_case(const std::string& models_dir, const std::string& model_name);

}  // namespace ferry::testing
