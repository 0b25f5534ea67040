#pragma once

// The export container every plugin's blob is written in (CompiledModel::export_model,
// IPlugin::import_model, CACHE_DIR):
//
//   bytes 0..7   magic: the device's 8 characters ("FERRYGPU")
//   u32          the device's format version
//   u64          payload size in bytes
//   u64          FNV-1a 64 checksum of the payload (checksum.hpp)
//   payload      u32 field count, then per field: string name, string bytes
//
// Integers are little-endian; a string is a u64 byte count and the bytes. A device decides what
// its fields hold; model() and settings() give the fields most devices need. Reading checks
// everything before any field is used: a foreign, truncated, damaged or other-version blob gets
// an error naming the device, the problem and the byte offset.

#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "ferry/graph/model.hpp"
#include "ferry/value/any.hpp"

namespace ferry::sdk {

// What identifies a device's blobs. Bump `version` whenever the fields change: blobs of another
// version (and CACHE_DIR entries made by another build) are refused, not misread.
struct ExportFormat {
  std::string_view magic;  // exactly 8 characters
  uint32_t version;
};

// Little-endian integers and sized strings appended to a byte string.
class ByteWriter {
 public:
  void u32(uint32_t value);
  void u64(uint64_t value);
  void string(std::string_view text);
  const std::string& bytes() const { return m_bytes; }
  std::string take() { return std::move(m_bytes); }

 private:
  std::string m_bytes;
};

// Reads what a ByteWriter wrote. Every read checks the bounds and, when short, throws naming
// `context`, the absolute byte offset (`base_offset` is where `bytes` starts in the blob) and
// `what` was being read.
class ByteReader {
 public:
  ByteReader(std::string_view bytes, size_t base_offset, std::string context);

  uint32_t u32(const char* what);
  uint64_t u64(const char* what);
  std::string string(const char* what);
  std::string bytes(uint64_t size, const char* what);  // `size` raw bytes
  bool at_end() const { return m_pos == m_bytes.size(); }
  size_t offset() const { return m_base + m_pos; }  // of the next byte, in the blob

 private:
  uint64_t integer(size_t size, const char* what);
  void need(uint64_t size, const char* what) const;

  std::string_view m_bytes;
  size_t m_base;
  std::string m_context;
  size_t m_pos = 0;
};

class ExportWriter {
 public:
  explicit ExportWriter(ExportFormat format);

  // Adds a field; a name may appear once.
  ExportWriter& add(const std::string& name, std::string bytes);
  // The model as OpenVINO IR (fields "model.xml" and "model.bin").
  ExportWriter& add_model(const std::shared_ptr<const Model>& model);
  // Settings as text (field "settings"): what the model was compiled with.
  ExportWriter& add_settings(const AnyMap& settings);

  // The whole blob; throws when the stream fails.
  void write(std::ostream& out) const;

 private:
  ExportFormat m_format;
  std::map<std::string, std::string> m_fields;
};

class ExportReader {
 public:
  // Reads the whole blob from `in` and checks magic, version, size and checksum. `device` names
  // the device in every error ("GPU blob truncated at byte 100: ...").
  ExportReader(std::istream& in, ExportFormat format, std::string device);

  bool has(const std::string& name) const { return m_fields.count(name) > 0; }
  // The bytes of a field; throws naming the field when the blob has none.
  const std::string& field(const std::string& name) const;
  // A reader over a field's bytes whose errors name the field and absolute offsets.
  ByteReader field_reader(const std::string& name) const;

  // The fields add_model and add_settings wrote.
  std::shared_ptr<Model> model() const;
  AnyMap settings() const;  // values as text

 private:
  struct Field {
    std::string bytes;
    size_t offset;  // where the bytes start in the blob
  };
  const Field& find(const std::string& name) const;

  std::string m_device;
  std::map<std::string, Field> m_fields;
};

}  // namespace ferry::sdk
