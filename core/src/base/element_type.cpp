#include "ferry/base/element_type.hpp"

#include <array>
#include <cctype>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace element {
namespace {

struct TypeFacts {
  Type_t type;
  const char* name;       // IR <data element_type=...>
  const char* precision;  // IR <port precision=...>
  size_t bits;
  bool real;
  bool is_signed;
};

// One row per Type_t, in declaration order.
constexpr std::array<TypeFacts, 18> kFacts = {{
    {Type_t::undefined, "undefined", "UNSPECIFIED", 0, false, false},
    {Type_t::dynamic, "dynamic", "DYNAMIC", 0, false, false},
    {Type_t::boolean, "boolean", "BOOL", 8, false, false},
    {Type_t::bf16, "bf16", "BF16", 16, true, true},
    {Type_t::f16, "f16", "FP16", 16, true, true},
    {Type_t::f32, "f32", "FP32", 32, true, true},
    {Type_t::f64, "f64", "FP64", 64, true, true},
    {Type_t::i4, "i4", "I4", 4, false, true},
    {Type_t::i8, "i8", "I8", 8, false, true},
    {Type_t::i16, "i16", "I16", 16, false, true},
    {Type_t::i32, "i32", "I32", 32, false, true},
    {Type_t::i64, "i64", "I64", 64, false, true},
    {Type_t::u1, "u1", "U1", 1, false, false},
    {Type_t::u4, "u4", "U4", 4, false, false},
    {Type_t::u8, "u8", "U8", 8, false, false},
    {Type_t::u16, "u16", "U16", 16, false, false},
    {Type_t::u32, "u32", "U32", 32, false, false},
    {Type_t::u64, "u64", "U64", 64, false, false},
}};

const TypeFacts& facts(Type_t type) { return kFacts.at(static_cast<size_t>(type)); }

}  // namespace

Type Type::from_string(const std::string& name) {
  for (const auto& row : kFacts) {
    if (name == row.name || name == row.precision) return row.type;
  }
  // Spellings seen in other tools' IR and APIs.
  if (name == "BOOLEAN" || name == "bool") return boolean;
  if (name == "float32") return f32;
  if (name == "float16") return f16;
  if (name == "bfloat16") return bf16;
  if (name == "float64") return f64;
  if (name == "int8") return i8;
  if (name == "int16") return i16;
  if (name == "int32") return i32;
  if (name == "int64") return i64;
  if (name == "uint8") return u8;
  if (name == "uint16") return u16;
  if (name == "uint32") return u32;
  if (name == "uint64") return u64;
  Exception::raise("unknown element type '", name,
                   "' (expected one of boolean, bf16, f16, f32, f64, i4, i8, i16, i32, i64, u1, "
                   "u4, u8, u16, u32, u64, dynamic, undefined)");
}

size_t Type::size() const { return (facts(m_type).bits + 7) / 8; }
size_t Type::bitwidth() const { return facts(m_type).bits; }
bool Type::is_real() const { return facts(m_type).real; }
bool Type::is_integral() const { return is_static() && !is_real(); }
bool Type::is_integral_number() const { return is_integral() && m_type != Type_t::boolean; }
bool Type::is_signed() const { return facts(m_type).is_signed; }
bool Type::is_quantized() const { return m_type == Type_t::i4 || m_type == Type_t::u4 || m_type == Type_t::u1; }
std::string Type::get_type_name() const { return facts(m_type).name; }
std::string Type::get_precision_name() const { return facts(m_type).precision; }

bool Type::compatible(const Type& other) const { return is_dynamic() || other.is_dynamic() || m_type == other.m_type; }

bool Type::merge(Type& dst, const Type& a, const Type& b) {
  if (a.is_dynamic()) {
    dst = b;
    return true;
  }
  if (b.is_dynamic() || a == b) {
    dst = a;
    return true;
  }
  return false;
}

std::ostream& operator<<(std::ostream& out, const Type& type) { return out << type.get_type_name(); }

}  // namespace element
}  // namespace ferry
