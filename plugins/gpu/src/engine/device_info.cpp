#include "device_info.hpp"

#include <algorithm>
#include <sstream>

namespace ferry::gpu {
namespace {

// cl_nv_device_attribute_query (not in every cl_ext.h).
constexpr cl_device_info kComputeCapabilityMajorNv = 0x4000;
constexpr cl_device_info kComputeCapabilityMinorNv = 0x4001;

template <typename T>
T device_value(cl_device_id device, cl_device_info param, T fallback = T()) {
  T value{};
  if (clGetDeviceInfo(device, param, sizeof(T), &value, nullptr) != CL_SUCCESS) return fallback;
  return value;
}

std::string type_text(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "device";
}

}  // namespace

std::string device_string(cl_device_id device, cl_device_info param) {
  size_t size = 0;
  if (clGetDeviceInfo(device, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string text(size, '\0');
  if (clGetDeviceInfo(device, param, size, text.data(), nullptr) != CL_SUCCESS) return {};
  text.resize(text.find('\0') == std::string::npos ? size : text.find('\0'));
  return text;
}

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
  size_t size = 0;
  if (clGetPlatformInfo(platform, param, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string text(size, '\0');
  if (clGetPlatformInfo(platform, param, size, text.data(), nullptr) != CL_SUCCESS) return {};
  text.resize(text.find('\0') == std::string::npos ? size : text.find('\0'));
  return text;
}

bool DeviceInfo::has_extension(const std::string& name) const {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

std::string DeviceInfo::full_name() const { return name + " (" + vendor + ", OpenCL " + type_text(type) + ")"; }

float DeviceInfo::estimated_gflops() const {
  return static_cast<float>(compute_units) * static_cast<float>(max_clock_mhz) * 1e-3f *
         static_cast<float>(std::max(1u, preferred_float_width)) * 2.0f;
}

DeviceInfo read_device_info(cl_device_id device) {
  DeviceInfo info;
  info.name = device_string(device, CL_DEVICE_NAME);
  info.vendor = device_string(device, CL_DEVICE_VENDOR);
  info.device_version = device_string(device, CL_DEVICE_VERSION);
  info.driver_version = device_string(device, CL_DRIVER_VERSION);
  const auto platform = device_value<cl_platform_id>(device, CL_DEVICE_PLATFORM);
  if (platform) info.platform_name = platform_string(platform, CL_PLATFORM_NAME);
  info.type = device_value<cl_device_type>(device, CL_DEVICE_TYPE);
  info.vendor_id = device_value<cl_uint>(device, CL_DEVICE_VENDOR_ID);
  info.compute_units = device_value<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS, 1);
  info.max_clock_mhz = device_value<cl_uint>(device, CL_DEVICE_MAX_CLOCK_FREQUENCY);
  info.global_mem_size = device_value<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
  info.max_alloc_size = device_value<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  info.max_work_group_size = device_value<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, 1);
  info.mem_base_addr_align_bits = device_value<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, 1024);
  // Deprecated in OpenCL 2.0 but still answered by the drivers we run on; CPU devices always
  // share the host's memory.
  info.host_unified_memory =
      device_value<cl_bool>(device, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE || (info.type & CL_DEVICE_TYPE_CPU) != 0;
  info.svm_capabilities = device_value<cl_device_svm_capabilities>(device, CL_DEVICE_SVM_CAPABILITIES);
  info.preferred_float_width = device_value<cl_uint>(device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, 1);
  info.image_support = device_value<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT) == CL_TRUE;
  std::istringstream words(device_string(device, CL_DEVICE_EXTENSIONS));
  for (std::string word; words >> word;) info.extensions.push_back(word);

  info.execution_units = static_cast<int32_t>(info.compute_units);
  if (info.has_extension("cl_nv_device_attribute_query")) {
    info.uarch_version = std::to_string(device_value<cl_uint>(device, kComputeCapabilityMajorNv)) + "." +
                         std::to_string(device_value<cl_uint>(device, kComputeCapabilityMinorNv));
  } else {
    info.uarch_version = info.device_version;
  }
  return info;
}

}  // namespace ferry::gpu
