#include "arena_plan.hpp"

#include <algorithm>
#include <numeric>

namespace ferry::cpu::engine {
namespace {

// oneDNN's kernels load whole cache lines.
constexpr size_t kAlignment = 64;

size_t aligned(size_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

// Slots sharing one piece of memory (a chain of in-place steps), and when it is live.
struct Storage {
  size_t first = SIZE_MAX, last = 0, bytes = 0, offset = 0;
  bool overlaps(const Storage& other) const { return first <= other.last && other.first <= last; }
};

}  // namespace

ArenaPlan plan_arena(const std::vector<SlotInfo>& slots, const std::vector<bool>& in_arena,
                     const std::vector<std::unique_ptr<Step>>& steps) {
  const size_t count = slots.size();
  std::vector<size_t> first(count, SIZE_MAX), last(count, 0);
  for (size_t s = 0; s < steps.size(); ++s) {
    for (size_t slot : steps[s]->outputs) {
      first[slot] = std::min(first[slot], s);
      last[slot] = std::max(last[slot], s);
    }
    for (size_t slot : steps[s]->inputs) last[slot] = std::max(last[slot], s);
  }

  // In place: the output joins its addend's storage when nothing reads the addend later and
  // the step reads it only as the addend.
  std::vector<size_t> storage_of(count);
  std::iota(storage_of.begin(), storage_of.end(), 0);
  for (size_t s = 0; s < steps.size(); ++s) {
    const Step& step = *steps[s];
    const size_t addend = step.accumulates_into_output;
    if (addend == Step::kNoSlot || step.outputs.empty()) continue;
    const size_t output = step.outputs[0];
    if (!in_arena[addend] || !in_arena[output] || last[addend] != s || slots[addend].bytes != slots[output].bytes ||
        std::count(step.inputs.begin(), step.inputs.end(), addend) != 1)
      continue;
    storage_of[output] = storage_of[addend];
  }

  std::vector<Storage> storages(count);
  for (size_t slot = 0; slot < count; ++slot) {
    if (!in_arena[slot] || first[slot] == SIZE_MAX) continue;
    Storage& storage = storages[storage_of[slot]];
    storage.first = std::min(storage.first, first[slot]);
    storage.last = std::max(storage.last, last[slot]);
    storage.bytes = std::max(storage.bytes, aligned(slots[slot].bytes));
  }

  // Largest first, each at the lowest offset clear of the storages live at the same time.
  std::vector<size_t> order;
  for (size_t i = 0; i < count; ++i)
    if (storages[i].first != SIZE_MAX) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return storages[a].bytes > storages[b].bytes; });
  ArenaPlan plan;
  std::vector<size_t> placed;
  for (size_t index : order) {
    Storage& storage = storages[index];
    std::vector<const Storage*> live;
    for (size_t other : placed)
      if (storages[other].overlaps(storage)) live.push_back(&storages[other]);
    std::sort(live.begin(), live.end(), [](const Storage* a, const Storage* b) { return a->offset < b->offset; });
    size_t offset = 0;
    for (const Storage* other : live) {
      if (offset + storage.bytes <= other->offset) break;
      offset = std::max(offset, other->offset + other->bytes);
    }
    storage.offset = offset;
    plan.bytes = std::max(plan.bytes, offset + storage.bytes);
    placed.push_back(index);
  }

  plan.offset.assign(count, ArenaPlan::kNotInArena);
  for (size_t slot = 0; slot < count; ++slot)
    if (in_arena[slot] && first[slot] != SIZE_MAX) plan.offset[slot] = storages[storage_of[slot]].offset;
  return plan;
}

}  // namespace ferry::cpu::engine
