#include "ferry/graph/ops/constant.hpp"

#include <cstdint>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v0 {
namespace {

bool is_aligned(const void* p, size_t alignment) {
  return alignment == 0 || reinterpret_cast<uintptr_t>(p) % alignment == 0;
}

}  // namespace

Constant::Constant(const element::Type& type, const Shape& shape) : m_element_type(type), m_shape(shape) {
  set_output_size(1);
  FERRY_NODE_CHECK(type.is_static(), "element type must be static, got ", type);
  m_buffer = std::make_shared<AlignedBuffer>(get_byte_size());
  std::memset(m_buffer->data(), 0, m_buffer->size());
  constructor_validate_and_infer_types();
}

Constant::Constant(const element::Type& type, const Shape& shape, const void* data) : Constant(type, shape) {
  if (get_byte_size()) std::memcpy(mutable_data(), data, get_byte_size());
}

Constant::Constant(const element::Type& type, const Shape& shape, std::shared_ptr<AlignedBuffer> buffer, size_t offset)
    : m_element_type(type), m_shape(shape) {
  set_output_size(1);
  FERRY_NODE_CHECK(type.is_static(), "element type must be static, got ", type);
  set_data_buffer(std::move(buffer), offset);
  constructor_validate_and_infer_types();
}

size_t Constant::get_byte_size() const { return (shape_size(m_shape) * m_element_type.bitwidth() + 7) / 8; }

void Constant::set_data_buffer(std::shared_ptr<AlignedBuffer> buffer, size_t offset) {
  FERRY_NODE_CHECK(buffer, "set_data_buffer: no buffer");
  const size_t bytes = get_byte_size();
  FERRY_NODE_CHECK(offset <= buffer->size() && bytes <= buffer->size() - offset, "data of ", bytes, " bytes (",
                   m_element_type, " ", m_shape, ") at offset ", offset, " does not fit in a buffer of ",
                   buffer->size(), " bytes");
  if (is_aligned(buffer->data() + offset, m_element_type.size())) {
    m_buffer = std::move(buffer);
    m_offset = offset;
    return;
  }
  // Kernels read elements through typed pointers: misaligned data gets an aligned copy.
  auto copy = std::make_shared<AlignedBuffer>(bytes);
  std::memcpy(copy->data(), buffer->data() + offset, bytes);
  m_buffer = std::move(copy);
  m_offset = 0;
}

void Constant::require_data() const {
  FERRY_NODE_CHECK(m_buffer, "has no data (element type ", m_element_type, ", shape ", m_shape, ")");
}

void Constant::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 0, "takes no inputs, got ", get_input_size());
  set_output_type(0, m_element_type, m_shape);
}

bool Constant::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("element_type", m_element_type);
  visitor.on_attribute("shape", m_shape);
  visitor.on_constant_data("value", *this);
  return true;
}

std::shared_ptr<Node> Constant::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.empty(), "clone: a Constant takes no inputs, got ", inputs.size());
  require_data();
  return std::make_shared<Constant>(m_element_type, m_shape, m_buffer, m_offset);
}

bool Constant::evaluate(TensorVector& outputs, const TensorVector&) const {
  require_data();
  if (outputs.size() == 1 && !outputs[0]) {  // a view, no copy; callers must not write to it
    outputs[0] = Tensor(m_element_type, m_shape, const_cast<void*>(get_data_ptr()));
    return true;
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, m_element_type, m_shape);
  std::memcpy(out.data(), get_data_ptr(), get_byte_size());
  return true;
}

// --- element access ---------------------------------------------------------------------------
namespace {

// Packed types: u1 is MSB-first, u4/i4 low nibble first.
int64_t read_packed(const element::Type& type, const uint8_t* bytes, size_t i) {
  if (type == element::u1) return (bytes[i / 8] >> (7 - i % 8)) & 1;
  const uint8_t nibble = (bytes[i / 2] >> (4 * (i % 2))) & 0x0f;
  if (type == element::i4) return nibble >= 8 ? int64_t(nibble) - 16 : int64_t(nibble);
  return nibble;
}

void write_packed(const element::Type& type, uint8_t* bytes, size_t i, int64_t value) {
  if (type == element::u1) {
    const uint8_t bit = uint8_t(1u << (7 - i % 8));
    bytes[i / 8] = value ? (bytes[i / 8] | bit) : (bytes[i / 8] & ~bit);
    return;
  }
  const unsigned shift = 4 * (i % 2);
  const uint8_t nibble = uint8_t(value) & 0x0f;
  bytes[i / 2] = uint8_t((bytes[i / 2] & ~(0x0f << shift)) | (nibble << shift));
}

}  // namespace

double Constant::read_value(size_t i) const {
  require_data();
  if (m_element_type.is_quantized())
    return static_cast<double>(read_packed(m_element_type, static_cast<const uint8_t*>(get_data_ptr()), i));
  return element::visit_storage(m_element_type, "Constant", [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    return static_cast<double>(static_cast<const T*>(get_data_ptr())[i]);
  });
}

int64_t Constant::read_int(size_t i) const {
  require_data();
  if (m_element_type.is_quantized()) return read_packed(m_element_type, static_cast<const uint8_t*>(get_data_ptr()), i);
  return element::visit_storage(m_element_type, "Constant", [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    const T value = static_cast<const T*>(get_data_ptr())[i];
    if constexpr (is_real_element<T>::value) {
      return saturate<int64_t>(static_cast<double>(value));
    } else {
      return static_cast<int64_t>(value);
    }
  });
}

void Constant::write_value(size_t i, double value) {
  require_data();
  if (m_element_type.is_quantized()) {
    write_packed(m_element_type, reinterpret_cast<uint8_t*>(mutable_data()), i, saturate<int64_t>(value));
    return;
  }
  element::visit_storage(m_element_type, "Constant", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = reinterpret_cast<T*>(mutable_data());
    if (m_element_type == element::boolean) {
      data[i] = convert_element<T, double, true>(value);
    } else {
      data[i] = convert_element<T, double>(value);
    }
  });
}

void Constant::write_int(size_t i, int64_t value) {
  require_data();
  if (m_element_type.is_quantized()) {
    write_packed(m_element_type, reinterpret_cast<uint8_t*>(mutable_data()), i, value);
    return;
  }
  element::visit_storage(m_element_type, "Constant", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = reinterpret_cast<T*>(mutable_data());
    if (m_element_type == element::boolean) {
      data[i] = convert_element<T, int64_t, true>(value);
    } else {
      data[i] = convert_element<T, int64_t>(value);
    }
  });
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
