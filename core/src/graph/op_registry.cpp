// The table of built-in ops the IR reader can create: one line per op version. Listing them
// here (rather than self-registering from each op's file) keeps them all linked in.
#include "ferry/graph/op_registry.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {

void register_builtin_ops(OpRegistry& registry) {
  registry.add<op::v0::Parameter>();
  registry.add<op::v0::Constant>();
  registry.add<op::v0::Result>();
  registry.add<op::v0::Convert>();
  registry.add<op::v1::Add>();
  registry.add<op::v1::Subtract>();
  registry.add<op::v1::Multiply>();
  registry.add<op::v1::Divide>();
  registry.add<op::v1::Maximum>();
  registry.add<op::v1::Minimum>();
  registry.add<op::v0::MatMul>();
  registry.add<op::v0::Relu>();
  registry.add<op::v0::Sigmoid>();
  registry.add<op::v0::Tanh>();
  registry.add<op::v0::Exp>();
  registry.add<op::v0::Erf>();
  registry.add<op::v7::Gelu>();
  registry.add<op::v0::Sqrt>();
  registry.add<op::v0::Log>();
  registry.add<op::v0::Abs>();
  registry.add<op::v0::Negative>();
  registry.add<op::v0::Floor>();
  registry.add<op::v0::Ceiling>();
  registry.add<op::v0::Sign>();
  registry.add<op::v5::Round>();
  registry.add<op::v1::Equal>();
  registry.add<op::v1::NotEqual>();
  registry.add<op::v1::Less>();
  registry.add<op::v1::Greater>();
  registry.add<op::v1::LessEqual>();
  registry.add<op::v1::GreaterEqual>();
  registry.add<op::v1::LogicalAnd>();
  registry.add<op::v1::LogicalOr>();
  registry.add<op::v1::LogicalXor>();
  registry.add<op::v1::LogicalNot>();
  registry.add<op::v1::Softmax>();
  registry.add<op::v8::Softmax>();
  registry.add<op::v1::Reshape>();
  registry.add<op::v1::Transpose>();
  registry.add<op::v0::Concat>();
  registry.add<op::v1::ReduceMean>();
  registry.add<op::v1::Convolution>();
  registry.add<op::v1::GroupConvolution>();
  registry.add<op::v1::MaxPool>();
  registry.add<op::v8::MaxPool>();
  registry.add<op::v14::MaxPool>();
  registry.add<op::v1::AvgPool>();
  registry.add<op::v14::AvgPool>();
  registry.add<op::v16::AvgPool>();
  registry.add<op::v0::Clamp>();
  registry.add<op::v0::PRelu>();
  registry.add<op::v0::Elu>();
  registry.add<op::v4::HSwish>();
  registry.add<op::v5::HSigmoid>();
  registry.add<op::v4::Swish>();
  registry.add<op::v4::Mish>();
  registry.add<op::v4::SoftPlus>();
  registry.add<op::v5::BatchNormInference>();
  registry.add<op::v0::DepthToSpace>();
  registry.add<op::v0::SpaceToDepth>();
  registry.add<op::v1::Pad>();
  registry.add<op::v12::Pad>();
}

}  // namespace ferry
