#pragma once

// Small helpers for the op tests: tensors from values, values from tensors, running one op.

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace testing {

template <typename T>
Tensor make_tensor(const element::Type& type, const Shape& shape, const std::vector<T>& values) {
  Tensor tensor(type, shape);
  if (!values.empty()) std::memcpy(tensor.data(), values.data(), values.size() * sizeof(T));
  return tensor;
}

template <typename T>
std::vector<T> values_of(const Tensor& tensor) {
  const T* data = static_cast<const T*>(tensor.data());
  return std::vector<T>(data, data + tensor.get_size());
}

inline std::shared_ptr<op::v0::Parameter> param(const element::Type& type, const PartialShape& shape) {
  return std::make_shared<op::v0::Parameter>(type, shape);
}

// Runs node->evaluate with fresh outputs; fails the test when evaluate returns false.
inline TensorVector run(const std::shared_ptr<Node>& node, const TensorVector& inputs) {
  TensorVector outputs(node->get_output_size());
  if (!node->evaluate(outputs, inputs)) throw std::runtime_error(node->describe() + ": evaluate returned false");
  return outputs;
}

inline bool mentions(const std::exception& e, const std::string& part) {
  return std::string(e.what()).find(part) != std::string::npos;
}

}  // namespace testing
}  // namespace ferry

// Expects STATEMENT to throw ferry::Exception whose message contains every given part.
#define EXPECT_THROW_WITH(STATEMENT, ...)                                                    \
  do {                                                                                       \
    try {                                                                                    \
      STATEMENT;                                                                             \
      ADD_FAILURE() << "no exception from " #STATEMENT;                                      \
    } catch (const ::ferry::Exception& e) {                                                  \
      for (const std::string& part : std::vector<std::string>{__VA_ARGS__})                  \
        EXPECT_TRUE(::ferry::testing::mentions(e, part)) << e.what() << "\nlacks: " << part; \
    }                                                                                        \
  } while (0)
