#include "ferry/runtime/remote_tensor.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "remote_params.hpp"

namespace ferry {
namespace {

std::shared_ptr<IRemoteTensor> remote_impl(const Tensor& tensor) {
  auto remote = std::dynamic_pointer_cast<IRemoteTensor>(tensor.get_impl());
  FERRY_ASSERT(remote, "not a remote tensor: this tensor is in host memory");
  return remote;
}

}  // namespace

void RemoteTensor::type_check(const Tensor& tensor, const std::map<std::string, std::vector<std::string>>& type_info) {
  FERRY_ASSERT(tensor, "not a remote tensor: the tensor is empty");
  check_remote_params(remote_impl(tensor)->get_properties(), type_info, "remote tensor");
}

AnyMap RemoteTensor::get_params() const { return remote_impl(*this)->get_properties(); }

std::string RemoteTensor::get_device_name() const { return remote_impl(*this)->get_device_name(); }

void RemoteTensor::copy_to(Tensor& dst) const { Tensor::copy_to(dst); }

void RemoteTensor::copy_from(const Tensor& src) {
  Tensor source = src;
  source.copy_to(*this);
}

}  // namespace ferry
