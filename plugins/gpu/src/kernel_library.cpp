#include "kernel_library.hpp"

#include "ferry/runtime/exception.hpp"

namespace ferry::gpu {

const std::string& kernel_source(const std::string& file) {
  const auto& sources = embedded_kernel_sources();
  const auto found = sources.find(file);
  FERRY_ASSERT(found != sources.end(), "GPU: no embedded OpenCL source '", file, "'");
  return found->second;
}

}  // namespace ferry::gpu
