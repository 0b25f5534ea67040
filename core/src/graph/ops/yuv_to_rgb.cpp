#include "ferry/graph/ops/yuv_to_rgb.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/yuv_to_rgb.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

const char* const kPlaneNames[2][3] = {{"Y", "UV", ""}, {"Y", "U", "V"}};

// The one known value of `dims`, or dynamic; false when two known values differ.
bool merge_all(Dimension& merged, const std::vector<Dimension>& dims) {
  merged = Dimension::dynamic();
  for (const auto& d : dims)
    if (!Dimension::merge(merged, merged, d)) return false;
  return true;
}

}  // namespace

void YuvToRgbBase::validate_and_infer_types() {
  const bool nv12 = m_subsampling == Subsampling::NV12;
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs == 1 || inputs == plane_count(), "expects 1 input (a single plane) or ", plane_count(),
                   nv12 ? " (Y, UV)" : " (Y, U, V)", ", got ", inputs);
  element::Type type = element::dynamic;
  for (size_t i = 0; i < inputs; ++i) {
    const element::Type& t = get_input_element_type(i);
    FERRY_NODE_CHECK(t.is_dynamic() || t == element::u8 || t.is_real(), "input ", i, " must be u8 or a real type, got ",
                     t);
    FERRY_NODE_CHECK(element::Type::merge(type, type, t), "every plane must have the same element type, got ", type,
                     " and ", t, " (input ", i, ")");
  }
  for (size_t i = 0; i < inputs; ++i) {
    const PartialShape& s = get_input_partial_shape(i);
    FERRY_NODE_CHECK(s.rank().compatible(4), "input ", i, " must be NHWC (rank 4), got shape ", s);
  }
  auto dim = [&](size_t input, size_t axis) {
    const PartialShape& s = get_input_partial_shape(input);
    return s.rank().is_static() ? s[axis] : Dimension::dynamic();
  };
  Dimension batch, height, width;
  if (inputs == 1) {
    FERRY_NODE_CHECK(dim(0, 3).compatible(1), "a single-plane image has 1 channel, got shape ",
                     get_input_partial_shape(0));
    batch = dim(0, 0);
    const Dimension rows = dim(0, 1);
    if (rows.is_static()) {
      FERRY_NODE_CHECK(rows.get_length() % 3 == 0, "a single-plane image has height * 3 / 2 rows, got ",
                       rows.get_length(), ", which is not a multiple of 3");
      height = Dimension(rows.get_length() / 3 * 2);
    } else {
      height = Dimension::dynamic();
    }
    width = dim(0, 2);
  } else {
    const size_t chroma_channels = nv12 ? 2 : 1;
    FERRY_NODE_CHECK(dim(0, 3).compatible(1), "the Y plane has 1 channel, got shape ", get_input_partial_shape(0));
    std::vector<Dimension> batches{dim(0, 0)}, heights{dim(0, 1)}, widths{dim(0, 2)};
    for (size_t i = 1; i < inputs; ++i) {
      const char* name = kPlaneNames[nv12 ? 0 : 1][i];
      FERRY_NODE_CHECK(dim(i, 3).compatible(int64_t(chroma_channels)), "the ", name, " plane has ", chroma_channels,
                       " channel", chroma_channels == 1 ? "" : "s", ", got shape ", get_input_partial_shape(i));
      batches.push_back(dim(i, 0));
      const Dimension h = dim(i, 1), w = dim(i, 2);
      heights.push_back(h.is_static() ? Dimension(h.get_length() * 2) : Dimension::dynamic());
      widths.push_back(w.is_static() ? Dimension(w.get_length() * 2) : Dimension::dynamic());
      FERRY_NODE_CHECK(heights[0].is_dynamic() || h.is_dynamic() || heights[0].get_length() == 2 * h.get_length(),
                       "the ", name, " plane must have half the Y plane's height and width: Y is ",
                       get_input_partial_shape(0), ", ", name, " is ", get_input_partial_shape(i));
      FERRY_NODE_CHECK(widths[0].is_dynamic() || w.is_dynamic() || widths[0].get_length() == 2 * w.get_length(), "the ",
                       name, " plane must have half the Y plane's height and width: Y is ", get_input_partial_shape(0),
                       ", ", name, " is ", get_input_partial_shape(i));
    }
    FERRY_NODE_CHECK(merge_all(batch, batches), "every plane must hold the same batch; shapes Y ",
                     get_input_partial_shape(0), ", ", kPlaneNames[nv12 ? 0 : 1][1], " ", get_input_partial_shape(1));
    merge_all(height, heights);
    merge_all(width, widths);
  }
  FERRY_NODE_CHECK(height.is_dynamic() || height.get_length() % 2 == 0, "the image height must be even, got ",
                   height.get_length());
  FERRY_NODE_CHECK(width.is_dynamic() || width.get_length() % 2 == 0, "the image width must be even, got ",
                   width.get_length());
  FERRY_NODE_CHECK(height.is_dynamic() || height.get_length() > 0, "the image height must be positive");
  FERRY_NODE_CHECK(width.is_dynamic() || width.get_length() > 0, "the image width must be positive");
  set_output_type(0, type, PartialShape{batch, height, width, Dimension(3)});
}

bool YuvToRgbBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != get_input_size()) node_error("evaluate: expects ", get_input_size(), " input tensors");
  const element::Type type = inputs[0].get_element_type();
  if (type != element::u8 && !type.is_real()) return false;
  std::vector<std::vector<double>> planes;
  for (const auto& input : inputs) {
    const Tensor data = internal::dense(input);
    if (data.get_element_type() != type || data.get_shape().size() != 4)
      node_error("evaluate: every plane must be a 4-D ", type, " tensor, got ", data.get_element_type(), " ",
                 data.get_shape());
    std::vector<double> values(data.get_size());
    element::visit_storage(type, "YUV plane", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* p = static_cast<const T*>(data.data());
      for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>(p[k]);
    });
    planes.push_back(std::move(values));
  }
  const Shape& first = inputs[0].get_shape();
  const size_t batch = first[0];
  const size_t width = first[2];
  const size_t height = inputs.size() == 1 ? first[1] / 3 * 2 : first[1];
  if (height % 2 || width % 2 || (inputs.size() == 1 && first[1] % 3))
    node_error("evaluate: the image height and width must be even, got Y plane ", first);
  const size_t chroma_rows = height / 2, chroma_cols = width / 2;
  reference::YuvComponent y, u, v;
  if (inputs.size() == 1) {
    const size_t frame = first[1] * width;
    y = {planes[0].data(), frame, width, 1};
    if (m_subsampling == Subsampling::NV12) {
      u = {planes[0].data() + height * width, frame, width, 2};
      v = {u.base + 1, frame, width, 2};
    } else {
      u = {planes[0].data() + height * width, frame, chroma_cols, 1};
      v = {u.base + chroma_rows * chroma_cols, frame, chroma_cols, 1};
    }
  } else {
    for (size_t i = 1; i < inputs.size(); ++i) {
      const Shape& s = inputs[i].get_shape();
      const size_t channels = m_subsampling == Subsampling::NV12 ? 2 : 1;
      if (s != Shape{batch, chroma_rows, chroma_cols, channels})
        node_error("evaluate: the Y plane ", first, " needs chroma planes of shape ",
                   Shape{batch, chroma_rows, chroma_cols, channels}, ", got ", s);
    }
    y = {planes[0].data(), height * width, width, 1};
    if (m_subsampling == Subsampling::NV12) {
      const size_t frame = chroma_rows * chroma_cols * 2;
      u = {planes[1].data(), frame, chroma_cols * 2, 2};
      v = {planes[1].data() + 1, frame, chroma_cols * 2, 2};
    } else {
      const size_t frame = chroma_rows * chroma_cols;
      u = {planes[1].data(), frame, chroma_cols, 1};
      v = {planes[2].data(), frame, chroma_cols, 1};
    }
  }
  std::vector<double> rgb(batch * height * width * 3);
  reference::yuv_to_rgb(y, u, v, batch, height, width, m_bgr, rgb.data());
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, Shape{batch, height, width, 3});
  element::visit_storage(type, "YUV to RGB", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(out.data());
    for (size_t k = 0; k < rgb.size(); ++k) {
      if constexpr (is_real_element<T>::value)
        p[k] = convert_element<T>(rgb[k]);
      else
        p[k] = saturate_round<T>(rgb[k]);
    }
  });
  return true;
}

}  // namespace util
}  // namespace op
}  // namespace ferry
