// Every way an IR can be broken gives a ferry::Exception naming the file, the layer and the cause.
#include <cstring>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/ir_test_util.hpp"

namespace ferry {
namespace {

const char* const kParameter = R"(
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2" element_type="f32"/>
<output><port id="0" precision="FP32" names="x"><dim>2</dim></port></output></layer>)";

const char* const kRelu = R"(
<layer id="1" name="act" type="ReLU" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim></port></input>
<output><port id="1" precision="FP32" names="y"><dim>2</dim></port></output></layer>)";

const char* const kResult = R"(
<layer id="2" name="out" type="Result" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim></port></input></layer>)";

std::string edge(int from_layer, int from_port, int to_layer, int to_port) {
  return "<edge from-layer=\"" + std::to_string(from_layer) + "\" from-port=\"" + std::to_string(from_port) +
         "\" to-layer=\"" + std::to_string(to_layer) + "\" to-port=\"" + std::to_string(to_port) + "\"/>";
}

std::string net(const std::string& layers, const std::string& edges, const std::string& version = "11") {
  return "<?xml version=\"1.0\"?>\n<net name=\"t\" version=\"" + version + "\"><layers>" + layers + "</layers><edges>" +
         edges + "</edges></net>";
}

const std::string kReluEdges = edge(0, 0, 1, 0) + edge(1, 1, 2, 0);

// x (Parameter [2]) + Const [2] of `element_type` at offset/size -> Result.
std::string add_const_net(const std::string& const_data) {
  return net(std::string(kParameter) + R"(
<layer id="1" name="bias" type="Const" version="opset1"><data )" +
                 const_data + R"(/>
<output><port id="0" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="2" name="sum" type="Add" version="opset1"><data auto_broadcast="numpy"/>
<input><port id="0" precision="FP32"><dim>2</dim></port><port id="1" precision="FP32"><dim>2</dim></port></input>
<output><port id="2" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="3" name="out" type="Result" version="opset1"><input><port id="0" precision="FP32"/></input></layer>)",
             edge(0, 0, 2, 0) + edge(1, 0, 2, 1) + edge(2, 2, 3, 0));
}

std::shared_ptr<AlignedBuffer> bytes(size_t size) {
  auto buffer = std::make_shared<AlignedBuffer>(size);
  std::memset(buffer->data(), 0, size);
  return buffer;
}

std::shared_ptr<Model> read(const std::string& xml, std::shared_ptr<AlignedBuffer> weights = nullptr) {
  return read_ir_from_memory(xml, std::move(weights), "test.xml");
}

TEST(IrReaderErrorsTest, AValidBaselineReads) {
  const auto model = read(net(std::string(kParameter) + kRelu + kResult, kReluEdges));
  EXPECT_EQ(model->output().get_names(), TensorNames({"y"}));
  EXPECT_NO_THROW(read(add_const_net(R"(element_type="f32" shape="2" offset="4" size="8")"), bytes(12)));
}

TEST(IrReaderErrorsTest, MalformedXml) {
  const std::string text = net(std::string(kParameter) + kRelu + kResult, kReluEdges);
  EXPECT_ERROR_CONTAINS(read(text.substr(0, 200)), "test.xml", "malformed XML at line");
  EXPECT_ERROR_CONTAINS(read("<net version=\"11\"><layers></net>"), "malformed XML", "line 1");
  EXPECT_ERROR_CONTAINS(read(""), "test.xml", "malformed XML");
  EXPECT_ERROR_CONTAINS(read(std::string("<net\0 version=\"11\"/>", 20)), "malformed XML");
}

TEST(IrReaderErrorsTest, MissingNetOrWrongVersion) {
  EXPECT_ERROR_CONTAINS(read("<model version=\"11\"/>"), "test.xml", "no <net> root element");
  EXPECT_ERROR_CONTAINS(read("<net name=\"t\"><layers/></net>"), "<net> has no 'version'");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + kRelu + kResult, kReluEdges, "10")),
                        "unsupported IR version '10'", "only version 11");
  EXPECT_ERROR_CONTAINS(read("<net version=\"11\"/>"), "<net> has no <layers>");
}

TEST(IrReaderErrorsTest, UnknownOpTypeOrVersion) {
  std::string unknown_type = kRelu;
  unknown_type.replace(unknown_type.find("ReLU"), 4, "NoSuchOp");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + unknown_type + kResult, kReluEdges)), "test.xml",
                        "layer id=1 name='act' type='NoSuchOp'", "NoSuchOp");
  std::string unknown_version = kRelu;
  unknown_version.replace(unknown_version.find("opset1"), 6, "my_extension");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + unknown_version + kResult, kReluEdges)),
                        "layer id=1 name='act'", "my_extension");
  std::string no_version = kRelu;
  no_version.replace(no_version.find(" version=\"opset1\""), 17, "");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + no_version + kResult, kReluEdges)), "layer id=1",
                        "no 'version' attribute");
}

TEST(IrReaderErrorsTest, MissingUnknownOrBadAttributes) {
  std::string no_shape = kParameter;
  no_shape.replace(no_shape.find("shape=\"2\" "), 10, "");
  EXPECT_ERROR_CONTAINS(read(net(no_shape + kRelu + kResult, kReluEdges)), "layer id=0 name='x' type='Parameter'",
                        "missing attribute 'shape'");
  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="f32" shape="2" size="8")"), bytes(8)),
                        "layer id=1 name='bias' type='Const'", "missing attribute 'offset'");

  std::string bad_shape = kParameter;
  bad_shape.replace(bad_shape.find("shape=\"2\""), 9, "shape=\"2,x\"");
  EXPECT_ERROR_CONTAINS(read(net(bad_shape + kRelu + kResult, kReluEdges)), "layer id=0",
                        "bad attribute shape=\"2,x\"");

  std::string bad_type = kParameter;
  bad_type.replace(bad_type.find("f32"), 3, "f31");
  EXPECT_ERROR_CONTAINS(read(net(bad_type + kRelu + kResult, kReluEdges)), "bad attribute element_type=\"f31\"");

  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="f32" shape="2" offset="-4" size="8")"), bytes(8)),
                        "name='bias'", "bad attribute offset=\"-4\"");

  std::string unknown = kRelu;
  unknown.replace(unknown.find("<input>"), 0, "<data alpha=\"0.1\"/>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + unknown + kResult, kReluEdges)), "name='act'",
                        "unknown attribute(s) alpha");

  const std::string matmul = R"(
<layer id="1" name="mm" type="MatMul" version="opset1"><data transpose_a="maybe" transpose_b="false"/>
<input><port id="0" precision="FP32"><dim>2</dim></port><port id="1" precision="FP32"><dim>2</dim></port></input>
<output><port id="2" precision="FP32"/></output></layer>)";
  EXPECT_ERROR_CONTAINS(
      read(net(std::string(kParameter) + matmul + kResult, edge(0, 0, 1, 0) + edge(0, 0, 1, 1) + edge(1, 2, 2, 0))),
      "name='mm' type='MatMul'", "bad attribute transpose_a=\"maybe\"", "not a boolean");
}

TEST(IrReaderErrorsTest, BadEdges) {
  const std::string layers = std::string(kParameter) + kRelu + kResult;
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(0, 0, 9, 0) + edge(1, 1, 2, 0))), "test.xml",
                        "edge 0:0 -> 9:0 ends at unknown layer id 9");
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(7, 0, 1, 0) + edge(1, 1, 2, 0))), "starts at unknown layer id 7");
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(0, 5, 1, 0) + edge(1, 1, 2, 0))), "layer id=0 name='x' type='Parameter'",
                        "has no output port 5");
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(0, 0, 1, 3) + edge(1, 1, 2, 0))), "name='act'", "has no input port 3");
  EXPECT_ERROR_CONTAINS(read(net(layers, kReluEdges + edge(0, 0, 1, 0))), "input port 0 of", "already has an edge");
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(1, 1, 2, 0))), "layer id=1 name='act'",
                        "input port 0 has no incoming edge");
  EXPECT_ERROR_CONTAINS(read(net(layers, "<edge from-layer=\"0\" to-layer=\"1\" to-port=\"0\"/>")),
                        "<edge> has no 'from-port' attribute");
  EXPECT_ERROR_CONTAINS(read(net(layers, "<edge from-layer=\"0\" from-port=\"zero\" to-layer=\"1\" to-port=\"0\"/>")),
                        "attribute 'from-port'", "'zero' is not");
}

TEST(IrReaderErrorsTest, Cycles) {
  const std::string second_relu = R"(
<layer id="3" name="act2" type="ReLU" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim></port></input>
<output><port id="1" precision="FP32"><dim>2</dim></port></output></layer>)";
  const std::string layers = std::string(kParameter) + kRelu + kResult + second_relu;
  // act -> act2 -> act: each waits for the other.
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(3, 1, 1, 0) + edge(1, 1, 3, 0) + edge(1, 1, 2, 0))), "type='ReLU'",
                        "the graph has a cycle through this layer");
  EXPECT_ERROR_CONTAINS(read(net(layers, edge(1, 1, 1, 0) + edge(1, 1, 2, 0) + edge(0, 0, 3, 0))), "name='act'",
                        "cycle");
}

TEST(IrReaderErrorsTest, DuplicateIdsAndPorts) {
  std::string same_id = kRelu;
  same_id.replace(same_id.find("id=\"1\""), 6, "id=\"0\"");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + same_id + kResult, kReluEdges)), "layer id 0 is used twice");
  std::string same_port = kRelu;
  same_port.replace(same_port.find("port id=\"1\""), 11, "port id=\"0\"");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + same_port + kResult, kReluEdges)), "name='act'",
                        "port id 0 is used twice");
}

TEST(IrReaderErrorsTest, PortCountMismatch) {
  std::string two_outputs = kRelu;
  two_outputs.replace(two_outputs.find("</output>"), 0, "<port id=\"2\" precision=\"FP32\"/>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + two_outputs + kResult, kReluEdges)), "name='act'",
                        "the IR lists 2 output ports, but the op has 1");
  std::string two_inputs = kRelu;
  two_inputs.replace(two_inputs.find("</input>"), 0, "<port id=\"5\" precision=\"FP32\"/>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + two_inputs + kResult, kReluEdges + edge(0, 0, 1, 5))),
                        "name='act'", "expects 1 input, got 2");
}

TEST(IrReaderErrorsTest, InconsistentShapesAndTypes) {
  // Parameter [3] + Const [2]: Add's own shape check fails, and the error names the Add layer.
  std::string add = add_const_net(R"(element_type="f32" shape="2" offset="0" size="8")");
  add.replace(add.find("shape=\"2\" element_type"), 9, "shape=\"3\"");
  const std::string port_dims = "names=\"x\"><dim>2";
  add.replace(add.find(port_dims), port_dims.size(), "names=\"x\"><dim>3");
  EXPECT_ERROR_CONTAINS(read(add, bytes(8)), "layer id=2 name='sum' type='Add'", "[3]", "[2]");

  std::string wrong_dims = kRelu;
  wrong_dims.replace(wrong_dims.find("names=\"y\"><dim>2</dim>"), 22, "names=\"y\"><dim>5</dim>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + wrong_dims + kResult, kReluEdges)), "name='act'",
                        "output port 1", "the IR says shape [5]");
  std::string wrong_rank = kRelu;
  wrong_rank.replace(wrong_rank.find("names=\"y\"><dim>2</dim>"), 22, "names=\"y\"><dim>2</dim><dim>1</dim>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + wrong_rank + kResult, kReluEdges)),
                        "the IR says shape [2,1]");
  std::string wrong_precision = kRelu;
  wrong_precision.replace(wrong_precision.find("FP32\" names"), 4, "FP16");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + wrong_precision + kResult, kReluEdges)),
                        "the IR says precision FP16, but the op produces f32");
  std::string bad_dim = kRelu;
  bad_dim.replace(bad_dim.find("names=\"y\"><dim>2</dim>"), 22, "names=\"y\"><dim>-3</dim>");
  EXPECT_ERROR_CONTAINS(read(net(std::string(kParameter) + bad_dim + kResult, kReluEdges)), "negative <dim> -3");
}

TEST(IrReaderErrorsTest, ConstantsOutsideOrInconsistentWithTheWeights) {
  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="f32" shape="2" offset="4" size="8")"), bytes(8)),
                        "name='bias' type='Const'", "bytes [4, 4+8) lie outside the weights", "has 8 bytes");
  EXPECT_ERROR_CONTAINS(
      read(add_const_net(R"(element_type="f32" shape="2" offset="18446744073709551615" size="8")"), bytes(8)),
      "lie outside the weights");
  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="f32" shape="2" offset="0" size="4")"), bytes(8)),
                        "name='bias'", "size=4 does not match shape [2] of f32 (8 bytes)");
  EXPECT_ERROR_CONTAINS(
      read(add_const_net(R"(element_type="f32" shape="4611686018427387904,4" offset="0" size="8")"), bytes(8)),
      "name='bias'", "is too large");
  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="dynamic" shape="2" offset="0" size="8")"), bytes(8)),
                        "needs a static element_type");
  EXPECT_ERROR_CONTAINS(read(add_const_net(R"(element_type="f32" shape="2" offset="0" size="8")")), "name='bias'",
                        "needs weights, but none were given");
}

TEST(IrReaderErrorsTest, FilesOnDisk) {
  const std::string dir = ir_test::temp_dir();
  EXPECT_ERROR_CONTAINS(read_ir(dir + "does_not_exist.xml"), "cannot open IR file", "does_not_exist.xml");

  // No Const needs bytes: no .bin needed.
  ir_test::write_text(dir + "no_bin.xml", net(std::string(kParameter) + kRelu + kResult, kReluEdges));
  EXPECT_NO_THROW(read_ir(dir + "no_bin.xml"));

  ir_test::write_text(dir + "needs_bin.xml", add_const_net(R"(element_type="f32" shape="2" offset="0" size="8")"));
  EXPECT_ERROR_CONTAINS(read_ir(dir + "needs_bin.xml"), "needs_bin.xml': layer id=1 name='bias'",
                        "needs the weights file", "needs_bin.bin");
  ir_test::write_text(dir + "needs_bin.bin", std::string(5, '\0'));  // truncated
  EXPECT_ERROR_CONTAINS(read_ir(dir + "needs_bin.xml"), "lie outside the weights", "needs_bin.bin has 5 bytes");
  ir_test::write_text(dir + "other.bin", std::string(8, '\0'));
  EXPECT_NO_THROW(read_ir(dir + "needs_bin.xml", dir + "other.bin"));
}

TEST(IrReaderErrorsTest, DeeplyNestedRuntimeInfo) {
  std::string nested;
  for (int i = 0; i < 100; ++i) nested += "<a>";
  for (int i = 0; i < 100; ++i) nested += "</a>";
  std::string text = net(std::string(kParameter) + kRelu + kResult, kReluEdges);
  text.replace(text.find("</net>"), 0, "<rt_info>" + nested + "</rt_info>");
  EXPECT_ERROR_CONTAINS(read(text), "test.xml", "nested more than");
}

}  // namespace
}  // namespace ferry
