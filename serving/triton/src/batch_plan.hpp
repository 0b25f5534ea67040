// How the requests of one execute() call are batched: which requests run together, and how
// their input bytes are gathered into one batch buffer. Pure (no Triton call): unit-tested in
// batch_plan_test.cpp.
//
// A request's shape and byte size come from the client. Requests run together only when their
// inputs have the same shape but for the batch dimension, and every part's bytes are checked
// against the batch buffer before anything is copied, so a buffer sized from one request can
// never take more bytes than it holds (Triton's allow_ragged_batch would otherwise batch
// requests of different shapes together).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ferry::serving::triton {

// One input of one request: its shape (the batch dimension first when batched) and Triton's
// buffers of it, in order.
struct InputBuffers {
  std::vector<int64_t> shape;
  std::vector<std::pair<const void*, size_t>> buffers;
};

// A request as the batch plan sees it: its rows (its batch size) and inputs.
struct BatchCandidate {
  int64_t rows = 1;
  const std::vector<InputBuffers>* inputs = nullptr;
};

// Whether two requests' inputs can be rows of one batch: each input of the same shape, but for
// the first (batch) dimension when `batched`.
bool same_sample_shapes(const std::vector<InputBuffers>& a, const std::vector<InputBuffers>& b, bool batched);

// The requests, in arrival order, split into consecutive groups that each run as one batch: at
// most `max_rows` rows of one sample shape. `max_rows` 0 (the model is not batched): each
// request alone. Returns the requests' indices, group by group.
std::vector<std::vector<size_t>> plan_batches(const std::vector<BatchCandidate>& requests, int64_t max_rows);

// The bytes of an input's buffers together.
size_t total_bytes(const InputBuffers& input);

// Copies the parts' buffers one after another into `destination`, which holds `bytes`. Throws
// ConfigError naming `what`, and copies nothing, unless the parts add up to exactly `bytes`.
void gather(const std::vector<const InputBuffers*>& parts, unsigned char* destination, size_t bytes,
            const std::string& what);

}  // namespace ferry::serving::triton
