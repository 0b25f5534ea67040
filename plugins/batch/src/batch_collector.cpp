#include "batch_collector.hpp"

#include <algorithm>
#include <optional>

#include "ferry/base/exception.hpp"

namespace ferry::batch {
namespace {

// Each request gets an exception of its own, naming the device and the cause, so that no two
// threads share one exception object.
std::exception_ptr describe_failure(const std::exception_ptr& error, const std::string& device, const char* what) {
  if (!error) return nullptr;
  std::string cause = "unknown error";
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    cause = e.what();
  } catch (...) {
  }
  return std::make_exception_ptr(Exception("device '" + device + "': " + what + " failed: " + cause));
}

// Item `index` ([index, index + 1) on dim 0) of `batched`.
Tensor item_view(const Tensor& batched, size_t index) {
  const Shape shape = batched.get_shape();
  Coordinate begin(shape.size(), 0);
  Coordinate end(shape.begin(), shape.end());
  begin[0] = index;
  end[0] = index + 1;
  return Tensor(batched, begin, end);
}

}  // namespace

BatchCollector::BatchCollector(std::string device, SoPtr<ICompiledModel> batched, SoPtr<ICompiledModel> single,
                               size_t batch, uint32_t timeout_ms)
    : m_device(std::move(device)),
      m_batched(std::move(batched)),
      m_single(std::move(single)),
      m_batch(batch),
      m_timeout(timeout_ms) {
  m_timer = std::thread([this] { run_timer(); });
}

BatchCollector::~BatchCollector() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  m_timer.join();
}

std::unique_ptr<BatchCollector::Group> BatchCollector::make_group(size_t index) {
  auto group = std::make_unique<Group>();
  group->batched = SoPtr<IAsyncInferRequest>(m_batched->create_infer_request(), m_batched);
  // The batched tensors are host memory of our own: the slots' views must stay valid and
  // host-addressable whatever tensors the device would have allocated.
  std::vector<Tensor> inputs, outputs;
  for (const auto& port : m_batched->inputs()) {
    inputs.emplace_back(port.get_element_type(), port.get_shape());
    group->batched->set_tensor(port, inputs.back());
  }
  for (const auto& port : m_batched->outputs()) {
    outputs.emplace_back(port.get_element_type(), port.get_shape());
    group->batched->set_tensor(port, outputs.back());
  }
  for (size_t s = 0; s < m_batch; ++s) {
    auto slot = std::make_unique<BatchSlot>();
    slot->group = index;
    slot->index = s;
    for (const Tensor& tensor : inputs) slot->input_views.push_back(item_view(tensor, s));
    for (const Tensor& tensor : outputs) slot->output_views.push_back(item_view(tensor, s));
    group->slots.push_back(std::move(slot));
  }
  Group* raw = group.get();
  group->batched->set_callback([this, raw](std::exception_ptr error) { finish_batch(*raw, std::move(error)); });
  return group;
}

BatchSlot& BatchCollector::take_slot() {
  std::lock_guard<std::mutex> lock(m_mutex);
  BatchSlot* found = nullptr;
  for (auto& group : m_groups) {
    for (auto& slot : group->slots) {
      if (slot->state == BatchSlot::State::FREE) {
        found = slot.get();
        break;
      }
    }
    if (found) break;
  }
  if (!found) {
    m_groups.push_back(make_group(m_groups.size()));
    found = m_groups.back()->slots.front().get();
  }
  if (!found->fallback) {
    SoPtr<IAsyncInferRequest> fallback(m_single->create_infer_request(), m_single);
    const auto& inputs = m_single->inputs();
    const auto& outputs = m_single->outputs();
    for (size_t i = 0; i < inputs.size(); ++i) fallback->set_tensor(inputs[i], found->input_views[i]);
    for (size_t k = 0; k < outputs.size(); ++k) fallback->set_tensor(outputs[k], found->output_views[k]);
    fallback->set_callback([this, found](std::exception_ptr error) { finish_alone(*found, std::move(error)); });
    found->fallback = std::move(fallback);
  }
  found->state = BatchSlot::State::IDLE;
  found->last_ran = BatchSlot::Ran::NOTHING;
  return *found;
}

void BatchCollector::release_slot(BatchSlot& slot) {
  std::lock_guard<std::mutex> lock(m_mutex);
  slot.state = BatchSlot::State::FREE;  // its fallback request stays bound, for the next taker
}

void BatchCollector::submit(BatchSlot& slot) {
  Group* full = nullptr;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    FERRY_ASSERT(slot.state == BatchSlot::State::IDLE, "device '", m_device, "': slot ", slot.index, " of group ",
                 slot.group, " was submitted while not idle");
    slot.completion->reset();
    slot.state = BatchSlot::State::READY;
    slot.ready_since = std::chrono::steady_clock::now();
    Group& group = *m_groups[slot.group];
    const bool all_ready = std::all_of(group.slots.begin(), group.slots.end(),
                                       [](const auto& s) { return s->state == BatchSlot::State::READY; });
    if (all_ready) {
      for (auto& s : group.slots) s->state = BatchSlot::State::RUNNING;
      full = &group;
    }
  }
  if (full) {
    launch_batch(*full);
  } else {
    m_wake.notify_all();  // the timer may need an earlier deadline
  }
}

void BatchCollector::withdraw(BatchSlot& slot) {
  std::shared_ptr<BatchCompletion> completion;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (slot.state != BatchSlot::State::READY) return;
    slot.state = BatchSlot::State::IDLE;
    completion = slot.completion;
  }
  completion->complete(std::make_exception_ptr(
      Cancelled("device '" + m_device + "': the infer request was cancelled while waiting for its batch")));
}

void BatchCollector::launch_batch(Group& group) {
  try {
    group.batched->start_async();
  } catch (...) {
    finish_batch(group, std::current_exception());
  }
}

void BatchCollector::finish_batch(Group& group, std::exception_ptr error) {
  std::vector<std::shared_ptr<BatchCompletion>> done;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!error) ++m_batched_inferences;
    for (auto& slot : group.slots) {
      slot->state = BatchSlot::State::IDLE;
      slot->last_ran = BatchSlot::Ran::BATCHED;
      done.push_back(slot->completion);
    }
  }
  std::vector<std::exception_ptr> failures;
  for (size_t s = 0; s < done.size(); ++s)
    failures.push_back(describe_failure(error, m_device, "the batched inference"));
  // Nothing of the group may be touched from here on: a completed request may be destroyed,
  // and with the last one this collector.
  for (size_t s = 0; s < done.size(); ++s) done[s]->complete(std::move(failures[s]));
}

void BatchCollector::launch_alone(BatchSlot& slot) {
  try {
    slot.fallback->start_async();
  } catch (...) {
    finish_alone(slot, std::current_exception());
  }
}

void BatchCollector::finish_alone(BatchSlot& slot, std::exception_ptr error) {
  std::shared_ptr<BatchCompletion> completion;
  std::exception_ptr failure;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!error) ++m_fallback_inferences;
    slot.state = BatchSlot::State::IDLE;
    slot.last_ran = BatchSlot::Ran::ALONE;
    completion = slot.completion;
    failure = describe_failure(error, m_device, "the inference at batch 1 (timeout fallback)");
  }
  completion->complete(std::move(failure));
}

void BatchCollector::infer_alone(BatchSlot& slot) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    FERRY_ASSERT(slot.state == BatchSlot::State::IDLE, "device '", m_device, "': slot ", slot.index, " of group ",
                 slot.group, " is busy");
    slot.completion->reset();
    slot.state = BatchSlot::State::RUNNING;
  }
  launch_alone(slot);
  try {
    slot.fallback->wait();  // returns once finish_alone has run (the callback is part of the inference)
  } catch (...) {
    // finish_alone has described the failure for the completion: reported below.
  }
  if (std::exception_ptr error = slot.completion->take_error()) std::rethrow_exception(error);
}

std::vector<ProfilingInfo> BatchCollector::profiling_info(const BatchSlot& slot) const {
  const SoPtr<IAsyncInferRequest>* request = nullptr;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (slot.last_ran == BatchSlot::Ran::BATCHED) request = &m_groups[slot.group]->batched;
    if (slot.last_ran == BatchSlot::Ran::ALONE) request = &slot.fallback;
  }
  return request ? (*request)->get_profiling_info() : std::vector<ProfilingInfo>{};
}

void BatchCollector::run_timer() {
  std::unique_lock<std::mutex> lock(m_mutex);
  while (!m_stopping) {
    const auto now = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> next;
    std::vector<BatchSlot*> due;
    for (auto& group : m_groups) {
      std::optional<std::chrono::steady_clock::time_point> oldest;
      for (auto& slot : group->slots) {
        if (slot->state == BatchSlot::State::READY && (!oldest || slot->ready_since < *oldest))
          oldest = slot->ready_since;
      }
      if (!oldest) continue;
      const auto deadline = *oldest + m_timeout;
      if (deadline > now) {
        next = next ? std::min(*next, deadline) : deadline;
        continue;
      }
      // The group did not fill in time: every waiting slot of it runs alone.
      for (auto& slot : group->slots) {
        if (slot->state != BatchSlot::State::READY) continue;
        slot->state = BatchSlot::State::RUNNING;
        due.push_back(slot.get());
      }
    }
    if (!due.empty()) {
      lock.unlock();
      for (BatchSlot* slot : due) launch_alone(*slot);
      lock.lock();
      continue;
    }
    if (next) {
      m_wake.wait_until(lock, *next);
    } else {
      m_wake.wait(lock);
    }
  }
}

void BatchCollector::set_timeout(uint32_t timeout_ms) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_timeout = std::chrono::milliseconds(timeout_ms);
  }
  m_wake.notify_all();
}

uint32_t BatchCollector::get_timeout() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return static_cast<uint32_t>(m_timeout.count());
}

uint64_t BatchCollector::batched_inferences() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_batched_inferences;
}

uint64_t BatchCollector::fallback_inferences() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_fallback_inferences;
}

}  // namespace ferry::batch
