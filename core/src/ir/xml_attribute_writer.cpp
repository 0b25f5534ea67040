#include "xml_attribute_writer.hpp"

#include <functional>
#include <string_view>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ir_text.hpp"

namespace ferry {
namespace ir {
namespace {

std::string int_text(int64_t value) { return std::to_string(value); }

template <typename T>
std::string unsigned_list(const std::vector<T>& values) {
  return format_list(values, [](T value) { return std::to_string(value); });
}

}  // namespace

uint64_t BinWriter::write(const char* bytes, size_t size) {
  const std::string_view view(bytes, size);
  const size_t hash = std::hash<std::string_view>()(view);
  const auto range = m_by_hash.equal_range(hash);
  for (auto it = range.first; it != range.second; ++it)
    if (it->second.bytes == view) return it->second.offset;
  const uint64_t offset = m_end;
  m_out.write(bytes, static_cast<std::streamsize>(size));
  FERRY_ASSERT(m_out, "cannot write ", size, " bytes of constant data to the .bin");
  m_end += size;
  m_by_hash.emplace(hash, Written{offset, view});
  return offset;
}

void XmlAttributeWriter::set(const std::string& name, const std::string& text) {
  pugi::xml_attribute attribute = m_data.attribute(name.c_str());
  if (!attribute) attribute = m_data.append_attribute(name.c_str());
  attribute.set_value(text.c_str());
}

void XmlAttributeWriter::on_attribute(const std::string& name, bool& value) { set(name, format_bool(value)); }
void XmlAttributeWriter::on_attribute(const std::string& name, int64_t& value) { set(name, int_text(value)); }
void XmlAttributeWriter::on_attribute(const std::string& name, double& value) { set(name, format_double(value)); }
void XmlAttributeWriter::on_attribute(const std::string& name, std::string& value) { set(name, value); }

void XmlAttributeWriter::on_attribute(const std::string& name, std::vector<int64_t>& value) {
  set(name, format_list(value, int_text));
}

void XmlAttributeWriter::on_attribute(const std::string& name, std::vector<float>& value) {
  set(name, format_list(value, format_float));
}

void XmlAttributeWriter::on_attribute(const std::string& name, std::vector<std::string>& value) {
  set(name, format_list(value, [](const std::string& item) { return item; }));
}

void XmlAttributeWriter::on_attribute(const std::string& name, element::Type& value) {
  set(name, value.get_type_name());
}

void XmlAttributeWriter::on_attribute(const std::string& name, Shape& value) { set(name, unsigned_list(value)); }
void XmlAttributeWriter::on_attribute(const std::string& name, Strides& value) { set(name, unsigned_list(value)); }

void XmlAttributeWriter::on_attribute(const std::string& name, CoordinateDiff& value) {
  set(name, format_list(value, [](std::ptrdiff_t item) { return std::to_string(item); }));
}

void XmlAttributeWriter::on_attribute(const std::string& name, PartialShape& value) {
  set(name, format_partial_shape(value));
}

void XmlAttributeWriter::on_constant_data(const std::string&, op::v0::Constant& constant) {
  const size_t size = constant.get_byte_size();
  const char* bytes = static_cast<const char*>(constant.get_data_ptr());
  if (size > 0) FERRY_ASSERT(bytes, constant.describe(), ": has no data to write");
  const uint64_t offset = size > 0 ? m_bin.write(bytes, size) : 0;
  set("offset", std::to_string(offset));
  set("size", std::to_string(size));
}

}  // namespace ir
}  // namespace ferry
