#pragma once

// Where Constants get their bytes: the IR's .bin, read on first use (so an IR whose Constants
// need no bytes reads without one), or a buffer the caller already holds.
#include <cstdint>
#include <memory>
#include <string>

#include "ferry/base/aligned_buffer.hpp"

namespace ferry {
namespace ir {

class IrWeights {
 public:
  // From a file, loaded on the first get().
  static IrWeights from_file(std::string bin_path);
  // From memory; null means "no weights".
  static IrWeights from_buffer(std::shared_ptr<AlignedBuffer> buffer, std::string source_name);

  // The whole .bin. Throws naming the file when it cannot be read.
  const std::shared_ptr<AlignedBuffer>& get();

  // Checks that [offset, offset + size) lies inside the weights and returns the buffer.
  const std::shared_ptr<AlignedBuffer>& slice(uint64_t offset, uint64_t size);

  const std::string& name() const { return m_name; }

 private:
  std::string m_name;
  bool m_from_file = false;
  std::shared_ptr<AlignedBuffer> m_buffer;
};

// Reads a whole file into a new 64-byte aligned buffer; throws naming the file.
std::shared_ptr<AlignedBuffer> read_file_bytes(const std::string& path);

}  // namespace ir
}  // namespace ferry
