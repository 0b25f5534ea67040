#include "tensor_proto.hpp"

#include <onnx/onnx_pb.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

using onnx::TensorProto;

element::Type element_type_of(int32_t type, const std::string& what) {
  switch (type) {
    case TensorProto::FLOAT:
      return element::f32;
    case TensorProto::DOUBLE:
      return element::f64;
    case TensorProto::FLOAT16:
      return element::f16;
    case TensorProto::BFLOAT16:
      return element::bf16;
    case TensorProto::INT8:
      return element::i8;
    case TensorProto::INT16:
      return element::i16;
    case TensorProto::INT32:
      return element::i32;
    case TensorProto::INT64:
      return element::i64;
    case TensorProto::UINT8:
      return element::u8;
    case TensorProto::UINT16:
      return element::u16;
    case TensorProto::UINT32:
      return element::u32;
    case TensorProto::UINT64:
      return element::u64;
    case TensorProto::BOOL:
      return element::boolean;
    default:
      break;
  }
  const std::string name = TensorProto::DataType_IsValid(type)
                               ? TensorProto::DataType_Name(static_cast<TensorProto::DataType>(type))
                               : std::to_string(type);
  Exception::raise(what, ": element type ", name, " is not supported by the referee");
}

template <typename Field>
void expect_count(const Field& field, size_t count, const std::string& what) {
  FERRY_ASSERT(static_cast<size_t>(field.size()) == count, what, ": holds ", field.size(), " values, its shape needs ",
               count);
}

// Typed fields: ONNX stores every type narrower than 32 bits (f16 and bf16 as bit patterns) in
// int32_data, uint32 in uint64_data.
void copy_typed(const TensorProto& proto, const element::Type& type, size_t count, char* out, const std::string& what) {
  const size_t size = type.size();
  switch (proto.data_type()) {
    case TensorProto::FLOAT:
      expect_count(proto.float_data(), count, what);
      std::memcpy(out, proto.float_data().data(), count * size);
      return;
    case TensorProto::DOUBLE:
      expect_count(proto.double_data(), count, what);
      std::memcpy(out, proto.double_data().data(), count * size);
      return;
    case TensorProto::INT64:
      expect_count(proto.int64_data(), count, what);
      std::memcpy(out, proto.int64_data().data(), count * size);
      return;
    case TensorProto::UINT32:
    case TensorProto::UINT64:
      expect_count(proto.uint64_data(), count, what);
      for (size_t i = 0; i < count; ++i) {
        const uint64_t value = proto.uint64_data(static_cast<int>(i));
        std::memcpy(out + i * size, &value, size);  // little-endian: the low bytes
      }
      return;
    default:
      expect_count(proto.int32_data(), count, what);
      for (size_t i = 0; i < count; ++i) {
        const int32_t value = proto.int32_data(static_cast<int>(i));
        std::memcpy(out + i * size, &value, size);
      }
  }
}

}  // namespace

Tensor tensor_from_proto(const TensorProto& proto, const std::string& what) {
  FERRY_ASSERT(proto.data_location() != TensorProto::EXTERNAL, what, ": external data is not expected here");
  const element::Type type = element_type_of(proto.data_type(), what);
  Shape shape;
  for (const int64_t dim : proto.dims()) {
    FERRY_ASSERT(dim >= 0, what, ": negative dimension ", dim);
    shape.push_back(static_cast<size_t>(dim));
  }
  Tensor tensor(type, shape);
  const size_t count = tensor.get_size();
  char* out = static_cast<char*>(tensor.data());
  if (proto.has_raw_data()) {
    FERRY_ASSERT(proto.raw_data().size() == count * type.size(), what, ": raw_data has ", proto.raw_data().size(),
                 " bytes, the shape needs ", count * type.size());
    if (count) std::memcpy(out, proto.raw_data().data(), proto.raw_data().size());
  } else {
    copy_typed(proto, type, count, out, what);
  }
  if (type == element::boolean)  // any non-zero byte is true; Ferry's booleans are 0 or 1
    for (size_t i = 0; i < count; ++i) out[i] = out[i] != 0;
  return tensor;
}

Tensor read_tensor_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  FERRY_ASSERT(file, "cannot open '", path, "'");
  std::ostringstream bytes;
  bytes << file.rdbuf();
  TensorProto proto;
  FERRY_ASSERT(proto.ParseFromString(bytes.str()), "'", path, "' is not a TensorProto (a sequence or optional?)");
  FERRY_ASSERT(proto.data_type() != TensorProto::UNDEFINED, "'", path,
               "' holds no tensor data type (a sequence or optional?)");
  return tensor_from_proto(proto, "'" + path + "'");
}

}  // namespace onnx_backend
}  // namespace ferry
