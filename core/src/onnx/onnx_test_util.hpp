#pragma once

// Shared by the ONNX frontend tests: building small ModelProtos, tensors to and from Ferry, and
// an assertion on exception messages. Header-only; used by *_test.cpp files only.
#include <onnx/onnx_pb.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/onnx/onnx_reader.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace onnx_test {

inline std::string temp_dir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/";
}

// A model importing opset `opset` of the default domain, with an empty graph named "g".
inline onnx::ModelProto make_model(int64_t opset = 13) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  auto* import = model.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  model.mutable_graph()->set_name("g");
  return model;
}

// dims: >= 0 a static dimension, -1 a symbolic one ("N").
inline void set_type(onnx::ValueInfoProto* value, const std::string& name, const std::vector<int64_t>& dims,
                     int32_t type = onnx::TensorProto::FLOAT) {
  value->set_name(name);
  auto* tensor_type = value->mutable_type()->mutable_tensor_type();
  tensor_type->set_elem_type(type);
  auto* shape = tensor_type->mutable_shape();
  for (const auto dim : dims) {
    if (dim >= 0)
      shape->add_dim()->set_dim_value(dim);
    else
      shape->add_dim()->set_dim_param("N");
  }
}

inline void add_input(onnx::ModelProto& model, const std::string& name, const std::vector<int64_t>& dims,
                      int32_t type = onnx::TensorProto::FLOAT) {
  set_type(model.mutable_graph()->add_input(), name, dims, type);
}

inline void add_output(onnx::ModelProto& model, const std::string& name) {
  model.mutable_graph()->add_output()->set_name(name);
}

inline onnx::TensorProto float_tensor(const std::string& name, const std::vector<int64_t>& dims,
                                      const std::vector<float>& values) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(onnx::TensorProto::FLOAT);
  for (const auto dim : dims) tensor.add_dims(dim);
  for (const auto value : values) tensor.add_float_data(value);
  return tensor;
}

inline void add_initializer(onnx::ModelProto& model, const onnx::TensorProto& tensor) {
  *model.mutable_graph()->add_initializer() = tensor;
}

inline onnx::NodeProto* add_node(onnx::ModelProto& model, const std::string& op_type,
                                 const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                                 const std::string& name = "") {
  auto* node = model.mutable_graph()->add_node();
  node->set_op_type(op_type);
  node->set_name(name);
  for (const auto& input : inputs) node->add_input(input);
  for (const auto& output : outputs) node->add_output(output);
  return node;
}

inline void set_int(onnx::NodeProto* node, const std::string& name, int64_t value) {
  auto* attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INT);
  attribute->set_i(value);
}

inline void set_float(onnx::NodeProto* node, const std::string& name, float value) {
  auto* attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::FLOAT);
  attribute->set_f(value);
}

inline void set_ints(onnx::NodeProto* node, const std::string& name, const std::vector<int64_t>& values) {
  auto* attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INTS);
  for (const auto value : values) attribute->add_ints(value);
}

inline void set_string(onnx::NodeProto* node, const std::string& name, const std::string& value) {
  auto* attribute = node->add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::STRING);
  attribute->set_s(value);
}

inline std::shared_ptr<Model> read(const onnx::ModelProto& model, const std::string& base_dir = "") {
  return read_onnx_from_memory(model.SerializeAsString(), base_dir, "test.onnx");
}

inline Tensor f32_tensor(const Shape& shape, const std::vector<float>& values) {
  Tensor tensor(element::f32, shape);
  std::memcpy(tensor.data(), values.data(), values.size() * sizeof(float));
  return tensor;
}

inline std::vector<float> f32_values(const Tensor& tensor) {
  const float* data = tensor.data<float>();
  return std::vector<float>(data, data + tensor.get_size());
}

// Runs the model on f32 inputs and returns output `index` as floats.
inline std::vector<float> run(const std::shared_ptr<Model>& model, const TensorVector& inputs, size_t index = 0) {
  TensorVector outputs;
  EXPECT_TRUE(model->evaluate(outputs, inputs));
  return f32_values(outputs.at(index));
}

}  // namespace onnx_test
}  // namespace ferry

// The message of the ferry::Exception `statement` throws ("" and a test failure when none).
#define ONNX_ERROR_OF(statement)                             \
  [&]() -> std::string {                                     \
    try {                                                    \
      statement;                                             \
    } catch (const ::ferry::Exception& error) {              \
      return error.what();                                   \
    }                                                        \
    ADD_FAILURE() << "no ferry::Exception from " #statement; \
    return std::string();                                    \
  }()

// EXPECT_CONTAINS(text, part): the text holds part (gtest alone, no gmock).
#define EXPECT_CONTAINS(text, part)                                                \
  do {                                                                             \
    const std::string expect_contains_text = (text);                               \
    EXPECT_NE(expect_contains_text.find(part), std::string::npos)                  \
        << "'" << expect_contains_text << "' does not contain '" << (part) << "'"; \
  } while (false)
