#include "ferry/plugin/support/export_container.hpp"

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <sstream>

#include "ferry/base/aligned_buffer.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/plugin/support/checksum.hpp"

namespace ferry::sdk {
namespace {

constexpr size_t kMagicSize = 8;
constexpr size_t kHeaderSize = kMagicSize + 4 + 8 + 8;
constexpr const char* kModelXml = "model.xml";
constexpr const char* kModelBin = "model.bin";
constexpr const char* kSettings = "settings";

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

std::string hex_prefix(const std::string& bytes) {
  if (bytes.empty()) return "nothing (empty stream)";
  std::ostringstream out;
  for (size_t i = 0; i < std::min(bytes.size(), kMagicSize); ++i)
    out << std::hex << std::setw(2) << std::setfill('0') << int(static_cast<unsigned char>(bytes[i]));
  return "0x" + out.str();
}

void check_magic(std::string_view magic) {
  FERRY_ASSERT(magic.size() == kMagicSize, "an export magic has ", kMagicSize, " characters, not ", magic.size(), " ('",
               magic, "')");
}

}  // namespace

void ByteWriter::u32(uint32_t value) {
  for (int i = 0; i < 4; ++i) m_bytes.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::u64(uint64_t value) {
  for (int i = 0; i < 8; ++i) m_bytes.push_back(static_cast<char>(value >> (8 * i)));
}

void ByteWriter::string(std::string_view text) {
  u64(text.size());
  m_bytes.append(text.data(), text.size());
}

ByteReader::ByteReader(std::string_view bytes, size_t base_offset, std::string context)
    : m_bytes(bytes), m_base(base_offset), m_context(std::move(context)) {}

uint32_t ByteReader::u32(const char* what) { return static_cast<uint32_t>(integer(4, what)); }

uint64_t ByteReader::u64(const char* what) { return integer(8, what); }

std::string ByteReader::string(const char* what) { return bytes(integer(8, what), what); }

std::string ByteReader::bytes(uint64_t size, const char* what) {
  need(size, what);
  std::string text(m_bytes.substr(m_pos, size));
  m_pos += size;
  return text;
}

uint64_t ByteReader::integer(size_t size, const char* what) {
  need(size, what);
  uint64_t value = 0;
  for (size_t i = 0; i < size; ++i) value |= uint64_t(static_cast<unsigned char>(m_bytes[m_pos + i])) << (8 * i);
  m_pos += size;
  return value;
}

void ByteReader::need(uint64_t size, const char* what) const {
  FERRY_ASSERT(size <= m_bytes.size() - m_pos, m_context, " truncated at byte ", m_base + m_bytes.size(), ": reading ",
               what, " at byte ", m_base + m_pos, " needs ", size, " bytes");
}

ExportWriter::ExportWriter(ExportFormat format) : m_format(format) { check_magic(format.magic); }

ExportWriter& ExportWriter::add(const std::string& name, std::string bytes) {
  FERRY_ASSERT(m_fields.count(name) == 0, "export: the field '", name, "' is written twice");
  m_fields.emplace(name, std::move(bytes));
  return *this;
}

ExportWriter& ExportWriter::add_model(const std::shared_ptr<const Model>& model) {
  FERRY_ASSERT(model, "export: the model is null");
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  add(kModelXml, xml.str());
  return add(kModelBin, bin.str());
}

ExportWriter& ExportWriter::add_settings(const AnyMap& settings) {
  ByteWriter bytes;
  bytes.u32(static_cast<uint32_t>(settings.size()));
  for (const auto& [key, value] : settings) {
    bytes.string(key);
    bytes.string(value.as<std::string>());
  }
  return add(kSettings, bytes.take());
}

void ExportWriter::write(std::ostream& out) const {
  ByteWriter payload;
  payload.u32(static_cast<uint32_t>(m_fields.size()));
  for (const auto& [name, bytes] : m_fields) {  // std::map: the same fields give the same bytes
    payload.string(name);
    payload.string(bytes);
  }
  ByteWriter header;
  header.u32(m_format.version);
  header.u64(payload.bytes().size());
  header.u64(fnv1a64(payload.bytes()));
  out.write(m_format.magic.data(), static_cast<std::streamsize>(m_format.magic.size()));
  out.write(header.bytes().data(), static_cast<std::streamsize>(header.bytes().size()));
  out.write(payload.bytes().data(), static_cast<std::streamsize>(payload.bytes().size()));
  FERRY_ASSERT(out.good(), "export_model: writing the blob failed");
}

ExportReader::ExportReader(std::istream& in, ExportFormat format, std::string device) : m_device(std::move(device)) {
  check_magic(format.magic);
  const std::string header = read_up_to(in, kHeaderSize);
  const size_t magic_size = std::min(header.size(), kMagicSize);
  FERRY_ASSERT(!header.empty() && header.compare(0, magic_size, format.magic.data(), magic_size) == 0, "not a ",
               m_device, " blob: bad magic (starts with ", hex_prefix(header), ", expected \"", format.magic, "\")");
  const std::string context = m_device + " blob";
  FERRY_ASSERT(header.size() == kHeaderSize, context, " truncated at byte ", header.size(), ": the header has ",
               kHeaderSize, " bytes");
  ByteReader fields(std::string_view(header).substr(kMagicSize), kMagicSize, context);
  const uint32_t version = fields.u32("the format version");
  FERRY_ASSERT(version == format.version, context, " has format version ", version, ", but this plugin reads version ",
               format.version, "; export the model again with this plugin");
  const uint64_t payload_size = fields.u64("the payload size");
  const uint64_t checksum = fields.u64("the checksum");

  const std::string payload = read_up_to(in, payload_size);
  FERRY_ASSERT(payload.size() == payload_size, context, " truncated at byte ", kHeaderSize + payload.size(),
               ": the header announces ", payload_size, " payload bytes after byte ", kHeaderSize);
  FERRY_ASSERT(fnv1a64(payload) == checksum, context, " is corrupt: the payload checksum does not match");

  ByteReader reader(payload, kHeaderSize, context);
  const uint32_t count = reader.u32("the field count");
  for (uint32_t i = 0; i < count; ++i) {
    std::string name = reader.string("a field name");
    const uint64_t size = reader.u64("a field size");
    Field field;
    field.offset = reader.offset();
    field.bytes = reader.bytes(size, "a field");
    FERRY_ASSERT(m_fields.count(name) == 0, context, " is corrupt: the field '", name, "' appears twice");
    m_fields.emplace(std::move(name), std::move(field));
  }
  FERRY_ASSERT(reader.at_end(), context, " is corrupt: bytes follow the last field");
}

const ExportReader::Field& ExportReader::find(const std::string& name) const {
  const auto it = m_fields.find(name);
  FERRY_ASSERT(it != m_fields.end(), m_device, " blob is corrupt: it has no field '", name, "'");
  return it->second;
}

const std::string& ExportReader::field(const std::string& name) const { return find(name).bytes; }

ByteReader ExportReader::field_reader(const std::string& name) const {
  const Field& field = find(name);
  return ByteReader(field.bytes, field.offset, m_device + " blob field '" + name + "'");
}

std::shared_ptr<Model> ExportReader::model() const {
  const std::string& xml = field(kModelXml);
  const std::string& bin = field(kModelBin);
  std::shared_ptr<AlignedBuffer> weights;
  if (!bin.empty()) {
    weights = std::make_shared<AlignedBuffer>(bin.size());
    std::memcpy(weights->data(), bin.data(), bin.size());
  }
  try {
    return read_ir_from_memory(xml, weights, m_device + " blob");
  } catch (const std::exception& e) {
    Exception::raise(m_device, " blob: the model section is corrupt: ", e.what());
  }
}

AnyMap ExportReader::settings() const {
  ByteReader reader = field_reader(kSettings);
  AnyMap settings;
  const uint32_t count = reader.u32("the setting count");
  for (uint32_t i = 0; i < count; ++i) {
    std::string key = reader.string("a setting key");
    settings[key] = reader.string("a setting value");
  }
  return settings;
}

}  // namespace ferry::sdk
