#include "execution_context.hpp"

#include <chrono>
#include <cstdlib>

#include "arena_plan.hpp"
#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "onednn_engine.hpp"

namespace ferry::npu::engine {
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kAlignment = 64;

}  // namespace

void ExecutionContext::FreeArena::operator()(void* arena) const { std::free(arena); }

ExecutionContext::ExecutionContext(const GraphPlan& plan) : plan_(plan) {
  const size_t bytes = (plan.arena_bytes + plan.scratchpad_bytes + kAlignment - 1) / kAlignment * kAlignment;
  arena_.reset(std::aligned_alloc(kAlignment, bytes > 0 ? bytes : kAlignment));
  FERRY_ASSERT(arena_, "the engine could not allocate ", bytes, " bytes for its arena");
  auto* base = static_cast<char*>(arena_.get());
  memory_.slots = &plan.slots;
  memory_.address.assign(plan.slots.size(), nullptr);
  for (size_t slot = 0; slot < plan.slots.size(); ++slot)
    if (plan.arena_offset[slot] != ArenaPlan::kNotInArena) memory_.address[slot] = base + plan.arena_offset[slot];
  for (const auto& [slot, data] : plan.constant_slots) memory_.address[slot] = data.data();
  memory_.scratchpad = base + plan.arena_bytes;
  memory_.stream = dnnl::stream(cpu_engine());
  for (const auto& step : plan.steps) bindings_.push_back(step->bind(memory_));
}

uint64_t ExecutionContext::run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile) {
  FERRY_ASSERT(arguments.size() == plan_.argument_count, "the graph takes ", plan_.argument_count, " arguments, got ",
               arguments.size());
  for (const auto& [slot, argument] : plan_.argument_slots) memory_.address[slot] = arguments[argument];
  if (profile) profile->clear();
  memory_.copied = 0;
  for (size_t s = 0; s < bindings_.size(); ++s) {
    const auto start = profile ? Clock::now() : Clock::time_point();
    bindings_[s]->run();
    if (profile) {
      memory_.stream.wait();
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
      const Step& step = *plan_.steps[s];
      profile->push_back({step.name(), step.type(), step.exec_type(), static_cast<uint64_t>(ns)});
    }
  }
  memory_.stream.wait();
  for (const auto& [slot, argument] : plan_.copied_results)
    device_copy(arguments[argument], memory_.address[slot], plan_.slots[slot].bytes, memory_.copied);
  return memory_.copied;
}

}  // namespace ferry::npu::engine
