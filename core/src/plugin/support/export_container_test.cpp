// The SDK's export container: round trips, and a precise error for every kind of bad blob.

#include "ferry/plugin/support/export_container.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/support/checksum.hpp"

namespace ferry::sdk {
namespace {

constexpr ExportFormat kFormat{"FERRYTST", 3};

using ferry::testing::error_of;

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

// y = x + [1, 2, 3]: a model with weights, so the model.bin field is not empty.
std::shared_ptr<Model> add_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{3});
  auto c = op::v0::Constant::create(element::f32, Shape{3}, std::vector<float>{1, 2, 3});
  auto add = std::make_shared<op::v1::Add>(x, c);
  return std::make_shared<Model>(OutputVector{add}, ParameterVector{x}, "add");
}

std::string blob_of(const ExportWriter& writer) {
  std::ostringstream out;
  writer.write(out);
  return out.str();
}

std::string sample_blob() {
  ExportWriter writer(kFormat);
  writer.add_model(add_model()).add_settings({{"PERF_COUNT", "YES"}, {"NUM_STREAMS", "2"}}).add("extra", "xyz");
  return blob_of(writer);
}

std::string read_error(const std::string& blob) {
  return error_of([&] {
    std::istringstream in(blob);
    ExportReader reader(in, kFormat, "TST");
  });
}

TEST(ExportContainer, RoundTripsFieldsModelAndSettings) {
  std::istringstream in(sample_blob());
  ExportReader reader(in, kFormat, "TST");
  EXPECT_EQ(reader.field("extra"), "xyz");
  EXPECT_TRUE(reader.has("extra"));
  EXPECT_FALSE(reader.has("missing"));
  const AnyMap settings = reader.settings();
  ASSERT_EQ(settings.size(), 2u);
  EXPECT_EQ(settings.at("PERF_COUNT").as<std::string>(), "YES");
  EXPECT_EQ(settings.at("NUM_STREAMS").as<int>(), 2);
  const auto model = reader.model();
  EXPECT_EQ(model->get_friendly_name(), "add");
  ASSERT_EQ(model->get_ordered_ops().size(), 4u);  // Parameter, Constant, Add, Result
}

TEST(ExportContainer, HeaderLayoutAndChecksum) {
  const std::string blob = sample_blob();
  ASSERT_GT(blob.size(), 28u);
  EXPECT_EQ(blob.substr(0, 8), "FERRYTST");
  EXPECT_EQ(static_cast<unsigned char>(blob[8]), 3);  // u32 version, little-endian
  uint64_t payload_size = 0, checksum = 0;
  for (int i = 0; i < 8; ++i) payload_size |= uint64_t(static_cast<unsigned char>(blob[12 + i])) << (8 * i);
  for (int i = 0; i < 8; ++i) checksum |= uint64_t(static_cast<unsigned char>(blob[20 + i])) << (8 * i);
  EXPECT_EQ(payload_size, blob.size() - 28);
  EXPECT_EQ(checksum, fnv1a64(blob.substr(28)));
}

TEST(ExportContainer, SameContentsGiveTheSameBytes) {
  ExportWriter a(kFormat), b(kFormat);
  a.add("one", "1").add("two", "2");
  b.add("two", "2").add("one", "1");
  EXPECT_EQ(blob_of(a), blob_of(b));
}

TEST(ExportContainer, ForeignOrEmptyStreamHasBadMagic) {
  std::string error = read_error("<?xml version=\"1.0\"?><net/>");
  EXPECT_CONTAINS(error, "not a TST blob: bad magic");
  EXPECT_CONTAINS(error, "0x3c3f786d6c207665");
  EXPECT_CONTAINS(error, "expected \"FERRYTST\"");
  EXPECT_CONTAINS(read_error(""), "empty");
}

TEST(ExportContainer, OtherVersionIsNamed) {
  std::string blob = sample_blob();
  blob[8] = 7;
  const std::string error = read_error(blob);
  EXPECT_CONTAINS(error, "TST blob has format version 7");
  EXPECT_CONTAINS(error, "reads version 3");
}

TEST(ExportContainer, TruncationNamesTheByteOffset) {
  const std::string blob = sample_blob();
  EXPECT_CONTAINS(read_error(blob.substr(0, 12)), "TST blob truncated at byte 12: the header has 28 bytes");
  EXPECT_CONTAINS(read_error(blob.substr(0, 100)), "TST blob truncated at byte 100");
}

TEST(ExportContainer, DamagedPayloadFailsTheChecksum) {
  std::string blob = sample_blob();
  blob[blob.size() - 2] ^= 0x10;
  EXPECT_CONTAINS(read_error(blob), "TST blob is corrupt: the payload checksum does not match");
}

// A blob whose checksum matches but whose field list is inconsistent (a writer bug, or damage
// that the checksum cannot see): the reader still refuses it with the offset.
TEST(ExportContainer, BadFieldListIsRefusedEvenWithAMatchingChecksum) {
  ByteWriter payload;
  payload.u32(2);  // two fields announced, one present
  payload.string("only");
  payload.string("x");
  ByteWriter header;
  header.u32(kFormat.version);
  header.u64(payload.bytes().size());
  header.u64(fnv1a64(payload.bytes()));
  const std::string blob = std::string(kFormat.magic) + header.bytes() + payload.bytes();
  EXPECT_CONTAINS(read_error(blob), "TST blob truncated at byte " + std::to_string(blob.size()) +
                                        ": reading a field name at byte " + std::to_string(blob.size()));
}

TEST(ExportContainer, MissingFieldAndShortFieldAreNamed) {
  ExportWriter writer(kFormat);
  writer.add("settings", std::string("\x05\x00\x00\x00", 4));  // five settings announced, none present
  std::istringstream in(blob_of(writer));
  ExportReader reader(in, kFormat, "TST");
  EXPECT_ERROR_CONTAINS(reader.field("model.xml"), "TST blob is corrupt: it has no field 'model.xml'");
  EXPECT_ERROR_CONTAINS(reader.settings(), "TST blob field 'settings' truncated at byte");
  EXPECT_ERROR_CONTAINS(reader.settings(), "reading a setting key");
}

TEST(ExportContainer, CorruptModelSectionIsNamed) {
  ExportWriter writer(kFormat);
  writer.add("model.xml", "<net").add("model.bin", "");
  std::istringstream in(blob_of(writer));
  ExportReader reader(in, kFormat, "TST");
  EXPECT_ERROR_CONTAINS(reader.model(), "TST blob: the model section is corrupt");
}

TEST(ExportContainer, WriterRefusesDuplicateFieldsAndBadMagic) {
  ExportWriter writer(kFormat);
  writer.add("a", "1");
  EXPECT_ERROR_CONTAINS(writer.add("a", "2"), "the field 'a' is written twice");
  EXPECT_ERROR_CONTAINS(ExportWriter(ExportFormat{"SHORT", 1}), "8 characters");
}

TEST(Checksum, IsFnv1a64) {
  // Published FNV-1a 64 test vectors.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_NE(fnv1a64("foobar", 0x84222325cbf29ce4ull), fnv1a64("foobar"));
}

}  // namespace
}  // namespace ferry::sdk
