#include "compiled_model.hpp"

#include <algorithm>
#include <optional>

#include "blob_format.hpp"
#include "engine/onednn_interop.hpp"
#include "engine/precision_pass.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/support/streams_executor.hpp"
#include "plugin.hpp"
#include "shared_queue_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::gpu {
namespace {

// A model's smallest input shapes (each dynamic dimension at its lower bound, at least 1), or
// nothing when an input has a dynamic rank.
std::optional<ShapeSignature> smallest_shapes(const Model& model) {
  ShapeSignature shapes;
  for (const auto& parameter : model.get_parameters()) {
    const PartialShape& bound = parameter->get_partial_shape();
    if (bound.rank().is_dynamic()) return std::nullopt;
    Shape shape;
    for (size_t i = 0; i < bound.size(); ++i) {
      const Dimension& dim = bound[i];
      int64_t value = std::max<int64_t>(dim.get_min_length(), 1);
      if (dim.is_bounded()) value = std::min<int64_t>(value, dim.get_max_length());
      shape.push_back(static_cast<size_t>(value));
    }
    shapes.push_back(shape);
  }
  return shapes;
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const std::shared_ptr<RemoteContext>& remote, const Config& config, bool loaded_from_cache)
    : ICompiledModel(
          model, plugin, remote,
          sdk::make_streams_executor(plugin->get_device_name(), config.resolve_streams(), config.host_task_niceness())),
      m_config(config),
      m_model(model),
      m_remote(remote),
      m_context(remote->device_context()),
      m_weights(std::make_shared<WeightStore>(m_context)),
      m_loaded_from_cache(loaded_from_cache),
      m_device_name(plugin->get_device_name() + "." + m_context->entry().id),
      m_properties(sdk::compiled_model_owner([this] { return m_device_name; })) {
  const std::shared_ptr<DeviceContext>& context = m_context;
  const int streams = config.resolve_streams();
  if (cl_command_queue shared = remote->shared_queue()) {
    FERRY_ASSERT(streams == 1, remote->describe(), ": a context sharing the application's queue runs one stream, but ",
                 "the configuration asks for ", streams, " (PERFORMANCE_HINT LATENCY or NUM_STREAMS 1 run on it)");
    cl_command_queue_properties properties = 0;
    clGetCommandQueueInfo(shared, CL_QUEUE_PROPERTIES, sizeof(properties), &properties, nullptr);
    FERRY_ASSERT(!config.enable_profiling || (properties & CL_QUEUE_PROFILING_ENABLE), remote->describe(),
                 ": ENABLE_PROFILING needs the shared queue to be made with CL_QUEUE_PROFILING_ENABLE");
  }
  if (!model->is_dynamic()) {
    // INFERENCE_PRECISION_HINT f16 compiles an f16 copy; m_model (exported, reported) stays as given.
    m_graph = std::make_shared<const CompiledGraph>(
        config.inference_precision == element::f16 ? lower_to_f16(*model) : model, context, m_weights);
  } else {
    for (const auto& node : model->get_ordered_ops()) {
      const std::string reason = CompiledGraph::unsupported_reason(*node);
      FERRY_ASSERT(reason.empty(), "GPU cannot compile model '", model->get_friendly_name(), "': ", reason);
    }
    m_instances = std::make_unique<ShapeInstances>(model, context, m_weights, ShapeInstances::kDefaultCapacity,
                                                   config.inference_precision);
    // Builds the programs now, as for a static model, when the smallest shapes are valid ones
    // (build options never depend on shapes, so every later instance finds them cached). When
    // they are not (a convolution window larger than the smallest image), the first inference
    // builds them; its shapes are then checked in full.
    if (const auto shapes = smallest_shapes(*model)) {
      try {
        m_instances->get(*shapes);
      } catch (const Exception&) {
      }
    }
  }
  const QueueHints hints{config.effective_queue_priority(), config.queue_throttle};
  if (cl_command_queue shared = remote->shared_queue()) {
    m_queues.push_back(ClQueue::retain(shared));
  } else {
    for (int i = 0; i < streams; ++i) m_queues.push_back(context->create_queue(config.enable_profiling, hints));
  }

  m_properties.read_only(model_name, [this] { return m_model->get_friendly_name(); })
      .read_only(num_streams, [streams] { return streams::Num(streams); })
      // One request per stream keeps every queue busy; a second hides the host's share of the work.
      .read_only(optimal_number_of_infer_requests,
                 [streams] { return static_cast<uint32_t>(streams == 1 ? 1 : 2 * streams); })
      .read_only(execution_devices, [this] { return std::vector<std::string>{m_device_name}; })
      .read_only(ferry::loaded_from_cache, [this] { return m_loaded_from_cache; })
      .read_only(program_builds, [this] { return static_cast<uint64_t>(m_context->programs().build_count()); })
      // A static model: whether compile_model gave oneDNN some of its steps; a dynamic one (compiled
      // per shape): whether oneDNN accepts the device.
      .read_only(onednn_engine,
                 [this] {
                   if (!m_graph) return std::string(OneDnnDetector::instance().verdict(*m_context).engine_name());
                   return std::string(m_graph->uses_onednn() ? kOneDnnEngineName : kFerryKernelsName);
                 })
      .read_only(
          host_task_priority_applied,
          [this] { return static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor()).priority_applied(); })
      .report_settings(plugin->properties());
}

cl_command_queue CompiledModel::queue_for_this_thread() const {
  const auto& executor = static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor());
  const int stream = executor.get_stream_id();
  return m_queues.at(stream >= 0 && stream < static_cast<int>(m_queues.size()) ? stream : 0).get();
}

std::shared_ptr<const CompiledGraph> CompiledModel::graph_for(const ShapeSignature& shapes) const {
  if (m_graph) return m_graph;
  // A new instance asks for programs with this model's GPU_ENABLE_LOOP_UNROLLING (so it finds them cached).
  ProgramBuildScope builds(m_context->programs(), {1, m_config.enable_loop_unrolling});
  return m_instances->get(shapes);
}

std::shared_ptr<IAsyncInferRequest> CompiledModel::create_infer_request() const {
  if (!m_remote->shared_queue()) return ICompiledModel::create_infer_request();
  return std::make_shared<SharedQueueInferRequest>(
      std::static_pointer_cast<SyncInferRequest>(create_sync_infer_request()), get_task_executor(),
      get_callback_executor());
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& blob) const {
  const auto& plugin = static_cast<const Plugin&>(*get_plugin());
  blob_format::write(blob, m_model, plugin.properties().settings_of(m_config), m_context->programs().binaries());
}

void CompiledModel::set_property(const AnyMap& properties) {
  Config fixed = m_config;
  m_properties.set(fixed, properties);  // every key is read-only or unknown: this throws
}

Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name, m_config); }

}  // namespace ferry::gpu
