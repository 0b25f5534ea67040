#pragma once

// What the NV12 examples share: the preprocessing they add to the example model (a decoder's NV12
// frame, two u8 planes, to BGR planar floats at the model's size: colour conversion, resize,
// normalisation), synthetic frames, and the check against the same preprocessed model on TEMPLATE
// fed the planes as host tensors.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "example_model.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"

namespace example {

constexpr size_t kFrameHeight = 24, kFrameWidth = 32;  // the decoder's frames
constexpr size_t kModelSize = 16;                      // the model takes [N,3,16,16]

// `memory_type`: ferry::gpu::memory_type::buffer or surface, the planes the application will set.
inline std::shared_ptr<ferry::Model> with_nv12_preprocessing(std::shared_ptr<ferry::Model> model,
                                                             const std::string& memory_type) {
  using namespace ferry::preprocess;
  PrePostProcessor ppp(model);
  ppp.input()
      .tensor()
      .set_element_type(ferry::element::u8)
      .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(memory_type)
      .set_spatial_static_shape(kFrameHeight, kFrameWidth);
  ppp.input()
      .preprocess()
      .convert_element_type(ferry::element::f32)
      .convert_color(ColorFormat::BGR)
      .resize(ResizeAlgorithm::RESIZE_LINEAR)
      .mean(128.0f)
      .scale(64.0f);
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

// One frame's planes: Y (H x W) and interleaved UV (H/2 x W/2 pairs), a gradient in Y and slowly
// varying chroma, shifted by `seed`.
struct Nv12Frame {
  std::vector<uint8_t> y, uv;
  explicit Nv12Frame(size_t seed = 0) : y(kFrameHeight * kFrameWidth), uv(kFrameHeight / 2 * kFrameWidth) {
    for (size_t i = 0; i < y.size(); ++i) y[i] = static_cast<uint8_t>(16 + (i * 7 + seed * 13) % 220);
    for (size_t i = 0; i < uv.size(); ++i) uv[i] = static_cast<uint8_t>(64 + (i * 5 + seed * 17) % 128);
  }
};

inline ferry::Shape y_shape(size_t batch = 1) { return {batch, kFrameHeight, kFrameWidth, 1}; }
inline ferry::Shape uv_shape(size_t batch = 1) { return {batch, kFrameHeight / 2, kFrameWidth / 2, 2}; }

// 0 when `output` (f32, host or remote) equals what TEMPLATE computes from `frames` with host tensors, else 1
// (printing the first mismatch). Linear resize in float on both sides; u8 planes exact.
inline int check_against_template(ferry::Core& core, const std::shared_ptr<ferry::Model>& model,
                                  const std::vector<Nv12Frame>& frames, const ferry::Tensor& output, const char* what) {
  const size_t n = frames.size();
  ferry::Tensor y(ferry::element::u8, y_shape(n)), uv(ferry::element::u8, uv_shape(n));
  for (size_t k = 0; k < n; ++k) {
    std::copy(frames[k].y.begin(), frames[k].y.end(), y.data<uint8_t>() + k * frames[k].y.size());
    std::copy(frames[k].uv.begin(), frames[k].uv.end(), uv.data<uint8_t>() + k * frames[k].uv.size());
  }
  ferry::InferRequest reference = core.compile_model(model, "TEMPLATE").create_infer_request();
  reference.set_input_tensor(0, y);
  reference.set_input_tensor(1, uv);
  reference.infer();
  const ferry::Tensor expected = reference.get_output_tensor();
  ferry::Tensor on_host(ferry::element::f32, output.get_shape());  // the output may be in the GPU's memory
  output.copy_to(on_host);
  const float* got = on_host.data<float>();
  const float* want = expected.data<float>();
  for (size_t i = 0; i < expected.get_size(); ++i) {
    if (std::fabs(got[i] - want[i]) > 1e-3f) {
      std::printf("%s: output[%zu] = %g on GPU, %g on TEMPLATE\n", what, i, got[i], want[i]);
      return 1;
    }
  }
  std::printf("%s: %zu outputs as expected\n", what, expected.get_size());
  return 0;
}

}  // namespace example
