#pragma once

// The op conversion table: one converter per ONNX op type of the default domain. A converter
// returns one Ferry output per ONNX node output it supports.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "onnx_node_context.hpp"

namespace ferry {
namespace onnx_frontend {

using Converter = std::function<OutputVector(const NodeContext&)>;
using ConverterTable = std::map<std::string, Converter>;

// The converter for `op_type`, or nullptr.
const Converter* find_converter(const std::string& op_type);

// Each group adds its converters to the table (onnx_ops_*.cpp).
void add_elementwise_converters(ConverterTable& table);
void add_nn_converters(ConverterTable& table);
void add_shape_converters(ConverterTable& table);
void add_data_converters(ConverterTable& table);
void add_reduce_converters(ConverterTable& table);
void add_math_converters(ConverterTable& table);
void add_normalization_converters(ConverterTable& table);
void add_loss_converters(ConverterTable& table);
void add_cnn_converters(ConverterTable& table);
void add_topk_converters(ConverterTable& table);
void add_resize_converters(ConverterTable& table);
void add_recurrent_converters(ConverterTable& table);
void add_einsum_converters(ConverterTable& table);
void add_quantization_converters(ConverterTable& table);
void add_dropout_converters(ConverterTable& table);
void add_max_unpool_converters(ConverterTable& table);
void add_window_converters(ConverterTable& table);
void add_det_converters(ConverterTable& table);

// Helpers shared by converters.
Output<Node> i64_constant(const std::vector<int64_t>& values);               // 1-D
Output<Node> scalar_like(const Output<Node>& value, double number);          // a scalar of value's type
int64_t static_rank(const NodeContext& context, const Output<Node>& value);  // fails when dynamic

}  // namespace onnx_frontend
}  // namespace ferry
