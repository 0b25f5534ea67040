#include "support/test_ops.hpp"

#include <thread>

#include "ferry/value/tensor.hpp"

namespace ferry::template_test {
namespace {

// outputs[0] = a copy of inputs[0] (creating outputs[0] when the plugin passed none).
void pass_through(TensorVector& outputs, const TensorVector& inputs) {
  if (!outputs[0]) outputs[0] = Tensor(inputs[0].get_element_type(), inputs[0].get_shape());
  inputs[0].copy_to(outputs[0]);
}

}  // namespace

Rendezvous::Rendezvous(const Output<Node>& value, std::shared_ptr<Counters> counters)
    : Op({value}), m_counters(std::move(counters)) {
  constructor_validate_and_infer_types();
}

void Rendezvous::validate_and_infer_types() {
  set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

std::shared_ptr<Node> Rendezvous::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<Rendezvous>(inputs.at(0), m_counters);
}

bool Rendezvous::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  Counters& c = *m_counters;
  {
    std::unique_lock<std::mutex> lock(c.mutex);
    ++c.inside;
    c.max_inside = std::max(c.max_inside, c.inside);
    c.changed.notify_all();
    c.changed.wait_for(lock, c.patience, [&] { return c.inside >= c.quorum || c.max_inside >= c.quorum; });
  }
  pass_through(outputs, inputs);
  std::lock_guard<std::mutex> lock(c.mutex);
  --c.inside;
  return true;
}

Sleep::Sleep(const Output<Node>& value, std::chrono::milliseconds duration) : Op({value}), m_duration(duration) {
  constructor_validate_and_infer_types();
}

void Sleep::validate_and_infer_types() { set_output_type(0, get_input_element_type(0), get_input_partial_shape(0)); }

std::shared_ptr<Node> Sleep::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<Sleep>(inputs.at(0), m_duration);
}

bool Sleep::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  std::this_thread::sleep_for(m_duration);
  pass_through(outputs, inputs);
  return true;
}

NoKernel::NoKernel(const Output<Node>& value) : Op({value}) { constructor_validate_and_infer_types(); }

void NoKernel::validate_and_infer_types() { set_output_type(0, get_input_element_type(0), get_input_partial_shape(0)); }

std::shared_ptr<Node> NoKernel::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<NoKernel>(inputs.at(0));
}

}  // namespace ferry::template_test
