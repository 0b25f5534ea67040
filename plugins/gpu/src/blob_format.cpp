#include "blob_format.hpp"

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <sstream>

#include "ferry/graph/aligned_buffer.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/runtime/exception.hpp"

namespace ferry::gpu::blob_format {
namespace {

constexpr size_t kHeaderSize = sizeof(kMagic) + 4 + 8 + 8;

uint64_t fnv1a(const std::string& bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const char c : bytes) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return hash;
}

void put_u32(std::string& out, uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(value >> (8 * i)));
}
void put_u64(std::string& out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(value >> (8 * i)));
}
void put_string(std::string& out, const std::string& text) {
  put_u64(out, text.size());
  out += text;
}

// Up to `count` bytes from the stream, read in chunks so that a corrupt size allocates nothing big.
std::string read_up_to(std::istream& in, uint64_t count) {
  std::string bytes;
  char chunk[1 << 16];
  while (bytes.size() < count && in) {
    in.read(chunk, static_cast<std::streamsize>(std::min<uint64_t>(sizeof(chunk), count - bytes.size())));
    bytes.append(chunk, static_cast<size_t>(in.gcount()));
  }
  return bytes;
}

// Little-endian fields of an in-memory part of the blob, with bounds checks that name the
// absolute byte offset.
class FieldReader {
 public:
  FieldReader(const std::string& bytes, size_t base_offset, const std::string& device)
      : m_bytes(bytes), m_base(base_offset), m_device(device) {}

  uint64_t integer(size_t size, const char* what) {
    need(size, what);
    uint64_t value = 0;
    for (size_t i = 0; i < size; ++i) value |= uint64_t(static_cast<unsigned char>(m_bytes[m_pos + i])) << (8 * i);
    m_pos += size;
    return value;
  }
  std::string string(const char* what) {
    const uint64_t size = integer(8, what);
    need(size, what);
    std::string text = m_bytes.substr(m_pos, size);
    m_pos += size;
    return text;
  }

 private:
  void need(uint64_t size, const char* what) const {
    FERRY_ASSERT(size <= m_bytes.size() - m_pos, m_device, " blob truncated at byte ", m_base + m_bytes.size(),
                 ": reading ", what, " at byte ", m_base + m_pos, " needs ", size, " bytes");
  }

  const std::string& m_bytes;
  size_t m_base;
  const std::string& m_device;
  size_t m_pos = 0;
};

std::string hex_prefix(const std::string& bytes) {
  std::ostringstream out;
  for (size_t i = 0; i < std::min<size_t>(bytes.size(), sizeof(kMagic)); ++i)
    out << std::hex << std::setw(2) << std::setfill('0') << int(static_cast<unsigned char>(bytes[i]));
  return bytes.empty() ? std::string("nothing (empty stream)") : "0x" + out.str();
}

}  // namespace

void write(std::ostream& out, const std::shared_ptr<const Model>& model, const AnyMap& settings,
           const std::vector<ProgramBinary>& programs) {
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  std::string payload;
  put_u32(payload, static_cast<uint32_t>(settings.size()));
  for (const auto& [key, value] : settings) {
    put_string(payload, key);
    put_string(payload, value.as<std::string>());
  }
  put_string(payload, xml.str());
  put_string(payload, bin.str());
  put_u32(payload, static_cast<uint32_t>(programs.size()));
  for (const auto& program : programs) {
    put_string(payload, program.file);
    put_string(payload, program.options);
    put_string(payload, program.binary);
  }

  std::string header(kMagic, sizeof(kMagic));
  put_u32(header, kFormatVersion);
  put_u64(header, payload.size());
  put_u64(header, fnv1a(payload));
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(payload.data(), static_cast<std::streamsize>(payload.size()));
  FERRY_ASSERT(out.good(), "export_model: writing the blob failed");
}

Contents read(std::istream& in, const std::string& device) {
  const std::string header = read_up_to(in, kHeaderSize);
  const size_t magic_size = std::min(header.size(), sizeof(kMagic));
  FERRY_ASSERT(!header.empty() && header.compare(0, magic_size, kMagic, magic_size) == 0, "not a ", device,
               " blob: bad magic (starts with ", hex_prefix(header), ", expected \"FERRYGPU\")");
  FERRY_ASSERT(header.size() == kHeaderSize, device, " blob truncated at byte ", header.size(), ": the header has ",
               kHeaderSize, " bytes");
  FieldReader fields(header, 0, device);
  fields.integer(sizeof(kMagic), "the magic");
  const uint64_t version = fields.integer(4, "the format version");
  FERRY_ASSERT(version == kFormatVersion, device, " blob has format version ", version,
               ", but this plugin reads version ", kFormatVersion, "; export the model again with this plugin");
  const uint64_t payload_size = fields.integer(8, "the payload size");
  const uint64_t checksum = fields.integer(8, "the checksum");

  const std::string payload = read_up_to(in, payload_size);
  FERRY_ASSERT(payload.size() == payload_size, device, " blob truncated at byte ", kHeaderSize + payload.size(),
               ": the header announces ", payload_size, " payload bytes after byte ", kHeaderSize);
  FERRY_ASSERT(fnv1a(payload) == checksum, device, " blob is corrupt: the payload checksum does not match");

  Contents contents;
  FieldReader reader(payload, kHeaderSize, device);
  const uint64_t count = reader.integer(4, "the setting count");
  for (uint64_t i = 0; i < count; ++i) {
    std::string key = reader.string("a setting key");
    contents.settings[key] = reader.string("a setting value");
  }
  const std::string xml = reader.string("the model xml");
  const std::string bin = reader.string("the model weights");
  const uint64_t programs = reader.integer(4, "the program count");
  for (uint64_t i = 0; i < programs; ++i) {
    ProgramBinary program;
    program.file = reader.string("a program's kernel file");
    program.options = reader.string("a program's build options");
    program.binary = reader.string("a program binary");
    contents.programs.push_back(std::move(program));
  }
  std::shared_ptr<AlignedBuffer> weights;
  if (!bin.empty()) {
    weights = std::make_shared<AlignedBuffer>(bin.size());
    std::memcpy(weights->data(), bin.data(), bin.size());
  }
  try {
    contents.model = read_ir_from_memory(xml, weights, device + " blob");
  } catch (const std::exception& e) {
    Exception::raise(device, " blob: the model section is corrupt: ", e.what());
  }
  return contents;
}

}  // namespace ferry::gpu::blob_format
