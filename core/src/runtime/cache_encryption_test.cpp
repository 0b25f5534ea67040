// CACHE_ENCRYPTION_CALLBACKS (OpenVINO's ov::cache_encryption_callbacks) end to end on TEMPLATE:
// what reaches CACHE_DIR, cache hits through the callbacks, entries that do not decrypt, callbacks
// that throw, and the property's write-only surface.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/testing/error_of.hpp"
#include "model_cache.hpp"

namespace ferry {
namespace {

constexpr const char* kLayerName = "confidential_layer_multiply";
// Weights whose bytes are easy to find in a file: a run of distinct, unusual floats.
const std::vector<float> kWeights = {1234.5678f, -8765.4321f, 3.14159265f, 2.71828183f, 1.41421356f, 0.5772156f};

// x[6] * W[6] -> y, with a named layer and recognisable weights ([1,6] for BATCH).
std::shared_ptr<Model> make_model(const PartialShape& shape = {6}) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, shape);
  x->output(0).set_names({"x"});
  auto w = std::make_shared<op::v0::Constant>(element::f32, Shape{6}, kWeights);
  auto mul = std::make_shared<op::v1::Multiply>(x, w);
  mul->set_friendly_name(kLayerName);
  mul->output(0).set_names({"y"});
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(mul)}, ParameterVector{x}, "secret");
}

void expect_works(CompiledModel& compiled, const std::string& what) {
  std::vector<float> x = {1.f, 2.f, -1.f, 0.5f, 4.f, -3.f};
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", Tensor(element::f32, {6}, x.data()));
  request.infer();
  const float* y = request.get_tensor("y").data<float>();
  for (size_t i = 0; i < x.size(); ++i) EXPECT_FLOAT_EQ(y[i], x[i] * kWeights[i]) << what << " [" << i << "]";
}

std::filesystem::path temp_dir(const std::string& name) {
  auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Every byte of every file under `dir`.
std::string contents_of(const std::filesystem::path& dir) {
  std::string all;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    all += std::string(std::istreambuf_iterator<char>(in), {});
  }
  return all;
}

bool holds_model(const std::string& bytes) {
  const std::string weights(reinterpret_cast<const char*>(kWeights.data()), kWeights.size() * sizeof(float));
  return bytes.find(kLayerName) != std::string::npos || bytes.find(weights) != std::string::npos;
}

size_t entries_in(const std::filesystem::path& dir) {
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) count += entry.is_regular_file() ? 1 : 0;
  return count;
}

// A keyed XOR codec that counts its calls (encrypting and decrypting are the same operation).
struct Codec {
  explicit Codec(std::string key) : key(std::move(key)) {}
  EncryptionCallbacks callbacks() {
    auto apply = [this](const std::string& in) {
      std::string out = in;
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>(out[i] ^ key[i % key.size()]);
      return out;
    };
    return {[this, apply](const std::string& in) {
              ++encrypted;
              return apply(in);
            },
            [this, apply](const std::string& in) {
              ++decrypted;
              return apply(in);
            }};
  }
  std::string key;
  std::atomic<int> encrypted{0}, decrypted{0};
};

TEST(CacheEncryption, CacheDirHoldsNoReadableModelAndHitsThroughTheCallbacks) {
  Core core;
  // Control: without the callbacks the entry holds the layer's name and the weights' bytes.
  const auto plain = temp_dir("plain");
  core.compile_model(make_model(), "TEMPLATE", cache_dir(plain.string()));
  ASSERT_EQ(entries_in(plain), 1u);
  ASSERT_TRUE(holds_model(contents_of(plain))) << "the test's probe finds nothing in a plain entry";

  const auto dir = temp_dir("encrypted");
  Codec codec("k3y-0ne");
  // The first compile writes the entry through encrypt; the second is a hit through decrypt:
  // imported, not compiled again, and not written again.
  for (const bool hit : {false, true}) {
    CompiledModel compiled = core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()),
                                                cache_encryption_callbacks(codec.callbacks()));
    EXPECT_EQ(compiled.get_property(loaded_from_cache), hit);
    expect_works(compiled, hit ? "from the encrypted cache" : "compiled");
    EXPECT_EQ(codec.encrypted, 1);
    EXPECT_EQ(codec.decrypted, hit ? 1 : 0);
    ASSERT_EQ(entries_in(dir), 1u);
    EXPECT_FALSE(holds_model(contents_of(dir))) << "the encrypted entry shows the model";
  }

  // Both callbacks empty: as if not given.
  EXPECT_TRUE(core.compile_model(make_model(), "TEMPLATE", cache_dir(plain.string()),
                                 cache_encryption_callbacks(EncryptionCallbacks{}))
                  .get_property(loaded_from_cache));
}

TEST(CacheEncryption, WithCoreWideCacheDirAndThroughMultiAndBatch) {
  const auto dir = temp_dir("core_wide");
  Core core;
  core.set_property(cache_dir(dir.string()));
  Codec codec("another key");
  EXPECT_FALSE(core.compile_model(make_model(), "TEMPLATE", cache_encryption_callbacks(codec.callbacks()))
                   .get_property(loaded_from_cache));
  EXPECT_TRUE(core.compile_model(make_model(), "TEMPLATE", cache_encryption_callbacks(codec.callbacks()))
                  .get_property(loaded_from_cache));
  EXPECT_FALSE(holds_model(contents_of(dir)));

  // MULTI hands the callbacks to the device it compiles on.
  const auto multi = temp_dir("multi");
  Codec multi_codec("multi key");
  CompiledModel compiled = core.compile_model(make_model(), "MULTI:TEMPLATE", cache_dir(multi.string()),
                                              cache_encryption_callbacks(multi_codec.callbacks()));
  expect_works(compiled, "MULTI");
  EXPECT_EQ(multi_codec.encrypted, 1);
  ASSERT_EQ(entries_in(multi), 1u);
  EXPECT_FALSE(holds_model(contents_of(multi)));

  // BATCH too: its batched model and its batch-1 model, each an encrypted entry.
  const auto batch = temp_dir("batch");
  Codec batch_codec("batch key");
  core.compile_model(make_model({1, 6}), "BATCH:TEMPLATE(2)", cache_dir(batch.string()),
                     cache_encryption_callbacks(batch_codec.callbacks()));
  EXPECT_EQ(batch_codec.encrypted, 2);
  ASSERT_EQ(entries_in(batch), 2u);
  EXPECT_FALSE(holds_model(contents_of(batch)));
}

TEST(CacheEncryption, AnEntryThatDoesNotDecryptIsAMissAndIsRewritten) {
  const auto dir = temp_dir("wrong_key");
  Core core;
  Codec right("right key"), wrong("wrong!");
  auto compile = [&](Codec* codec) {
    return codec ? core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()),
                                      cache_encryption_callbacks(codec->callbacks()))
                 : core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()));
  };
  EXPECT_FALSE(compile(&right).get_property(loaded_from_cache));

  // Another key: decrypts to garbage, so it compiles, works, and writes its own entry.
  CompiledModel other = compile(&wrong);
  EXPECT_FALSE(other.get_property(loaded_from_cache));
  expect_works(other, "after a wrong key");
  EXPECT_EQ(wrong.decrypted, 1);
  EXPECT_EQ(wrong.encrypted, 1);
  EXPECT_TRUE(compile(&wrong).get_property(loaded_from_cache));
  EXPECT_FALSE(compile(&right).get_property(loaded_from_cache));  // and now the first key misses
  ASSERT_EQ(entries_in(dir), 1u);

  // An encrypted entry read without the callbacks is a foreign blob: rebuilt in the clear.
  EXPECT_FALSE(compile(nullptr).get_property(loaded_from_cache));
  EXPECT_TRUE(holds_model(contents_of(dir)));
  EXPECT_TRUE(compile(nullptr).get_property(loaded_from_cache));
  // A clear entry read with the callbacks is a miss too: replaced by an encrypted one.
  CompiledModel replaced = compile(&right);
  EXPECT_FALSE(replaced.get_property(loaded_from_cache));
  expect_works(replaced, "replacing a clear entry");
  EXPECT_FALSE(holds_model(contents_of(dir)));
  EXPECT_TRUE(compile(&right).get_property(loaded_from_cache));
}

TEST(CacheEncryption, ThrowingDecryptIsAMissThrowingEncryptIsAnError) {
  const auto dir = temp_dir("throwing");
  Core core;
  Codec codec("key");
  core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()), cache_encryption_callbacks(codec.callbacks()));

  // decrypt throws (an authenticating decryptor refusing another key's entry): a miss, rewritten.
  EncryptionCallbacks refusing = codec.callbacks();
  refusing.decrypt = [](const std::string&) -> std::string { throw std::runtime_error("tag mismatch"); };
  CompiledModel compiled =
      core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()), cache_encryption_callbacks(refusing));
  EXPECT_FALSE(compiled.get_property(loaded_from_cache));
  expect_works(compiled, "after a throwing decrypt");
  EXPECT_EQ(codec.encrypted, 2);
  EXPECT_TRUE(core.compile_model(make_model(), "TEMPLATE", cache_dir(dir.string()),
                                 cache_encryption_callbacks(codec.callbacks()))
                  .get_property(loaded_from_cache));

  // encrypt throws: compile_model fails, naming the callback and its message; nothing is written,
  // least of all the blob in the clear.
  const auto empty = temp_dir("throwing_encrypt");
  EncryptionCallbacks broken = codec.callbacks();
  broken.encrypt = [](const std::string&) -> std::string { throw std::runtime_error("no key loaded"); };
  EXPECT_ERROR_CONTAINS(
      core.compile_model(make_model(), "TEMPLATE", cache_dir(empty.string()), cache_encryption_callbacks(broken)),
      "CACHE_ENCRYPTION_CALLBACKS: encrypt threw (no key loaded)");
  EXPECT_EQ(entries_in(empty), 0u);
}

TEST(CacheEncryption, WriteOnlyAndGivenToCompileModelOnly) {
  static_assert(decltype(cache_encryption_callbacks)::mutability == PropertyMutability::WO);
  Core core;
  Codec codec("k");
  const auto supported = core.get_property(supported_properties.name()).as<std::vector<PropertyName>>();
  const auto found = std::find(supported.begin(), supported.end(), cache_encryption_callbacks.name());
  ASSERT_NE(found, supported.end());
  EXPECT_EQ(found->mutability(), PropertyMutability::WO);
  EXPECT_FALSE(found->is_mutable());

  EXPECT_ERROR_CONTAINS(core.get_property(cache_encryption_callbacks.name()), "write-only");
  EXPECT_ERROR_CONTAINS(core.set_property(cache_encryption_callbacks(codec.callbacks())),
                        "CACHE_ENCRYPTION_CALLBACKS is given to compile_model only");
  EXPECT_ERROR_CONTAINS(core.set_property("TEMPLATE", cache_encryption_callbacks(codec.callbacks())),
                        "given to compile_model only");

  // One callback alone could not read back what it wrote; a value of another type is named.
  EncryptionCallbacks half = codec.callbacks();
  half.decrypt = nullptr;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "TEMPLATE", cache_encryption_callbacks(half)),
                        "needs both encrypt and decrypt", "decrypt is empty");
  EXPECT_ERROR_CONTAINS(
      core.compile_model(make_model(), "TEMPLATE", {{cache_encryption_callbacks.name(), std::string("xor")}}),
      "takes an EncryptionCallbacks");
}

TEST(CacheEncryption, SealAndUnseal) {
  Codec codec("abc"), other("xyz");
  const std::string payload = std::string("model bytes\0with a zero", 23);
  const std::string sealed = ModelCache::seal(payload, codec.callbacks());
  EXPECT_EQ(sealed.find("model bytes"), std::string::npos);
  ASSERT_TRUE(ModelCache::unseal(sealed, codec.callbacks()));
  EXPECT_EQ(*ModelCache::unseal(sealed, codec.callbacks()), payload);
  EXPECT_FALSE(ModelCache::unseal(sealed, other.callbacks()));
  EXPECT_FALSE(ModelCache::unseal(payload, codec.callbacks()));  // written in the clear
  EXPECT_FALSE(ModelCache::unseal("", codec.callbacks()));
  // A flipped byte of the payload fails the checksum inside the envelope.
  std::string flipped = sealed;
  flipped.back() = static_cast<char>(flipped.back() ^ 1);
  EXPECT_FALSE(ModelCache::unseal(flipped, codec.callbacks()));
  EXPECT_EQ(*ModelCache::unseal(ModelCache::seal("", codec.callbacks()), codec.callbacks()), "");
}

}  // namespace
}  // namespace ferry
