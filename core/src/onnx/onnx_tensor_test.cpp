// TensorProto decoding: every element type ONNX stores, from raw_data and from its typed field,
// and external data files.
#include "onnx_tensor.hpp"

#include <cstring>
#include <fstream>

#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using onnx::TensorProto;
using onnx_frontend::constant_from_tensor;

TensorProto tensor_of(TensorProto::DataType type, const std::vector<int64_t>& dims) {
  TensorProto tensor;
  tensor.set_name("t");
  tensor.set_data_type(type);
  for (const auto dim : dims) tensor.add_dims(dim);
  return tensor;
}

template <typename T>
std::vector<T> values_of(const std::shared_ptr<op::v0::Constant>& constant) {
  std::vector<T> values(constant->get_byte_size() / sizeof(T));
  std::memcpy(values.data(), constant->get_data_ptr(), constant->get_byte_size());
  return values;
}

template <typename T>
std::string raw_bytes(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

TEST(OnnxTensor, Int32DataCarriesEveryNarrowType) {
  // f16 1.0 = 0x3c00, -2.0 = 0xc000; bf16 1.5 = 0x3fc0, -1 = 0xbf80.
  auto half = tensor_of(TensorProto::FLOAT16, {2});
  half.add_int32_data(0x3c00);
  half.add_int32_data(0xc000);
  auto constant = constant_from_tensor(half, "", "half");
  EXPECT_EQ(constant->get_element_type(), element::f16);
  EXPECT_EQ(values_of<uint16_t>(constant), (std::vector<uint16_t>{0x3c00, 0xc000}));

  auto bf = tensor_of(TensorProto::BFLOAT16, {2});
  bf.add_int32_data(0x3fc0);
  bf.add_int32_data(0xbf80);
  constant = constant_from_tensor(bf, "", "bf");
  EXPECT_EQ(constant->get_element_type(), element::bf16);
  EXPECT_EQ(values_of<uint16_t>(constant), (std::vector<uint16_t>{0x3fc0, 0xbf80}));

  auto i8 = tensor_of(TensorProto::INT8, {3});
  for (const int value : {-128, -1, 127}) i8.add_int32_data(value);
  constant = constant_from_tensor(i8, "", "i8");
  EXPECT_EQ(constant->get_element_type(), element::i8);
  EXPECT_EQ(values_of<int8_t>(constant), (std::vector<int8_t>{-128, -1, 127}));

  auto i16 = tensor_of(TensorProto::INT16, {2});
  for (const int value : {-32768, 1234}) i16.add_int32_data(value);
  EXPECT_EQ(values_of<int16_t>(constant_from_tensor(i16, "", "i16")), (std::vector<int16_t>{-32768, 1234}));

  auto u16 = tensor_of(TensorProto::UINT16, {2});
  for (const int value : {0, 65535}) u16.add_int32_data(value);
  constant = constant_from_tensor(u16, "", "u16");
  EXPECT_EQ(constant->get_element_type(), element::u16);
  EXPECT_EQ(values_of<uint16_t>(constant), (std::vector<uint16_t>{0, 65535}));

  auto i32 = tensor_of(TensorProto::INT32, {2});
  for (const int value : {-2147483647 - 1, 7}) i32.add_int32_data(value);
  EXPECT_EQ(values_of<int32_t>(constant_from_tensor(i32, "", "i32")), (std::vector<int32_t>{-2147483647 - 1, 7}));

  auto boolean = tensor_of(TensorProto::BOOL, {3});
  for (const int value : {0, 1, 5}) boolean.add_int32_data(value);  // any non-zero is true
  constant = constant_from_tensor(boolean, "", "b");
  EXPECT_EQ(constant->get_element_type(), element::boolean);
  EXPECT_EQ(values_of<uint8_t>(constant), (std::vector<uint8_t>{0, 1, 1}));
}

TEST(OnnxTensor, WideTypedFields) {
  auto f64 = tensor_of(TensorProto::DOUBLE, {2});
  f64.add_double_data(0.1);
  f64.add_double_data(-1e300);
  auto constant = constant_from_tensor(f64, "", "f64");
  EXPECT_EQ(constant->get_element_type(), element::f64);
  EXPECT_EQ(values_of<double>(constant), (std::vector<double>{0.1, -1e300}));

  auto i64 = tensor_of(TensorProto::INT64, {2});
  i64.add_int64_data(-(int64_t{1} << 62));
  i64.add_int64_data(3);
  EXPECT_EQ(values_of<int64_t>(constant_from_tensor(i64, "", "i64")), (std::vector<int64_t>{-(int64_t{1} << 62), 3}));

  auto u64 = tensor_of(TensorProto::UINT64, {1});
  u64.add_uint64_data(18446744073709551615ull);
  constant = constant_from_tensor(u64, "", "u64");
  EXPECT_EQ(constant->get_element_type(), element::u64);
  EXPECT_EQ(values_of<uint64_t>(constant), (std::vector<uint64_t>{18446744073709551615ull}));

  auto u32 = tensor_of(TensorProto::UINT32, {1});
  u32.add_uint64_data(4294967295u);
  constant = constant_from_tensor(u32, "", "u32");
  EXPECT_EQ(constant->get_element_type(), element::u32);
  EXPECT_EQ(values_of<uint32_t>(constant), (std::vector<uint32_t>{4294967295u}));
}

TEST(OnnxTensor, RawDataOfEveryWidthIsCopiedVerbatim) {
  auto half = tensor_of(TensorProto::FLOAT16, {2});
  half.set_raw_data(raw_bytes(std::vector<uint16_t>{0x3c00, 0x7c00}));
  EXPECT_EQ(values_of<uint16_t>(constant_from_tensor(half, "", "h")), (std::vector<uint16_t>{0x3c00, 0x7c00}));

  auto u8 = tensor_of(TensorProto::UINT8, {3});
  u8.set_raw_data(raw_bytes(std::vector<uint8_t>{0, 200, 255}));
  EXPECT_EQ(values_of<uint8_t>(constant_from_tensor(u8, "", "u8")), (std::vector<uint8_t>{0, 200, 255}));

  auto f64 = tensor_of(TensorProto::DOUBLE, {1});
  f64.set_raw_data(raw_bytes(std::vector<double>{2.5}));
  EXPECT_EQ(values_of<double>(constant_from_tensor(f64, "", "d")), (std::vector<double>{2.5}));

  auto u64 = tensor_of(TensorProto::UINT64, {1});
  u64.set_raw_data(raw_bytes(std::vector<uint64_t>{1ull << 63}));
  EXPECT_EQ(values_of<uint64_t>(constant_from_tensor(u64, "", "u")), (std::vector<uint64_t>{1ull << 63}));

  auto empty = tensor_of(TensorProto::FLOAT, {0, 3});  // no values needed
  auto constant = constant_from_tensor(empty, "", "e");
  EXPECT_EQ(constant->get_shape(), (Shape{0, 3}));

  auto short_raw = tensor_of(TensorProto::INT32, {2});
  short_raw.set_raw_data(raw_bytes(std::vector<int32_t>{1}));
  const auto message = ONNX_ERROR_OF(constant_from_tensor(short_raw, "", "w"));
  EXPECT_CONTAINS(message, "tensor 'w'");
  EXPECT_CONTAINS(message, "raw_data has 4 bytes");
}

onnx::TensorProto external_tensor(const std::string& location, const std::string& offset = "",
                                  const std::string& length = "") {
  auto tensor = tensor_of(TensorProto::INT16, {2});
  tensor.set_data_location(TensorProto::EXTERNAL);
  for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
           {"location", location}, {"offset", offset}, {"length", length}}) {
    if (entry.second.empty()) continue;
    auto* field = tensor.add_external_data();
    field->set_key(entry.first);
    field->set_value(entry.second);
  }
  return tensor;
}

TEST(OnnxTensor, ExternalDataWithAndWithoutOffsetAndLength) {
  const std::string dir = onnx_test::temp_dir();
  const std::vector<int16_t> file_values = {-1, 2, 3};
  std::ofstream(dir + "ext16.bin", std::ios::binary) << raw_bytes(file_values);
  EXPECT_EQ(values_of<int16_t>(constant_from_tensor(external_tensor("ext16.bin", "2", "4"), dir, "w")),
            (std::vector<int16_t>{2, 3}));
  EXPECT_EQ(values_of<int16_t>(constant_from_tensor(external_tensor("ext16.bin", "2"), dir, "w")),
            (std::vector<int16_t>{2, 3}));  // length: the rest of the file

  // Each refusal names the tensor and the file.
  auto message = ONNX_ERROR_OF(constant_from_tensor(external_tensor("missing.bin"), dir, "weights"));
  EXPECT_CONTAINS(message, "tensor 'weights'");
  EXPECT_CONTAINS(message, "'" + dir + "missing.bin'");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor("ext16.bin", "4", "4"), dir, "w"));
  EXPECT_CONTAINS(message, "ext16.bin");
  EXPECT_CONTAINS(message, "fewer than offset 4 + length 4");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor("ext16.bin", "x"), dir, "w"));
  EXPECT_CONTAINS(message, "'offset' is not a number");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor("ext16.bin", "0", "6"), dir, "w"));
  EXPECT_CONTAINS(message, "has 6 bytes, its shape and type need 4");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor("../ext16.bin"), dir, "w"));
  EXPECT_CONTAINS(message, "location '../ext16.bin' is not a relative path inside the model's folder");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor(dir + "ext16.bin"), dir, "w"));
  EXPECT_CONTAINS(message, "is not a relative path");
  message = ONNX_ERROR_OF(constant_from_tensor(external_tensor(""), dir, "w"));
  EXPECT_CONTAINS(message, "no location");
}

}  // namespace
}  // namespace ferry
