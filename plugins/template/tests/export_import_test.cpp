// Export and import of TEMPLATE compiled models, CACHE_DIR, and the errors of bad blobs.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <sstream>

#include "ferry/ferry.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string export_blob(const CompiledModel& compiled) {
  std::ostringstream out;
  compiled.export_model(out);
  return out.str();
}

std::string import_error(Core& core, const std::string& blob) {
  return error_of([&] {
    std::istringstream in(blob);
    core.import_model(in, "TEMPLATE");
  });
}

std::vector<float> infer_cnn(CompiledModel& compiled, const std::vector<float>& x) {
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(make_f32({1, kCnnChannels, kCnnSize, kCnnSize}, x));
  request.infer();
  return values_of(request.get_output_tensor());
}

TEST(TemplateExportImport, ImportedModelGivesIdenticalOutputs) {
  Core core;
  auto compiled = core.compile_model(make_cnn(), "TEMPLATE", {num_streams(1), enable_profiling(true)});
  const std::string blob = export_blob(compiled);
  std::istringstream in(blob);
  auto imported = core.import_model(in, "TEMPLATE");

  const auto x = sample(kCnnChannels * kCnnSize * kCnnSize, 7);
  const auto original = infer_cnn(compiled, x);
  const auto reloaded = infer_cnn(imported, x);
  ASSERT_EQ(original.size(), reloaded.size());
  EXPECT_EQ(std::memcmp(original.data(), reloaded.data(), original.size() * sizeof(float)), 0);
  expect_values_near(reloaded, cnn_reference(x), 1e-4f);

  EXPECT_TRUE(imported.get_property(loaded_from_cache));
  EXPECT_TRUE(imported.get_property(enable_profiling));  // compile-time settings travel in the blob
  EXPECT_EQ(imported.get_property(num_streams).num, 1);
  EXPECT_EQ(imported.get_property(model_name), "cnn");
  EXPECT_EQ(imported.input().get_names(), compiled.input().get_names());
  EXPECT_EQ(imported.output().get_names(), compiled.output().get_names());
  EXPECT_EQ(export_blob(imported), blob);  // a stable format: exporting again gives the same bytes
}

TEST(TemplateExportImport, ImportPropertiesOverrideTheBlobSettings) {
  Core core;
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {enable_profiling(true)});
  std::istringstream in(export_blob(compiled));
  auto imported = core.import_model(in, "TEMPLATE", {enable_profiling(false)});
  EXPECT_FALSE(imported.get_property(enable_profiling));
}

TEST(TemplateExportImport, CacheDirSkipsCompilationTheSecondTime) {
  Core core;
  core.set_property({cache_dir(make_temp_dir("template_cache"))});
  auto model = make_mlp(2, kSmallMlp);
  auto first = core.compile_model(model, "TEMPLATE");
  auto second = core.compile_model(model, "TEMPLATE");
  EXPECT_FALSE(first.get_property(loaded_from_cache));
  EXPECT_TRUE(second.get_property(loaded_from_cache));
  const auto x = sample(2 * kSmallMlp.in, 8);
  InferRequest request = second.create_infer_request();
  request.set_input_tensor(make_f32({2, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(x, 2, kSmallMlp).probs);
}

TEST(TemplateExportImport, ForeignBlobHasBadMagic) {
  Core core;
  std::string error = import_error(core, "<?xml version=\"1.0\"?><net/>");
  EXPECT_TRUE(contains(error, "bad magic") && contains(error, "TEMPLATE")) << error;
  error = import_error(core, "");
  EXPECT_TRUE(contains(error, "bad magic") && contains(error, "empty")) << error;
}

TEST(TemplateExportImport, OtherFormatVersionIsNamed) {
  Core core;
  std::string blob = export_blob(core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE"));
  blob[8] = 7;  // the u32 format version follows the 8-byte magic
  const std::string error = import_error(core, blob);
  EXPECT_TRUE(contains(error, "format version 7") && contains(error, "version 2")) << error;
}

TEST(TemplateExportImport, TruncatedBlobNamesTheOffset) {
  Core core;
  const std::string blob = export_blob(core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE"));
  std::string error = import_error(core, blob.substr(0, 100));
  EXPECT_TRUE(contains(error, "truncated at byte 100")) << error;
  error = import_error(core, blob.substr(0, 12));
  EXPECT_TRUE(contains(error, "truncated at byte 12")) << error;
}

TEST(TemplateExportImport, CorruptPayloadIsDetected) {
  Core core;
  std::string blob = export_blob(core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE"));
  blob[blob.size() - 3] ^= 0x40;  // a weight byte: the model would still parse, with wrong values
  const std::string error = import_error(core, blob);
  EXPECT_TRUE(contains(error, "corrupt") && contains(error, "checksum")) << error;
}

}  // namespace
}  // namespace ferry::template_test
