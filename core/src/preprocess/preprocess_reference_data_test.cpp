// Every PrePostProcessor case of testing/preprocess (OpenVINO's own results on the same inputs,
// made by make_reference.py) built with Ferry's PrePostProcessor and run on TEMPLATE; then the
// preprocessed model written as IR, read back and run again. The written IRs are left in the
// test's undeclared outputs, for make_reference.py --check-ferry-ir (OpenVINO reads them).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/src/preprocess/preprocess_reference_cases.hpp"
#include "ferry/ferry.hpp"
#include "ferry/graph/ir/ir_writer.hpp"

namespace ferry {
namespace preprocess_test {
namespace {

struct StoredTensor {
  bool input = false;
  element::Type type;
  Shape shape;
  std::string bytes;
};

std::string data_dir() {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/ferry/testing/preprocess/data/";
}

std::string read_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << "cannot open " << path;
  std::stringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

std::vector<StoredTensor> read_manifest(const std::string& name) {
  std::istringstream manifest(read_bytes(data_dir() + name + ".io.txt"));
  std::vector<StoredTensor> tensors;
  std::string kind, type_name, file;
  size_t index, rank;
  while (manifest >> kind >> index >> type_name >> rank) {
    StoredTensor t;
    t.input = kind == "input";
    t.type = element::Type::from_string(type_name);
    t.shape.resize(rank);
    for (auto& d : t.shape) manifest >> d;
    manifest >> file;
    t.bytes = read_bytes(data_dir() + file);
    EXPECT_EQ(t.bytes.size(), shape_size(t.shape) * t.type.size()) << file;
    tensors.push_back(std::move(t));
  }
  return tensors;
}

double value_at(const Tensor& tensor, size_t i) {
  double value = 0;
  element::visit_storage(tensor.get_element_type(), "test", [&](auto tag) {
    using T = typename decltype(tag)::type;
    value = static_cast<double>(static_cast<const T*>(tensor.data())[i]);
  });
  return value;
}

// f32 within 1e-3 of OpenVINO's (pixel-range values, computed in float there and double here);
// f16 within one f16 step; integers exactly.
void expect_matches(const Tensor& got, const StoredTensor& want, const std::string& what) {
  ASSERT_EQ(got.get_element_type(), want.type) << what;
  ASSERT_EQ(got.get_shape(), want.shape) << what;
  Tensor expected(want.type, want.shape);
  std::copy(want.bytes.begin(), want.bytes.end(), static_cast<char*>(expected.data()));
  size_t mismatches = 0;
  for (size_t i = 0; i < got.get_size(); ++i) {
    const double g = value_at(got, i), w = value_at(expected, i);
    double tolerance = 0;
    if (want.type == element::f32) tolerance = 1e-3;
    if (want.type == element::f16) tolerance = std::abs(w) / 1024.0 + 1e-3;
    if (std::abs(g - w) > tolerance && mismatches++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is " << g << ", OpenVINO gives " << w;
  }
  EXPECT_EQ(mismatches, 0u) << what;
}

std::vector<Tensor> run_on_template(Core& core, const std::shared_ptr<Model>& model,
                                    const std::vector<StoredTensor>& stored) {
  CompiledModel compiled = core.compile_model(model, "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  size_t input = 0;
  for (const auto& t : stored) {
    if (!t.input) continue;
    Tensor tensor(t.type, t.shape);
    std::copy(t.bytes.begin(), t.bytes.end(), static_cast<char*>(tensor.data()));
    request.set_input_tensor(input++, tensor);
  }
  request.infer();
  std::vector<Tensor> outputs;
  for (size_t i = 0; i < model->get_results().size(); ++i) outputs.push_back(request.get_output_tensor(i));
  return outputs;
}

}  // namespace

// GoogleTest names a failing case by this.
void PrintTo(const ReferenceCase& c, std::ostream* out) { *out << c.name; }

namespace {

class PreprocessReference : public ::testing::TestWithParam<ReferenceCase> {};

TEST_P(PreprocessReference, MatchesOpenVinoOnTemplateBeforeAndAfterAnIrRoundTrip) {
  const ReferenceCase& c = GetParam();
  auto model = make_case_model(c.model_shape, c.model_type);
  PrePostProcessor p(model);
  c.build(p);
  const auto built = p.build();
  ASSERT_EQ(built, model) << "build() edits the model in place";
  const auto stored = read_manifest(c.name);

  // The new inputs are the application's tensors, as OpenVINO made them.
  std::vector<const StoredTensor*> inputs;
  for (const auto& t : stored)
    if (t.input) inputs.push_back(&t);
  ASSERT_EQ(model->get_parameters().size(), inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_EQ(model->get_parameters()[i]->get_element_type(), inputs[i]->type) << "input " << i;
    EXPECT_EQ(model->get_parameters()[i]->get_partial_shape(), PartialShape(inputs[i]->shape)) << "input " << i;
  }

  Core core;
  const auto outputs = run_on_template(core, model, stored);
  size_t output = 0;
  for (const auto& t : stored)
    if (!t.input) expect_matches(outputs.at(output++), t, c.name + " on TEMPLATE");

  // The IR keeps the preprocessing: Ferry reads back the same ops and the same results.
  const char* out_dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  const std::string xml = std::string(out_dir ? out_dir : std::getenv("TEST_TMPDIR")) + "/" + c.name + ".xml";
  const std::string bin = xml.substr(0, xml.size() - 4) + ".bin";
  serialize(model, xml, bin);
  const auto read = core.read_model(xml, bin);
  ASSERT_EQ(read->get_ordered_ops().size(), model->get_ordered_ops().size());
  for (size_t i = 0; i < read->get_ordered_ops().size(); ++i)
    EXPECT_EQ(read->get_ordered_ops()[i]->get_type_info(), model->get_ordered_ops()[i]->get_type_info());
  for (size_t i = 0; i < read->get_parameters().size(); ++i) {
    EXPECT_EQ(read->get_parameters()[i]->get_layout(), model->get_parameters()[i]->get_layout());
    EXPECT_EQ(read->input(i).get_names(), model->input(i).get_names());
  }
  const auto reread_outputs = run_on_template(core, read, stored);
  output = 0;
  for (const auto& t : stored)
    if (!t.input) expect_matches(reread_outputs.at(output++), t, c.name + " read back from IR");
}

INSTANTIATE_TEST_SUITE_P(OpenVinoCases, PreprocessReference, ::testing::ValuesIn(reference_cases()),
                         [](const ::testing::TestParamInfo<ReferenceCase>& info) { return info.param.name; });

}  // namespace
}  // namespace preprocess_test
}  // namespace ferry
