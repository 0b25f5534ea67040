#include "sync_infer_request.hpp"

#include <algorithm>
#include <utility>

#include "compiled_model.hpp"
#include "engine/cl_error.hpp"
#include "engine/counted_transfers.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "ferry/plugin/support/own_remote_tensor.hpp"
#include "ferry/plugin/support/port_name.hpp"
#include "remote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::gpu {
namespace {

// Drains the queue when an inference fails half-way, so no kernel still uses the caller's memory.
class FinishOnError {
 public:
  explicit FinishOnError(cl_command_queue queue) : m_queue(queue) {}
  ~FinishOnError() {
    if (m_armed) clFinish(m_queue);
  }
  void disarm() { m_armed = false; }

 private:
  cl_command_queue m_queue;
  bool m_armed = true;
};

}  // namespace

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_plan_buffers(compiled_model->context(), compiled_model->context()->counters().intermediates, CL_MEM_READ_WRITE,
                     "an intermediate value"),
      m_io_buffers(compiled_model->context(), compiled_model->context()->counters().io, CL_MEM_READ_ONLY, "an input"),
      m_output_buffers(compiled_model->context(), compiled_model->context()->counters().io, CL_MEM_READ_WRITE,
                       "an output") {
  m_input_bindings.resize(get_inputs().size());
  m_output_bindings.resize(get_outputs().size());
  m_input_scratch.resize(get_inputs().size());
  m_output_scratch.resize(get_outputs().size());
  m_read_per_frame.resize(get_inputs().size());
  cl_command_queue_properties properties = 0;
  clGetCommandQueueInfo(compiled_model->queue_for_this_thread(), CL_QUEUE_PROPERTIES, sizeof(properties), &properties,
                        nullptr);
  m_out_of_order = (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
  if (const auto& graph = compiled_model->static_graph()) {
    ShapeSignature shapes;
    for (size_t v : graph->parameter_values()) shapes.push_back(graph->values()[v].shape);
    select_graph(shapes);
  }
}

const CompiledModel& SyncInferRequest::compiled_model() const {
  return static_cast<const CompiledModel&>(*get_compiled_model());
}

void SyncInferRequest::select_graph(const ShapeSignature& shapes) {
  bool changed = false;
  if (m_bound.empty() || m_bound.front().shapes != shapes) {
    std::shared_ptr<const CompiledGraph> graph = compiled_model().graph_for(shapes);
    auto found = std::find_if(m_bound.begin(), m_bound.end(),
                              [&](const BoundGraph& bound) { return bound.launch.graph() == graph; });
    if (found == m_bound.end()) {
      m_bound.insert(m_bound.begin(), BoundGraph{shapes, GraphLaunch(std::move(graph))});
      if (m_bound.size() > kBoundGraphs) m_bound.pop_back();
    } else {
      std::rotate(m_bound.begin(), found, found + 1);
    }
    changed = true;
  }
  // Memory grows to the largest plan run so far; a smaller one reuses it.
  const CompiledGraph& graph = *m_bound.front().launch.graph();
  bool grown = m_plan_buffers.fit(graph.memory_plan().buffer_sizes());
  if (!graph.zero_copy()) {
    const auto& parameters = graph.parameter_values();
    for (size_t i = 0; i < parameters.size(); ++i)
      grown = m_io_buffers.fit(i, graph.values()[parameters[i]].bytes) || grown;
    const auto& outputs = graph.output_values();
    for (size_t k = 0; k < outputs.size(); ++k)
      if (graph.values()[outputs[k]].bound_output == static_cast<int64_t>(k))
        grown = m_output_buffers.fit(k, graph.values()[outputs[k]].bytes) || grown;
  }
  if (changed || grown) map_values(graph);
}

void SyncInferRequest::map_values(const CompiledGraph& graph) {
  const auto& values = graph.values();
  m_bindings.values.assign(values.size(), nullptr);
  for (size_t v = 0; v < values.size(); ++v) {
    const GraphValue& value = values[v];
    if (value.kind == GraphValue::Kind::CONSTANT) {
      m_bindings.values[v] = graph.constant_buffer(v);
    } else if ((value.kind == GraphValue::Kind::COMPUTED || value.kind == GraphValue::Kind::SCRATCH) &&
               value.plan_value >= 0) {
      m_bindings.values[v] = m_plan_buffers.get(graph.memory_plan().buffer_of(value.plan_value));
    } else if (value.kind == GraphValue::Kind::PARAMETER && !graph.zero_copy()) {
      m_bindings.values[v] = m_io_buffers.get(value.parameter);
    } else if (value.bound_output >= 0 && !graph.zero_copy()) {
      m_bindings.values[v] = m_output_buffers.get(static_cast<size_t>(value.bound_output));
    }
  }
}

void SyncInferRequest::shape_outputs(const CompiledGraph& graph) {
  const auto& results = graph.model()->get_results();
  for (size_t k = 0; k < results.size(); ++k) {
    const Shape& shape = results[k]->get_output_shape(0);
    Tensor& output = output_tensor(k);
    if (output.get_shape() == shape) continue;
    try {
      output.set_shape(shape);  // reallocates only when it needs more than it has
    } catch (const Exception& e) {
      Exception::raise("GPU: output ", k, " of shape ", shape, " does not fit the tensor set for it: ", e.what());
    }
  }
}

cl_mem SyncInferRequest::bind_host(HostBinding& binding, void* data, size_t bytes) {
  if (!binding.buffer || binding.data != data || binding.bytes != bytes) {
    const DeviceContext& context = *compiled_model().context();
    binding.buffer = bytes ? context.create_buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, data, "a tensor")
                           : context.create_buffer(1, CL_MEM_READ_WRITE, nullptr, "an empty tensor");
    binding.data = data;
    binding.bytes = bytes;
  }
  return binding.buffer.get();
}

Tensor SyncInferRequest::dense(const Tensor& tensor, Tensor& scratch) const {
  if (tensor.is_continuous()) return tensor;
  if (!scratch || scratch.get_shape() != tensor.get_shape() || scratch.get_element_type() != tensor.get_element_type())
    scratch = Tensor(tensor.get_element_type(), tensor.get_shape());
  return scratch;
}

void SyncInferRequest::check_tensor(const Output<const Node>& port, const Tensor& tensor) const {
  ISyncInferRequest::check_tensor(port, tensor);
  check_tensor_context(port, tensor);
}

void SyncInferRequest::check_tensor_context(const Output<const Node>& port, const Tensor& tensor) const {
  const RemoteContext& context = compiled_model().remote_context();
  const auto own = sdk::own_remote_tensor<RemoteTensor>(port, tensor, context);
  if (!own) return;
  sdk::check_same_context(port,
                          own->context()->cl() == context.cl() &&
                              own->context()->device_context()->device() == context.device_context()->device(),
                          own->context()->describe(), context.describe());
}

// The request's own buffer for input `index`, made at least `bytes` large (an image's copy, or the
// device copy of a host tensor).
static cl_mem fit_buffer(GrowingBuffers& buffers, size_t index, size_t bytes) {
  buffers.fit(index, bytes);
  return buffers.get(index);
}

void SyncInferRequest::bind_inputs(const CompiledGraph& graph, cl_command_queue queue) {
  MemoryCounters& counters = graph.context()->counters();
  const bool unified_memory = graph.context()->info().host_unified_memory;
  for (size_t i = 0; i < m_input_bindings.size(); ++i) {
    const Tensor& bound = input_tensor(i);
    const size_t v = graph.parameter_values()[i];
    const size_t bytes = graph.values()[v].bytes;
    if (m_read_per_frame[i]) continue;  // its step binds each frame's planes
    if (is_remote_batch(i)) {
      m_bindings.values[v] = join_on_device(i, bytes, queue);
      continue;
    }
    if (const auto remote = std::dynamic_pointer_cast<RemoteTensor>(bound.get_impl())) {
      if (!remote->is_image()) {
        m_bindings.values[v] = remote->memory();  // read in place
        if (remote->kind() == SharedMemType::CPU_VA && !unified_memory) {
          // The application's host memory: what it wrote reaches the device's copy (kernels read
          // the host memory itself where the device's memory is the host's).
          cl_check(transfer::sync_host_memory(counters, queue, remote->memory(), bytes, false, unified_memory),
                   "making input ", i, "'s host memory (CPU_VA) visible to the device");
          order_commands(queue, m_out_of_order);
        }
        continue;
      }
      // An image: one copy on the device into the request's buffer (kernels read buffers).
      m_bindings.values[v] = fit_buffer(m_io_buffers, i, bytes);
      const size_t origin[3] = {0, 0, 0};
      cl_check(transfer::copy_image_to_buffer(counters, queue, remote->memory(), m_bindings.values[v], origin,
                                              remote->image_region().data(), 0),
               "clEnqueueCopyImageToBuffer of input ", i);
      continue;
    }
    Tensor input = dense(bound, m_input_scratch[i]);
    if (!bound.is_continuous()) bound.copy_to(input);
    if (graph.zero_copy()) {
      m_bindings.values[v] = bind_host(m_input_bindings[i], input.data(), bytes);
    } else {
      m_bindings.values[v] = m_io_buffers.get(i);
      if (bytes) {
        cl_check(transfer::write_buffer(counters, queue, m_bindings.values[v], false, 0, bytes, input.data()),
                 "clEnqueueWriteBuffer of input ", i);
      }
    }
  }
}

void SyncInferRequest::bind_outputs(const CompiledGraph& graph) {
  const auto& outputs = graph.output_values();
  for (size_t k = 0; k < outputs.size(); ++k) {
    const GraphValue& value = graph.values()[outputs[k]];
    if (value.bound_output != static_cast<int64_t>(k)) continue;
    cl_mem& memory = m_bindings.values[outputs[k]];
    const auto remote = std::dynamic_pointer_cast<RemoteTensor>(output_tensor(k).get_impl());
    if (remote && !remote->is_image()) {
      memory = remote->memory();  // written in place
    } else if (remote || !graph.zero_copy()) {
      memory = fit_buffer(m_output_buffers, k, value.bytes);
    } else {
      Tensor output = dense(output_tensor(k), m_output_scratch[k]);
      memory = bind_host(m_output_bindings[k], output.data(), value.bytes);
    }
  }
}

void SyncInferRequest::read_outputs(const CompiledGraph& graph, cl_command_queue queue) {
  MemoryCounters& counters = graph.context()->counters();
  const auto& outputs = graph.output_values();
  for (size_t k = 0; k < outputs.size(); ++k) {
    const GraphValue& value = graph.values()[outputs[k]];
    cl_mem source = m_bindings.values[outputs[k]];
    const bool in_place = value.bound_output == static_cast<int64_t>(k);
    if (const auto remote = std::dynamic_pointer_cast<RemoteTensor>(output_tensor(k).get_impl())) {
      if (remote->is_image()) {
        const size_t origin[3] = {0, 0, 0};
        cl_check(transfer::copy_buffer_to_image(counters, queue, source, remote->memory(), 0, origin,
                                                remote->image_region().data()),
                 "clEnqueueCopyBufferToImage of output ", k);
      } else if (!in_place && value.bytes) {
        cl_check(transfer::copy_buffer(counters, queue, source, remote->memory(), 0, 0, value.bytes),
                 "clEnqueueCopyBuffer of output ", k);
      }
      if (remote->kind() == SharedMemType::CPU_VA) {
        // The application reads its host memory once the request waits.
        order_commands(queue, m_out_of_order);
        cl_check(transfer::sync_host_memory(counters, queue, remote->memory(), value.bytes, true,
                                            graph.context()->info().host_unified_memory),
                 "making output ", k, " visible in its host memory (CPU_VA)");
      }
      continue;
    }
    Tensor output = dense(output_tensor(k), m_output_scratch[k]);
    if (in_place && graph.zero_copy()) {
      // Coherence for the host: a map of a CL_MEM_USE_HOST_PTR buffer returns the tensor's own memory.
      cl_int status = CL_SUCCESS;
      void* data = transfer::map_buffer(counters, queue, source, false, CL_MAP_READ, 0,
                                        std::max<size_t>(value.bytes, 1), &status);
      cl_check(status, "clEnqueueMapBuffer of output ", k);
      order_commands(queue, m_out_of_order);  // the unmap after the map
      transfer::unmap(queue, source, data);
    } else if (value.bytes) {
      cl_check(transfer::read_buffer(counters, queue, source, false, 0, value.bytes, output.data()),
               "clEnqueueReadBuffer of output ", k);
    }
  }
}

void SyncInferRequest::set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) {
  size_t remote = 0;
  for (const Tensor& tensor : tensors)
    if (tensor && std::dynamic_pointer_cast<IRemoteTensor>(tensor.get_impl())) ++remote;
  if (remote == 0) return ISyncInferRequest::set_tensors(port, tensors);
  const std::string name = sdk::port_name(port);
  FERRY_ASSERT(remote == tensors.size(), "set_tensors: input '", name, "' was given ", remote, " remote and ",
               tensors.size() - remote, " host tensors; a batch is all host tensors or all remote tensors");
  bool first_is_image = false;
  for (size_t k = 0; k < tensors.size(); ++k) {
    check_tensor_context(port, tensors[k]);
    const bool image = static_cast<const RemoteTensor&>(*tensors[k].get_impl()).is_image();
    if (k == 0) first_is_image = image;
    FERRY_ASSERT(image == first_is_image, "set_tensors: tensor ", k, " for input '", name, "' is ",
                 image ? "an OpenCL image" : "a buffer", " and tensor 0 ", first_is_image ? "an image" : "a buffer",
                 ": a batch of remote tensors is all images or all buffers");
  }
  ISyncInferRequest::set_tensors(port, tensors);  // the count, the items' types and shapes
}

bool SyncInferRequest::is_remote_batch(size_t index) const {
  const auto& batch = batched_tensors(index);
  return !batch.empty() && dynamic_cast<const RemoteTensor*>(batch.front().get_impl().get());
}

const RemoteTensor& SyncInferRequest::remote_frame(size_t index, size_t frame) const {
  const auto& batch = batched_tensors(index);
  return static_cast<const RemoteTensor&>(*(batch.empty() ? input_tensor(index) : batch[frame]).get_impl());
}

size_t SyncInferRequest::remote_frames(size_t index) const {
  if (is_remote_batch(index)) return batched_tensors(index).size();
  const Tensor& tensor = input_tensor(index);
  const bool single = batched_tensors(index).empty() && dynamic_cast<const RemoteTensor*>(tensor.get_impl().get());
  return single && !tensor.get_shape().empty() && tensor.get_shape()[0] == 1 ? 1 : 0;
}

void SyncInferRequest::bind_frames(const CompiledGraph& graph) {
  const auto& steps = graph.steps();
  m_bindings.frames.resize(steps.size());
  std::fill(m_read_per_frame.begin(), m_read_per_frame.end(), false);
  for (size_t s = 0; s < steps.size(); ++s) {
    const GraphStep& step = steps[s];
    FrameBinding& binding = m_bindings.frames[s];
    binding.frames = 0;
    if (!step.frames) continue;
    const auto& parameters = step.frame_parameters;
    const size_t frames = remote_frames(parameters[0]);
    if (!frames) continue;  // host tensors or joined planes: the ordinary kernel
    const bool images = remote_frame(parameters[0], 0).is_image();
    bool batched = false, alike = true;
    for (size_t p : parameters) {
      batched = batched || is_remote_batch(p);
      alike = alike && remote_frames(p) == frames && remote_frame(p, 0).is_image() == images;
    }
    // Planes of different kinds, or one remote buffer per plane (read in place by the ordinary
    // kernel already): no per-frame launches.
    if (!alike || (!images && !batched)) continue;
    binding.images = images;
    binding.planes.clear();
    for (size_t k = 0; k < frames; ++k)
      for (size_t p : parameters) binding.planes.push_back(remote_frame(p, k).memory());
    if (images && !bind_image_frames(graph, step, binding)) continue;  // not NV12 planes: copied
    binding.frames = frames;
    for (size_t p : parameters) m_read_per_frame[p] = true;
  }
}

bool SyncInferRequest::bind_image_frames(const CompiledGraph& graph, const GraphStep& step,
                                         FrameBinding& binding) const {
  if (!step.frames->images || step.frame_parameters.size() != 2) return false;
  const Shape& y_shape = graph.values()[graph.parameter_values()[step.frame_parameters[0]]].shape;  // [N,H,W,1]
  const size_t height = y_shape[1], width = y_shape[2];
  binding.modes.clear();
  for (size_t k = 0; k * 2 < binding.planes.size(); ++k) {
    const ocl::ImagePlane& y = remote_frame(step.frame_parameters[0], k).image_plane();
    const ocl::ImagePlane& uv = remote_frame(step.frame_parameters[1], k).image_plane();
    const ocl::Nv12UvLayout layout = ocl::nv12_uv_layout(uv, width, height);
    if (!ocl::is_nv12_y_plane(y) || y.width != width || y.height != height || layout == ocl::Nv12UvLayout::NONE)
      return false;
    binding.modes.push_back(y.format.image_channel_data_type == CL_UNSIGNED_INT8 ? 1 : 0);
    binding.modes.push_back((uv.format.image_channel_data_type == CL_UNSIGNED_INT8 ? 1 : 0) |
                            (layout == ocl::Nv12UvLayout::R_PAIRS ? 2 : 0));
  }
  return true;
}

cl_mem SyncInferRequest::join_on_device(size_t index, size_t bytes, cl_command_queue queue) {
  const cl_mem joined = fit_buffer(m_io_buffers, index, bytes);
  const auto& batch = batched_tensors(index);
  const size_t item_bytes = bytes / batch.size();
  MemoryCounters& counters = compiled_model().context()->counters();
  for (size_t k = 0; k < batch.size(); ++k) {
    const RemoteTensor& item = remote_frame(index, k);
    const size_t origin[3] = {0, 0, 0};
    const cl_int status =
        item.is_image() ? transfer::copy_image_to_buffer(counters, queue, item.memory(), joined, origin,
                                                         item.image_region().data(), k * item_bytes)
                        : transfer::copy_buffer(counters, queue, item.memory(), joined, 0, k * item_bytes, item_bytes);
    cl_check(status, "copying remote tensor ", k, " of the batch of input ", index, " on the device");
  }
  return joined;
}

void SyncInferRequest::infer() {
  enqueue();
  wait_for_device();
}

void SyncInferRequest::enqueue() {
  check_tensors();
  const CompiledModel& model = compiled_model();
  for (size_t i = 0; i < m_input_bindings.size(); ++i)
    if (!is_remote_batch(i)) convert_batched_tensors(i);
  if (model.is_dynamic()) {
    ShapeSignature shapes;
    for (size_t i = 0; i < m_input_bindings.size(); ++i) shapes.push_back(input_tensor(i).get_shape());
    select_graph(shapes);
    shape_outputs(*m_bound.front().launch.graph());
  }
  BoundGraph& bound = m_bound.front();
  const CompiledGraph& graph = *bound.launch.graph();
  const bool profiling = model.config().enable_profiling;
  cl_command_queue queue = model.queue_for_this_thread();
  FinishOnError finish_on_error(queue);

  bind_frames(graph);
  bind_inputs(graph, queue);
  bind_outputs(graph);
  bound.launch.enqueue(m_bindings, queue, m_out_of_order, profiling);
  read_outputs(graph, queue);
  // On the application's queue, a marker tells the inference's end from the application's later
  // work (it completes once everything before it has, in-order or out-of-order). The stream's own
  // queue holds this inference alone: wait_for_device finishes it, no event needed.
  if (model.remote_context().shared_queue()) {
    cl_event done = nullptr;
    cl_check(clEnqueueMarkerWithWaitList(queue, 0, nullptr, &done), "clEnqueueMarkerWithWaitList");
    m_done = ClEvent(done);
    cl_check(clFlush(queue), "clFlush after enqueuing an inference");
  }
  m_queue = queue;
  finish_on_error.disarm();
}

void SyncInferRequest::wait_for_device() {
  FERRY_ASSERT(m_queue, "GPU: wait_for_device without an enqueued inference");
  const cl_command_queue queue = std::exchange(m_queue, nullptr);
  if (m_done) {
    const cl_event done = m_done.get();
    const cl_int status = clWaitForEvents(1, &done);
    m_done = ClEvent();
    cl_check(status, "clWaitForEvents at the end of an inference");
  } else {
    cl_check(clFinish(queue), "clFinish at the end of an inference");
  }
  const GraphLaunch& launch = m_bound.front().launch;
  const auto& outputs = launch.graph()->output_values();
  for (size_t k = 0; k < outputs.size(); ++k) {
    const Tensor& output = output_tensor(k);
    if (output.get_impl()->is_host_accessible() && !output.is_continuous())
      m_output_scratch[k].copy_to(output_tensor(k));
  }
  if (compiled_model().config().enable_profiling) launch.profile(profiling_records());
}

}  // namespace ferry::gpu
