#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Converts YUV 4:2:0 images (BT.601, video range) to interleaved RGB or BGR, as OpenVINO's
// opset8 NV12toRGB / NV12toBGR / I420toRGB / I420toBGR. Every plane is NHWC with one image per
// batch entry; the output is [N,H,W,3]. H and W must be even (one chroma sample per 2x2 pixels).
//   NV12, one input:    [N,H*3/2,W,1]: H rows of Y, then H/2 rows of interleaved U,V pairs
//   NV12, two inputs:   Y [N,H,W,1], UV [N,H/2,W/2,2]
//   I420, one input:    [N,H*3/2,W,1]: H rows of Y, then the U plane, then the V plane
//                       (each (H/2)*(W/2) values, packed row after row)
//   I420, three inputs: Y [N,H,W,1], U [N,H/2,W/2,1], V [N,H/2,W/2,1]
// With c = 1.164 (Y - 16), d = U - 128, e = V - 128:
//   R = c + 1.596 e,  G = c - 0.391 d - 0.813 e,  B = c + 2.018 d,
// clamped to [0, 255]; u8 results are rounded to nearest. Element types: u8 and the real types
// (all inputs alike). No IR attributes.
class YuvToRgbBase : public Op {
 public:
  enum class Subsampling { NV12, I420 };

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  Subsampling get_subsampling() const { return m_subsampling; }
  bool is_bgr() const { return m_bgr; }
  // How many planes a separate-planes input has: NV12 2, I420 3.
  size_t plane_count() const { return m_subsampling == Subsampling::NV12 ? 2 : 3; }

 protected:
  YuvToRgbBase(Subsampling subsampling, bool bgr) : m_subsampling(subsampling), m_bgr(bgr) {}
  YuvToRgbBase(const OutputVector& planes, Subsampling subsampling, bool bgr)
      : Op(planes), m_subsampling(subsampling), m_bgr(bgr) {}

 private:
  Subsampling m_subsampling;
  bool m_bgr;
};

}  // namespace util

#define FERRY_YUV_TO_RGB_OP(CLASS, SUBSAMPLING, BGR)                                                   \
  namespace v8 {                                                                                       \
  class CLASS : public util::YuvToRgbBase {                                                            \
   public:                                                                                             \
    FERRY_OP(#CLASS, "opset8")                                                                         \
    CLASS() : YuvToRgbBase(Subsampling::SUBSAMPLING, BGR) {}                                           \
    /* One input (single plane) or one per plane, Y first. */                                          \
    explicit CLASS(const OutputVector& planes) : YuvToRgbBase(planes, Subsampling::SUBSAMPLING, BGR) { \
      constructor_validate_and_infer_types();                                                          \
    }                                                                                                  \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override {           \
      return std::make_shared<CLASS>(inputs);                                                          \
    }                                                                                                  \
  };                                                                                                   \
  }

FERRY_YUV_TO_RGB_OP(NV12toRGB, NV12, false)
FERRY_YUV_TO_RGB_OP(NV12toBGR, NV12, true)
FERRY_YUV_TO_RGB_OP(I420toRGB, I420, false)
FERRY_YUV_TO_RGB_OP(I420toBGR, I420, true)
#undef FERRY_YUV_TO_RGB_OP

}  // namespace op
}  // namespace ferry
