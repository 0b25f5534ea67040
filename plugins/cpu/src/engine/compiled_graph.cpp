#include "compiled_graph.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>

#include "execution_context.hpp"
#include "ferry/base/exception.hpp"
#include "graph_plan.hpp"
#include "onednn_step.hpp"
#include "plan_chooser.hpp"
#include "thread_count.hpp"

namespace ferry::cpu::engine {
namespace {

// The host's physical memory in bytes (0 when Linux does not say).
size_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page) : 0;
}

}  // namespace

// The graph compiled for one OpenMP thread count, and its execution contexts no execution holds.
struct CompiledGraph::Variant {
  int threads = 1;
  std::unique_ptr<GraphPlan> plan;
  std::mutex idle_mutex;
  std::vector<std::unique_ptr<ExecutionContext>> idle;
  std::atomic<uint64_t> executions{0};

  std::unique_ptr<ExecutionContext> take_context() {
    {
      std::lock_guard<std::mutex> lock(idle_mutex);
      if (!idle.empty()) {
        auto context = std::move(idle.back());
        idle.pop_back();
        return context;
      }
    }
    // More executions at once than ever before: one more context (kept for the next time).
    return std::make_unique<ExecutionContext>(*plan);
  }

  void give_back(std::unique_ptr<ExecutionContext> context) {
    std::lock_guard<std::mutex> lock(idle_mutex);
    idle.push_back(std::move(context));
  }
};

CompiledGraph::CompiledGraph(std::shared_ptr<const Model> model, int threads, MatrixPrecision precision)
    : m_model(std::move(model)) {
  FERRY_ASSERT(m_model, "CompiledGraph: no model");
  FERRY_ASSERT(threads >= 0, "CompiledGraph: a negative thread count (", threads, ")");
  std::vector<int> thread_counts{threads > 0 ? threads : onednn_threads()};
  if (thread_counts.front() > 1) thread_counts.push_back(1);
  for (int threads : thread_counts) {
    auto variant = std::make_unique<Variant>();
    variant->threads = threads;
    {
      const ScopedThreadCount scope(threads);
      variant->plan = plan_graph(m_model, precision);
    }
    // Refused here, by name, rather than as a failed allocation (or the OOM killer) later.
    const size_t needed = variant->plan->arena_bytes + variant->plan->scratchpad_bytes;
    const size_t memory = physical_memory_bytes();
    FERRY_ASSERT(memory == 0 || needed <= memory, "model '", m_model->get_friendly_name(), "' needs ", needed,
                 " bytes for the intermediate values of one inference, more than this host's ", memory,
                 " bytes of memory");
    variant->idle.push_back(std::make_unique<ExecutionContext>(*variant->plan));
    m_variants.push_back(std::move(variant));
  }
  m_chooser = std::make_unique<PlanChooser>(m_variants.size());
}

CompiledGraph::~CompiledGraph() = default;

uint64_t CompiledGraph::run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile) const {
  const size_t chosen = m_chooser->choose();
  Variant& variant = *m_variants[chosen];
  const ScopedThreadCount threads(variant.threads);
  std::unique_ptr<ExecutionContext> context = variant.take_context();
  uint64_t copied = 0;
  const auto start = std::chrono::steady_clock::now();
  try {
    copied = context->run(arguments, profile);
  } catch (...) {
    variant.give_back(std::move(context));
    throw;
  }
  m_chooser->record(chosen,
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  ++variant.executions;
  variant.give_back(std::move(context));
  return copied;
}

std::vector<OpProfile> CompiledGraph::describe_steps() const {
  const GraphPlan& plan = *m_variants.front()->plan;
  std::vector<OpProfile> steps;
  for (const auto& step : plan.steps) {
    const dnnl::memory::desc& layout = plan.slots.at(step->outputs.at(0)).layout;
    steps.push_back(
        {step->name(), step->type(), step->exec_type(), 0, layout.is_zero() || is_plain(layout) ? "plain" : "blocked"});
  }
  return steps;
}

size_t CompiledGraph::arena_bytes() const {
  const GraphPlan& plan = *m_variants.front()->plan;
  return plan.arena_bytes + plan.scratchpad_bytes;
}

std::vector<int> CompiledGraph::plan_threads() const {
  std::vector<int> threads;
  for (const auto& variant : m_variants) threads.push_back(variant->threads);
  return threads;
}

std::vector<uint64_t> CompiledGraph::executions_per_plan() const {
  std::vector<uint64_t> executions;
  for (const auto& variant : m_variants) executions.push_back(variant->executions.load());
  return executions;
}

}  // namespace ferry::cpu::engine
