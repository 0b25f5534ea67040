#include "batch_plan.hpp"

#include <cstring>

#include "model_config.hpp"

namespace ferry::serving::triton {

bool same_sample_shapes(const std::vector<InputBuffers>& a, const std::vector<InputBuffers>& b, bool batched) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::vector<int64_t>& x = a[i].shape;
    const std::vector<int64_t>& y = b[i].shape;
    if (x.size() != y.size()) return false;
    for (size_t axis = batched ? 1 : 0; axis < x.size(); ++axis)
      if (x[axis] != y[axis]) return false;
  }
  return true;
}

std::vector<std::vector<size_t>> plan_batches(const std::vector<BatchCandidate>& requests, int64_t max_rows) {
  std::vector<std::vector<size_t>> groups;
  int64_t rows = 0;
  for (size_t index = 0; index < requests.size(); ++index) {
    const BatchCandidate& request = requests[index];
    const bool joins = max_rows > 0 && !groups.empty() && rows + request.rows <= max_rows &&
                       same_sample_shapes(*requests[groups.back().front()].inputs, *request.inputs, true);
    if (!joins) {
      groups.emplace_back();
      rows = 0;
    }
    groups.back().push_back(index);
    rows += request.rows;
  }
  return groups;
}

size_t total_bytes(const InputBuffers& input) {
  size_t bytes = 0;
  for (const auto& buffer : input.buffers) bytes += buffer.second;
  return bytes;
}

void gather(const std::vector<const InputBuffers*>& parts, unsigned char* destination, size_t bytes,
            const std::string& what) {
  size_t given = 0;
  for (const InputBuffers* part : parts) {
    const size_t part_bytes = total_bytes(*part);
    if (part_bytes > bytes - given)
      throw ConfigError(what + ": the batch's requests hold more than its " + std::to_string(bytes) + " bytes");
    given += part_bytes;
  }
  if (given != bytes)
    throw ConfigError(what + ": the batch's requests hold " + std::to_string(given) + " bytes, its shape takes " +
                      std::to_string(bytes));
  size_t offset = 0;
  for (const InputBuffers* part : parts)
    for (const auto& [data, size] : part->buffers) {
      if (size) std::memcpy(destination + offset, data, size);
      offset += size;
    }
}

}  // namespace ferry::serving::triton
