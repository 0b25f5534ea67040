#include "onednn_engine.hpp"

namespace ferry::cpu::engine {

const dnnl::engine& cpu_engine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

}  // namespace ferry::cpu::engine
