#pragma once

// Helpers shared by the ops' evaluate() implementations: output preparation, dense inputs,
// integer inputs (shapes, axes), and the f16/bf16 "compute in f32" round trip.

#include <cstdint>
#include <string>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace op {
namespace internal {

// outputs[i] with element type `type` and shape `shape`: created when empty, else checked and
// reshaped. Throws naming the node when outputs is too short or holds another element type.
Tensor& prepare_output(const Node& node, TensorVector& outputs, size_t i, const element::Type& type,
                       const Shape& shape);

// `tensor` itself when dense, else a dense copy.
Tensor dense(const Tensor& tensor);

// The values of an i32/i64 (or any integral) tensor, e.g. a shape or axes input.
std::vector<int64_t> read_integers(const Node& node, const Tensor& tensor, const char* what);

// The values of input `i` when its producer is a Constant; false otherwise.
bool constant_integers(const Node& node, size_t i, std::vector<int64_t>& values);

// axis in [-rank, rank) -> [0, rank); throws naming the node and `what` otherwise.
size_t normalize_axis(const Node& node, int64_t axis, int64_t rank, const char* what);

// f16/bf16 elements as floats, and back.
std::vector<float> to_floats(const Tensor& tensor);
void from_floats(const std::vector<float>& values, Tensor& tensor);

// "[1,-1,3]": integer lists in messages.
std::string to_text(const std::vector<int64_t>& values);

inline bool is_half(const element::Type& type) { return type == element::f16 || type == element::bf16; }

}  // namespace internal
}  // namespace op
}  // namespace ferry
