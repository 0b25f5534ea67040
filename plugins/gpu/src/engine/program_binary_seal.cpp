#include "program_binary_seal.hpp"

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <exception>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {
namespace {

SealKey random_key() {
  SealKey key{};
  FERRY_ASSERT(RAND_bytes(key.data(), static_cast<int>(key.size())) == 1,
               "GPU: no random key for sealing program binaries (OpenSSL's RAND_bytes failed)");
  return key;
}

std::string key_path() {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  if (config && *config == '/') return std::string(config) + "/ferry/gpu_program_binaries.key";
  const char* home = std::getenv("HOME");
  if (home && *home == '/') return std::string(home) + "/.config/ferry/gpu_program_binaries.key";
  return {};
}

// Reads exactly the key from an open file that only its owner, this user, can read or change.
std::optional<SealKey> read_private_key(int fd) {
  struct stat info {};
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != geteuid() || (info.st_mode & 077) != 0 ||
      info.st_size != static_cast<off_t>(sizeof(SealKey)))
    return std::nullopt;
  SealKey key{};
  size_t done = 0;
  while (done < key.size()) {
    const ssize_t n = read(fd, key.data() + done, key.size() - done);
    if (n <= 0) return std::nullopt;
    done += static_cast<size_t>(n);
  }
  return key;
}

std::optional<SealKey> read_key_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return std::nullopt;
  std::optional<SealKey> key = read_private_key(fd);
  close(fd);
  return key;
}

bool write_all(int fd, const SealKey& key) {
  size_t done = 0;
  while (done < key.size()) {
    const ssize_t n = write(fd, key.data() + done, key.size() - done);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return fsync(fd) == 0;
}

}  // namespace

std::optional<SealKey> load_or_create_seal_key(const std::string& path) {
  if (path.empty()) return std::nullopt;
  if (std::optional<SealKey> key = read_key_file(path)) return key;
  const size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) {
    // Each missing folder of the path, private to the user (mkdir leaves existing ones as they are).
    for (size_t at = path.find('/', 1); at != std::string::npos && at <= slash; at = path.find('/', at + 1))
      mkdir(path.substr(0, at).c_str(), 0700);
  }
  // A new key goes to a file of its own first and is linked into place only when whole, so a
  // process that loses the race to make the key reads the winner's.
  std::string temporary = path + ".XXXXXX";
  const int fd = mkstemp(temporary.data());
  if (fd < 0) return std::nullopt;
  std::optional<SealKey> made;
  try {
    made = random_key();
  } catch (const std::exception&) {
  }
  const bool written = made && fchmod(fd, 0600) == 0 && write_all(fd, *made);
  close(fd);
  const bool linked = written && link(temporary.c_str(), path.c_str()) == 0;
  unlink(temporary.c_str());
  if (linked) return made;
  return read_key_file(path);  // another process made it first (or nothing can be made)
}

const SealKey& user_seal_key() {
  static const SealKey key = [] {
    if (std::optional<SealKey> found = load_or_create_seal_key(key_path())) return *found;
    return random_key();
  }();
  return key;
}

std::string seal(const SealKey& key, std::string_view bytes) {
  unsigned char tag[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  FERRY_ASSERT(HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
                    reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), tag, &length),
               "GPU: program binaries could not be sealed (OpenSSL's HMAC failed)");
  return std::string(reinterpret_cast<const char*>(tag), length);
}

bool seal_verifies(const SealKey& key, std::string_view bytes, std::string_view tag) {
  const std::string expected = seal(key, bytes);
  return tag.size() == expected.size() && CRYPTO_memcmp(tag.data(), expected.data(), expected.size()) == 0;
}

}  // namespace ferry::gpu
