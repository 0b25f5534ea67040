// Conformance, model cache: with CACHE_DIR a second compile of the same model is imported
// (LOADED_FROM_CACHE), and a damaged entry is rebuilt, not trusted.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "checks.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/value/properties.hpp"
#include "fixtures.hpp"
#include "options.hpp"

namespace ferry::conformance {
namespace {

const std::string& device() { return options().device; }

bool loaded_from_cache_of(const CompiledModel& compiled) {
  const std::vector<PropertyName> keys = compiled.get_property(supported_properties);
  if (std::find(keys.begin(), keys.end(), loaded_from_cache.name()) == keys.end()) return false;
  return compiled.get_property(loaded_from_cache);
}

void expect_correct(CompiledModel& compiled, int seed) {
  InferRequest request = compiled.create_infer_request();
  const size_t batch = model_batch(2);
  const auto x = sample(batch * kIn, seed);
  request.set_tensor("x", make_f32({batch, kIn}, x));
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, batch).probs);
}

size_t file_count(const std::string& dir) {
  size_t n = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) n += entry.is_regular_file();
  return n;
}

#define REQUIRE_EXPORT_IMPORT(core)                                                      \
  if (!has_capability(core, device(), device::capability::EXPORT_IMPORT))                \
  GTEST_SKIP() << device()                                                               \
               << " does not list EXPORT_IMPORT in OPTIMIZATION_CAPABILITIES: the core " \
                  "caches only devices that can import their blobs"

TEST(Caching, SecondCompileIsLoadedFromCache) {
  Core core = make_core();
  REQUIRE_EXPORT_IMPORT(core);
  const std::string dir = make_temp_dir("conformance_cache");
  CompiledModel first = core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  EXPECT_FALSE(loaded_from_cache_of(first));
  EXPECT_GT(file_count(dir), 0u) << "nothing was written to CACHE_DIR " << dir;
  CompiledModel second = core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  EXPECT_TRUE(loaded_from_cache_of(second)) << "LOADED_FROM_CACHE is not true on the second compile";
  expect_correct(second, 1);
  // A different model (other sizes) is a different entry.
  CompiledModel other = core.compile_model(make_mlp(model_batch(2), test_models::kSmallMlp), device(), cache_dir(dir));
  EXPECT_FALSE(loaded_from_cache_of(other));
}

TEST(Caching, CoreWideCacheDirWorksToo) {
  Core core = make_core();
  REQUIRE_EXPORT_IMPORT(core);
  core.set_property({cache_dir(make_temp_dir("conformance_cache_core"))});
  core.compile_model(make_mlp(model_batch(2)), device());
  CompiledModel second = core.compile_model(make_mlp(model_batch(2)), device());
  EXPECT_TRUE(loaded_from_cache_of(second));
  expect_correct(second, 2);
}

TEST(Caching, DamagedEntryIsRebuilt) {
  Core core = make_core();
  REQUIRE_EXPORT_IMPORT(core);
  const std::string dir = make_temp_dir("conformance_cache_damaged");
  core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  ASSERT_GT(file_count(dir), 0u);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const auto size = entry.file_size();
    std::fstream file(entry.path(), std::ios::in | std::ios::out | std::ios::binary);
    for (std::uintmax_t at = size / 2; at < size; ++at) {  // scramble the second half
      file.seekp(static_cast<std::streamoff>(at));
      file.put(static_cast<char>(0x5a ^ at));
    }
  }
  CompiledModel rebuilt = core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  EXPECT_FALSE(loaded_from_cache_of(rebuilt)) << "a damaged cache entry was loaded";
  expect_correct(rebuilt, 3);
  CompiledModel again = core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  EXPECT_TRUE(loaded_from_cache_of(again)) << "the rebuilt entry was not stored";
  expect_correct(again, 4);
}

TEST(Caching, TruncatedEntryIsRebuilt) {
  Core core = make_core();
  REQUIRE_EXPORT_IMPORT(core);
  const std::string dir = make_temp_dir("conformance_cache_truncated");
  core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) std::filesystem::resize_file(entry.path(), entry.file_size() / 3);
  CompiledModel rebuilt = core.compile_model(make_mlp(model_batch(2)), device(), cache_dir(dir));
  EXPECT_FALSE(loaded_from_cache_of(rebuilt));
  expect_correct(rebuilt, 5);
}

}  // namespace
}  // namespace ferry::conformance
