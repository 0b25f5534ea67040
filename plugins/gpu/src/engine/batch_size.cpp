#include "batch_size.hpp"

#include <algorithm>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry::gpu {
namespace {

uint64_t estimated_elements(const PartialShape& shape) {
  if (shape.rank().is_dynamic()) return 1;
  uint64_t elements = 1;
  for (const Dimension& dimension : shape)
    elements *= static_cast<uint64_t>(std::max<int64_t>(1, dimension.get_min_length()));
  return elements;
}

uint64_t estimated_batch(const Model& model) {
  if (model.get_parameters().empty()) return 1;
  const PartialShape& shape = model.get_parameters().front()->get_output_partial_shape(0);
  if (shape.rank().is_dynamic() || shape.rank().get_length() == 0) return 1;
  return static_cast<uint64_t>(std::max<int64_t>(1, shape[0].get_min_length()));
}

}  // namespace

ModelFootprint analyse_footprint(const Model& model) {
  ModelFootprint footprint;
  uint64_t activation_bytes = 0, widest = 0;
  for (const auto& node : model.get_ordered_ops()) {
    if (is_type<op::v0::Result>(node)) continue;
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      const uint64_t elements = estimated_elements(node->get_output_partial_shape(i));
      const uint64_t bytes = elements * std::max<size_t>(1, node->get_output_element_type(i).size());
      if (is_type<op::v0::Constant>(node)) {
        footprint.weight_bytes += bytes;
      } else {
        activation_bytes += bytes;
        widest = std::max(widest, elements);
      }
    }
  }
  const uint64_t batch = estimated_batch(model);
  footprint.activation_bytes_per_item = (activation_bytes + batch - 1) / batch;
  footprint.widest_op_elements_per_item = std::max<uint64_t>(1, widest / batch);
  footprint.batch_one_inputs = !model.get_parameters().empty();
  for (const auto& parameter : model.get_parameters()) {
    const PartialShape& shape = parameter->get_output_partial_shape(0);
    if (shape.rank().is_dynamic() || shape.rank().get_length() == 0 || !shape[0].is_static() ||
        shape[0].get_length() != 1)
      footprint.batch_one_inputs = false;
  }
  return footprint;
}

uint32_t max_batch_for(const ModelFootprint& footprint, uint64_t device_memory_bytes) {
  const uint64_t usable = device_memory_bytes / 100 * (100 - kReservedMemoryPercent);
  if (usable <= footprint.weight_bytes) return 1;
  const uint64_t per_item = std::max<uint64_t>(1, footprint.activation_bytes_per_item);
  const uint64_t items = (usable - footprint.weight_bytes) / per_item;
  return static_cast<uint32_t>(std::clamp<uint64_t>(items, 1, kMaxBatchSizeCap));
}

unsigned optimal_batch_for(const ModelFootprint& footprint, const DeviceInfo& device) {
  if (!footprint.batch_one_inputs) return 1;
  const uint64_t parallel_work_items =
      static_cast<uint64_t>(std::max(1u, device.compute_units)) * std::max<size_t>(1, device.max_work_group_size);
  const uint32_t memory_bound = max_batch_for(footprint, device.global_mem_size);
  unsigned batch = 1;
  while (batch < kMaxOptimalBatchSize && batch * 2 <= memory_bound &&
         batch * footprint.widest_op_elements_per_item < parallel_work_items)
    batch *= 2;
  return batch;
}

}  // namespace ferry::gpu
