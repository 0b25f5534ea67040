#include "app_opencl.hpp"

#include <chrono>
#include <stdexcept>
#include <thread>

#include "ferry/gpu/remote_properties.hpp"

namespace ferry::gpu::test {
namespace {

void check(cl_int status, const char* what) {
  if (status != CL_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(status));
}

}  // namespace

cl_device_id device_of_default_context(Core& core, const std::string& device) {
  const AnyMap params = core.get_default_context(device).get_params();
  auto context = static_cast<cl_context>(params.at(ocl_context.name()).as<void*>());
  const int index = params.at(ocl_context_device_id.name()).as<int>();
  size_t bytes = 0;
  check(clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, nullptr, &bytes), "clGetContextInfo");
  std::vector<cl_device_id> devices(bytes / sizeof(cl_device_id));
  check(clGetContextInfo(context, CL_CONTEXT_DEVICES, bytes, devices.data(), nullptr), "clGetContextInfo");
  return devices.at(index);
}

AppContext::AppContext(cl_device_id device_) : device(device_) {
  cl_int status = CL_SUCCESS;
  context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
  check(status, "clCreateContext");
}

AppContext::~AppContext() { clReleaseContext(context); }

cl_mem AppContext::buffer(size_t bytes, const void* values) const {
  cl_int status = CL_SUCCESS;
  cl_mem memory = clCreateBuffer(context, CL_MEM_READ_WRITE | (values ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                 const_cast<void*>(values), &status);
  check(status, "clCreateBuffer");
  return memory;
}

cl_command_queue AppContext::queue(cl_command_queue_properties properties) const {
  const cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, properties, 0};
  cl_int status = CL_SUCCESS;
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, list, &status);
  check(status, "clCreateCommandQueueWithProperties");
  return queue;
}

cl_kernel AppContext::kernel(const std::string& source, const std::string& name) const {
  const char* text = source.c_str();
  cl_int status = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &status);
  check(status, "clCreateProgramWithSource");
  check(clBuildProgram(program, 1, &device, "", nullptr, nullptr), "clBuildProgram");
  cl_kernel kernel = clCreateKernel(program, name.c_str(), &status);
  clReleaseProgram(program);  // the kernel keeps it
  check(status, "clCreateKernel");
  return kernel;
}

std::vector<float> read_floats(cl_command_queue queue, cl_mem buffer, size_t count) {
  std::vector<float> values(count);
  check(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, count * sizeof(float), values.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  return values;
}

bool has_extension(cl_device_id device, const std::string& name) {
  size_t size = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size) != CL_SUCCESS) return false;
  std::string extensions(size, '\0');
  clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr);
  return (" " + extensions + " ").find(" " + name + " ") != std::string::npos;
}

bool supports_usm(cl_device_id device) {
  cl_device_svm_capabilities svm = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof(svm), &svm, nullptr) != CL_SUCCESS) svm = 0;
  return has_extension(device, "cl_intel_unified_shared_memory") || (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
}

cl_device_type device_type(cl_device_id device) {
  cl_device_type type = 0;
  clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof(type), &type, nullptr);
  return type;
}

cl_uint reference_count(cl_mem memory) {
  cl_uint count = 0;
  check(clGetMemObjectInfo(memory, CL_MEM_REFERENCE_COUNT, sizeof(count), &count, nullptr), "clGetMemObjectInfo");
  return count;
}

cl_uint reference_count(cl_context context) {
  cl_uint count = 0;
  check(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof(count), &count, nullptr), "clGetContextInfo");
  return count;
}

cl_uint settled_reference_count(cl_context context, cl_uint expected) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  cl_uint count = reference_count(context);
  while (count != expected && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    count = reference_count(context);
  }
  return count;
}

cl_uint reference_count(cl_command_queue queue) {
  cl_uint count = 0;
  check(clGetCommandQueueInfo(queue, CL_QUEUE_REFERENCE_COUNT, sizeof(count), &count, nullptr),
        "clGetCommandQueueInfo");
  return count;
}

std::vector<float> values_of(const Tensor& tensor) {
  const float* data = tensor.data<float>();
  return std::vector<float>(data, data + tensor.get_size());
}

}  // namespace ferry::gpu::test
