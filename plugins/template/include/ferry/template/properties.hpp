#pragma once

// Keys and values specific to the TEMPLATE device. Applications include this header to query
// them; everything else the device offers uses the common keys of ferry/value/properties.hpp.

#include <cstdint>

#include "ferry/value/property.hpp"

namespace ferry::template_plugin {

// Plugin property (read-only): bytes this plugin instance copied between host memory and its
// remote tensors (RemoteTensor copy_to/copy_from, and batches of remote tensors joined for
// set_tensors). Inferences that read and write remote tensors in place add nothing, which is
// how tests prove "zero copies".
inline constexpr Property<uint64_t, PropertyMutability::RO> copied_bytes{"TEMPLATE_COPIED_BYTES"};

// Remote context parameters (RemoteContext::get_params, Core::create_context).
namespace context_params {
inline constexpr const char* CONTEXT_TYPE = "CONTEXT_TYPE";
inline constexpr const char* HOST = "TEMPLATE_HOST";  // the only CONTEXT_TYPE
// Identifies a context: create_context with an ID the plugin already has returns that context.
// The default context is 0; create_context without an ID picks a new one.
inline constexpr Property<int64_t> context_id{"CONTEXT_ID"};
}  // namespace context_params

// Remote tensor parameters (RemoteContext::create_tensor, RemoteTensor::get_params).
namespace tensor_params {
inline constexpr const char* SHARED_MEM_TYPE = "SHARED_MEM_TYPE";
inline constexpr const char* HOST_BUFFER = "TEMPLATE_HOST_BUFFER";  // the only SHARED_MEM_TYPE
}  // namespace tensor_params

}  // namespace ferry::template_plugin
