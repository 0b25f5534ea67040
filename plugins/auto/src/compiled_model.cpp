#include "compiled_model.hpp"

#include <algorithm>
#include <future>
#include <iostream>

#include "async_infer_request.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/value/properties.hpp"
#include "sync_infer_request.hpp"

namespace ferry::auto_device {
namespace {

// The properties AUTO answers itself; the rest are the device's inferences go to now.
const std::vector<PropertyName>& own_properties() {
  static const std::vector<PropertyName> names{supported_properties,
                                               execution_devices,
                                               optimal_number_of_infer_requests,
                                               selection,
                                               PropertyName(device::priorities.name(), PropertyMutability::RO),
                                               PropertyName(enable_startup_fallback.name(), PropertyMutability::RO),
                                               PropertyName(enable_runtime_fallback.name(), PropertyMutability::RO),
                                               PropertyName(device_bind_buffer.name(), PropertyMutability::RO),
                                               PropertyName(schedule_policy.name(), PropertyMutability::RO),
                                               PropertyName(hint::performance_mode.name(), PropertyMutability::RO),
                                               PropertyName(log::level.name(), PropertyMutability::RO),
                                               PropertyName(enable_profiling.name(), PropertyMutability::RO)};
  return names;
}

bool is_cpu(const std::string& device) { return sdk::DeviceName::parse(device).base == "CPU"; }

}  // namespace

AutoCompiledModel::AutoCompiledModel(const std::shared_ptr<const Model>& model,
                                     const std::shared_ptr<const IPlugin>& plugin, std::string name,
                                     const Config& config, const std::vector<std::string>& devices, Compile compile,
                                     std::string log)
    // Its requests run on their devices' threads (AutoAsyncInferRequest): no executor of its own.
    : ICompiledModel(model, plugin, {}, std::make_shared<threading::ImmediateExecutor>()),
      m_name(std::move(name)),
      m_config(config),
      m_compile(std::move(compile)),
      m_requests_on(devices.size()),
      m_log(std::move(log)) {
  for (const std::string& device : devices) {
    m_slots.push_back(std::make_unique<Slot>());
    m_slots.back()->device = device;
  }
  const auto devices_text = [&] {
    std::string text;
    for (const auto& slot : m_slots) text += (text.empty() ? "" : ", ") + slot->device;
    return text;
  };
  if (cumulative()) {
    // Every candidate, at once: the slowest compile sets the time, not their sum.
    std::vector<std::future<bool>> compiles;
    for (size_t s = 0; s < m_slots.size(); ++s)
      compiles.push_back(std::async(std::launch::async, [this, s] { return compile_slot(s); }));
    for (size_t s = 0; s < compiles.size(); ++s)
      if (compiles[s].get()) m_spread.push_back(s);
    FERRY_ASSERT(!m_spread.empty(), "device '", m_name, "': the model compiled on none of ", devices_text(), " (",
                 get_property(selection.name()).as<std::string>(), ")");
    note(log::Level::INFO, "CUMULATIVE_THROUGHPUT: inferences spread over every device that compiled");
    return;
  }
  const auto helper =
      std::find_if(m_slots.begin(), m_slots.end(), [](const auto& slot) { return is_cpu(slot->device); });
  const size_t cpu = static_cast<size_t>(helper - m_slots.begin());
  if (m_config.startup_fallback && cpu < m_slots.size() && cpu > 0 && compile_slot(cpu)) {
    m_active = cpu;
    note(log::Level::INFO, "startup fallback: " + m_slots[cpu]->device + " runs the first inferences while " +
                               m_slots.front()->device + " compiles");
    m_settled = false;
    m_first_result = false;
    m_background = std::thread([this, cpu] { compile_in_background(cpu); });
    return;
  }
  for (size_t s = 0; s < m_slots.size(); ++s) {
    if (compile_slot(s)) {
      m_active = s;
      note(log::Level::INFO, "inferences run on " + m_slots[s]->device);
      return;
    }
  }
  Exception::raise("device '", m_name, "': the model compiled on none of ", devices_text(), " (",
                   get_property(selection.name()).as<std::string>(), ")");
}

AutoCompiledModel::~AutoCompiledModel() {
  {
    std::lock_guard<std::mutex> lock(m_settle_mutex);
    m_stopping = true;
  }
  m_first_result_signal.notify_all();
  if (m_background.joinable()) m_background.join();
}

void AutoCompiledModel::note_result() const {
  if (m_first_result.load(std::memory_order_relaxed)) return;  // every inference but the first
  {
    std::lock_guard<std::mutex> lock(m_settle_mutex);
    m_first_result = true;
  }
  m_first_result_signal.notify_all();
}

bool AutoCompiledModel::compile_slot(size_t index) const {
  Slot& slot = *m_slots[index];
  std::lock_guard<std::mutex> lock(slot.compiling);
  if (slot.state != State::kNotTried) return slot.state == State::kReady;
  slot.state = State::kCompiling;
  try {
    SoPtr<ICompiledModel> compiled = m_compile(slot.device);
    FERRY_ASSERT(compiled->inputs().size() == inputs().size() && compiled->outputs().size() == outputs().size(),
                 slot.device, " compiled the model with ", compiled->inputs().size(), " inputs and ",
                 compiled->outputs().size(), " outputs; the model has ", inputs().size(), " and ", outputs().size());
    try {
      slot.optimal_requests =
          std::max(1u, compiled->get_property(optimal_number_of_infer_requests.name()).as<uint32_t>());
    } catch (const Exception&) {
      // A device that does not say wants one request.
    }
    slot.compiled = std::move(compiled);
    slot.state.store(State::kReady, std::memory_order_release);
    note(log::Level::INFO, slot.device + ": compiled");
    return true;
  } catch (const std::exception& e) {
    slot.state = State::kFailed;
    note(log::Level::WARNING, slot.device + ": compile failed: " + e.what());
    return false;
  }
}

void AutoCompiledModel::compile_in_background(size_t helper) {
  {
    std::unique_lock<std::mutex> lock(m_settle_mutex);
    m_first_result_signal.wait_for(lock, kHeadStart, [this] { return m_first_result || m_stopping; });
    if (m_stopping) {  // the compiled model goes: nothing will run on the device
      m_settled = true;
      return;
    }
  }
  for (size_t s = 0; s < helper; ++s) {
    if (!compile_slot(s)) continue;
    m_active.store(s);
    note(log::Level::INFO, "inferences move to " + m_slots[s]->device);
    break;
  }
  if (m_active.load() == helper)
    note(log::Level::WARNING, "no device before " + m_slots[helper]->device + " compiled: inferences stay on it");
  {
    std::lock_guard<std::mutex> lock(m_settle_mutex);
    m_settled = true;
  }
  m_settled_signal.notify_all();
}

void AutoCompiledModel::note(log::Level level, const std::string& line) const {
  {
    std::lock_guard<std::mutex> lock(m_log_mutex);
    m_log += line + "\n";
  }
  if (m_config.log_level != log::Level::NO && static_cast<int>(level) <= static_cast<int>(m_config.log_level))
    std::cerr << "[" << m_name << "] " << line << std::endl;
}

void AutoCompiledModel::note_runtime_fallback(size_t slot, const std::string& error) const {
  ++m_runtime_fallbacks;
  const std::string line = "runtime fallback: an inference failed on " + m_slots[slot]->device + ": " + error;
  {
    std::lock_guard<std::mutex> lock(m_log_mutex);
    m_last_fallback = line;
  }
  if (m_config.log_level != log::Level::NO &&
      static_cast<int>(log::Level::WARNING) <= static_cast<int>(m_config.log_level))
    std::cerr << "[" << m_name << "] " << line << std::endl;
}

SoPtr<ICompiledModel> AutoCompiledModel::ready(size_t slot) const {
  if (m_slots[slot]->state.load(std::memory_order_acquire) != State::kReady) return {};
  return m_slots[slot]->compiled;
}

SoPtr<ICompiledModel> AutoCompiledModel::ready_or_compile(size_t slot) const {
  if (m_slots[slot]->state.load() == State::kNotTried) compile_slot(slot);
  return ready(slot);
}

size_t AutoCompiledModel::slot_for_new_request() const {
  if (!cumulative() || !m_config.bind_buffer) return slot_for_inference();
  // Bound for good: DEVICE_PRIORITY fills each device to its optimal number of requests first.
  size_t chosen = m_spread[m_next_request++ % m_spread.size()];
  if (m_config.schedule == SchedulePolicy::DEVICE_PRIORITY) {
    for (size_t s : m_spread) {
      if (m_requests_on[s].load() < m_slots[s]->optimal_requests) {
        chosen = s;
        break;
      }
    }
  }
  ++m_requests_on[chosen];
  return chosen;
}

size_t AutoCompiledModel::slot_for_inference() const {
  if (!cumulative()) return m_active.load();
  if (m_config.schedule == SchedulePolicy::DEVICE_PRIORITY) {
    for (size_t s : m_spread)
      if (m_slots[s]->in_flight.load() < m_slots[s]->optimal_requests) return s;
  }
  return m_spread[m_next_inference++ % m_spread.size()];
}

std::shared_ptr<ISyncInferRequest> AutoCompiledModel::create_sync_infer_request() const {
  return std::make_shared<AutoSyncInferRequest>(std::static_pointer_cast<const AutoCompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> AutoCompiledModel::create_infer_request() const {
  auto request =
      std::make_shared<AutoSyncInferRequest>(std::static_pointer_cast<const AutoCompiledModel>(shared_from_this()));
  return std::make_shared<AutoAsyncInferRequest>(request, get_callback_executor());
}

void AutoCompiledModel::export_model(std::ostream& blob) const {
  {
    std::unique_lock<std::mutex> lock(m_settle_mutex);
    m_settled_signal.wait(lock, [this] { return m_settled; });
  }
  FERRY_ASSERT(!cumulative(), "device '", m_name,
               "': a model compiled for CUMULATIVE_THROUGHPUT runs on several devices; export it from one of them");
  const size_t slot = m_active.load();
  try {
    ready(slot)->export_model(blob);
  } catch (const std::exception& e) {
    Exception::raise(m_name, ": its device ", m_slots[slot]->device, " cannot export the model: ", e.what());
  }
}

std::shared_ptr<const Model> AutoCompiledModel::get_runtime_model() const {
  return ready(cumulative() ? m_spread.front() : m_active.load())->get_runtime_model();
}

void AutoCompiledModel::set_property(const AnyMap& properties) {
  for (size_t s = 0; s < m_slots.size(); ++s)
    if (SoPtr<ICompiledModel> compiled = ready(s)) compiled->set_property(properties);
}

Any AutoCompiledModel::get_property(const std::string& name) const {
  const size_t active = cumulative() ? m_spread.front() : m_active.load();
  if (name == supported_properties.name()) {
    std::vector<PropertyName> names = own_properties();
    const Any device_listed = ready(active)->get_property(supported_properties.name());
    for (const PropertyName& listed : device_listed.as<std::vector<PropertyName>>()) {
      const bool known =
          std::any_of(names.begin(), names.end(), [&](const PropertyName& own) { return std::string(own) == listed; });
      if (!known) names.push_back(listed);
    }
    return names;
  }
  if (name == execution_devices.name()) {
    if (!cumulative()) return std::vector<std::string>{m_slots[active]->device};
    std::vector<std::string> devices;
    for (size_t s : m_spread) devices.push_back(m_slots[s]->device);
    return devices;
  }
  if (name == optimal_number_of_infer_requests.name()) {
    if (!cumulative()) return m_slots[active]->optimal_requests;
    uint32_t total = 0;
    for (size_t s : m_spread) total += m_slots[s]->optimal_requests;
    return total;
  }
  if (name == selection.name()) {
    std::lock_guard<std::mutex> lock(m_log_mutex);
    std::string text = m_log;
    if (!cumulative()) text += "inferences run on " + m_slots[m_active.load()]->device + " now\n";
    text += "runtime fallbacks: " + std::to_string(m_runtime_fallbacks.load());
    if (!m_last_fallback.empty()) text += " (last: " + m_last_fallback + ")";
    return text + "\n";
  }
  if (name == device::priorities.name()) {
    std::string devices;
    for (const auto& slot : m_slots) devices += (devices.empty() ? "" : ",") + slot->device;
    return devices;
  }
  if (name == enable_startup_fallback.name()) return m_config.startup_fallback;
  if (name == enable_runtime_fallback.name()) return m_config.runtime_fallback;
  if (name == device_bind_buffer.name()) return m_config.bind_buffer;
  if (name == schedule_policy.name()) return m_config.schedule;
  if (name == hint::performance_mode.name()) return m_config.performance_mode;
  if (name == log::level.name()) return m_config.log_level;
  if (name == enable_profiling.name()) return m_config.profiling;
  return ready(active)->get_property(name);
}

}  // namespace ferry::auto_device
