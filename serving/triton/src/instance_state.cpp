#include "instance_state.hpp"

#include <chrono>
#include <cstring>
#include <sstream>

#include "ferry/base/shape.hpp"
#include "ferry/value/tensor.hpp"
#include "triton_call.hpp"

namespace ferry::serving::triton {
namespace {

uint64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Triton's request data types (an enum, unlike the configuration's names).
element::Type element_type_of(TRITONSERVER_DataType type) {
  switch (type) {
    case TRITONSERVER_TYPE_BOOL:
      return element::boolean;
    case TRITONSERVER_TYPE_UINT8:
      return element::u8;
    case TRITONSERVER_TYPE_UINT16:
      return element::u16;
    case TRITONSERVER_TYPE_UINT32:
      return element::u32;
    case TRITONSERVER_TYPE_UINT64:
      return element::u64;
    case TRITONSERVER_TYPE_INT8:
      return element::i8;
    case TRITONSERVER_TYPE_INT16:
      return element::i16;
    case TRITONSERVER_TYPE_INT32:
      return element::i32;
    case TRITONSERVER_TYPE_INT64:
      return element::i64;
    case TRITONSERVER_TYPE_FP16:
      return element::f16;
    case TRITONSERVER_TYPE_FP32:
      return element::f32;
    case TRITONSERVER_TYPE_FP64:
      return element::f64;
    case TRITONSERVER_TYPE_BF16:
      return element::bf16;
    default:
      return element::undefined;
  }
}

TRITONSERVER_DataType triton_type_of(const element::Type& type) {
  for (int value = TRITONSERVER_TYPE_BOOL; value <= TRITONSERVER_TYPE_BF16; ++value)
    if (element_type_of(static_cast<TRITONSERVER_DataType>(value)) == type)
      return static_cast<TRITONSERVER_DataType>(value);
  throw ConfigError("output element type " + type.get_type_name() + " has no Triton data type");
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::ostringstream text;
  text << '[';
  for (size_t i = 0; i < shape.size(); ++i) text << (i ? "," : "") << shape[i];
  text << ']';
  return text.str();
}

Shape to_shape(const std::vector<int64_t>& dims) { return Shape(dims.begin(), dims.end()); }

}  // namespace

void log_message(TRITONSERVER_LogLevel level, const std::string& message) {
  if (TRITONSERVER_Error* error = TRITONSERVER_LogMessage(level, __FILE__, __LINE__, message.c_str()))
    TRITONSERVER_ErrorDelete(error);
}

InstanceState::InstanceState(TRITONBACKEND_ModelInstance* instance, ModelState& model)
    : m_instance(instance), m_model(model), m_request(model.compiled_model().create_infer_request()) {
  const ModelConfig& config = model.config();
  if (config.max_batch_size > 0)
    for (const TensorConfig& input : config.inputs) {
      size_t row = input.type.size();
      for (int64_t dim : input.dims) row *= dim < 0 ? 0 : static_cast<size_t>(dim);
      // Inputs with a variable dimension grow their staging buffer on first use instead.
      m_staging.emplace_back(row * static_cast<size_t>(config.max_batch_size));
    }
  else
    m_staging.resize(config.inputs.size());
}

InstanceState::Pending InstanceState::read_request(TRITONBACKEND_Request* request) const {
  const ModelConfig& config = m_model.config();
  Pending pending;
  pending.request = request;
  for (const TensorConfig& expected : config.inputs) {
    TRITONBACKEND_Input* input = nullptr;
    if (TRITONSERVER_Error* error = TRITONBACKEND_RequestInput(request, expected.name.c_str(), &input)) {
      TRITONSERVER_ErrorDelete(error);
      throw ConfigError("the request has no input '" + expected.name + "'");
    }
    TRITONSERVER_DataType datatype{};
    const int64_t* shape = nullptr;
    uint32_t rank = 0, buffer_count = 0;
    uint64_t byte_size = 0;
    FERRY_TRITON_CALL(
        TRITONBACKEND_InputProperties(input, nullptr, &datatype, &shape, &rank, &byte_size, &buffer_count));
    InputBuffers buffers;
    buffers.shape.assign(shape, shape + rank);
    const std::string what = "input '" + expected.name + "'";
    if (element_type_of(datatype) != expected.type)
      throw ConfigError(what + ": data type " + element_type_of(datatype).get_type_name() + ", the model takes " +
                        expected.type.get_type_name());
    const size_t batch_axes = config.max_batch_size > 0 ? 1 : 0;
    bool fits = buffers.shape.size() == expected.dims.size() + batch_axes;
    for (size_t i = 0; fits && i < expected.dims.size(); ++i)
      fits = buffers.shape[i + batch_axes] >= 0 &&
             (expected.dims[i] == -1 || buffers.shape[i + batch_axes] == expected.dims[i]);
    if (!fits)
      throw ConfigError(what + ": shape " + shape_text(buffers.shape) + " does not match the configured dims " +
                        shape_text(expected.dims) + (batch_axes ? " behind a batch dimension" : ""));
    const int64_t rows = batch_axes ? buffers.shape[0] : 1;
    if (rows < 1 || rows > std::max<int64_t>(config.max_batch_size, 1))
      throw ConfigError(what + ": batch " + std::to_string(rows) + " outside 1.." +
                        std::to_string(config.max_batch_size));
    if (pending.rows != 0 && rows != pending.rows)
      throw ConfigError(what + ": batch " + std::to_string(rows) + " differs from the other inputs' " +
                        std::to_string(pending.rows));
    pending.rows = rows;
    const uint64_t needed = shape_size(to_shape(buffers.shape)) * expected.type.size();
    if (byte_size != needed)
      throw ConfigError(what + ": " + std::to_string(byte_size) + " bytes for shape " + shape_text(buffers.shape) +
                        ", which takes " + std::to_string(needed));
    for (uint32_t index = 0; index < buffer_count; ++index) {
      const void* data = nullptr;
      uint64_t size = 0;
      TRITONSERVER_MemoryType memory_type = TRITONSERVER_MEMORY_CPU;
      int64_t memory_type_id = 0;
      FERRY_TRITON_CALL(TRITONBACKEND_InputBuffer(input, index, &data, &size, &memory_type, &memory_type_id));
      if (memory_type == TRITONSERVER_MEMORY_GPU)
        throw ConfigError(what + ": CUDA memory inputs are not supported by Ferry's backend; send host memory");
      buffers.buffers.emplace_back(data, size);
    }
    if (total_bytes(buffers) != byte_size)
      throw ConfigError(what + ": its buffers hold " + std::to_string(total_bytes(buffers)) + " bytes, not the " +
                        std::to_string(byte_size) + " its byte size says");
    pending.inputs.push_back(std::move(buffers));
  }
  return pending;
}

void InstanceState::bind_inputs(const std::vector<Pending*>& group, int64_t rows) {
  const ModelConfig& config = m_model.config();
  for (size_t i = 0; i < config.inputs.size(); ++i) {
    const TensorConfig& input = config.inputs[i];
    std::vector<int64_t> shape = group.front()->inputs[i].shape;
    if (config.max_batch_size > 0) shape[0] = rows;
    const InputBuffers& only = group.front()->inputs[i];
    const bool one_buffer = group.size() == 1 && only.buffers.size() == 1;
    if (one_buffer && reinterpret_cast<uintptr_t>(only.buffers.front().first) % input.type.size() == 0) {
      // In place: Ferry only reads inputs, so Triton's const buffer is safe to wrap. Only when
      // aligned for the element type: an HTTP body puts the binary data wherever the client's
      // JSON header ends, and kernels load whole elements.
      m_request.set_tensor(input.name,
                           Tensor(input.type, to_shape(shape), const_cast<void*>(only.buffers.front().first)));
      continue;
    }
    std::vector<unsigned char>& staging = m_staging[i];
    const size_t bytes = shape_size(to_shape(shape)) * input.type.size();
    if (staging.size() < bytes) staging.resize(bytes);  // only inputs with a variable dimension
    std::vector<const InputBuffers*> parts;
    for (const Pending* pending : group) parts.push_back(&pending->inputs[i]);
    gather(parts, staging.data(), bytes, "input '" + input.name + "'");
    m_request.set_tensor(input.name, Tensor(input.type, to_shape(shape), staging.data()));
  }
}

void InstanceState::respond(const Pending& pending, int64_t row_offset, int64_t rows) {
  const bool batched = m_model.config().max_batch_size > 0;
  TRITONBACKEND_Response* response = nullptr;
  FERRY_TRITON_CALL(TRITONBACKEND_ResponseNew(&response, pending.request));
  try {
    uint32_t count = 0;
    FERRY_TRITON_CALL(TRITONBACKEND_RequestOutputCount(pending.request, &count));
    for (uint32_t index = 0; index < count; ++index) {
      const char* name = nullptr;
      FERRY_TRITON_CALL(TRITONBACKEND_RequestOutputName(pending.request, index, &name));
      const Tensor result = m_request.get_tensor(name);
      const Shape shape = result.get_shape();
      std::vector<int64_t> dims(shape.begin(), shape.end());
      size_t offset = 0, size = result.get_byte_size();
      if (batched) {
        if (dims.empty() || dims[0] != rows)
          throw ConfigError("output '" + std::string(name) + "' has shape " + shape_text(dims) +
                            ": its first dimension is not the batch of " + std::to_string(rows));
        const size_t row_bytes = size / static_cast<size_t>(rows);
        offset = row_bytes * static_cast<size_t>(row_offset);
        size = row_bytes * static_cast<size_t>(pending.rows);
        dims[0] = pending.rows;
      }
      TRITONBACKEND_Output* output = nullptr;
      FERRY_TRITON_CALL(TRITONBACKEND_ResponseOutput(response, &output, name, triton_type_of(result.get_element_type()),
                                                     dims.data(), static_cast<uint32_t>(dims.size())));
      void* buffer = nullptr;
      TRITONSERVER_MemoryType memory_type = TRITONSERVER_MEMORY_CPU;
      int64_t memory_type_id = 0;
      FERRY_TRITON_CALL(TRITONBACKEND_OutputBuffer(output, &buffer, size, &memory_type, &memory_type_id));
      if (memory_type == TRITONSERVER_MEMORY_GPU)
        throw TritonError(TRITONSERVER_ERROR_UNSUPPORTED, "Triton gave a CUDA buffer for output '" + std::string(name) +
                                                              "'; Ferry's backend writes host memory");
      std::memcpy(buffer, static_cast<const unsigned char*>(result.data()) + offset, size);
    }
  } catch (...) {
    TRITONBACKEND_ResponseDelete(response);
    throw;
  }
  FERRY_TRITON_CALL(TRITONBACKEND_ResponseSend(response, TRITONSERVER_RESPONSE_COMPLETE_FINAL, nullptr));
}

bool InstanceState::run_group(const std::vector<Pending*>& group, uint64_t exec_start) {
  int64_t rows = 0;
  for (const Pending* pending : group) rows += pending->rows;
  Timing timing;
  // Inputs the compiled model refuses (a length outside a dimension's range...) are the
  // client's error; a failing inference is the server's.
  TRITONSERVER_Error_Code code = TRITONSERVER_ERROR_INVALID_ARG;
  try {
    bind_inputs(group, rows);
    code = TRITONSERVER_ERROR_INTERNAL;
    timing.compute_start = now_ns();
    m_request.infer();
    timing.compute_end = now_ns();
  } catch (const std::exception& error) {
    if (group.size() > 1) return false;
    finish(group.front()->request, TRITONSERVER_ErrorNew(code, error.what()), exec_start, timing);
    return true;
  }
  int64_t row_offset = 0;
  for (Pending* pending : group) {
    TRITONSERVER_Error* error = nullptr;
    try {
      respond(*pending, row_offset, rows);
    } catch (...) {
      error = to_triton_error(std::current_exception());
    }
    row_offset += pending->rows;
    finish(pending->request, error, exec_start, timing);
  }
  const uint64_t exec_end = now_ns();
  if (TRITONSERVER_Error* error = TRITONBACKEND_ModelInstanceReportBatchStatistics(
          m_instance, static_cast<uint64_t>(rows), exec_start, timing.compute_start, timing.compute_end, exec_end))
    TRITONSERVER_ErrorDelete(error);
  return true;
}

void InstanceState::finish(TRITONBACKEND_Request* request, TRITONSERVER_Error* error, uint64_t exec_start,
                           const Timing& timing) {
  const bool success = error == nullptr;
  if (error) {
    // An error response: a request whose output failed halfway has no response yet.
    TRITONBACKEND_Response* response = nullptr;
    if (TRITONSERVER_Error* failed = TRITONBACKEND_ResponseNew(&response, request)) {
      TRITONSERVER_ErrorDelete(failed);
    } else if (TRITONSERVER_Error* failed =
                   TRITONBACKEND_ResponseSend(response, TRITONSERVER_RESPONSE_COMPLETE_FINAL, error)) {
      TRITONSERVER_ErrorDelete(failed);
    }
    TRITONSERVER_ErrorDelete(error);
  }
  const uint64_t exec_end = now_ns();
  if (TRITONSERVER_Error* failed = TRITONBACKEND_ModelInstanceReportStatistics(
          m_instance, request, success, exec_start, success ? timing.compute_start : exec_start,
          success ? timing.compute_end : exec_end, exec_end))
    TRITONSERVER_ErrorDelete(failed);
  if (TRITONSERVER_Error* failed = TRITONBACKEND_RequestRelease(request, TRITONSERVER_REQUEST_RELEASE_ALL)) {
    log_message(TRITONSERVER_LOG_ERROR,
                std::string("ferry: releasing a request failed: ") + TRITONSERVER_ErrorMessage(failed));
    TRITONSERVER_ErrorDelete(failed);
  }
}

void InstanceState::execute(TRITONBACKEND_Request** requests, uint32_t count) {
  const uint64_t exec_start = now_ns();
  std::vector<Pending> valid;
  valid.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    try {
      valid.push_back(read_request(requests[i]));
    } catch (...) {
      finish(requests[i], to_triton_error(std::current_exception()), exec_start, Timing{});
    }
  }
  std::vector<BatchCandidate> candidates;
  for (const Pending& pending : valid) candidates.push_back({pending.rows, &pending.inputs});
  for (const std::vector<size_t>& indices : plan_batches(candidates, m_model.config().max_batch_size)) {
    std::vector<Pending*> group;
    for (size_t index : indices) group.push_back(&valid[index]);
    if (!run_group(group, exec_start))  // the batch failed: find the request that fails alone
      for (Pending* pending : group) run_group({pending}, exec_start);
  }
}

}  // namespace ferry::serving::triton
