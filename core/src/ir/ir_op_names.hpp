#pragma once

// IR spells a few op types differently from the op classes: "Const" is Constant, "ReLU" is Relu,
// "SoftMax" is Softmax (every version). These two functions translate between the spellings.
#include <string>

namespace ferry {
namespace ir {

inline std::string op_type_from_ir(const std::string& ir_type) {
  if (ir_type == "Const") return "Constant";
  if (ir_type == "ReLU") return "Relu";
  if (ir_type == "SoftMax") return "Softmax";
  return ir_type;
}

inline std::string ir_type_from_op(const std::string& op_type) {
  if (op_type == "Constant") return "Const";
  if (op_type == "Relu") return "ReLU";
  if (op_type == "Softmax") return "SoftMax";
  return op_type;
}

}  // namespace ir
}  // namespace ferry
