#pragma once

// DepthToSpace and SpaceToDepth: moving blocks of block_size^k values between the channel axis
// (axis 1) and the k spatial axes of a [N, C, D1, ..., Dk] tensor (k >= 1).

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// How the channel index splits into (block offsets, channel): "blocks_first" puts the block
// offsets in the outer part of the channel index, "depth_first" the channel.
enum class BlockMode { BLOCKS_FIRST, DEPTH_FIRST };

namespace util {

class DepthSpaceBase : public Op {
 public:
  using DepthToSpaceMode = BlockMode;
  using SpaceToDepthMode = BlockMode;

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  BlockMode get_mode() const { return m_mode; }
  size_t get_block_size() const { return static_cast<size_t>(m_block_size); }

 protected:
  DepthSpaceBase() = default;
  DepthSpaceBase(const Output<Node>& data, BlockMode mode, size_t block_size);
  virtual bool to_space() const = 0;

  BlockMode m_mode = BlockMode::BLOCKS_FIRST;
  int64_t m_block_size = 1;
};

}  // namespace util

namespace v0 {

// [N, C * bs^k, D1, ...] -> [N, C, D1 * bs, ...]. IR attributes "mode", "block_size".
class DepthToSpace : public util::DepthSpaceBase {
 public:
  FERRY_OP("DepthToSpace", "opset1")
  DepthToSpace() = default;
  DepthToSpace(const Output<Node>& data, BlockMode mode, size_t block_size = 1);
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

 protected:
  bool to_space() const override { return true; }
};

// [N, C, D1 * bs, ...] -> [N, C * bs^k, D1, ...]. IR attributes "mode", "block_size".
class SpaceToDepth : public util::DepthSpaceBase {
 public:
  FERRY_OP("SpaceToDepth", "opset1")
  SpaceToDepth() = default;
  SpaceToDepth(const Output<Node>& data, BlockMode mode, size_t block_size = 1);
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

 protected:
  bool to_space() const override { return false; }
};

}  // namespace v0
}  // namespace op

template <>
struct EnumNames<op::BlockMode> {
  static const std::vector<std::pair<const char*, op::BlockMode>>& table() {
    static const std::vector<std::pair<const char*, op::BlockMode>> names = {
        {"blocks_first", op::BlockMode::BLOCKS_FIRST}, {"depth_first", op::BlockMode::DEPTH_FIRST}};
    return names;
  }
};

}  // namespace ferry
