#include "model_cache.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"

namespace ferry {
namespace {

std::shared_ptr<Model> make_model(const element::Type& type) {
  auto x = std::make_shared<op::v0::Parameter>(type, PartialShape{2, 3});
  auto relu = std::make_shared<op::v0::Relu>(x);
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(relu)}, ParameterVector{x});
}

std::string cache_dir() {
  auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "model_cache";
  std::filesystem::remove_all(dir);
  return dir.string();
}

TEST(ModelCache, KeyChangesWithEverythingThatAffectsCompilation) {
  const Version version{"1", "plugin"};
  const std::string base = ModelCache::compute_key(make_model(element::f32), "TEMPLATE", {}, version);
  EXPECT_EQ(base, ModelCache::compute_key(make_model(element::f32), "TEMPLATE", {}, version));
  EXPECT_NE(base, ModelCache::compute_key(make_model(element::f16), "TEMPLATE", {}, version));
  EXPECT_NE(base, ModelCache::compute_key(make_model(element::f32), "TEMPLATE.1", {}, version));
  EXPECT_NE(base, ModelCache::compute_key(make_model(element::f32), "TEMPLATE", {{"NUM_STREAMS", 2}}, version));
  EXPECT_NE(base, ModelCache::compute_key(make_model(element::f32), "TEMPLATE", {}, Version{"2", "plugin"}));
  EXPECT_EQ(base.size(), 32u);
}

TEST(ModelCache, StoreLoadAndDetectDamage) {
  const ModelCache cache(cache_dir());
  EXPECT_FALSE(cache.load("k"));
  cache.store("k", "payload bytes");
  ASSERT_TRUE(cache.load("k"));
  EXPECT_EQ(*cache.load("k"), "payload bytes");

  // Flipped payload byte: checksum mismatch, entry removed.
  {
    std::fstream file(cache.path_of("k"), std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-1, std::ios::end);
    file.put('X');
  }
  EXPECT_FALSE(cache.load("k"));
  EXPECT_FALSE(std::filesystem::exists(cache.path_of("k")));

  // Truncated entry.
  cache.store("k", "payload bytes");
  std::filesystem::resize_file(cache.path_of("k"), 10);
  EXPECT_FALSE(cache.load("k"));

  // Empty payload is a valid entry.
  cache.store("empty", "");
  ASSERT_TRUE(cache.load("empty"));
  EXPECT_EQ(*cache.load("empty"), "");
}

TEST(ModelCache, UncreatableDirectoryIsNamed) {
  const auto file = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "a_file";
  std::ofstream(file) << "x";
  try {
    ModelCache cache((file / "sub").string());
    FAIL();
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("a_file/sub"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ferry
