#include "graph_launch.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "cl_error.hpp"
#include "counted_transfers.hpp"

namespace ferry::gpu {
namespace {

// The kernel of `launch` in `program`, with its arguments other than values set.
ClKernel create_kernel(cl_program program, const KernelStep& launch, const GraphStep& step) {
  cl_int status = CL_SUCCESS;
  ClKernel kernel(clCreateKernel(program, launch.kernel.c_str(), &status));
  cl_check(status, "clCreateKernel '", launch.kernel, "' of ", launch.file);
  for (size_t a = 0; a < launch.args.size(); ++a) {
    const KernelArg& arg = launch.args[a];
    if (arg.is_value) continue;  // bound per inference
    cl_check(clSetKernelArg(kernel.get(), static_cast<cl_uint>(a), arg.bytes.size(), arg.bytes.data()),
             "clSetKernelArg ", a, " of kernel '", launch.kernel, "' for ", step.node->get_friendly_name());
  }
  return kernel;
}

}  // namespace

void order_commands(cl_command_queue queue, bool out_of_order) {
  if (out_of_order) cl_check(clEnqueueBarrierWithWaitList(queue, 0, nullptr, nullptr), "clEnqueueBarrierWithWaitList");
}

GraphLaunch::GraphLaunch(std::shared_ptr<const CompiledGraph> graph) : m_graph(std::move(graph)) {
  for (const GraphStep& step : m_graph->steps()) {
    StepKernels kernels;
    for (size_t k = 0; k < step.kernels.size(); ++k)
      kernels.kernels.push_back(create_kernel(step.programs[k].get(), step.kernels[k], step));
    kernels.events.resize(step.kernels.size());
    // The per-frame kernels are in the program of the step's single launch: nothing is built here.
    if (step.frames) {
      kernels.frame_buffers = create_kernel(step.programs[0].get(), step.frames->buffers, step);
      if (step.frames->images) kernels.frame_images = create_kernel(step.programs[0].get(), *step.frames->images, step);
    }
    m_steps.push_back(std::move(kernels));
  }
}

void GraphLaunch::enqueue(const GraphBindings& bindings, cl_command_queue queue, bool out_of_order, bool profiling) {
  const auto& steps = m_graph->steps();
  for (size_t s = 0; s < steps.size(); ++s) {
    const GraphStep& step = steps[s];
    if (step.on_host) {
      run_on_host(step, bindings.values, queue);
      continue;
    }
    StepKernels& kernels = m_steps[s];
    const FrameBinding& frames = bindings.frames[s];
    if (step.routine) {  // a oneDNN primitive on the same queue and buffers
      kernels.events.resize(step.kernels.size());
      std::vector<cl_mem>& buffers = kernels.routine_buffers;  // no allocation after the first inference
      buffers.clear();
      for (size_t v : step.inputs) buffers.push_back(bindings.values[v]);
      for (size_t v : step.outputs) buffers.push_back(bindings.values[v]);
      order_commands(queue, out_of_order);
      step.routine->enqueue(queue, buffers);
      continue;
    }
    // Each of the step's kernels once; or, where frames are bound, its frame kernel once per
    // frame, with that frame's planes bound in place of the plane values (global offset: frame).
    const bool per_frame = frames.frames != 0;
    const bool images = per_frame && frames.images;  // frames.images outlives the frames it was for
    const size_t launches = per_frame ? frames.frames : step.kernels.size();
    kernels.events.resize(launches);
    for (size_t l = 0; l < launches; ++l) {
      const KernelStep& launch = !per_frame ? step.kernels[l] : images ? *step.frames->images : step.frames->buffers;
      const ClKernel& kernel = !per_frame ? kernels.kernels[l] : images ? kernels.frame_images : kernels.frame_buffers;
      for (size_t a = 0; a < launch.args.size(); ++a) {
        if (!launch.args[a].is_value) continue;
        const size_t value = launch.args[a].value;
        const cl_mem* memory = &bindings.values[value];
        if (per_frame) {
          const std::vector<size_t>& planes = step.frames->planes;
          const size_t plane = std::find(planes.begin(), planes.end(), value) - planes.begin();
          if (plane < planes.size()) memory = &frames.planes[l * planes.size() + plane];
        }
        cl_check(clSetKernelArg(kernel.get(), static_cast<cl_uint>(a), sizeof(cl_mem), memory), "clSetKernelArg ", a,
                 " of kernel '", launch.kernel, "' for '", step.node->get_friendly_name(), "', launch ", l);
      }
      if (images) {
        for (cl_uint p = 0; p < 2; ++p)
          cl_check(clSetKernelArg(kernel.get(), 2 * p + 1, sizeof(cl_int), &frames.modes[l * 2 + p]), "clSetKernelArg ",
                   2 * p + 1, " of kernel '", launch.kernel, "'");
      }
      order_commands(queue, out_of_order);
      const size_t frame_offset[3] = {0, 0, l};
      cl_event event = nullptr;
      cl_check(clEnqueueNDRangeKernel(queue, kernel.get(), launch.dims, per_frame ? frame_offset : nullptr,
                                      launch.global.data(), launch.local[0] ? launch.local.data() : nullptr, 0, nullptr,
                                      profiling ? &event : nullptr),
               "clEnqueueNDRangeKernel '", launch.kernel, "' for op '", step.node->get_friendly_name(), "', launch ",
               l);
      if (profiling) kernels.events[l] = ClEvent(event);
    }
  }
  order_commands(queue, out_of_order);
}

void GraphLaunch::run_on_host(const GraphStep& step, const std::vector<cl_mem>& values, cl_command_queue queue) const {
  cl_check(clFinish(queue), "clFinish before host op '", step.node->get_friendly_name(), "'");
  std::vector<std::pair<cl_mem, void*>> mapped;
  MemoryCounters& counters = m_graph->context()->counters();
  const auto map = [&](size_t v, cl_map_flags flags) {
    const GraphValue& value = m_graph->values()[v];
    cl_int status = CL_SUCCESS;
    void* data =
        transfer::map_buffer(counters, queue, values[v], true, flags, 0, std::max<size_t>(value.bytes, 1), &status);
    cl_check(status, "clEnqueueMapBuffer for host op '", step.node->get_friendly_name(), "'");
    mapped.emplace_back(values[v], data);
    return Tensor(value.type, value.shape, data);
  };
  TensorVector inputs, outputs;
  for (size_t v : step.inputs) inputs.push_back(map(v, CL_MAP_READ));
  for (size_t v : step.outputs) outputs.push_back(map(v, CL_MAP_WRITE));
  bool evaluated = false;
  try {
    evaluated = step.node->evaluate(outputs, inputs);
  } catch (...) {
    for (const auto& [buffer, data] : mapped) transfer::unmap(queue, buffer, data);
    throw;
  }
  for (const auto& [buffer, data] : mapped) transfer::unmap(queue, buffer, data);
  FERRY_ASSERT(evaluated, "GPU: the host op '", step.node->get_friendly_name(), "' of type ",
               step.node->get_type_name(), " could not be evaluated for its input types");
}

void GraphLaunch::profile(std::vector<ProfilingInfo>& records) const {
  records.clear();
  const auto& steps = m_graph->steps();
  for (size_t s = 0; s < steps.size(); ++s) {
    ProfilingInfo record;
    record.status = ProfilingInfo::Status::EXECUTED;
    record.node_name = steps[s].node->get_friendly_name();
    record.node_type = steps[s].node->get_type_name();
    record.exec_type = steps[s].on_host ? "host" : "ocl:" + steps[s].exec_type;
    cl_ulong total_ns = 0;
    for (const ClEvent& event : m_steps[s].events) {
      cl_ulong start = 0, end = 0;
      if (!event) continue;
      clGetEventProfilingInfo(event.get(), CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr);
      clGetEventProfilingInfo(event.get(), CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
      if (end > start) total_ns += end - start;
    }
    record.real_time = std::chrono::microseconds(total_ns / 1000);
    records.push_back(std::move(record));
  }
  for (const auto& node : m_graph->optimized_out()) {
    ProfilingInfo record;
    record.status = ProfilingInfo::Status::OPTIMIZED_OUT;
    record.node_name = node->get_friendly_name();
    record.node_type = node->get_type_name();
    record.exec_type = m_graph->fused(*node) ? "fused" : "alias";
    records.push_back(std::move(record));
  }
}

}  // namespace ferry::gpu
