#include "ir_weights.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace ir {

std::shared_ptr<AlignedBuffer> read_file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  FERRY_ASSERT(file, "cannot open '", path, "': ", std::strerror(errno));
  const std::streamoff size = file.tellg();
  FERRY_ASSERT(size >= 0, "cannot get the size of '", path, "'");
  auto buffer = std::make_shared<AlignedBuffer>(static_cast<size_t>(size));
  file.seekg(0);
  if (size > 0) file.read(buffer->data(), size);
  FERRY_ASSERT(file.gcount() == size, "cannot read '", path, "': got ", file.gcount(), " of ", size, " bytes");
  return buffer;
}

IrWeights IrWeights::from_file(std::string bin_path) {
  IrWeights weights;
  weights.m_name = std::move(bin_path);
  weights.m_from_file = true;
  return weights;
}

IrWeights IrWeights::from_buffer(std::shared_ptr<AlignedBuffer> buffer, std::string source_name) {
  IrWeights weights;
  weights.m_name = std::move(source_name);
  weights.m_buffer = std::move(buffer);
  return weights;
}

const std::shared_ptr<AlignedBuffer>& IrWeights::get() {
  if (!m_buffer && m_from_file) {
    try {
      m_buffer = read_file_bytes(m_name);
    } catch (const Exception& e) {
      Exception::raise("needs the weights file, but ", e.what());
    }
  }
  FERRY_ASSERT(m_buffer, "needs weights, but none were given for ", m_name);
  return m_buffer;
}

const std::shared_ptr<AlignedBuffer>& IrWeights::slice(uint64_t offset, uint64_t size) {
  const auto& buffer = get();
  const uint64_t total = buffer->size();
  FERRY_ASSERT(offset <= total && size <= total - offset, "bytes [", offset, ", ", offset, "+", size,
               ") lie outside the weights (", m_name, " has ", total, " bytes; truncated?)");
  return buffer;
}

}  // namespace ir
}  // namespace ferry
