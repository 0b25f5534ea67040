#pragma once

#include <oneapi/dnnl/dnnl.hpp>

namespace ferry::cpu::engine {

// The process's oneDNN CPU engine, shared by every primitive.
const dnnl::engine& cpu_engine();

}  // namespace ferry::cpu::engine
