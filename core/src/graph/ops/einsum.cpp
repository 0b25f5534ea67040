#include "ferry/graph/ops/einsum.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/einsum.hpp"

namespace ferry {
namespace op {
namespace v7 {

namespace {

constexpr int kEllipsisBase = 1000;  // label ids of the broadcast "..." axes: 1000 + position

size_t letter_count(const std::string& term) {
  return static_cast<size_t>(
      std::count_if(term.begin(), term.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }));
}

// One label id per axis of an input of `rank` axes; its ellipsis axes are the trailing ones of
// the `ellipsis_rank` broadcast axes.
std::vector<int> axis_labels(const std::string& term, size_t rank, size_t ellipsis_rank) {
  std::vector<int> labels;
  const size_t own = rank - letter_count(term);
  for (size_t i = 0; i < term.size();) {
    if (term[i] == '.') {
      for (size_t j = 0; j < own; ++j) labels.push_back(kEllipsisBase + static_cast<int>(ellipsis_rank - own + j));
      i += 3;
    } else {
      labels.push_back(term[i++]);
    }
  }
  return labels;
}

bool has_ellipsis(const std::string& term) { return term.find("...") != std::string::npos; }

void check_term(const std::string& equation, const std::string& term, bool output) {
  const size_t dots = std::count(term.begin(), term.end(), '.');
  if (dots != 0 && (dots != 3 || !has_ellipsis(term)))
    Exception::raise("Einsum equation '", equation, "': '", term, "' has a malformed ellipsis");
  for (const char c : term)
    if (c != '.' && !std::isalpha(static_cast<unsigned char>(c)))
      Exception::raise("Einsum equation '", equation, "': '", c, "' is not a letter");
  if (output)
    for (const char c : term)
      if (c != '.' && std::count(term.begin(), term.end(), c) > 1)
        Exception::raise("Einsum equation '", equation, "': output label '", c, "' repeats");
}

}  // namespace

Einsum::Loop Einsum::plan_loop(const std::vector<std::string>& terms, const std::string& output,
                               const std::vector<Shape>& shapes) {
  if (shapes.size() != terms.size())
    Exception::raise("Einsum: ", shapes.size(), " inputs for ", terms.size(), " terms");
  // Every input's labels, the broadcast "..." axes and every label's length.
  size_t ellipsis_rank = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const size_t rank = shapes[i].size(), letters = letter_count(terms[i]);
    if (rank < letters || (!has_ellipsis(terms[i]) && rank != letters))
      Exception::raise("Einsum: input ", i, " ", shapes[i], " does not match '", terms[i], "'");
    ellipsis_rank = std::max(ellipsis_rank, rank - letters);
  }
  std::map<int, size_t> length;
  std::vector<std::vector<int>> labels;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Shape& shape = shapes[i];
    labels.push_back(axis_labels(terms[i], shape.size(), ellipsis_rank));
    for (size_t a = 0; a < shape.size(); ++a) {
      auto it = length.emplace(labels[i][a], shape[a]).first;
      if (it->second == shape[a]) continue;
      if (labels[i][a] >= kEllipsisBase && (it->second == 1 || shape[a] == 1)) {
        it->second = std::max(it->second, shape[a]);  // a broadcast "..." axis
        continue;
      }
      Exception::raise("Einsum: axis ", a, " of input ", i, " ", shape, " has length ", shape[a], ", expected ",
                       it->second);
    }
  }
  // Loop axes: the output's, then the summed labels.
  std::vector<int> axes;
  for (size_t i = 0; i < output.size();) {
    if (output[i] == '.') {
      for (size_t j = 0; j < ellipsis_rank; ++j) axes.push_back(kEllipsisBase + static_cast<int>(j));
      i += 3;
    } else {
      axes.push_back(output[i++]);
    }
  }
  Loop loop;
  loop.output_axes = axes.size();
  for (const auto& entry : length)
    if (std::find(axes.begin(), axes.end(), entry.first) == axes.end()) axes.push_back(entry.first);
  for (const int label : axes) {
    const auto it = length.find(label);
    loop.sizes.push_back(it == length.end() ? 1 : it->second);  // "..." of rank 0 never gets here
  }
  loop.strides.assign(shapes.size(), std::vector<size_t>(axes.size(), 0));
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Shape& shape = shapes[i];
    size_t stride = 1;
    for (size_t a = shape.size(); a-- > 0;) {
      const size_t axis = std::find(axes.begin(), axes.end(), labels[i][a]) - axes.begin();
      if (shape[a] != 1 || loop.sizes[axis] == 1) loop.strides[i][axis] += stride;
      stride *= shape[a];
    }
  }
  return loop;
}

void Einsum::parse_equation(const std::string& equation, std::vector<std::string>& inputs, std::string& output) {
  std::string text;
  for (const char c : equation)
    if (!std::isspace(static_cast<unsigned char>(c))) text += c;
  const size_t arrow = text.find("->");
  const std::string lhs = text.substr(0, arrow);
  inputs.clear();
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    inputs.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  bool any_ellipsis = false;
  for (const auto& term : inputs) {
    check_term(equation, term, false);
    any_ellipsis = any_ellipsis || has_ellipsis(term);
  }
  if (arrow != std::string::npos) {
    output = text.substr(arrow + 2);
    if (output.find("->") != std::string::npos) Exception::raise("Einsum equation '", equation, "' has two '->'");
    check_term(equation, output, true);
    for (const char c : output)
      if (c != '.' && lhs.find(c) == std::string::npos)
        Exception::raise("Einsum equation '", equation, "': output label '", c, "' is in no input");
    if (has_ellipsis(output) && !any_ellipsis)
      Exception::raise("Einsum equation '", equation, "': output has '...' but no input has");
    return;
  }
  // Implicit output: "..." then every letter used exactly once, in ASCII order.
  output = any_ellipsis ? "..." : "";
  std::map<char, int> uses;
  for (const char c : lhs)
    if (std::isalpha(static_cast<unsigned char>(c))) ++uses[c];
  for (const auto& entry : uses)
    if (entry.second == 1) output += entry.first;
}

Einsum::Einsum(const OutputVector& inputs, const std::string& equation) : Op(inputs), m_equation(equation) {
  constructor_validate_and_infer_types();
}

void Einsum::validate_and_infer_types() {
  std::vector<std::string> terms;
  std::string output;
  try {
    parse_equation(m_equation, terms, output);
  } catch (const Exception& e) {
    node_error(e.what());
  }
  FERRY_NODE_CHECK(terms.size() == get_input_size(), "equation '", m_equation, "' has ", terms.size(),
                   " input terms for ", get_input_size(), " inputs");
  element::Type type = element::dynamic;
  for (size_t i = 0; i < get_input_size(); ++i)
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)), "input ", i, " is ",
                     get_input_element_type(i), ", expected ", type);
  FERRY_NODE_CHECK(type.is_dynamic() || (type != element::boolean && !type.is_quantized()),
                   "element type must be numeric, got ", type);
  std::map<int, Dimension> dims;
  PartialShape ellipsis = PartialShape{};
  bool ranks_known = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    const PartialShape& shape = get_input_partial_shape(i);
    if (shape.rank().is_dynamic()) {
      ranks_known = false;
      continue;
    }
    const size_t rank = shape.size(), letters = letter_count(terms[i]);
    if (has_ellipsis(terms[i]))
      FERRY_NODE_CHECK(rank >= letters, "input ", i, " ", shape, " has fewer axes than '", terms[i], "'");
    else
      FERRY_NODE_CHECK(rank == letters, "input ", i, " ", shape, " does not have the ", letters, " axes of '", terms[i],
                       "'");
    const size_t own = rank - letters;
    const std::vector<int> labels = axis_labels(terms[i], rank, own);
    PartialShape own_ellipsis;
    for (size_t a = 0; a < rank; ++a) {
      if (labels[a] >= kEllipsisBase) {
        own_ellipsis.push_back(shape[a]);
        continue;
      }
      auto it = dims.emplace(labels[a], shape[a]).first;
      FERRY_NODE_CHECK(Dimension::merge(it->second, it->second, shape[a]), "label '", char(labels[a]), "' has ",
                       it->second, " and ", shape[a], " (input ", i, " ", shape, ")");
    }
    FERRY_NODE_CHECK(PartialShape::broadcast_merge_into(ellipsis, own_ellipsis, AutoBroadcastType::NUMPY),
                     "the '...' axes ", own_ellipsis, " of input ", i, " do not broadcast with ", ellipsis);
  }
  if (!ranks_known && has_ellipsis(output)) {
    set_output_type(0, type, PartialShape::dynamic());
    return;
  }
  PartialShape out;
  for (size_t i = 0; i < output.size();) {
    if (output[i] == '.') {
      for (const auto& d : ellipsis) out.push_back(d);
      i += 3;
    } else {
      const auto it = dims.find(output[i++]);
      out.push_back(it == dims.end() ? Dimension::dynamic() : it->second);
    }
  }
  set_output_type(0, type, out);
}

bool Einsum::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("equation", m_equation);
  return true;
}

std::shared_ptr<Node> Einsum::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<Einsum>(inputs, m_equation);
}

bool Einsum::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  std::vector<std::string> terms;
  std::string output;
  parse_equation(m_equation, terms, output);
  if (inputs.size() != terms.size()) node_error("evaluate: ", inputs.size(), " inputs for ", terms.size(), " terms");
  std::vector<Tensor> in;
  for (const auto& t : inputs) in.push_back(internal::dense(t));
  const element::Type type = in.at(0).get_element_type();
  std::vector<Shape> shapes;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].get_element_type() != type) node_error("evaluate: input ", i, " is ", in[i].get_element_type());
    shapes.push_back(in[i].get_shape());
  }
  Loop loop;
  try {
    loop = plan_loop(terms, output, shapes);
  } catch (const Exception& e) {
    node_error("evaluate: ", e.what());
  }
  const std::vector<size_t>& loop_sizes = loop.sizes;
  const std::vector<std::vector<size_t>>& strides = loop.strides;
  const size_t output_axes = loop.output_axes;
  const Shape out_shape(loop_sizes.begin(), loop_sizes.begin() + output_axes);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  if (internal::is_half(type)) {
    std::vector<std::vector<float>> values;
    std::vector<const float*> pointers;
    for (const auto& t : in) values.push_back(internal::to_floats(t));
    for (const auto& v : values) pointers.push_back(v.data());
    std::vector<float> result(shape_size(out_shape));
    reference::einsum<float, double>(pointers, strides, loop_sizes, output_axes, result.data());
    internal::from_floats(result, out);
    return true;
  }
  auto run = [&](auto tag, auto acc) {
    using T = decltype(tag);
    std::vector<const T*> pointers;
    for (const auto& t : in) pointers.push_back(static_cast<const T*>(t.data()));
    reference::einsum<T, decltype(acc)>(pointers, strides, loop_sizes, output_axes, static_cast<T*>(out.data()));
    return true;
  };
  switch (type.get_type()) {
    case element::Type_t::f32:
      return run(float{}, double{});
    case element::Type_t::f64:
      return run(double{}, double{});
    case element::Type_t::i8:
      return run(int8_t{}, int64_t{});
    case element::Type_t::u8:
      return run(uint8_t{}, uint64_t{});
    case element::Type_t::i32:
      return run(int32_t{}, int64_t{});
    case element::Type_t::i64:
      return run(int64_t{}, int64_t{});
    default:
      return false;
  }
}

}  // namespace v7
}  // namespace op
}  // namespace ferry
