#include "host_rule.hpp"

#include <cstring>

namespace ferry::gpu {

const char* const* host_op_types() {
  static const char* const types[] = {"NonMaxSuppression",
                                      "TopK",
                                      "NonZero",
                                      "Proposal",
                                      "DetectionOutput",
                                      "ExperimentalDetectronDetectionOutput",
                                      "Unique",
                                      "If",
                                      "Loop",
                                      nullptr};
  return types;
}

bool runs_on_host(const Node& node) {
  if (!node.has_evaluate()) return false;
  for (const char* const* type = host_op_types(); *type; ++type)
    if (std::strcmp(*type, node.get_type_name()) == 0) return true;
  return false;
}

}  // namespace ferry::gpu
