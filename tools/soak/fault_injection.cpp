#include "fault_injection.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>

namespace ferry::tools {

FaultInjection::~FaultInjection() {
  for (char* block : m_leaked) delete[] block;
  for (int fd : m_fds) close(fd);
}

void FaultInjection::after_inference(InferRequest& request, uint64_t index) {
  if (m_injection == Injection::LEAK) {
    char* block = new char[kLeakBytes];
    std::memset(block, 1, kLeakBytes);
    std::lock_guard<std::mutex> lock(m_mutex);
    m_leaked.push_back(block);
  }
  if (m_injection == Injection::WRONG_OUTPUT && index % kWrongOutputEvery == kWrongOutputEvery - 1) {
    Tensor output = request.get_output_tensor(0);
    if (output.get_element_type() == element::f32 && output.get_size() > 0) output.data<float>()[0] += 1.0f;
  }
}

void FaultInjection::after_request() {
  if (m_injection != Injection::FD_LEAK) return;
  const int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  std::lock_guard<std::mutex> lock(m_mutex);
  if (fd >= 0) m_fds.push_back(fd);
}

}  // namespace ferry::tools
