#include "ferry/base/aligned_buffer.hpp"

#include <new>

namespace ferry {

AlignedBuffer::AlignedBuffer(size_t byte_size)
    : m_data(static_cast<char*>(::operator new(byte_size == 0 ? 1 : byte_size, std::align_val_t(kAlignment)))),
      m_size(byte_size),
      m_owned(true) {}

AlignedBuffer::AlignedBuffer(void* data, size_t byte_size, std::shared_ptr<void> owner)
    : m_data(static_cast<char*>(data)), m_size(byte_size), m_owner(std::move(owner)) {}

AlignedBuffer::~AlignedBuffer() {
  if (m_owned) ::operator delete(m_data, std::align_val_t(kAlignment));
}

}  // namespace ferry
