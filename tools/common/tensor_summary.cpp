#include "tensor_summary.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

namespace ferry::tools {
namespace {

template <typename T>
void read_all(const Tensor& tensor, std::vector<double>& values) {
  const T* data = static_cast<const T*>(tensor.data());
  values.resize(tensor.get_size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(data[i]);
}

std::vector<double> as_doubles(const Tensor& tensor) {
  std::vector<double> values;
  using element::Type_t;
  switch (tensor.get_element_type()) {
    case Type_t::f32:
      read_all<float>(tensor, values);
      break;
    case Type_t::f64:
      read_all<double>(tensor, values);
      break;
    case Type_t::f16:
      read_all<float16>(tensor, values);
      break;
    case Type_t::bf16:
      read_all<bfloat16>(tensor, values);
      break;
    case Type_t::boolean:
      read_all<char>(tensor, values);
      break;
    case Type_t::i8:
      read_all<int8_t>(tensor, values);
      break;
    case Type_t::i16:
      read_all<int16_t>(tensor, values);
      break;
    case Type_t::i32:
      read_all<int32_t>(tensor, values);
      break;
    case Type_t::i64:
      read_all<int64_t>(tensor, values);
      break;
    case Type_t::u8:
      read_all<uint8_t>(tensor, values);
      break;
    case Type_t::u16:
      read_all<uint16_t>(tensor, values);
      break;
    case Type_t::u32:
      read_all<uint32_t>(tensor, values);
      break;
    case Type_t::u64:
      read_all<uint64_t>(tensor, values);
      break;
    default:
      Exception::raise("no summary for element type ", tensor.get_element_type(), " (packed or not static)");
  }
  return values;
}

}  // namespace

TensorSummary summarize(const Tensor& tensor, size_t first_count) {
  FERRY_ASSERT(tensor, "summarize: the tensor is empty");
  Tensor host = tensor;
  if (!tensor.get_impl()->is_host_accessible() || !tensor.is_continuous()) {
    host = Tensor(tensor.get_element_type(), tensor.get_shape());
    tensor.copy_to(host);
  }
  const std::vector<double> values = as_doubles(host);
  TensorSummary summary;
  summary.count = values.size();
  if (values.empty()) return summary;
  const auto [min, max] = std::minmax_element(values.begin(), values.end());
  summary.min = *min;
  summary.max = *max;
  double sum = 0;
  for (double value : values) sum += value;
  summary.mean = sum / static_cast<double>(values.size());
  summary.first.assign(values.begin(), values.begin() + std::min(first_count, values.size()));
  return summary;
}

std::string format_summary(const TensorSummary& summary) {
  std::ostringstream out;
  out.precision(6);
  if (summary.count == 0) return "no elements";
  out << "min " << summary.min << "  max " << summary.max << "  mean " << summary.mean << "  first:";
  for (double value : summary.first) out << ' ' << value;
  if (summary.first.size() < summary.count) out << " ...";
  return out.str();
}

}  // namespace ferry::tools
