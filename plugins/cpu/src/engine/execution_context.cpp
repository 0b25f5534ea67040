#include "execution_context.hpp"

#include <chrono>
#include <cstdlib>

#include "arena_plan.hpp"
#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "onednn_engine.hpp"

namespace ferry::cpu::engine {
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kAlignment = 64;

}  // namespace

void ExecutionContext::FreeArena::operator()(void* arena) const { std::free(arena); }

ExecutionContext::ExecutionContext(const GraphPlan& plan) : m_plan(plan) {
  const size_t bytes = (plan.arena_bytes + plan.scratchpad_bytes + kAlignment - 1) / kAlignment * kAlignment;
  m_arena.reset(std::aligned_alloc(kAlignment, bytes > 0 ? bytes : kAlignment));
  FERRY_ASSERT(m_arena, "the engine could not allocate ", bytes, " bytes for its arena");
  auto* base = static_cast<char*>(m_arena.get());
  m_memory.slots = &plan.slots;
  m_memory.address.assign(plan.slots.size(), nullptr);
  for (size_t slot = 0; slot < plan.slots.size(); ++slot)
    if (plan.arena_offset[slot] != ArenaPlan::kNotInArena) m_memory.address[slot] = base + plan.arena_offset[slot];
  for (const auto& [slot, data] : plan.constant_slots) m_memory.address[slot] = data.data();
  m_memory.scratchpad = base + plan.arena_bytes;
  m_memory.stream = dnnl::stream(cpu_engine());
  for (const auto& step : plan.steps) m_bindings.push_back(step->bind(m_memory));
}

uint64_t ExecutionContext::run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile) {
  FERRY_ASSERT(arguments.size() == m_plan.argument_count, "the graph takes ", m_plan.argument_count, " arguments, got ",
               arguments.size());
  for (const auto& [slot, argument] : m_plan.argument_slots) m_memory.address[slot] = arguments[argument];
  if (profile) profile->clear();
  m_memory.copied = 0;
  for (size_t s = 0; s < m_bindings.size(); ++s) {
    const auto start = profile ? Clock::now() : Clock::time_point();
    m_bindings[s]->run();
    if (profile) {
      m_memory.stream.wait();
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
      const Step& step = *m_plan.steps[s];
      profile->push_back({step.name(), step.type(), step.exec_type(), static_cast<uint64_t>(ns), {}});
    }
  }
  m_memory.stream.wait();
  for (const auto& [slot, argument] : m_plan.copied_results)
    device_copy(arguments[argument], m_memory.address[slot], m_plan.slots[slot].bytes, m_memory.copied);
  return m_memory.copied;
}

}  // namespace ferry::cpu::engine
