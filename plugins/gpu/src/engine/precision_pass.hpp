#pragma once

// INFERENCE_PRECISION_HINT f16: a copy of a (static) model whose float values are stored as f16
// wherever the node computing them has an f16 GPU kernel. Those kernels keep f16 in memory and
// compute in float (vload_half/vstore_half; no cl_khr_fp16 needed), so f16 halves the weights'
// and intermediates' bytes at a small cost in accuracy.
//
// Per node, in model order: rebuilt with every f32 input as f16; when the GPU runs that f16 node
// (a primitive supports it, or it is a Reshape-like alias), it stays f16, else the node keeps f32
// inputs and outputs. Between the two, Convert nodes: after an f16 producer read by an f32 node,
// and before an f16 node reading an f32 value that is not a Constant (f32 Constants get an f16
// copy instead, saturated to f16's finite range). Parameters and Results keep the model's f32
// types: a Convert f32->f16 follows a Parameter, a Convert f16->f32 precedes a Result (and takes
// over the output's tensor names). Values of other types (f16 already, integers) are untouched.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "ferry/base/aligned_buffer.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry::gpu {

// Whether a node, rebuilt with f16 inputs, can run in f16.
using HalfSupport = std::function<bool(const Node& node)>;

// True when the GPU plugin runs `node` as it is: a primitive supports it, or it is a Reshape,
// Squeeze or Unsqueeze that keeps its element type (an alias of its input, no kernel).
bool gpu_runs_in_place(const Node& node);

// The f16 data of f32 Constants, converted once per data and shared by every model lowered with
// the same cache: the shape instances of a dynamic model (whose clones share Constant data), so
// the WeightStore finds each f16 weight uploaded already. Thread-safe.
class HalfConstants {
 public:
  // f16 bytes of `constant`'s f32 data, saturated to f16's finite range (1e5 becomes 65504, not
  // infinity; NaN and infinities stay what they are).
  std::shared_ptr<AlignedBuffer> get(const op::v0::Constant& constant);

 private:
  struct Entry {
    std::shared_ptr<AlignedBuffer> source;  // keeps the key's address valid
    std::shared_ptr<AlignedBuffer> half;
  };
  std::mutex m_mutex;
  std::map<std::pair<const void*, size_t>, Entry> m_entries;
};

// The f16 copy of `model` (which must have static shapes) as described above; `model` itself is
// unchanged. Friendly names, rt_info and tensor names carry over; inserted Converts are named
// "<producer>/to_f16" or "<producer>/to_f32".
// `constants`: where f16 weight data comes from (null: converted for this call only).
std::shared_ptr<Model> lower_to_f16(const Model& model, const HalfSupport& supports = gpu_runs_in_place,
                                    HalfConstants* constants = nullptr);

}  // namespace ferry::gpu
