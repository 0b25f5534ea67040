#pragma once

#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "ferry/base/aligned_buffer.hpp"
#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// A tensor baked into the graph. IR attributes: "element_type", "shape", then the data through
// AttributeVisitor::on_constant_data. The bytes live in a shared AlignedBuffer (possibly a whole
// .bin file) at an offset, so clones and IR-loaded constants do not copy them. u1 packs 8
// elements per byte, most significant bit first; u4/i4 pack 2, low nibble first.
class Constant : public Op {
 public:
  FERRY_OP("Constant", "opset1")
  Constant() = default;
  // Zero-filled.
  Constant(const element::Type& type, const Shape& shape);
  // Copies get_byte_size() bytes from `data`.
  Constant(const element::Type& type, const Shape& shape, const void* data);
  // Shares `buffer`: the data starts at `offset`. If that address is not aligned for the element
  // type, the bytes are copied into an aligned buffer instead.
  Constant(const element::Type& type, const Shape& shape, std::shared_ptr<AlignedBuffer> buffer, size_t offset = 0);
  // One value per element, converted to `type`; a single value fills the whole shape.
  template <typename T>
  Constant(const element::Type& type, const Shape& shape, const std::vector<T>& values) : Constant(type, shape) {
    FERRY_NODE_CHECK(values.size() == 1 || values.size() == shape_size(shape), "got ", values.size(),
                     " values for shape ", shape, " (", shape_size(shape), " elements)");
    for (size_t i = 0; i < shape_size(shape); ++i) {
      const T& value = values.size() == 1 ? values[0] : values[i];
      if constexpr (std::is_integral<T>::value) {
        write_int(i, static_cast<int64_t>(value));
      } else {
        write_value(i, static_cast<double>(value));
      }
    }
  }

  template <typename T>
  static std::shared_ptr<Constant> create(const element::Type& type, const Shape& shape, const std::vector<T>& values) {
    return std::make_shared<Constant>(type, shape, values);
  }
  template <typename T>
  static std::shared_ptr<Constant> create(const element::Type& type, const Shape& shape,
                                          std::initializer_list<T> values) {
    return std::make_shared<Constant>(type, shape, std::vector<T>(values));
  }

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const element::Type& get_element_type() const { return m_element_type; }
  const Shape& get_shape() const { return m_shape; }
  void set_element_type(const element::Type& type) { m_element_type = type; }  // for IR readers
  void set_shape(const Shape& shape) { m_shape = shape; }                      // for IR readers
  size_t get_byte_size() const;                                                // ceil(elements * bitwidth / 8)

  // Null until data is set.
  const void* get_data_ptr() const { return m_buffer ? m_buffer->data() + m_offset : nullptr; }
  template <typename T>
  const T* get_data_ptr() const {
    constexpr bool is_byte = sizeof(T) == 1;
    FERRY_NODE_CHECK(sizeof(T) == m_element_type.size() || is_byte, "cannot read ", m_element_type, " data as a ",
                     sizeof(T), "-byte type");
    return static_cast<const T*>(get_data_ptr());
  }
  const std::shared_ptr<AlignedBuffer>& get_data_buffer() const { return m_buffer; }
  size_t get_data_offset() const { return m_offset; }
  // Hands over bytes for the current element type and shape (IR readers): checks that
  // offset + get_byte_size() fits in the buffer.
  void set_data_buffer(std::shared_ptr<AlignedBuffer> buffer, size_t offset = 0);

  // Every element converted to T (u1/u4/i4 unpacked).
  template <typename T>
  std::vector<T> cast_vector() const {
    std::vector<T> result(shape_size(m_shape));
    for (size_t i = 0; i < result.size(); ++i) {
      if constexpr (std::is_integral<T>::value) {
        result[i] = m_element_type.is_integral() ? static_cast<T>(read_int(i)) : saturate<T>(read_value(i));
      } else {
        result[i] = static_cast<T>(read_value(i));
      }
    }
    return result;
  }
  // The elements as their own storage type T (element::from<T>() must be the element type).
  template <typename T>
  std::vector<T> get_vector() const {
    FERRY_NODE_CHECK(element::from<T>() == m_element_type, "get_vector: the data is ", m_element_type, ", not ",
                     element::from<T>());
    const T* data = get_data_ptr<T>();
    return std::vector<T>(data, data + shape_size(m_shape));
  }

  // Element i as a double / an int64 (exact for integral types), converted like Convert does.
  double read_value(size_t i) const;
  int64_t read_int(size_t i) const;

 private:
  // Only while constructing: clones share the bytes.
  void write_value(size_t i, double value);
  void write_int(size_t i, int64_t value);
  char* mutable_data() { return m_buffer->data() + m_offset; }
  void require_data() const;

  element::Type m_element_type = element::undefined;
  Shape m_shape;
  std::shared_ptr<AlignedBuffer> m_buffer;
  size_t m_offset = 0;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
