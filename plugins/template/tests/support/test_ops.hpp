#pragma once

// Ops that exist only in the tests, to observe what the plugin does from inside an inference.
// Each passes its input through unchanged.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "ferry/graph/ops/op.hpp"

namespace ferry::template_test {

// Counts how many of its evaluations run at the same time. Each evaluation waits (up to
// `patience`) until `quorum` evaluations are inside, so that requests running on different
// streams meet; requests that run one after another never do.
class Rendezvous : public op::Op {
 public:
  FERRY_OP("Rendezvous", "ferry_test")
  struct Counters {
    std::mutex mutex;
    std::condition_variable changed;
    int inside = 0;
    int max_inside = 0;
    int quorum = 1;
    std::chrono::milliseconds patience{0};
  };
  Rendezvous(const Output<Node>& value, std::shared_ptr<Counters> counters);

  void validate_and_infer_types() override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  std::shared_ptr<Counters> m_counters;
};

// Sleeps for `duration` before passing its input through: a known lower bound of its time.
class Sleep : public op::Op {
 public:
  FERRY_OP("Sleep", "ferry_test")
  Sleep(const Output<Node>& value, std::chrono::milliseconds duration);

  void validate_and_infer_types() override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  std::chrono::milliseconds m_duration;
};

// An op without a reference kernel: no device can run it on TEMPLATE.
class NoKernel : public op::Op {
 public:
  FERRY_OP("NoKernel", "ferry_test")
  explicit NoKernel(const Output<Node>& value);

  void validate_and_infer_types() override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace ferry::template_test
