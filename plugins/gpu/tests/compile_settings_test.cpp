// compile_model's settings that reach the OpenCL programs: COMPILATION_NUM_THREADS (parallel
// builds), GPU_ENABLE_LOOP_UNROLLING (programs of their own), and CACHE_DIR (a compile served from
// the cache in a new Core builds no program from source: the blob carries the program binaries,
// sealed; a blob whose seal does not verify is served with every program built from source).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ferry/gpu/properties.hpp"
#include "support/gpu_test_utils.hpp"
#include "testing/fuzz/import_model_fuzz.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<Model> two_kernel_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 16});
  auto w = std::make_shared<op::v0::Constant>(element::f32, Shape{16, 8}, std::vector<float>(16 * 8, 0.125f));
  auto y = std::make_shared<op::v0::Relu>(std::make_shared<op::v0::MatMul>(x, w));
  auto z = std::make_shared<op::v1::Softmax>(y, 1);
  return std::make_shared<Model>(OutputVector{z}, ParameterVector{x});
}

std::string fresh_dir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const auto dir = std::filesystem::path(tmp ? tmp : "/tmp") / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// Runs `compiled` on `inputs` and compares with TEMPLATE.
void expect_same_as_template(Core& core, CompiledModel& compiled, const std::shared_ptr<Model>& model) {
  const TensorVector inputs = random_inputs(model, 3);
  auto request = compiled.create_infer_request();
  auto reference = core.compile_model(model, "TEMPLATE").create_infer_request();
  request.set_input_tensor(0, inputs[0]);
  reference.set_input_tensor(0, inputs[0]);
  request.infer();
  reference.infer();
  const Tensor got = request.get_output_tensor(0), expected = reference.get_output_tensor(0);
  ASSERT_EQ(got.get_shape(), expected.get_shape());
  for (size_t i = 0; i < got.get_size(); ++i) EXPECT_NEAR(got.data<float>()[i], expected.data<float>()[i], 1e-5) << i;
}

TEST(GpuCompileSettings, ParallelBuildsGiveTheSamePrograms) {
  Core core = make_core();
  auto model = two_kernel_model();
  CompiledModel compiled = core.compile_model(model, "GPU", {{"COMPILATION_NUM_THREADS", "3"}});
  EXPECT_GT(compiled.get_property(program_builds), 0u);
  expect_same_as_template(core, compiled, model);
  try {
    core.compile_model(model, "GPU", {{"COMPILATION_NUM_THREADS", "0"}});
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("COMPILATION_NUM_THREADS"), std::string::npos) << message;
    EXPECT_NE(message.find("'0'"), std::string::npos) << message;
  }
}

TEST(GpuCompileSettings, NoLoopUnrollingBuildsProgramsOfItsOwn) {
  Core core = make_core();
  auto model = two_kernel_model();
  CompiledModel unrolled = core.compile_model(model, "GPU");
  const uint64_t builds = unrolled.get_property(program_builds);
  EXPECT_EQ(core.compile_model(model, "GPU").get_property(program_builds), builds);  // cached
  CompiledModel plain = core.compile_model(model, "GPU", {{"GPU_ENABLE_LOOP_UNROLLING", "NO"}});
  EXPECT_EQ(plain.get_property(program_builds), 2 * builds);
  expect_same_as_template(core, plain, model);
}

TEST(GpuCompileSettings, CacheDirHitInANewCoreBuildsNoProgramFromSource) {
  const std::string dir = fresh_dir("gpu_cache_dir");
  auto model = two_kernel_model();
  {
    Core core = make_core();
    CompiledModel first = core.compile_model(model, "GPU", {{cache_dir.name(), dir}});
    EXPECT_FALSE(first.get_property(loaded_from_cache));
    EXPECT_GT(first.get_property(program_builds), 0u);
  }
  Core core = make_core();  // a new plugin instance: no context, no program yet
  CompiledModel second = core.compile_model(model, "GPU", {{cache_dir.name(), dir}});
  EXPECT_TRUE(second.get_property(loaded_from_cache));
  EXPECT_EQ(second.get_property(program_builds), 0u);
  expect_same_as_template(core, second, model);
}

// CACHE_ENCRYPTION_CALLBACKS on GPU: the cache directory holds only what encrypt made (no kernel
// file name, no program binary in the clear), and a hit through decrypt still builds no program.
TEST(GpuCompileSettings, EncryptedCacheDirHitBuildsNoProgramFromSource) {
  const std::string dir = fresh_dir("gpu_cache_dir_encrypted");
  auto model = two_kernel_model();
  // A toy cipher (each byte XOR 0x5a): enough to tell what reaches the disk.
  const auto flip = [](std::string bytes) {
    for (char& byte : bytes) byte = static_cast<char>(byte ^ 0x5a);
    return bytes;
  };
  EncryptionCallbacks callbacks{flip, flip};
  {
    Core core = make_core();
    CompiledModel first = core.compile_model(model, "GPU", cache_dir(dir), cache_encryption_callbacks(callbacks));
    EXPECT_FALSE(first.get_property(loaded_from_cache));
  }
  std::string on_disk;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::stringstream bytes;
    bytes << std::ifstream(entry.path(), std::ios::binary).rdbuf();
    on_disk += bytes.str();
  }
  ASSERT_FALSE(on_disk.empty());
  EXPECT_EQ(on_disk.find("FERRYGPU"), std::string::npos) << "the GPU blob is in the clear";
  EXPECT_EQ(on_disk.find("programs_seal"), std::string::npos);
  EXPECT_NE(flip(on_disk).find("FERRYGPU"), std::string::npos) << "encrypt did not make what is on disk";

  Core core = make_core();
  CompiledModel second = core.compile_model(model, "GPU", cache_dir(dir), cache_encryption_callbacks(callbacks));
  EXPECT_TRUE(second.get_property(loaded_from_cache));
  EXPECT_EQ(second.get_property(program_builds), 0u) << "the decrypted blob's sealed binaries were not used";
  expect_same_as_template(core, second, model);
}

TEST(GpuCompileSettings, ImportOfABlobUnderAnotherSealBuildsEveryProgramFromSource) {
  auto model = two_kernel_model();
  uint64_t builds = 0;
  std::stringstream exported;
  {
    Core core = make_core();
    CompiledModel compiled = core.compile_model(model, "GPU");
    builds = compiled.get_property(program_builds);
    ASSERT_GT(builds, 0u);
    compiled.export_model(exported);
  }
  std::string blob = exported.str();
  {
    Core core = make_core();  // a new plugin instance: no context, no program yet
    std::stringstream in(blob);
    EXPECT_EQ(core.import_model(in, "GPU").get_property(program_builds), 0u) << "the seal of this user's key verifies";
  }
  // The seal as another user's key would have made it: one byte of the tag changed, the container's
  // checksum made right, so only the seal tells.
  const size_t name = blob.find("programs_seal");
  ASSERT_NE(name, std::string::npos);
  blob[name + 13 + 8] ^= 0x01;  // the name, the tag's u64 length, then the tag
  std::stringstream in(fuzz::with_checksum_recomputed(blob));
  Core core = make_core();
  CompiledModel imported = core.import_model(in, "GPU");
  EXPECT_EQ(imported.get_property(program_builds), builds) << "binaries under a seal that does not verify were used";
  expect_same_as_template(core, imported, model);
}

}  // namespace
}  // namespace ferry::gpu::test
