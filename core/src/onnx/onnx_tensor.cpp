#include "onnx_tensor.hpp"

#include <cstring>
#include <fstream>
#include <limits>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

using onnx::TensorProto;

Shape shape_of(const TensorProto& tensor, const std::string& what) {
  Shape shape;
  size_t elements = 1;
  for (const int64_t dim : tensor.dims()) {
    FERRY_ASSERT(dim >= 0, "ONNX tensor '", what, "': negative dimension ", dim);
    // Guards the byte-size arithmetic below against overflow on hostile files.
    FERRY_ASSERT(dim == 0 || elements <= (std::numeric_limits<size_t>::max() >> 8) / static_cast<size_t>(dim),
                 "ONNX tensor '", what, "': the shape is too large");
    elements *= static_cast<size_t>(dim);
    shape.push_back(static_cast<size_t>(dim));
  }
  return shape;
}

template <typename Field>
void check_count(const Field& field, size_t expected, const std::string& what) {
  FERRY_ASSERT(static_cast<size_t>(field.size()) == expected, "ONNX tensor '", what, "': holds ", field.size(),
               " values, its shape needs ", expected);
}

// Values stored in the typed fields, written out as the element type's bytes.
void copy_typed_field(const TensorProto& tensor, const element::Type& type, size_t count, char* out,
                      const std::string& what) {
  switch (tensor.data_type()) {
    case TensorProto::FLOAT:
      check_count(tensor.float_data(), count, what);
      if (count) std::memcpy(out, tensor.float_data().data(), count * sizeof(float));
      return;
    case TensorProto::DOUBLE:
      check_count(tensor.double_data(), count, what);
      if (count) std::memcpy(out, tensor.double_data().data(), count * sizeof(double));
      return;
    case TensorProto::INT64:
      check_count(tensor.int64_data(), count, what);
      if (count) std::memcpy(out, tensor.int64_data().data(), count * sizeof(int64_t));
      return;
    case TensorProto::UINT32:
    case TensorProto::UINT64:
      check_count(tensor.uint64_data(), count, what);
      for (size_t i = 0; i < count; ++i) {
        const uint64_t value = tensor.uint64_data(static_cast<int>(i));
        if (type == element::u32) {
          const auto narrow = static_cast<uint32_t>(value);
          std::memcpy(out + i * 4, &narrow, 4);
        } else {
          std::memcpy(out + i * 8, &value, 8);
        }
      }
      return;
    default: {
      // int32_data holds every narrower type; f16 / bf16 as their bit patterns.
      check_count(tensor.int32_data(), count, what);
      const size_t size = type.size();
      for (size_t i = 0; i < count; ++i) {
        const int32_t value = tensor.int32_data(static_cast<int>(i));
        if (size == 1) {
          out[i] = static_cast<char>(type == element::boolean ? value != 0 : value);
        } else if (size == 2) {
          const auto narrow = static_cast<uint16_t>(value);
          std::memcpy(out + i * 2, &narrow, 2);
        } else {
          std::memcpy(out + i * 4, &value, 4);
        }
      }
    }
  }
}

std::shared_ptr<AlignedBuffer> read_external(const TensorProto& tensor, const std::string& base_dir, size_t byte_size,
                                             const std::string& what) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto& entry : tensor.external_data()) {
    try {
      if (entry.key() == "location") location = entry.value();
      if (entry.key() == "offset") offset = std::stoll(entry.value());
      if (entry.key() == "length") length = std::stoll(entry.value());
    } catch (const std::exception&) {
      Exception::raise("ONNX tensor '", what, "': external data '", entry.key(), "' is not a number: '", entry.value(),
                       "'");
    }
  }
  FERRY_ASSERT(!location.empty(), "ONNX tensor '", what, "': external data has no location");
  // As ONNX's checker: the data lives in the model's folder, never elsewhere on the machine.
  FERRY_ASSERT(location.front() != '/' && ("/" + location + "/").find("/../") == std::string::npos, "ONNX tensor '",
               what, "': external data location '", location, "' is not a relative path inside the model's folder");
  const std::string path = base_dir.empty() ? location : base_dir + (base_dir.back() == '/' ? "" : "/") + location;
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  FERRY_ASSERT(file, "ONNX tensor '", what, "': cannot open its external data file '", path, "'");
  const auto file_size = static_cast<int64_t>(file.tellg());
  FERRY_ASSERT(offset >= 0 && offset <= file_size, "ONNX tensor '", what, "': offset ", offset,
               " is outside external data file '", path, "' (", file_size, " bytes)");
  if (length < 0) length = file_size - offset;
  FERRY_ASSERT(static_cast<size_t>(length) == byte_size, "ONNX tensor '", what, "': external data in '", path, "' has ",
               length, " bytes, its shape and type need ", byte_size);
  FERRY_ASSERT(offset + length <= file_size, "ONNX tensor '", what, "': external data file '", path, "' has ",
               file_size, " bytes, fewer than offset ", offset, " + length ", length);
  auto buffer = std::make_shared<AlignedBuffer>(byte_size);
  file.seekg(offset);
  file.read(buffer->data(), length);
  FERRY_ASSERT(file, "ONNX tensor '", what, "': reading external data file '", path, "' failed");
  return buffer;
}

int typed_field_size(const TensorProto& tensor) {
  switch (tensor.data_type()) {
    case TensorProto::FLOAT:
      return tensor.float_data_size();
    case TensorProto::DOUBLE:
      return tensor.double_data_size();
    case TensorProto::INT64:
      return tensor.int64_data_size();
    case TensorProto::UINT32:
    case TensorProto::UINT64:
      return tensor.uint64_data_size();
    default:
      return tensor.int32_data_size();
  }
}

}  // namespace

element::Type element_type_from_onnx(int32_t onnx_type, const std::string& what) {
  switch (onnx_type) {
    case TensorProto::FLOAT:
      return element::f32;
    case TensorProto::UINT8:
      return element::u8;
    case TensorProto::INT8:
      return element::i8;
    case TensorProto::UINT16:
      return element::u16;
    case TensorProto::INT16:
      return element::i16;
    case TensorProto::INT32:
      return element::i32;
    case TensorProto::INT64:
      return element::i64;
    case TensorProto::BOOL:
      return element::boolean;
    case TensorProto::FLOAT16:
      return element::f16;
    case TensorProto::DOUBLE:
      return element::f64;
    case TensorProto::UINT32:
      return element::u32;
    case TensorProto::UINT64:
      return element::u64;
    case TensorProto::BFLOAT16:
      return element::bf16;
    default:
      break;
  }
  const std::string name = TensorProto::DataType_IsValid(onnx_type)
                               ? TensorProto::DataType_Name(static_cast<TensorProto::DataType>(onnx_type))
                               : std::to_string(onnx_type);
  Exception::raise("ONNX ", what, ": element type ", name, " is not supported");
}

std::shared_ptr<op::v0::Constant> constant_from_tensor(const TensorProto& tensor, const std::string& base_dir,
                                                       const std::string& what) {
  const element::Type type = element_type_from_onnx(tensor.data_type(), "tensor '" + what + "'");
  const Shape shape = shape_of(tensor, what);
  const size_t count = shape_size(shape);
  const size_t byte_size = count * type.size();
  const bool external = tensor.data_location() == TensorProto::EXTERNAL;
  // Size checks come before the allocation, so a hostile shape cannot exhaust memory.
  if (!external && tensor.has_raw_data())
    FERRY_ASSERT(tensor.raw_data().size() == byte_size, "ONNX tensor '", what, "': raw_data has ",
                 tensor.raw_data().size(), " bytes, its shape ", shape, " of ", type, " needs ", byte_size);
  if (!external && !tensor.has_raw_data())
    FERRY_ASSERT(static_cast<size_t>(typed_field_size(tensor)) == count, "ONNX tensor '", what, "': holds ",
                 typed_field_size(tensor), " values, its shape ", shape, " needs ", count);
  std::shared_ptr<AlignedBuffer> buffer;
  if (external) {
    buffer = read_external(tensor, base_dir, byte_size, what);
  } else if (tensor.has_raw_data()) {
    buffer = std::make_shared<AlignedBuffer>(byte_size);
    if (byte_size) std::memcpy(buffer->data(), tensor.raw_data().data(), byte_size);
  } else {
    buffer = std::make_shared<AlignedBuffer>(byte_size);
    copy_typed_field(tensor, type, count, buffer->data(), what);
  }
  return std::make_shared<op::v0::Constant>(type, shape, buffer);
}

}  // namespace onnx_frontend
}  // namespace ferry
