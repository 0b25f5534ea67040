#pragma once

#include <memory>
#include <string>

#include "ferry/value/any.hpp"
#include "ferry/value/itensor.hpp"

namespace ferry {

// A tensor whose memory belongs to a device context. Its data() is not host-addressable unless the
// plugin says so; copies to and from host tensors go through copy_to/copy_from.
class IRemoteTensor : public ITensor {
 public:
  // Parameters describing the memory (e.g. {"SHARED_MEM_TYPE": "OCL_BUFFER", "MEM_HANDLE": ...}).
  virtual const AnyMap& get_properties() const = 0;
  virtual const std::string& get_device_name() const = 0;
  // Device memory by default: host copies go through the plugin's copy_to / copy_from.
  bool is_host_accessible() const override { return false; }
};

}  // namespace ferry
