#pragma once

// The Ops category's vocabulary: a case is one small model (Parameters -> op under test ->
// Results) for one registered op version and element type. Case generators, one per op type
// name, are grouped by family in op_cases_<family>.cpp and listed in op_case_table.cpp.
//
// Ops are created through core's OpRegistry and configured through their IR attribute names
// (text values, as in an IR file), so a generator needs no op header and follows the version it
// is given: the registry, not this suite, decides which ops and versions exist.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::conformance {

// One registered op version: "Add", "opset1".
struct OpId {
  std::string type, opset;
};

// What values an input is filled with, so that the op is inside its mathematical domain.
enum class Domain {
  Any,       // reals in [-3, 3], signed integers in [-9, 9], unsigned in [0, 9]
  Positive,  // reals in [0.1, 3], integers in [1, 9]
  Unit,      // reals in [-0.95, 0.95] (inside asin's and atanh's domain), integers in [-1, 1] ([0, 1] unsigned)
  AboveOne,  // reals in [1.05, 3] (acosh), integers in [2, 9]
  NonZero,   // reals with 0.5 <= |x| <= 3, integers with 1 <= |x| <= 9
  Bool,      // 0 or 1
};

// Attribute name -> value as an IR file writes it: "1", "0.5", "true", "2,2" (a list), "" (an
// empty list), "numpy", "f16".
using Attrs = std::map<std::string, std::string>;

// The model of a case and what its inputs must hold.
struct BuiltCase {
  std::shared_ptr<Model> model;
  std::vector<Domain> domains;  // one per model parameter
  std::string op_name;          // friendly name of the op under test (what query_model must claim)
  uint64_t seed = 0;            // for the inputs' values: stable per case
};

// Builds one case's graph. Every input made by `input` becomes a model parameter.
class GraphBuilder {
 public:
  explicit GraphBuilder(uint64_t seed) : m_seed(seed) {}

  // A Parameter filled at inference with values from `domain`.
  Output<Node> input(const element::Type& type, const PartialShape& shape, Domain domain = Domain::Any);
  // A Constant holding `values` converted to `type` (one value fills the shape).
  Output<Node> constant(const element::Type& type, const Shape& shape, const std::vector<double>& values);
  Output<Node> ints(const element::Type& type, const Shape& shape, const std::vector<int64_t>& values);
  // A 1-D i64 Constant (axes, shapes, orders, pads).
  Output<Node> i64s(const std::vector<int64_t>& values);
  // A Constant of deterministic values from `domain` (weights, scales).
  Output<Node> random_constant(const element::Type& type, const Shape& shape, Domain domain = Domain::Any);

  // The op under test, created by the registry, configured from `attrs` (every entry must be an
  // attribute the op visits), connected to `inputs` and validated. Throws naming the op.
  std::shared_ptr<Node> op(const OpId& id, const OutputVector& inputs, const Attrs& attrs = {});
  // Marks a node made otherwise (a Parameter, a Constant) as the op under test.
  void under_test(const Output<Node>& value);
  // A helper op around the one under test (e.g. a Convert), same rules.
  std::shared_ptr<Node> helper(const std::string& type, const std::string& opset, const OutputVector& inputs,
                               const Attrs& attrs = {});

  // The model reading every input and producing every output of `outputs`.
  BuiltCase finish(const OutputVector& outputs);

 private:
  uint64_t m_seed;
  int m_constants = 0;
  ParameterVector m_parameters;
  std::vector<Domain> m_domains;
  std::string m_op_name;
};

// A case builds its graph and returns the values the model outputs (usually the op's outputs).
using GraphFunction = std::function<OutputVector(GraphBuilder&)>;

struct OpCase {
  OpId op;
  std::string type_name;  // element type in the test name: "f32", "i32", "boolean", "any"
  std::string name;       // the case: [A-Za-z0-9_]
  GraphFunction graph;    // empty: the op has no generator

  // "<OpType>_<opset>__<elemtype>__<case>", only [A-Za-z0-9_]: the runner's matrix reads it.
  std::string test_name() const;
  BuiltCase build() const;
};

void PrintTo(const OpCase& c, std::ostream* out);

// Appends the cases of one op version to `cases`.
using CaseGenerator = std::function<void(const OpId& op, std::vector<OpCase>& cases)>;
using GeneratorTable = std::map<std::string, CaseGenerator>;  // by op type name

// Appends a case named `name` of element type `type`.
void add_case(std::vector<OpCase>& cases, const OpId& op, const element::Type& type, const std::string& name,
              GraphFunction graph);

// One line per family (op_cases_<family>.cpp).
void add_elementwise_generators(GeneratorTable& table);
void add_activation_generators(GeneratorTable& table);
void add_nn_generators(GeneratorTable& table);
void add_shape_generators(GeneratorTable& table);
void add_reduction_generators(GeneratorTable& table);
void add_movement_generators(GeneratorTable& table);
void add_indexing_generators(GeneratorTable& table);
void add_normalization_generators(GeneratorTable& table);
void add_sequence_generators(GeneratorTable& table);
void add_image_generators(GeneratorTable& table);
void add_transposed_convolution_generators(GeneratorTable& table);
void add_detection_generators(GeneratorTable& table);
void add_scatter_generators(GeneratorTable& table);
void add_extension_generators(GeneratorTable& table);

// Every case: for each op version in OpRegistry::global(), its generator's cases, or a single
// "no_generator" case. Computed once.
const std::vector<OpCase>& all_op_cases();

// Deterministic values for a parameter of `type` and `shape` from `domain`.
Tensor random_tensor(const element::Type& type, const Shape& shape, Domain domain, uint64_t seed);

// "1,2,3" for attributes.
std::string list(const std::vector<int64_t>& values);

}  // namespace ferry::conformance
