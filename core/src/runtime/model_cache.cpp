#include "model_cache.hpp"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <thread>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/plugin/support/checksum.hpp"

namespace ferry {
namespace {

constexpr char kMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'C', 'C', '1'};
constexpr uint32_t kFormatVersion = 1;

std::string hex(uint64_t value) {
  std::ostringstream out;
  out << std::hex << std::setw(16) << std::setfill('0') << value;
  return out.str();
}

// The envelope encrypted under CACHE_ENCRYPTION_CALLBACKS: the magic, the payload's checksum, the
// payload. A decryption under another key does not reproduce both.
constexpr char kSealMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'E', 'N', '1'};
constexpr size_t kSealHeaderSize = sizeof(kSealMagic) + sizeof(uint64_t);

struct Header {
  char magic[8];
  uint32_t format_version;
  uint32_t reserved;
  uint64_t payload_size;
  uint64_t payload_checksum;
};

}  // namespace

ModelCache::ModelCache(std::string dir) : m_dir(std::move(dir)) {
  std::error_code error;
  std::filesystem::create_directories(m_dir, error);
  FERRY_ASSERT(!error, "CACHE_DIR '", m_dir, "' cannot be created: ", error.message());
}

std::string ModelCache::compute_key(const std::shared_ptr<const Model>& model, const std::string& device,
                                    const AnyMap& properties, const Version& plugin_version) {
  // Friendly names do not change what a compilation produces, and generated ones ("Relu_12")
  // differ between two constructions of the same graph: hash a copy with positional names.
  std::shared_ptr<Model> canonical = model->clone();
  size_t index = 0;
  for (const auto& node : canonical->get_ordered_ops()) node->set_friendly_name("n" + std::to_string(index++));
  canonical->set_friendly_name("model");
  std::ostringstream xml, bin;
  serialize(canonical, xml, bin);
  std::ostringstream all;
  all << xml.str() << '\0' << bin.str() << '\0' << device << '\0';
  for (const auto& [key, value] : properties) all << key << '=' << value.as<std::string>() << '\0';
  all << plugin_version.buildNumber << '\0' << plugin_version.description;
  const std::string text = all.str();
  // Two FNV-1a 64 hashes with different offset bases: a 128-bit key. Not cryptographic: the cache
  // is the user's own folder.
  return hex(sdk::fnv1a64(text)) + hex(sdk::fnv1a64(text, 0x84222325cbf29ce4ull));
}

std::string ModelCache::path_of(const std::string& key) const {
  return (std::filesystem::path(m_dir) / (key + ".blob")).string();
}

std::optional<std::string> ModelCache::load(const std::string& key) const {
  const std::string path = path_of(key);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  Header header{};
  std::string payload;
  bool valid = static_cast<bool>(in.read(reinterpret_cast<char*>(&header), sizeof(header))) &&
               std::memcmp(header.magic, kMagic, sizeof(kMagic)) == 0 && header.format_version == kFormatVersion;
  if (valid) {
    const auto file_size = std::filesystem::file_size(path);
    valid = header.payload_size == file_size - sizeof(header);
  }
  if (valid) {
    payload.resize(header.payload_size);
    valid = static_cast<bool>(in.read(payload.data(), static_cast<std::streamsize>(payload.size()))) &&
            sdk::fnv1a64(payload) == header.payload_checksum;
  }
  if (!valid) {
    remove(key);
    return std::nullopt;
  }
  return payload;
}

void ModelCache::store(const std::string& key, const std::string& payload) const {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.format_version = kFormatVersion;
  header.payload_size = payload.size();
  header.payload_checksum = sdk::fnv1a64(payload);
  std::ostringstream suffix;
  suffix << ".tmp." << std::this_thread::get_id();
  const std::string temp = path_of(key) + suffix.str();
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    FERRY_ASSERT(out, "CACHE_DIR '", m_dir, "': cannot write '", temp, "'");
    out.write(reinterpret_cast<const char*>(&header), sizeof(header));
    out.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    FERRY_ASSERT(out.good(), "CACHE_DIR '", m_dir, "': writing '", temp, "' failed");
  }
  std::error_code error;
  std::filesystem::rename(temp, path_of(key), error);
  if (error) std::filesystem::remove(temp, error);
}

void ModelCache::remove(const std::string& key) const {
  std::error_code error;
  std::filesystem::remove(path_of(key), error);
}

std::string ModelCache::seal(const std::string& payload, const EncryptionCallbacks& callbacks) {
  const uint64_t checksum = sdk::fnv1a64(payload);
  std::string envelope(kSealMagic, sizeof(kSealMagic));
  envelope.append(reinterpret_cast<const char*>(&checksum), sizeof(checksum));
  envelope += payload;
  try {
    return callbacks.encrypt(envelope);
  } catch (const std::exception& e) {
    Exception::raise("CACHE_ENCRYPTION_CALLBACKS: encrypt threw (", e.what(),
                     "); the compiled model was not written to CACHE_DIR");
  } catch (...) {
    Exception::raise(
        "CACHE_ENCRYPTION_CALLBACKS: encrypt threw a non-standard exception; the compiled model was "
        "not written to CACHE_DIR");
  }
}

std::optional<std::string> ModelCache::unseal(const std::string& stored, const EncryptionCallbacks& callbacks) {
  std::string envelope;
  try {
    envelope = callbacks.decrypt(stored);
  } catch (...) {
    return std::nullopt;  // a decryptor that authenticates refuses another key's entry: a miss
  }
  uint64_t checksum = 0;
  if (envelope.size() < kSealHeaderSize || std::memcmp(envelope.data(), kSealMagic, sizeof(kSealMagic)) != 0)
    return std::nullopt;
  std::memcpy(&checksum, envelope.data() + sizeof(kSealMagic), sizeof(checksum));
  std::string payload = envelope.substr(kSealHeaderSize);
  if (sdk::fnv1a64(payload) != checksum) return std::nullopt;
  return payload;
}

}  // namespace ferry
