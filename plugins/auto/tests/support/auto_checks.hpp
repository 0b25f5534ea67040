#pragma once

// What AUTO's tests share: an MLP request filled and checked against the plain-loop reference,
// and which device ran a request's latest inference.

#include <string>
#include <vector>

#include "ferry/runtime/infer_request.hpp"

namespace ferry::auto_device::test {

constexpr size_t kBatch = 2;

// Fills input "x" of a make_mlp(kBatch) request with sample data of `seed`; returns it.
std::vector<float> fill_mlp_input(InferRequest& request, int seed);
// Output "probs" matches make_mlp's reference for `x` (1e-5).
void expect_mlp_right(InferRequest& request, const std::vector<float>& x, const std::string& what);
// The device AUTO ran the request's latest inference on: the prefix of its profiling records'
// exec type ("CPU:..."); needs PERF_COUNT. Empty when there are no records.
std::string device_that_ran(InferRequest& request);

}  // namespace ferry::auto_device::test
