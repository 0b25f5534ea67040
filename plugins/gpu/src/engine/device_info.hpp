#pragma once

// Facts about one OpenCL device, read once when the device is enumerated; the values behind the
// GPU plugin's read-only device properties.

#include <CL/cl.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ferry::gpu {

struct DeviceInfo {
  std::string name;            // CL_DEVICE_NAME
  std::string vendor;          // CL_DEVICE_VENDOR
  std::string platform_name;   // CL_PLATFORM_NAME
  std::string device_version;  // CL_DEVICE_VERSION ("OpenCL 3.0 ...")
  std::string driver_version;  // CL_DRIVER_VERSION
  cl_device_type type = 0;     // CL_DEVICE_TYPE_GPU, _CPU, _ACCELERATOR
  uint32_t vendor_id = 0;
  uint32_t compute_units = 0;
  uint32_t max_clock_mhz = 0;
  uint64_t global_mem_size = 0;
  uint64_t max_alloc_size = 0;
  size_t max_work_group_size = 0;
  uint32_t mem_base_addr_align_bits = 0;
  // Host and device share memory: buffers over host pointers are used in place (no copies).
  bool host_unified_memory = false;
  // CL_DEVICE_SVM_CAPABILITIES (0 before OpenCL 2.0 or without SVM): what USM falls back to.
  cl_device_svm_capabilities svm_capabilities = 0;
  bool profiling_timer = true;
  // CL_DEVICE_IMAGE_SUPPORT: kernels may read images (__IMAGE_SUPPORT__ is defined in its OpenCL C).
  bool image_support = false;
  std::vector<std::string> extensions;
  uint32_t preferred_float_width = 1;  // CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT
  std::string uarch_version;           // see read_device_info
  int32_t execution_units = 0;

  bool has_extension(const std::string& name) const;
  bool is_gpu() const { return (type & CL_DEVICE_TYPE_GPU) != 0; }
  // "<name> (<vendor>, OpenCL <type>)": FULL_DEVICE_NAME.
  std::string full_name() const;
  // Peak f32 operations per second in units of 1e9, estimated as compute units x clock x
  // preferred float vector width x 2 (one fused multiply-add per lane per cycle).
  float estimated_gflops() const;
};

// Reads every field; uarch_version is the NVIDIA compute capability ("9.0") where
// cl_nv_device_attribute_query exists, else the device's OpenCL version string.
DeviceInfo read_device_info(cl_device_id device);

// A string parameter of clGetDeviceInfo / clGetPlatformInfo (empty on error).
std::string device_string(cl_device_id device, cl_device_info param);
std::string platform_string(cl_platform_id platform, cl_platform_info param);

}  // namespace ferry::gpu
