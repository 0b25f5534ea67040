#pragma once

// The OpenCL C sources of plugins/gpu/src/engine/kernels/*.cl. They are kept as .cl files (readable,
// checkable with any OpenCL compiler) and embedded into the plugin at build time by
// embed_kernels.sh, so the plugin needs no file at run time.

#include <map>
#include <string>

namespace ferry::gpu {

// File name ("eltwise.cl") -> source text; defined in the generated kernel_sources.cpp.
const std::map<std::string, std::string>& embedded_kernel_sources();

// The source of one file with its `#include "other.cl"` lines replaced by those files; throws
// naming the file when it (or a file it includes) is missing.
const std::string& kernel_source(const std::string& file);

}  // namespace ferry::gpu
