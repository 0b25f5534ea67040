#pragma once

// Program binaries in an export blob go to the OpenCL driver, and drivers' binary readers trust
// the sizes inside their own formats (PoCL 3.1 reads past a cut binary, docs/FUZZING.md). A
// binary is also code: one given under a kernel file's name would run for every model of the
// context. So the plugin takes back only binaries it wrote itself: an export seals its programs
// with HMAC-SHA256 under a key private to the user, and an import whose seal does not verify
// builds every program from source (slower, never wrong). Blobs move between processes of one
// user (CACHE_DIR, export and import) with their binaries; a blob from anywhere else is rebuilt.

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ferry::gpu {

using SealKey = std::array<unsigned char, 32>;

// The user's key: `${XDG_CONFIG_HOME:-$HOME/.config}/ferry/gpu_program_binaries.key`, made
// (32 random bytes, mode 0600, its folder 0700) on first use. Where that file cannot be read or
// made, or another user could read or change it, a random key of this process: its exports then
// come back with their binaries only into the same process. Read once per process.
const SealKey& user_seal_key();

// The key in `path`, made there when there is none; nullopt when it cannot be read or made, has
// another size, or is not the caller's alone (owned by another user, or group/other bits set).
std::optional<SealKey> load_or_create_seal_key(const std::string& path);

// HMAC-SHA256 of `bytes` under `key` (32 bytes).
std::string seal(const SealKey& key, std::string_view bytes);
// Whether `tag` is seal(key, bytes), compared in constant time.
bool seal_verifies(const SealKey& key, std::string_view bytes, std::string_view tag);

}  // namespace ferry::gpu
