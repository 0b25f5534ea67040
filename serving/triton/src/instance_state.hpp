// One Triton model instance: an infer request of the model's compiled model, and the batches
// Triton hands it. A batched model (max_batch_size > 0) runs the requests of a call together,
// up to max_batch_size rows; otherwise they run one by one. Every request gets exactly one
// response and is released, and a bad request fails alone: it is answered with its error before
// the others run, and a batch that fails runs again request by request.
//
// Memory: a request's input, when it is one CPU buffer and runs alone, is read in place (the
// tensor wraps Triton's buffer); requests batched together (only requests of one shape but for
// the batch, batch_plan.hpp) are gathered into this instance's staging buffers, sized once for
// max_batch_size, after their bytes are checked against the batch's shape. Outputs are written into Triton's response
// buffers, each request's rows of the batch. Triton calls execute() for one instance at a time,
// so the infer request and the staging buffers need no lock.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch_plan.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "model_state.hpp"
#include "triton_api.h"

namespace ferry::serving::triton {

class InstanceState {
 public:
  InstanceState(TRITONBACKEND_ModelInstance* instance, ModelState& model);

  // Takes over the requests (Triton's ownership passes on success, which this always returns).
  void execute(TRITONBACKEND_Request** requests, uint32_t count);

 private:
  struct Pending {
    TRITONBACKEND_Request* request = nullptr;
    int64_t rows = 0;                  // its batch size; 1 when the model is not batched
    std::vector<InputBuffers> inputs;  // in the configuration's input order
  };
  struct Timing {
    uint64_t compute_start = 0, compute_end = 0;
  };

  // The request's inputs checked against the configuration; throws ConfigError naming the
  // mismatch.
  Pending read_request(TRITONBACKEND_Request* request) const;
  // Runs the group as one batch and answers each request; false (nothing answered) when the
  // inference itself failed.
  bool run_group(const std::vector<Pending*>& group, uint64_t exec_start);
  void bind_inputs(const std::vector<Pending*>& group, int64_t rows);
  void respond(const Pending& pending, int64_t row_offset, int64_t rows);
  void finish(TRITONBACKEND_Request* request, TRITONSERVER_Error* error, uint64_t exec_start, const Timing& timing);

  TRITONBACKEND_ModelInstance* m_instance;
  ModelState& m_model;
  InferRequest m_request;
  std::vector<std::vector<unsigned char>> m_staging;  // per input: max_batch_size rows
};

}  // namespace ferry::serving::triton
