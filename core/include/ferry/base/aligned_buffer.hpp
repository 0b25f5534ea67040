#pragma once

#include <cstddef>
#include <memory>

namespace ferry {

// Bytes shared by Constants: either owned (allocated 64-byte aligned) or a view of memory that
// `owner` keeps alive, such as a whole IR `.bin` file read or mapped once, which many Constants
// then reference at their offsets without copying.
class AlignedBuffer {
 public:
  static constexpr size_t kAlignment = 64;

  // Owned, uninitialized bytes.
  explicit AlignedBuffer(size_t byte_size);
  // A view of `data`; `owner` (may be null when the memory outlives the buffer) is released
  // with the buffer.
  AlignedBuffer(void* data, size_t byte_size, std::shared_ptr<void> owner);
  ~AlignedBuffer();

  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;

  char* data() { return m_data; }
  const char* data() const { return m_data; }
  size_t size() const { return m_size; }

 private:
  char* m_data = nullptr;
  size_t m_size = 0;
  bool m_owned = false;
  std::shared_ptr<void> m_owner;
};

}  // namespace ferry
