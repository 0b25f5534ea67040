#pragma once

#include <string>

#include "ferry/value/any.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {

// A tensor in a device context's memory (see RemoteContext::create_tensor). Device-specific
// classes (ferry::gpu::ocl::ClBufferTensor, ...) derive from it; Tensor::is<T>() / as<T>()
// check and convert.
class RemoteTensor : public Tensor {
 public:
  RemoteTensor() = default;
  using Tensor::Tensor;

  // True when `tensor` is backed by an IRemoteTensor.
  static void type_check(const Tensor& tensor, const std::map<std::string, std::vector<std::string>>& = {});

  // The parameters describing the memory, e.g. {"SHARED_MEM_TYPE": "OCL_BUFFER", "MEM_HANDLE": ...}.
  AnyMap get_params() const;
  std::string get_device_name() const;
  // Copies between this tensor and any other (host or remote), handled by the plugin.
  void copy_to(Tensor& dst) const;
  void copy_from(const Tensor& src);

  // Remote memory has no host address.
  void* data(const element::Type& = {}) = delete;
};

}  // namespace ferry
