// Graph-level reading: symbolic and unknown dimensions, inputs that are also initializers, nodes
// in any order, the default domain's aliases, and what an unconvertible op's error names.
#include "ferry/graph/ops.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

TEST(OnnxReaderGraph, DimParamUnsetDimsAndMissingShapesAreDynamic) {
  auto proto = make_model(13);
  add_input(proto, "a", {-1, 4});  // dim_param "N"
  auto* b = proto.mutable_graph()->add_input();
  b->set_name("b");
  auto* b_type = b->mutable_type()->mutable_tensor_type();
  b_type->set_elem_type(onnx::TensorProto::FLOAT);
  b_type->mutable_shape()->add_dim();  // neither value nor param
  b_type->mutable_shape()->add_dim()->set_dim_value(4);
  auto* c = proto.mutable_graph()->add_input();  // no shape at all: dynamic rank
  c->set_name("c");
  c->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  add_node(proto, "Add", {"a", "b"}, {"ab"});
  add_node(proto, "Add", {"ab", "c"}, {"y"});
  add_output(proto, "y");
  const auto model = read(proto);
  EXPECT_EQ(model->input("a").get_partial_shape(), (PartialShape{Dimension::dynamic(), 4}));
  EXPECT_EQ(model->input("b").get_partial_shape(), (PartialShape{Dimension::dynamic(), 4}));
  EXPECT_TRUE(model->input("c").get_partial_shape().rank().is_dynamic());
  // The same model runs on two batch sizes.
  EXPECT_EQ(run(model, {f32_tensor({1, 4}, {1, 2, 3, 4}), f32_tensor({1, 4}, {1, 1, 1, 1}), f32_tensor({}, {10})}),
            (std::vector<float>{12, 13, 14, 15}));
  EXPECT_EQ(run(model, {f32_tensor({2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}), f32_tensor({2, 4}, {0, 0, 0, 0, 1, 1, 1, 1}),
                        f32_tensor({1}, {0})}),
            (std::vector<float>{1, 2, 3, 4, 6, 7, 8, 9}));
}

TEST(OnnxReaderGraph, AnInputThatIsAlsoAnInitializerIsAConstant) {
  auto proto = make_model(13);
  add_initializer(proto, float_tensor("w", {2}, {5, 7}));  // listed before the input it shadows
  add_input(proto, "w", {2});
  add_input(proto, "x", {2});
  add_node(proto, "Mul", {"x", "w"}, {"y"});
  add_output(proto, "y");
  const auto model = read(proto);
  ASSERT_EQ(model->get_parameters().size(), 1u);
  EXPECT_EQ(model->get_parameters()[0]->get_friendly_name(), "x");
  bool found = false;
  for (const auto& node : model->get_ordered_ops())
    if (node->get_friendly_name() == "w") found = std::string(node->get_type_name()) == "Constant";
  EXPECT_TRUE(found) << "no Constant named 'w'";
  EXPECT_EQ(run(model, {f32_tensor({2}, {2, 3})}), (std::vector<float>{10, 21}));
}

TEST(OnnxReaderGraph, AChainListedBackwardsConverts) {
  auto proto = make_model(13);
  add_input(proto, "x", {3});
  // y = relu(neg(abs(x) + x)) listed last node first.
  add_node(proto, "Relu", {"n"}, {"y"}, "relu");
  add_node(proto, "Neg", {"s"}, {"n"}, "neg");
  add_node(proto, "Add", {"a", "x"}, {"s"}, "add");
  add_node(proto, "Abs", {"x"}, {"a"}, "abs");
  add_output(proto, "y");
  // x = -1: |x| + x = 0 -> 0; x = 2: 4 -> -4 -> 0; x = -3: 0 -> 0. All zero; use Sub to see values.
  proto.mutable_graph()->mutable_node(2)->set_op_type("Sub");  // s = |x| - x
  const auto model = read(proto);
  EXPECT_EQ(run(model, {f32_tensor({3}, {-1, 2, -3})}), (std::vector<float>{0, 0, 0}));
  proto.mutable_graph()->mutable_node(0)->set_op_type("Identity");  // y = -(|x| - x)
  EXPECT_EQ(run(read(proto), {f32_tensor({3}, {-1, 2, -3})}), (std::vector<float>{-2, 0, -6}));
}

TEST(OnnxReaderGraph, TheAiOnnxDomainIsTheDefaultDomain) {
  auto proto = make_model(13);
  proto.mutable_opset_import(0)->set_domain("ai.onnx");
  add_input(proto, "x", {2});
  add_node(proto, "Neg", {"x"}, {"y"})->set_domain("ai.onnx");
  add_output(proto, "y");
  EXPECT_EQ(run(read(proto), {f32_tensor({2}, {1, -2})}), (std::vector<float>{-1, 2}));
}

TEST(OnnxReaderGraph, AnUnconvertibleOpNamesNodeOpTypeDomainAndOpset) {
  auto proto = make_model(13);
  add_input(proto, "x", {2, 2});
  add_node(proto, "Relu", {"x"}, {"r"}, "first");
  add_node(proto, "NoSuchOp", {"r"}, {"y"}, "det_node");
  add_output(proto, "y");
  const auto message = ONNX_ERROR_OF(read(proto));
  EXPECT_CONTAINS(message, "node 'det_node' (#1, NoSuchOp, domain '', opset 13)");
  EXPECT_CONTAINS(message, "no converter for ONNX op 'NoSuchOp' (domain '', opset 13)");
  EXPECT_CONTAINS(message, "test.onnx");
}

}  // namespace
}  // namespace ferry
