#include "compiled_graph.hpp"

#include "execution_context.hpp"
#include "ferry/base/exception.hpp"
#include "graph_plan.hpp"
#include "onednn_step.hpp"

namespace ferry::npu::engine {

CompiledGraph::CompiledGraph(std::shared_ptr<const Model> model) : model_(std::move(model)) {
  FERRY_ASSERT(model_, "CompiledGraph: no model");
  plan_ = plan_graph(model_);
  idle_.push_back(std::make_unique<ExecutionContext>(*plan_));
}

CompiledGraph::~CompiledGraph() = default;

std::unique_ptr<ExecutionContext> CompiledGraph::take_context() const {
  {
    std::lock_guard<std::mutex> lock(idle_mutex_);
    if (!idle_.empty()) {
      auto context = std::move(idle_.back());
      idle_.pop_back();
      return context;
    }
  }
  // More executions at once than ever before: one more context (kept for the next time).
  return std::make_unique<ExecutionContext>(*plan_);
}

void CompiledGraph::give_back(std::unique_ptr<ExecutionContext> context) const {
  std::lock_guard<std::mutex> lock(idle_mutex_);
  idle_.push_back(std::move(context));
}

uint64_t CompiledGraph::run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile) const {
  std::unique_ptr<ExecutionContext> context = take_context();
  try {
    const uint64_t copied = context->run(arguments, profile);
    give_back(std::move(context));
    return copied;
  } catch (...) {
    give_back(std::move(context));
    throw;
  }
}

std::vector<OpProfile> CompiledGraph::describe_steps() const {
  std::vector<OpProfile> steps;
  for (const auto& step : plan_->steps) {
    const dnnl::memory::desc& layout = plan_->slots.at(step->outputs.at(0)).layout;
    steps.push_back(
        {step->name(), step->type(), step->exec_type(), 0, layout.is_zero() || is_plain(layout) ? "plain" : "blocked"});
  }
  return steps;
}

size_t CompiledGraph::arena_bytes() const { return plan_->arena_bytes + plan_->scratchpad_bytes; }

}  // namespace ferry::npu::engine
