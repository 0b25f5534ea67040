// HETERO as applications use it: a model split over TEMPLATE and CPU by the nodes' "affinity"
// rt_info, and over GPU and CPU by what each device's query_model supports (GPU on PoCL in CI;
// left out under ThreadSanitizer, FERRY_HETERO_TEST_GPU=0, where the in-tree plugins have no GPU).
// Every output is checked against make_mlp's reference computed with plain loops (relative 1e-5).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convert.hpp"
#include "ferry/graph/ops/dropout.hpp"
#include "ferry/graph/ops/non_zero.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reduction.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/hetero/properties.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/split_mlp.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::hetero {
namespace {

using testing::error_of;
using namespace test_models;

constexpr size_t kBatch = 2;

bool has_gpu() {
  const char* gpu = std::getenv("FERRY_HETERO_TEST_GPU");
  return !gpu || std::string(gpu) != "0";
}

std::shared_ptr<Model> split_mlp(const std::string& first, const std::string& second) {
  return test::split_mlp(kBatch, first, second);
}

void expect_near(const Tensor& tensor, const std::vector<float>& expected, const std::string& what) {
  ASSERT_EQ(tensor.get_size(), expected.size()) << what;
  const float* data = tensor.data<const float>();
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_NEAR(data[i], expected[i], 1e-5 * std::max(1.f, std::fabs(expected[i]))) << what << " [" << i << "]";
}

// Fills x (through get_tensor: the first device's own input), runs, checks both outputs.
void expect_mlp_works(InferRequest& request, int seed, const std::string& what) {
  const std::vector<float> x = sample(kBatch * kMlp.in, seed);
  Tensor input = request.get_tensor("x");
  std::copy(x.begin(), x.end(), input.data<float>());
  request.infer();
  const MlpOutputs expected = mlp_reference(x, kBatch);
  expect_near(request.get_tensor("probs"), expected.probs, what + " probs");
  expect_near(request.get_tensor("hidden"), expected.hidden, what + " hidden");
}

TEST(Hetero, AffinitySplitsTheModelAndEveryOutputIsRight) {
  Core core;
  auto compiled = core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU");
  EXPECT_EQ(compiled.get_property(number_of_submodels), 2u);
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{"CPU", "TEMPLATE"}));
  const std::string partition_text = compiled.get_property(partition);
  EXPECT_NE(partition_text.find("relu\tRelu\tCPU\t0\tits rt_info sets affinity 'CPU'"), std::string::npos)
      << partition_text;
  EXPECT_NE(partition_text.find("softmax\tSoftmax\tTEMPLATE\t1"), std::string::npos) << partition_text;
  auto request = compiled.create_infer_request();
  for (int seed = 0; seed < 3; ++seed) expect_mlp_works(request, seed, "seed " + std::to_string(seed));
}

TEST(Hetero, AModelOneDeviceRunsWholeIsOneSubgraph) {
  Core core;
  auto compiled = core.compile_model(make_mlp(kBatch), "HETERO:CPU,TEMPLATE");
  EXPECT_EQ(compiled.get_property(number_of_submodels), 1u);
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"CPU"});
  auto request = compiled.create_infer_request();
  expect_mlp_works(request, 7, "whole");
  // The priorities property names the devices as the name does.
  auto named = core.compile_model(make_mlp(kBatch), "HETERO", device::priorities("TEMPLATE", "CPU"));
  EXPECT_EQ(named.get_property(execution_devices), std::vector<std::string>{"TEMPLATE"});
}

TEST(Hetero, RequestsInFlightTogetherEachGetTheirOwnResult) {
  Core core;
  auto compiled = core.compile_model(split_mlp("TEMPLATE", "CPU"), "HETERO:CPU,TEMPLATE");
  constexpr int kRequests = 6;
  std::vector<InferRequest> requests;
  std::vector<std::vector<float>> inputs;
  for (int r = 0; r < kRequests; ++r) {
    requests.push_back(compiled.create_infer_request());
    inputs.push_back(sample(kBatch * kMlp.in, 100 + r));
  }
  for (int round = 0; round < 5; ++round) {
    for (int r = 0; r < kRequests; ++r) {
      // A tensor of the caller's: the first device reads it where it lies.
      requests[r].set_tensor("x", Tensor(element::f32, Shape{kBatch, kMlp.in}, inputs[r].data()));
      requests[r].start_async();
    }
    for (int r = 0; r < kRequests; ++r) {
      requests[r].wait();
      const MlpOutputs expected = mlp_reference(inputs[r], kBatch);
      expect_near(requests[r].get_tensor("probs"), expected.probs, "request " + std::to_string(r));
      expect_near(requests[r].get_tensor("hidden"), expected.hidden, "request " + std::to_string(r));
    }
  }
}

TEST(Hetero, OutputTensorsTheCallerSetsAreWrittenInPlace) {
  Core core;
  auto compiled = core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU");
  auto request = compiled.create_infer_request();
  std::vector<float> probs(kBatch * kMlp.out, -1.f), hidden(kBatch * kMlp.hidden, -1.f);
  request.set_tensor("probs", Tensor(element::f32, Shape{kBatch, kMlp.out}, probs.data()));
  request.set_tensor("hidden", Tensor(element::f32, Shape{kBatch, kMlp.hidden}, hidden.data()));
  std::vector<float> x = sample(kBatch * kMlp.in, 3);
  request.set_tensor("x", Tensor(element::f32, Shape{kBatch, kMlp.in}, x.data()));
  request.infer();
  const MlpOutputs expected = mlp_reference(x, kBatch);
  for (size_t i = 0; i < probs.size(); ++i) EXPECT_NEAR(probs[i], expected.probs[i], 1e-5);
  for (size_t i = 0; i < hidden.size(); ++i) EXPECT_NEAR(hidden[i], expected.hidden[i], 1e-5);
}

TEST(Hetero, ProfilingNamesTheDeviceOfEachRecord) {
  Core core;
  auto compiled = core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU", enable_profiling(true));
  auto request = compiled.create_infer_request();
  expect_mlp_works(request, 1, "profiled");
  bool cpu = false, template_device = false;
  for (const auto& record : request.get_profiling_info()) {
    if (record.node_name == "matmul1") cpu = record.exec_type.rfind("CPU:", 0) == 0;
    if (record.node_name == "softmax") template_device = record.exec_type.rfind("TEMPLATE:", 0) == 0;
    EXPECT_NE(record.node_name, "") << record.exec_type;
  }
  EXPECT_TRUE(cpu);
  EXPECT_TRUE(template_device);
}

TEST(Hetero, ExportAndImportKeepTheSplit) {
  Core core;
  auto compiled = core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU");
  std::stringstream blob;
  compiled.export_model(blob);
  auto imported = core.import_model(blob, "HETERO");
  EXPECT_EQ(imported.get_property(number_of_submodels), 2u);
  EXPECT_EQ(imported.get_property(execution_devices), (std::vector<std::string>{"CPU", "TEMPLATE"}));
  EXPECT_EQ(imported.get_property(partition), compiled.get_property(partition));
  auto request = imported.create_infer_request();
  expect_mlp_works(request, 5, "imported");

  std::stringstream garbage("not a blob");
  EXPECT_NE(error_of([&] { core.import_model(garbage, "HETERO"); }).find("HETERO"), std::string::npos);
}

TEST(Hetero, DumpsThePartitionWhereAsked) {
  const auto path = std::filesystem::path(::testing::TempDir()) / "hetero_partition.txt";
  Core core;
  core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU", dump_partition(path.string()));
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_NE(text.str().find("subgraph 0 on CPU"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("matmul2\tMatMul\tTEMPLATE"), std::string::npos) << text.str();

  const std::string refused = error_of([&] {
    core.compile_model(make_mlp(kBatch), "HETERO:TEMPLATE,CPU", dump_partition("/nonexistent-dir/partition.txt"));
  });
  EXPECT_NE(refused.find("/nonexistent-dir/partition.txt"), std::string::npos) << refused;
}

// x [2, 8] -> Relu -> NonZero (a data-dependent shape, which the GPU refuses) -> Convert f32
// -> ReduceSum over all: "sum" adds the row and column indexes of the positive x. Beside it,
// doubled = Relu(x) * 2 skips NonZero's subgraph to "scaled" = doubled * sum.
std::shared_ptr<Model> make_nonzero_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 8});
  x->set_friendly_name("x");
  x->output(0).set_names({"x"});
  auto relu = std::make_shared<op::v0::Relu>(x);
  relu->set_friendly_name("relu");
  auto two = std::make_shared<op::v0::Constant>(element::f32, Shape{}, std::vector<float>{2.f});
  auto doubled = std::make_shared<op::v1::Multiply>(relu, two);
  doubled->set_friendly_name("doubled");
  auto nonzero = std::make_shared<op::v3::NonZero>(relu, element::i64);
  nonzero->set_friendly_name("nonzero");
  auto as_float = std::make_shared<op::v0::Convert>(nonzero, element::f32);
  as_float->set_friendly_name("as_float");
  auto axes = std::make_shared<op::v0::Constant>(element::i64, Shape{2}, std::vector<int64_t>{0, 1});
  auto sum = std::make_shared<op::v1::ReduceSum>(as_float, axes);
  sum->set_friendly_name("sum");
  sum->output(0).set_names({"sum"});
  auto scaled = std::make_shared<op::v1::Multiply>(doubled, sum);
  scaled->set_friendly_name("scaled");
  scaled->output(0).set_names({"scaled"});
  return std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(sum), std::make_shared<op::v0::Result>(scaled)}, ParameterVector{x},
      "nonzero");
}

TEST(Hetero, OpsTheFirstDeviceRefusesGoToTheNext) {
  if (!has_gpu()) GTEST_SKIP() << "no GPU in this build (FERRY_HETERO_TEST_GPU=0)";
  Core core;
  auto model = make_nonzero_model();
  const SupportedOpsMap placed = core.query_model(model, "HETERO:GPU,CPU");
  EXPECT_EQ(placed.at("relu"), "GPU");
  EXPECT_EQ(placed.at("nonzero"), "CPU");
  // The GPU takes the ops after NonZero again: it compiles them per input shape.
  EXPECT_EQ(placed.at("as_float"), "GPU");
  EXPECT_EQ(placed.at("sum"), "GPU");
  EXPECT_EQ(placed.at("doubled"), "GPU");
  EXPECT_EQ(placed.at("scaled"), "GPU");
  auto compiled = core.compile_model(model, "HETERO:GPU,CPU");
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{"GPU", "CPU"}));
  EXPECT_EQ(compiled.get_property(number_of_submodels), 3u);
  auto request = compiled.create_infer_request();
  std::vector<float> x(16);
  float expected = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = (i % 3 == 0) ? 1.f + static_cast<float>(i) : -1.f;
    if (x[i] > 0) expected += static_cast<float>(i / 8 + i % 8);
  }
  request.set_tensor("x", Tensor(element::f32, Shape{2, 8}, x.data()));
  const auto expect_right = [&] {
    EXPECT_FLOAT_EQ(request.get_tensor("sum").data<const float>()[0], expected);
    const Tensor scaled = request.get_tensor("scaled");
    for (size_t i = 0; i < x.size(); ++i)
      EXPECT_FLOAT_EQ(scaled.data<const float>()[i], std::max(0.f, x[i]) * 2.f * expected) << i;
  };
  request.infer();
  expect_right();

  // Each value crosses between the devices as it is: on a device sharing the host's memory (PoCL)
  // the GPU copies nothing at all; on one with its own memory (the H200), each crossing is one
  // counted transfer: x in and Relu's output out (16 floats each), NonZero's indices in (2 x 6
  // i64), the sum (one float) and "scaled" (16 floats) out. "doubled" goes from one GPU
  // subgraph to the other in the GPU's memory: nothing.
  const bool shares_host_memory = core.get_property("GPU", device::type) == device::Type::INTEGRATED;
  const uint64_t before = core.get_property("GPU", gpu::copied_bytes);
  constexpr int kInferences = 3;
  for (int i = 0; i < kInferences; ++i) request.infer();
  const uint64_t per_inference =
      shares_host_memory ? 0 : 3 * x.size() * sizeof(float) + 2 * 6 * sizeof(int64_t) + sizeof(float);
  EXPECT_EQ(core.get_property("GPU", gpu::copied_bytes) - before, kInferences * per_inference);
  expect_right();
}

// query_model answers by friendly name, and names need not be unique: ONNX's importer names an
// op and the Result after it alike ("y"). The GPU lists its Result "y", so "y" reads as supported,
// and its compile then refuses the Dropout "y" (no GPU kernel with a training-mode input). HETERO
// takes the op its device's error names to the next device instead of failing.
TEST(Hetero, AnOpADeviceListsButDoesNotCompileGoesToTheNextDevice) {
  if (!has_gpu()) GTEST_SKIP() << "no GPU in this build (FERRY_HETERO_TEST_GPU=0)";
  Core core;
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{3, 4});
  x->output(0).set_names({"x"});
  auto ratio = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{});
  ratio->output(0).set_names({"ratio"});
  auto training = std::make_shared<op::v0::Parameter>(element::boolean, PartialShape{});
  training->output(0).set_names({"training"});
  auto dropout = std::make_shared<op::ext::Dropout>(x, ratio, training);
  dropout->set_friendly_name("y");
  dropout->output(0).set_names({"y"});
  auto result = std::make_shared<op::v0::Result>(dropout);
  result->set_friendly_name("y");
  auto model = std::make_shared<Model>(ResultVector{result}, ParameterVector{x, ratio, training});
  ASSERT_EQ(core.query_model(model, "GPU").count("y"), 1u)
      << "the GPU no longer lists 'y': the test needs another case";
  EXPECT_NE(error_of([&] { core.compile_model(model, "GPU"); }).find("'y'"), std::string::npos);
  auto compiled = core.compile_model(model, "HETERO:GPU,CPU");
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"CPU"});
  auto request = compiled.create_infer_request();
  std::vector<float> data = sample(12, 9);
  float zero = 0.f;
  char yes = 1;
  request.set_tensor("x", Tensor(element::f32, Shape{3, 4}, data.data()));
  request.set_tensor("ratio", Tensor(element::f32, Shape{}, &zero));
  request.set_tensor("training", Tensor(element::boolean, Shape{}, &yes));
  request.infer();
  expect_near(request.get_tensor("y"), data, "dropout with ratio 0");
}

// An op no device has a kernel for.
class NoKernel : public op::Op {
 public:
  FERRY_OP("HeteroTestNoKernel", "ferry_test")
  NoKernel() = default;
  explicit NoKernel(const Output<Node>& value) : Op({value}) { constructor_validate_and_infer_types(); }
  void validate_and_infer_types() override {
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
  }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override {
    return std::make_shared<NoKernel>(inputs.at(0));
  }
};

TEST(Hetero, BadInputGetsErrorsNamingWhatIsWrong) {
  Core core;
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2});
  auto odd = std::make_shared<NoKernel>(std::make_shared<op::v0::Relu>(x));
  odd->set_friendly_name("odd");
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(odd)}, ParameterVector{x});
  const std::string unsupported = error_of([&] { core.compile_model(model, "HETERO:TEMPLATE,CPU"); });
  EXPECT_NE(unsupported.find("'odd' of type HeteroTestNoKernel is supported by none of its devices (TEMPLATE, CPU)"),
            std::string::npos)
      << unsupported;
  // query_model leaves it out instead.
  const SupportedOpsMap placed = core.query_model(model, "HETERO:TEMPLATE,CPU");
  EXPECT_EQ(placed.count("odd"), 0u);

  auto affine = split_mlp("NPU", "CPU");
  const std::string foreign = error_of([&] { core.compile_model(affine, "HETERO:TEMPLATE,CPU"); });
  EXPECT_NE(foreign.find("has affinity 'NPU', which is not one of its devices (TEMPLATE, CPU)"), std::string::npos)
      << foreign;

  EXPECT_NE(error_of([&] { core.compile_model(make_mlp(kBatch), "HETERO:NOSUCHDEVICE,CPU"); }).find("NOSUCHDEVICE"),
            std::string::npos);
  EXPECT_NE(error_of([&] { core.compile_model(make_mlp(kBatch), "HETERO:MULTI:CPU"); }).find("MULTI"),
            std::string::npos);
  // The Core is still usable.
  auto compiled = core.compile_model(split_mlp("CPU", "TEMPLATE"), "HETERO:TEMPLATE,CPU");
  auto request = compiled.create_infer_request();
  expect_mlp_works(request, 2, "after the errors");
}

}  // namespace
}  // namespace ferry::hetero

namespace ferry::hetero {
namespace {

// make_heavy's six MatMul + Relu layers on TEMPLATE alone: what every split must compute.
std::vector<float> heavy_on_template(Core& core, const std::vector<float>& x) {
  auto request = core.compile_model(make_heavy(), "TEMPLATE").create_infer_request();
  std::copy(x.begin(), x.end(), request.get_input_tensor().data<float>());
  request.infer();
  const Tensor y = request.get_output_tensor();
  return std::vector<float>(y.data<const float>(), y.data<const float>() + y.get_size());
}

size_t matmuls_on(const std::string& partition_text, const std::string& device) {
  size_t count = 0;
  std::istringstream lines(partition_text);
  for (std::string line; std::getline(lines, line);)
    if (line.find("\tMatMul\t" + device + "\t") != std::string::npos) ++count;
  return count;
}

// The two devices of the PIPELINE_PARALLEL test: CPU and TEMPLATE, or the pair
// FERRY_HETERO_PIPELINE_DEVICES names ("GPU.0,GPU.1" on the two-GPU machine,
// tools/gpu_perf/hetero_on_device.sh).
std::pair<std::string, std::string> pipeline_devices() {
  const char* named = std::getenv("FERRY_HETERO_PIPELINE_DEVICES");
  const std::string devices = named ? named : "CPU,TEMPLATE";
  const size_t comma = devices.find(',');
  return {devices.substr(0, comma), devices.substr(comma + 1)};
}

TEST(HeteroPipelineParallel, SplitsEvenlyOrByTheMemoryBudget) {
  const auto [first, second] = pipeline_devices();
  const std::string hetero = "HETERO:" + first + "," + second;
  Core core;
  const std::vector<float> x = sample(kHeavy * kHeavy, 11);
  const std::vector<float> expected = heavy_on_template(core, x);
  const auto run = [&](CompiledModel& compiled) {
    auto request = compiled.create_infer_request();
    std::copy(x.begin(), x.end(), request.get_input_tensor().data<float>());
    request.infer();
    expect_near(request.get_output_tensor(), expected, "pipeline");
  };
  const AnyMap pipeline{hint::model_distribution_policy(
      std::set<hint::ModelDistributionPolicy>{hint::ModelDistributionPolicy::PIPELINE_PARALLEL})};

  // Every device runs every op: the arithmetic is shared evenly, three layers each.
  auto even = core.compile_model(make_heavy(), hetero, pipeline);
  EXPECT_EQ(even.get_property(number_of_submodels), 2u);
  EXPECT_EQ(matmuls_on(even.get_property(partition), first), 3u) << even.get_property(partition);
  EXPECT_EQ(matmuls_on(even.get_property(partition), second), 3u);
  run(even);

  // A budget that holds one layer (36 KiB of weights and 36 KiB of output) ends the first stage there.
  AnyMap budgeted = pipeline;
  budgeted[memory_budget.name()] = first + ":100000";
  auto forced = core.compile_model(make_heavy(), hetero, budgeted);
  EXPECT_EQ(matmuls_on(forced.get_property(partition), first), 1u) << forced.get_property(partition);
  EXPECT_EQ(matmuls_on(forced.get_property(partition), second), 5u);
  run(forced);

  // Without PIPELINE_PARALLEL the first device runs it whole.
  EXPECT_EQ(core.compile_model(make_heavy(), hetero).get_property(number_of_submodels), 1u);

  AnyMap too_small = pipeline;
  too_small[memory_budget.name()] = first + ":100000," + second + ":100000";
  const std::string unfit = error_of([&] { core.compile_model(make_heavy(), hetero, too_small); });
  EXPECT_NE(unfit.find("does not fit the devices' memory budgets (" + second + " would hold"), std::string::npos)
      << unfit;
  AnyMap malformed = pipeline;
  malformed[memory_budget.name()] = first + "=5";
  const std::string bad = error_of([&] { core.compile_model(make_heavy(), hetero, malformed); });
  EXPECT_NE(bad.find("'" + first + "=5' is not DEVICE:BYTES"), std::string::npos) << bad;
  AnyMap foreign = pipeline;
  foreign[memory_budget.name()] = std::string("GPU.7:5");
  const std::string unknown = error_of([&] { core.compile_model(make_heavy(), hetero, foreign); });
  EXPECT_NE(unknown.find("names 'GPU.7', which is not one of the devices"), std::string::npos) << unknown;
}

}  // namespace
}  // namespace ferry::hetero
