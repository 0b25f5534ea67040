// The seal of exported program binaries (program_binary_seal.hpp): HMAC-SHA256 under a key file
// private to the user, made once even when several processes race to make it.
#include "program_binary_seal.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <thread>
#include <vector>

namespace ferry::gpu {
namespace {

std::string test_dir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return std::string(tmp ? tmp : "/tmp") + "/" + name + "_" + std::to_string(getpid());
}

mode_t mode_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 0777;
}

TEST(ProgramBinarySeal, VerifiesOnlyTheSameBytesUnderTheSameKey) {
  SealKey a{}, b{};
  a.fill(1);
  b.fill(1);
  b[31] = 2;
  const std::string tag = seal(a, "program bytes");
  EXPECT_EQ(tag.size(), 32u);
  EXPECT_TRUE(seal_verifies(a, "program bytes", tag));
  EXPECT_FALSE(seal_verifies(a, "program bytez", tag));
  EXPECT_FALSE(seal_verifies(b, "program bytes", tag));
  EXPECT_FALSE(seal_verifies(a, "program bytes", tag.substr(0, 31)));
  EXPECT_FALSE(seal_verifies(a, "program bytes", ""));
}

TEST(ProgramBinarySeal, KnownAnswerOfHmacSha256) {
  // From an independent implementation, Python's hmac module:
  // hmac.new(b"\x0b" * 32, b"Hi There", "sha256").hexdigest()
  SealKey key{};
  key.fill(0x0b);
  const std::string tag = seal(key, "Hi There");
  std::string hex;
  for (unsigned char byte : tag) {
    static const char* digits = "0123456789abcdef";
    hex += digits[byte >> 4];
    hex += digits[byte & 15];
  }
  EXPECT_EQ(hex, "198a607eb44bfbc69903a0f1cf2bbdc5ba0aa3f3d9ae3c1c7a3b1696a0b68cf7");
}

TEST(ProgramBinarySeal, KeyFileIsMadePrivateOnceAndReadBack) {
  const std::string dir = test_dir("seal_key"), path = dir + "/config/ferry/key";
  const std::optional<SealKey> made = load_or_create_seal_key(path);
  ASSERT_TRUE(made);
  EXPECT_EQ(mode_of(path), 0600u);
  EXPECT_EQ(mode_of(dir + "/config/ferry"), 0700u);
  const std::optional<SealKey> again = load_or_create_seal_key(path);
  ASSERT_TRUE(again);
  EXPECT_EQ(*made, *again);
  const std::optional<SealKey> other = load_or_create_seal_key(dir + "/other/key");
  ASSERT_TRUE(other);
  EXPECT_NE(*made, *other);
}

TEST(ProgramBinarySeal, KeyFilesOthersCouldReadOrChangeAreRefused) {
  const std::string dir = test_dir("seal_key_refused");
  const std::string path = dir + "/key";
  ASSERT_TRUE(load_or_create_seal_key(path));
  ASSERT_EQ(chmod(path.c_str(), 0644), 0);
  EXPECT_FALSE(load_or_create_seal_key(path)) << "a key other users can read seals nothing";
  ASSERT_EQ(chmod(path.c_str(), 0600), 0);
  EXPECT_TRUE(load_or_create_seal_key(path));

  const std::string short_key = dir + "/short_key";
  std::ofstream(short_key) << "too short";
  ASSERT_EQ(chmod(short_key.c_str(), 0600), 0);
  EXPECT_FALSE(load_or_create_seal_key(short_key));

  const std::string link = dir + "/link_to_key";
  ASSERT_EQ(symlink(path.c_str(), link.c_str()), 0);
  EXPECT_FALSE(load_or_create_seal_key(link)) << "a symbolic link is not followed";

  EXPECT_FALSE(load_or_create_seal_key(""));
  EXPECT_FALSE(load_or_create_seal_key("/proc/no/such/key"));
}

TEST(ProgramBinarySeal, RacingMakersAgreeOnOneKey) {
  const std::string path = test_dir("seal_key_race") + "/key";
  std::vector<std::optional<SealKey>> keys(8);
  std::vector<std::thread> threads;
  for (auto& key : keys) threads.emplace_back([&key, &path] { key = load_or_create_seal_key(path); });
  for (auto& thread : threads) thread.join();
  std::set<SealKey> distinct;
  for (const auto& key : keys) {
    ASSERT_TRUE(key);
    distinct.insert(*key);
  }
  EXPECT_EQ(distinct.size(), 1u);
}

TEST(ProgramBinarySeal, TheUserKeyIsStable) { EXPECT_EQ(user_seal_key(), user_seal_key()); }

}  // namespace
}  // namespace ferry::gpu
