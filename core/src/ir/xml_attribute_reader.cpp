#include "xml_attribute_reader.hpp"

#include <limits>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ir_text.hpp"

namespace ferry {
namespace ir {
namespace {

// ceil(elements * bitwidth / 8) without overflow; false when it does not fit in 64 bits.
bool checked_byte_size(const Shape& shape, size_t bitwidth, uint64_t* bytes) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t elements = 1;
  for (size_t length : shape) {
    if (length != 0 && elements > kMax / length) return false;
    elements *= length;
  }
  if (elements == 0) {
    *bytes = 0;
    return true;
  }
  if (bitwidth != 0 && elements > kMax / bitwidth) return false;
  *bytes = (elements * bitwidth + 7) / 8;
  return true;
}

}  // namespace

XmlAttributeReader::XmlAttributeReader(pugi::xml_node data, IrWeights& weights, std::set<std::string> required)
    : m_data(data), m_weights(weights), m_required(std::move(required)) {}

const pugi::xml_attribute XmlAttributeReader::find(const std::string& name) {
  m_visited.insert(name);
  const pugi::xml_attribute attribute = m_data.attribute(name.c_str());
  if (!attribute) {
    FERRY_ASSERT(!m_required.count(name), "missing attribute '", name, "' in <data>");
    m_missing.push_back(name);
  }
  return attribute;
}

std::vector<std::string> XmlAttributeReader::unused() const {
  std::vector<std::string> names;
  for (const auto& attribute : m_data.attributes())
    if (!m_visited.count(attribute.name())) names.push_back(attribute.name());
  return names;
}

template <typename T, typename Parse>
bool XmlAttributeReader::read(const std::string& name, T& value, Parse parse) {
  const pugi::xml_attribute attribute = find(name);
  if (!attribute) return false;
  try {
    value = parse(std::string(attribute.value()));
  } catch (const Exception& e) {
    Exception::raise("bad attribute ", name, "=\"", attribute.value(), "\": ", e.what());
  }
  return true;
}

void XmlAttributeReader::on_attribute(const std::string& name, bool& value) { read(name, value, parse_bool); }
void XmlAttributeReader::on_attribute(const std::string& name, int64_t& value) { read(name, value, parse_int64); }
void XmlAttributeReader::on_attribute(const std::string& name, double& value) { read(name, value, parse_double); }

void XmlAttributeReader::on_attribute(const std::string& name, std::string& value) {
  read(name, value, [](const std::string& text) { return text; });
}

void XmlAttributeReader::on_attribute(const std::string& name, std::vector<int64_t>& value) {
  read(name, value, parse_int64_list);
}

void XmlAttributeReader::on_attribute(const std::string& name, std::vector<float>& value) {
  read(name, value, [](const std::string& text) {
    std::vector<float> floats;
    for (double item : parse_double_list(text)) floats.push_back(static_cast<float>(item));
    return floats;
  });
}

void XmlAttributeReader::on_attribute(const std::string& name, std::vector<std::string>& value) {
  read(name, value, split_list);
}

void XmlAttributeReader::on_attribute(const std::string& name, element::Type& value) {
  read(name, value, element::Type::from_string);
}

void XmlAttributeReader::on_attribute(const std::string& name, Shape& value) {
  read(name, value, [](const std::string& text) {
    Shape shape;
    for (uint64_t length : parse_uint64_list(text)) shape.push_back(static_cast<size_t>(length));
    return shape;
  });
}

void XmlAttributeReader::on_attribute(const std::string& name, Strides& value) {
  read(name, value, [](const std::string& text) {
    Strides strides;
    for (uint64_t item : parse_uint64_list(text)) strides.push_back(static_cast<size_t>(item));
    return strides;
  });
}

void XmlAttributeReader::on_attribute(const std::string& name, CoordinateDiff& value) {
  read(name, value, [](const std::string& text) {
    CoordinateDiff diff;
    for (int64_t item : parse_int64_list(text)) diff.push_back(static_cast<std::ptrdiff_t>(item));
    return diff;
  });
}

void XmlAttributeReader::on_attribute(const std::string& name, PartialShape& value) {
  read(name, value, parse_partial_shape);
}

void XmlAttributeReader::on_constant_data(const std::string&, op::v0::Constant& constant) {
  uint64_t offset = 0, size = 0;
  const bool has_offset = read("offset", offset, parse_uint64);
  const bool has_size = read("size", size, parse_uint64);
  FERRY_ASSERT(has_offset && has_size, "missing attribute '", has_offset ? "size" : "offset", "' in <data>");
  const element::Type type = constant.get_element_type();
  FERRY_ASSERT(type.is_static(), "a constant needs a static element_type, not '", type, "'");
  uint64_t expected = 0;
  FERRY_ASSERT(checked_byte_size(constant.get_shape(), type.bitwidth(), &expected), "shape ", constant.get_shape(),
               " of ", type, " is too large");
  FERRY_ASSERT(size == expected, "size=", size, " does not match shape ", constant.get_shape(), " of ", type, " (",
               expected, " bytes)");
  std::shared_ptr<AlignedBuffer> buffer;
  if (size == 0) {
    buffer = std::make_shared<AlignedBuffer>(0);  // an empty constant needs no .bin
    offset = 0;
  } else {
    buffer = m_weights.slice(offset, size);
  }
  constant.set_data_buffer(buffer, static_cast<size_t>(offset));
}

}  // namespace ir
}  // namespace ferry
