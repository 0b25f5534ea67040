#pragma once

#include <optional>
#include <string>

#include "ferry/graph/model.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"
#include "ferry/value/version.hpp"

namespace ferry {

// CACHE_DIR: compiled-model blobs keyed by everything that affects compilation. An entry is
// "<key>.blob": a header (magic, format version, payload size, payload checksum) and the
// plugin's export_model bytes. Entries are written to a temporary file and renamed, so a reader
// never sees half an entry; a damaged entry is detected, removed and rebuilt.
class ModelCache {
 public:
  explicit ModelCache(std::string dir);

  // Hash of the model (its IR serialization), the device, the compile properties and the
  // plugin's version: changing any of them misses.
  static std::string compute_key(const std::shared_ptr<const Model>& model, const std::string& device,
                                 const AnyMap& properties, const Version& plugin_version);

  // The payload of a valid entry; nullopt when absent. A damaged entry is removed.
  std::optional<std::string> load(const std::string& key) const;
  void store(const std::string& key, const std::string& payload) const;
  void remove(const std::string& key) const;
  std::string path_of(const std::string& key) const;

  // CACHE_ENCRYPTION_CALLBACKS around a payload. seal() encrypts an envelope (a magic, the
  // payload's checksum, the payload); a callback that throws is an error naming it, so no entry is
  // written in the clear. unseal() decrypts and checks the envelope: nullopt when decrypt throws or
  // its result is not this envelope (another key, an entry written without encryption).
  static std::string seal(const std::string& payload, const EncryptionCallbacks& callbacks);
  static std::optional<std::string> unseal(const std::string& stored, const EncryptionCallbacks& callbacks);

 private:
  std::string m_dir;
};

}  // namespace ferry
