#pragma once

#include <memory>
#include <string>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class IRemoteTensor;
class ITensor;

// A device context a plugin shares with the application: an OpenCL context, a Level Zero
// context... Its parameters (get_property) are enough to recreate an equal context through
// Core::create_context.
class IRemoteContext : public std::enable_shared_from_this<IRemoteContext> {
 public:
  virtual ~IRemoteContext() = default;

  virtual const std::string& get_device_name() const = 0;
  virtual const AnyMap& get_property() const = 0;

  // A tensor in the context's memory. `params` selects the kind (shared buffer, image, USM...)
  // and can wrap memory the application owns.
  virtual std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                                       const AnyMap& params = {}) = 0;

  // Host memory the device accesses efficiently (pinned, host-USM, ...). Default: plain host memory.
  virtual std::shared_ptr<ITensor> create_host_tensor(const element::Type& type, const Shape& shape);
};

}  // namespace ferry
