#pragma once

// RemoteContext::create_tensor's parameters turned into a RemoteTensor: one function per
// SHARED_MEM_TYPE, each checking what it is given against the context (the cl_mem's context,
// kind and size, an image's format, a USM pointer the context knows, a host pointer's alignment,
// the driver's external-memory extension) and refusing with an error naming what was wrong.

#include <memory>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/value/any.hpp"
#include "remote_tensor.hpp"

namespace ferry::gpu {

class RemoteContext;

std::shared_ptr<RemoteTensor> make_remote_tensor(const std::shared_ptr<RemoteContext>& context,
                                                 const element::Type& type, const Shape& shape, const AnyMap& params);

}  // namespace ferry::gpu
