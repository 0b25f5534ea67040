#include "onednn_interop.hpp"

#include <oneapi/dnnl/dnnl_debug.h>
#include <oneapi/dnnl/dnnl.hpp>
#include <oneapi/dnnl/dnnl_ocl.hpp>

#include <unordered_map>
#include <utility>
#include <vector>

#include "device_context.hpp"
#include "device_info.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "primitive.hpp"

namespace ferry::gpu {
namespace {

std::string device_type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "ACCELERATOR";
  return "other";
}

using dims = dnnl::memory::dims;
using tag = dnnl::memory::format_tag;

// One oneDNN primitive and the descriptors of its arguments, in the step's buffer order.
class OneDnnRoutine final : public DeviceRoutine {
 public:
  OneDnnRoutine(dnnl::engine engine, dnnl::primitive primitive, std::vector<std::pair<int, dnnl::memory::desc>> args)
      : m_engine(std::move(engine)), m_primitive(std::move(primitive)), m_args(std::move(args)) {}

  void enqueue(cl_command_queue queue, const std::vector<cl_mem>& buffers) const override {
    FERRY_ASSERT(buffers.size() == m_args.size(), "GPU: a oneDNN step expected ", m_args.size(), " buffers, got ",
                 buffers.size());
    // A stream over the request's queue (retained, not finished, by oneDNN), and memory objects
    // over the values' own cl_mems: the primitive's kernels are enqueued in order with Ferry's.
    dnnl::stream stream = dnnl::ocl_interop::make_stream(m_engine, queue);
    std::unordered_map<int, dnnl::memory> arguments;
    for (size_t i = 0; i < m_args.size(); ++i)
      arguments.emplace(m_args[i].first, dnnl::ocl_interop::make_memory(m_args[i].second, m_engine, buffers[i]));
    m_primitive.execute(stream, arguments);
  }

 private:
  dnnl::engine m_engine;
  dnnl::primitive m_primitive;
  std::vector<std::pair<int, dnnl::memory::desc>> m_args;
};

dims to_dims(const Shape& shape) { return dims(shape.begin(), shape.end()); }

// A dense row-major f32 descriptor of `shape`.
dnnl::memory::desc dense(const Shape& shape) {
  dims strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * static_cast<int64_t>(shape[i]);
  return dnnl::memory::desc(to_dims(shape), dnnl::memory::data_type::f32, strides);
}

// Input `shape` read as its transpose over the two innermost axes (the bytes stay as they are).
dnnl::memory::desc transposed(const Shape& shape) {
  dims strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * static_cast<int64_t>(shape[i]);
  dims logical = to_dims(shape);
  const size_t r = shape.size();
  std::swap(logical[r - 1], logical[r - 2]);
  std::swap(strides[r - 1], strides[r - 2]);
  return dnnl::memory::desc(logical, dnnl::memory::data_type::f32, strides);
}

std::shared_ptr<const DeviceRoutine> matmul_routine(const dnnl::engine& engine, const op::v0::MatMul& node) {
  const Shape& a = node.get_input_shape(0);
  const Shape& b = node.get_input_shape(1);
  const auto src = node.get_transpose_a() ? transposed(a) : dense(a);
  const auto weights = node.get_transpose_b() ? transposed(b) : dense(b);
  const auto dst = dense(node.get_output_shape(0));
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(src, weights, dst), engine);
  return std::make_shared<OneDnnRoutine>(engine, dnnl::matmul(pd),
                                         std::vector<std::pair<int, dnnl::memory::desc>>{
                                             {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}});
}

std::shared_ptr<const DeviceRoutine> convolution_routine(const dnnl::engine& engine, const op::v1::Convolution& node) {
  const auto src = dnnl::memory::desc(to_dims(node.get_input_shape(0)), dnnl::memory::data_type::f32, tag::nchw);
  const auto weights = dnnl::memory::desc(to_dims(node.get_input_shape(1)), dnnl::memory::data_type::f32, tag::oihw);
  const auto dst = dnnl::memory::desc(to_dims(node.get_output_shape(0)), dnnl::memory::data_type::f32, tag::nchw);
  dims strides, dilations, pads_begin, pads_end;
  for (size_t i = 0; i < 2; ++i) {
    strides.push_back(static_cast<int64_t>(node.get_strides().at(i)));
    dilations.push_back(static_cast<int64_t>(node.get_dilations().at(i)) - 1);  // oneDNN: 0 is dense
    pads_begin.push_back(node.get_pads_begin().at(i));
    pads_end.push_back(node.get_pads_end().at(i));
  }
  dnnl::convolution_forward::primitive_desc pd(
      dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src,
                                      weights, dst, strides, dilations, pads_begin, pads_end),
      engine);
  return std::make_shared<OneDnnRoutine>(engine, dnnl::convolution_forward(pd),
                                         std::vector<std::pair<int, dnnl::memory::desc>>{
                                             {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}});
}

}  // namespace

std::string probe_onednn(cl_device_id device, cl_context context) {
  try {
    dnnl::ocl_interop::make_engine(device, context);
    return "";
  } catch (const dnnl::error& error) {
    const DeviceInfo info = read_device_info(device);
    return "oneDNN " + std::to_string(dnnl_version()->major) + "." + std::to_string(dnnl_version()->minor) + "." +
           std::to_string(dnnl_version()->patch) + " refused the OpenCL device '" + info.name + "' (" +
           info.platform_name + ", vendor '" + info.vendor + "', " + device_type_name(info.type) +
           "): dnnl::ocl_interop::make_engine failed with " + dnnl_status2str(error.status) + " (" + error.what() +
           "); oneDNN's OpenCL engine takes Intel GPUs only";
  } catch (const std::exception& error) {
    return std::string("dnnl::ocl_interop::make_engine failed: ") + error.what();
  }
}

OneDnnVerdict OneDnnDetector::verdict(const DeviceContext& context) {
  std::lock_guard<std::mutex> lock(m_mutex);  // held through the probe: one probe per device
  const auto found = m_verdicts.find(context.device());
  if (found != m_verdicts.end()) return found->second;
  ++m_probes;
  OneDnnVerdict verdict;
  verdict.reason = m_probe(context.device(), context.context());
  verdict.accepted = verdict.reason.empty();
  m_verdicts.emplace(context.device(), verdict);
  return verdict;
}

size_t OneDnnDetector::probes() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_probes;
}

OneDnnDetector& OneDnnDetector::instance() {
  static OneDnnDetector* detector = new OneDnnDetector();  // never destroyed: plugins may outlive statics
  return *detector;
}

struct OneDnnEngine::State {
  dnnl::engine engine;
};

OneDnnEngine::OneDnnEngine(const DeviceContext& context) : m_state(std::make_unique<State>()) {
  m_state->engine = dnnl::ocl_interop::make_engine(context.device(), context.context());
}

OneDnnEngine::~OneDnnEngine() = default;

bool OneDnnEngine::candidate(const Node& node) {
  if (!all_static(node) || !all_of_type(node, element::f32)) return false;
  if (is_type<op::v1::Convolution>(&node))
    return node.get_input_shape(0).size() == 4 && node.get_input_shape(1).size() == 4;
  if (is_type<op::v0::MatMul>(&node)) {
    const size_t rank = node.get_input_shape(0).size();
    return rank >= 2 && rank <= 5 && node.get_input_shape(1).size() == rank;
  }
  return false;
}

std::shared_ptr<const DeviceRoutine> OneDnnEngine::routine(const Node& node) const {
  if (!candidate(node)) return nullptr;
  try {
    if (const auto* matmul = dynamic_cast<const op::v0::MatMul*>(&node))
      return matmul_routine(m_state->engine, *matmul);
    if (const auto* convolution = dynamic_cast<const op::v1::Convolution*>(&node))
      return convolution_routine(m_state->engine, *convolution);
  } catch (const dnnl::error&) {
    // No oneDNN implementation for these shapes (e.g. batch axes it cannot broadcast).
  }
  return nullptr;
}

}  // namespace ferry::gpu
