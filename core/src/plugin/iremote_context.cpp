#include "ferry/plugin/iremote_context.hpp"

#include "ferry/value/itensor.hpp"

namespace ferry {

std::shared_ptr<ITensor> IRemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
  return make_tensor(type, shape);
}

}  // namespace ferry
