#pragma once

// Shared by the IR tests: where the test models live, raw tensor files, writing a model to IR and
// reading it back, comparing ops, and small graph builders. Header-only; used by *_test.cpp files
// only (//core/testing:test_support).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ferry/base/aligned_buffer.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry {
namespace ir_test {

// testing/models/openvino in the test's runfiles.
inline std::string openvino_models_dir() {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/ferry/testing/models/openvino/";
}

inline std::string temp_dir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/";
}

inline std::string read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << "cannot open " << path;
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Reads IR text and its weights' bytes from memory; `source_name` is what errors call the file.
inline std::shared_ptr<Model> read_ir_bytes(const std::string& xml_text, const std::string& bytes,
                                            const std::string& source_name) {
  auto weights = std::make_shared<AlignedBuffer>(bytes.size());
  if (!bytes.empty()) std::memcpy(weights->data(), bytes.data(), bytes.size());
  return read_ir_from_memory(xml_text, weights, source_name);
}

// Writes `model` to IR (the XML text into `xml_text`) and reads it back.
inline std::shared_ptr<Model> write_and_read(const std::shared_ptr<Model>& model, std::string& xml_text,
                                             const std::string& source_name) {
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  xml_text = xml.str();
  return read_ir_bytes(xml_text, bin.str(), source_name);
}

// Every op of `expected`, found by friendly name in `actual`, has the same type, version,
// output element types and shapes.
inline void expect_same_ops(const Model& expected, const Model& actual) {
  std::map<std::string, std::shared_ptr<Node>> by_name;
  for (const auto& node : actual.get_ordered_ops()) by_name[node->get_friendly_name()] = node;
  for (const auto& node : expected.get_ordered_ops()) {
    const auto found = by_name.find(node->get_friendly_name());
    ASSERT_NE(found, by_name.end()) << node->describe();
    const Node& read = *found->second;
    EXPECT_EQ(node->get_type_info(), read.get_type_info()) << node->describe();
    ASSERT_EQ(node->get_output_size(), read.get_output_size());
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      EXPECT_EQ(node->get_output_element_type(i), read.get_output_element_type(i)) << node->describe();
      EXPECT_EQ(node->get_output_partial_shape(i), read.get_output_partial_shape(i)) << node->describe();
    }
  }
}

// A Parameter named "x".
inline std::shared_ptr<op::v0::Parameter> named_parameter(const element::Type& type, const PartialShape& shape) {
  auto p = std::make_shared<op::v0::Parameter>(type, shape);
  p->set_friendly_name("x");
  return p;
}

// `node`, given the friendly name `name`.
template <typename T>
std::shared_ptr<T> named(std::shared_ptr<T> node, const std::string& name) {
  node->set_friendly_name(name);
  return node;
}

// A 1-D i64 Constant.
inline std::shared_ptr<Node> i64s(const std::vector<int64_t>& values) {
  return op::v0::Constant::create(element::i64, Shape{values.size()}, values);
}

}  // namespace ir_test
}  // namespace ferry

// EXPECT_ERROR_CONTAINS(statement, fragments...): see ferry/testing/error_of.hpp.
