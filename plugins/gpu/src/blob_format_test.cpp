// The GPU export blob's program binaries come back only under the seal of the key that wrote
// them (blob_format.hpp): another user's or machine's blob, or changed bytes, bring no binary.
#include "blob_format.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "ferry/ferry.hpp"
#include "testing/fuzz/import_model_fuzz.hpp"

namespace ferry::gpu {
namespace {

std::shared_ptr<Model> relu_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
  return std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(x)}, ParameterVector{x});
}

const std::vector<ProgramBinary> kPrograms = {{"eltwise.cl", "-D A", "BINARY-OF-ELTWISE"},
                                              {"gemm.cl", "", "BINARY-OF-GEMM"}};

SealKey key_of(unsigned char fill) {
  SealKey key{};
  key.fill(fill);
  return key;
}

std::string blob_of(const SealKey& key) {
  std::stringstream out;
  blob_format::write(out, relu_model(), AnyMap{{"PERF_COUNT", "NO"}}, kPrograms, key);
  return out.str();
}

blob_format::Contents read_blob(const std::string& bytes, const SealKey& key) {
  std::stringstream in(bytes);
  return blob_format::read(in, "GPU", key);
}

TEST(GpuBlobFormat, SealedProgramsComeBackUnderTheKeyThatWroteThem) {
  const blob_format::Contents contents = read_blob(blob_of(key_of(1)), key_of(1));
  ASSERT_EQ(contents.programs.size(), 2u);
  EXPECT_EQ(contents.programs[1].file, "gemm.cl");
  EXPECT_EQ(contents.programs[1].binary, "BINARY-OF-GEMM");
  EXPECT_EQ(contents.unsealed_programs, 0u);
  ASSERT_TRUE(contents.model);
}

TEST(GpuBlobFormat, ProgramsOfAnotherKeyAreDroppedAndTheModelStays) {
  const blob_format::Contents contents = read_blob(blob_of(key_of(1)), key_of(2));
  EXPECT_TRUE(contents.programs.empty());
  EXPECT_EQ(contents.unsealed_programs, 2u);
  ASSERT_TRUE(contents.model);
  EXPECT_EQ(contents.model->get_ordered_ops().size(), 3u);
}

TEST(GpuBlobFormat, ChangedProgramBytesAreDroppedEvenWithTheChecksumMadeRight) {
  std::string bytes = blob_of(key_of(1));
  const size_t at = bytes.find("BINARY-OF-GEMM");
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, 14, "BINARY-OF-EVIL");
  // Another kernel file's name under the same binary is a change too.
  const blob_format::Contents changed = read_blob(fuzz::with_checksum_recomputed(bytes), key_of(1));
  EXPECT_TRUE(changed.programs.empty());
  EXPECT_EQ(changed.unsealed_programs, 2u);

  bytes = blob_of(key_of(1));
  bytes.replace(bytes.find("gemm.cl"), 7, "conv.cl");
  EXPECT_TRUE(read_blob(fuzz::with_checksum_recomputed(bytes), key_of(1)).programs.empty());
}

TEST(GpuBlobFormat, ABlobWithoutASealIsRefusedNamingTheField) {
  std::stringstream out;
  sdk::ExportWriter(blob_format::kExportFormat)
      .add_model(relu_model())
      .add_settings({})
      .add("programs", std::string(4, '\0'))
      .write(out);
  try {
    read_blob(out.str(), key_of(1));
    FAIL() << "a blob without programs_seal was read";
  } catch (const Exception& error) {
    EXPECT_NE(std::string(error.what()).find("programs_seal"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace ferry::gpu
