#pragma once

// OpenVINO's op sets as namespaces: ferry::opsetN names, for each op of OpenVINO's opset N that
// Ferry implements, the op class of the version that opset holds (ferry::opset8::MaxPool is
// op::v8::MaxPool, ferry::opset14::MaxPool op::v14::MaxPool). An op of the opset that Ferry lacks,
// or lacks in that version, is not named, so using it fails to compile rather than picking another
// version. Adding an op version to Ferry: add it to every opset that holds it in OpenVINO.
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace opset1 {
using op::v0::Abs, op::v0::Acos, op::v1::Add, op::v0::Asin, op::v0::Atan, op::v1::AvgPool, op::v0::Ceiling,
    op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert, op::v1::Convolution,
    op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::DepthToSpace, op::v1::Divide, op::v0::Elu,
    op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v1::Greater,
    op::v1::GreaterEqual, op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v0::LRN, op::v1::Less,
    op::v1::LessEqual, op::v0::Log, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor,
    op::v0::MatMul, op::v1::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power,
    op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu,
    op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v1::Select, op::v0::ShapeOf, op::v0::Sigmoid,
    op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset1
namespace opset2 {
using op::v0::Abs, op::v0::Acos, op::v1::Add, op::v0::Asin, op::v0::Atan, op::v1::AvgPool, op::v0::Ceiling,
    op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert, op::v1::Convolution,
    op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::DepthToSpace, op::v1::Divide, op::v0::Elu,
    op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v1::Greater,
    op::v1::GreaterEqual, op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v0::LRN, op::v1::Less,
    op::v1::LessEqual, op::v0::Log, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor,
    op::v0::MatMul, op::v1::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power,
    op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu,
    op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v1::Select, op::v0::ShapeOf, op::v0::Sigmoid,
    op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset2
namespace opset3 {
using op::v0::Abs, op::v0::Acos, op::v1::Add, op::v0::Asin, op::v0::Atan, op::v1::AvgPool, op::v3::Broadcast,
    op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert, op::v1::Convolution,
    op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide,
    op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod,
    op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v0::LRN,
    op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr,
    op::v1::LogicalXor, op::v0::MatMul, op::v1::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v1::Mod,
    op::v1::Multiply, op::v0::Negative, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot,
    op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power, op::v1::ReduceMax, op::v1::ReduceMean,
    op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu, op::v1::Reshape, op::v0::Result,
    op::v0::ReverseSequence, op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign,
    op::v0::Sin, op::v0::Sinh, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze,
    op::v1::StridedSlice, op::v1::Subtract, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset3
namespace opset4 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v1::Add, op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh,
    op::v1::AvgPool, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant,
    op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize,
    op::v0::Floor, op::v1::FloorMod, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v4::HSwish, op::v0::LRN, op::v1::Less, op::v1::LessEqual, op::v0::Log,
    op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v0::MatMul, op::v1::MaxPool,
    op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative, op::v3::NonZero,
    op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power,
    op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin,
    op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence,
    op::v3::ScatterNDUpdate, op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign,
    op::v0::Sin, op::v0::Sinh, op::v4::SoftPlus, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile,
    op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset4
namespace opset5 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v1::Add, op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh,
    op::v1::AvgPool, op::v5::BatchNormInference, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat,
    op::v0::Constant, op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh,
    op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v1::Greater, op::v1::GreaterEqual,
    op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v0::LRN,
    op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd,
    op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v0::MatMul, op::v1::MaxPool, op::v1::Maximum,
    op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative, op::v3::NonZero,
    op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power,
    op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean,
    op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu, op::v1::Reshape, op::v0::Result,
    op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate, op::v3::ScatterUpdate, op::v1::Select,
    op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v4::SoftPlus, op::v1::Softmax,
    op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract,
    op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset5
namespace opset6 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v1::Add, op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh,
    op::v1::AvgPool, op::v5::BatchNormInference, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat,
    op::v0::Constant, op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh,
    op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v6::GatherElements, op::v1::Greater,
    op::v1::GreaterEqual, op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid,
    op::v4::HSwish, op::v0::LRN, op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax,
    op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul,
    op::v1::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad,
    op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2,
    op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu,
    op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate,
    op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh,
    op::v4::SoftPlus, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze,
    op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset6
namespace opset7 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v1::Add, op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh,
    op::v1::AvgPool, op::v5::BatchNormInference, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat,
    op::v0::Constant, op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh,
    op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf,
    op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v6::GatherElements,
    op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData,
    op::v5::HSigmoid, op::v4::HSwish, op::v0::LRN, op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log,
    op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN,
    op::v0::MatMul, op::v1::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply,
    op::v0::Negative, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu,
    op::v1::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate,
    op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh,
    op::v4::SoftPlus, op::v1::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze,
    op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
}  // namespace opset7
namespace opset8 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v0::LRN, op::v5::LSTMSequence,
    op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot,
    op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool, op::v1::Maximum,
    op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative, op::v3::NonZero,
    op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad, op::v0::Parameter, op::v1::Power,
    op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean,
    op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu, op::v1::Reshape, op::v0::Result,
    op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate, op::v3::ScatterUpdate, op::v1::Select,
    op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice, op::v4::SoftPlus,
    op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice,
    op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v1::Transpose, op::v0::Unsqueeze,
    op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset8
namespace opset9 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v0::LRN, op::v5::LSTMSequence,
    op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot,
    op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool, op::v1::Maximum,
    op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative, op::v9::NonMaxSuppression,
    op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad,
    op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2,
    op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu,
    op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate,
    op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh,
    op::v8::Slice, op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split,
    op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh,
    op::v0::Tile, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset9
namespace opset10 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v0::LRN, op::v5::LSTMSequence,
    op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot,
    op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool, op::v1::Maximum,
    op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative, op::v9::NonMaxSuppression,
    op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu, op::v1::Pad,
    op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1, op::v4::ReduceL2,
    op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum, op::v0::Relu,
    op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate,
    op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh,
    op::v8::Slice, op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split,
    op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh,
    op::v0::Tile, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset10
namespace opset11 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v11::Interpolate, op::v0::LRN,
    op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd,
    op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool,
    op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu,
    op::v1::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round, op::v3::ScatterNDUpdate,
    op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh,
    op::v8::Slice, op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split,
    op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh,
    op::v0::Tile, op::v11::TopK, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset11
namespace opset12 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v11::Interpolate, op::v0::LRN,
    op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd,
    op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool,
    op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu,
    op::v12::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round,
    op::v12::ScatterElementsUpdate, op::v3::ScatterNDUpdate, op::v3::ScatterUpdate, op::v1::Select, op::v3::ShapeOf,
    op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice, op::v4::SoftPlus, op::v9::SoftSign,
    op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt, op::v0::Squeeze, op::v1::StridedSlice,
    op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v11::TopK, op::v1::Transpose,
    op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset12
namespace opset13 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v1::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v11::Interpolate, op::v0::LRN,
    op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd,
    op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v8::MaxPool,
    op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu,
    op::v12::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round,
    op::v13::ScaledDotProductAttention, op::v12::ScatterElementsUpdate, op::v3::ScatterNDUpdate, op::v3::ScatterUpdate,
    op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice,
    op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile,
    op::v11::TopK, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset13
namespace opset14 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v14::AvgPool, op::v5::BatchNormInference,
    op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp, op::v0::Concat, op::v0::Constant, op::v0::Convert,
    op::v1::Convolution, op::v1::ConvolutionBackpropData, op::v0::Cos, op::v0::Cosh, op::v0::CumSum,
    op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu, op::v1::Equal, op::v0::Erf, op::v0::Exp,
    op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence, op::v8::Gather, op::v6::GatherElements,
    op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual, op::v1::GroupConvolution,
    op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish, op::v11::Interpolate, op::v0::LRN,
    op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log, op::v5::LogSoftmax, op::v1::LogicalAnd,
    op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN, op::v0::MatMul, op::v14::MaxPool,
    op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply, op::v0::Negative,
    op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot, op::v0::PRelu,
    op::v12::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round,
    op::v13::ScaledDotProductAttention, op::v12::ScatterElementsUpdate, op::v3::ScatterNDUpdate, op::v3::ScatterUpdate,
    op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice,
    op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v0::Squeeze, op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile,
    op::v11::TopK, op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset14
namespace opset15 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v14::AvgPool, op::v5::BatchNormInference,
    op::v15::BitwiseLeftShift, op::v15::BitwiseRightShift, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp,
    op::v0::Concat, op::v0::Constant, op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData,
    op::v0::Cos, op::v0::Cosh, op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu,
    op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence,
    op::v8::Gather, op::v6::GatherElements, op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual,
    op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish,
    op::v11::Interpolate, op::v0::LRN, op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log,
    op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN,
    op::v0::MatMul, op::v14::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply,
    op::v0::Negative, op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v1::OneHot,
    op::v0::PRelu, op::v12::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round,
    op::v13::ScaledDotProductAttention, op::v12::ScatterElementsUpdate, op::v15::ScatterNDUpdate, op::v3::ScatterUpdate,
    op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice,
    op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v11::TopK,
    op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset15
namespace opset16 {
using op::v0::Abs, op::v0::Acos, op::v3::Acosh, op::v8::AdaptiveAvgPool, op::v8::AdaptiveMaxPool, op::v1::Add,
    op::v0::Asin, op::v3::Asinh, op::v0::Atan, op::v3::Atanh, op::v16::AvgPool, op::v5::BatchNormInference,
    op::v15::BitwiseLeftShift, op::v15::BitwiseRightShift, op::v3::Broadcast, op::v0::Ceiling, op::v0::Clamp,
    op::v0::Concat, op::v0::Constant, op::v0::Convert, op::v1::Convolution, op::v1::ConvolutionBackpropData,
    op::v0::Cos, op::v0::Cosh, op::v0::CumSum, op::v0::DepthToSpace, op::v1::Divide, op::v7::Einsum, op::v0::Elu,
    op::v1::Equal, op::v0::Erf, op::v0::Exp, op::v0::FakeQuantize, op::v0::Floor, op::v1::FloorMod, op::v5::GRUSequence,
    op::v8::Gather, op::v6::GatherElements, op::v8::GatherND, op::v7::Gelu, op::v1::Greater, op::v1::GreaterEqual,
    op::v1::GroupConvolution, op::v1::GroupConvolutionBackpropData, op::v5::HSigmoid, op::v4::HSwish,
    op::v11::Interpolate, op::v0::LRN, op::v5::LSTMSequence, op::v1::Less, op::v1::LessEqual, op::v0::Log,
    op::v5::LogSoftmax, op::v1::LogicalAnd, op::v1::LogicalNot, op::v1::LogicalOr, op::v1::LogicalXor, op::v6::MVN,
    op::v0::MatMul, op::v14::MaxPool, op::v1::Maximum, op::v1::Minimum, op::v4::Mish, op::v1::Mod, op::v1::Multiply,
    op::v0::Negative, op::v9::NonMaxSuppression, op::v3::NonZero, op::v0::NormalizeL2, op::v1::NotEqual, op::v0::PRelu,
    op::v12::Pad, op::v0::Parameter, op::v1::Power, op::v5::RNNSequence, op::v4::Range, op::v4::ReduceL1,
    op::v4::ReduceL2, op::v1::ReduceMax, op::v1::ReduceMean, op::v1::ReduceMin, op::v1::ReduceProd, op::v1::ReduceSum,
    op::v0::Relu, op::v1::Reshape, op::v0::Result, op::v0::ReverseSequence, op::v5::Round,
    op::v13::ScaledDotProductAttention, op::v12::ScatterElementsUpdate, op::v15::ScatterNDUpdate, op::v3::ScatterUpdate,
    op::v1::Select, op::v3::ShapeOf, op::v0::Sigmoid, op::v0::Sign, op::v0::Sin, op::v0::Sinh, op::v8::Slice,
    op::v4::SoftPlus, op::v9::SoftSign, op::v8::Softmax, op::v0::SpaceToDepth, op::v1::Split, op::v0::Sqrt,
    op::v1::StridedSlice, op::v1::Subtract, op::v4::Swish, op::v0::Tan, op::v0::Tanh, op::v0::Tile, op::v11::TopK,
    op::v1::Transpose, op::v0::Unsqueeze, op::v1::VariadicSplit;
using op::v8::I420toBGR, op::v8::I420toRGB, op::v8::NV12toBGR, op::v8::NV12toRGB;
}  // namespace opset16
}  // namespace ferry
