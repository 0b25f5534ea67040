// The configuration logic against the shipped CNN (input "image" f32 [1,3,16,16], output
// "probs" f32 [1,5]): what Triton's JSON says, what is refused and why, what auto-complete adds.
#include "model_config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry::serving::triton {
namespace {

using ::ferry::testing::error_of;

std::shared_ptr<Model> cnn() { return Core().read_model("testing/models/openvino/cnn.xml"); }

// Triton's JSON form: int64 fields (dims) as strings, max_batch_size as a number.
const char* const kBatched = R"({
  "name": "cnn", "backend": "ferry", "max_batch_size": 8,
  "input": [{"name": "image", "data_type": "TYPE_FP32", "dims": ["3", "16", "16"]}],
  "output": [{"name": "probs", "data_type": "TYPE_FP32", "dims": ["5"]}],
  "parameters": {"DEVICE": {"string_value": "TEMPLATE"}, "PERFORMANCE_HINT": {"string_value": "LATENCY"}}
})";

std::string with(const std::string& json, const std::string& pointer, const nlohmann::json& value) {
  nlohmann::json config = nlohmann::json::parse(json);
  config[nlohmann::json::json_pointer(pointer)] = value;
  return config.dump();
}

TEST(ModelConfig, ReadsTritonsJson) {
  const ModelConfig config = parse_model_config(kBatched);
  EXPECT_EQ(config.name, "cnn");
  EXPECT_EQ(config.max_batch_size, 8);
  ASSERT_EQ(config.inputs.size(), 1u);
  EXPECT_EQ(config.inputs[0].name, "image");
  EXPECT_EQ(config.inputs[0].type, element::f32);
  EXPECT_EQ(config.inputs[0].dims, (std::vector<int64_t>{3, 16, 16}));
  ASSERT_EQ(config.outputs.size(), 1u);
  EXPECT_EQ(config.outputs[0].dims, (std::vector<int64_t>{5}));
  EXPECT_EQ(config.device, "TEMPLATE");
  ASSERT_EQ(config.properties.size(), 1u);  // DEVICE is the device, not a property
  EXPECT_EQ(config.properties.at("PERFORMANCE_HINT").as<std::string>(), "LATENCY");
}

// Ragged batches would put requests of different shapes into one batch buffer: refused at load.
TEST(ModelConfig, RefusesRaggedBatching) {
  const std::string message =
      error_of<ConfigError>([] { parse_model_config(with(kBatched, "/input/0/allow_ragged_batch", true)); });
  EXPECT_NE(message.find("input 'image': allow_ragged_batch is not supported"), std::string::npos) << message;
  EXPECT_EQ(parse_model_config(with(kBatched, "/input/0/allow_ragged_batch", false)).inputs.size(), 1u);
}

// Fields of the wrong JSON type are the configuration's error, not an internal one.
TEST(ModelConfig, RefusesFieldsOfTheWrongType) {
  for (const auto& field : std::vector<std::pair<std::string, nlohmann::json>>{{"/input/0", 7},
                                                                               {"/input/0/name", 3},
                                                                               {"/default_model_filename", false},
                                                                               {"/name", nlohmann::json::array()}}) {
    const std::string message =
        error_of<ConfigError>([&] { parse_model_config(with(kBatched, field.first, field.second)); });
    EXPECT_NE(message.find("the model configuration is malformed"), std::string::npos)
        << field.first << ": " << message;
  }
}

TEST(ModelConfig, RefusesWhatItCannotRead) {
  EXPECT_NE(error_of<ConfigError>([] { parse_model_config("{oops"); }).find("not JSON"), std::string::npos);
  // A number no double holds: nlohmann's out_of_range, not a parse_error (found by fuzzing).
  EXPECT_NE(
      error_of<ConfigError>([] { parse_model_config(R"({"max_batch_size": 5E5555555555})"); }).find("number overflow"),
      std::string::npos);
  EXPECT_NE(error_of<ConfigError>([] {
              parse_model_config(with(kBatched, "/input/0/data_type", "TYPE_STRING"));
            }).find("data_type TYPE_STRING is not supported"),
            std::string::npos);
  EXPECT_NE(error_of<ConfigError>([] {
              parse_model_config(with(kBatched, "/input/0/dims/1", "sixteen"));
            }).find("input 'image' dims: '\"sixteen\"' is not an integer"),
            std::string::npos);
  EXPECT_NE(error_of<ConfigError>([] {
              parse_model_config(with(kBatched, "/max_batch_size", -2));
            }).find("max_batch_size is -2"),
            std::string::npos);
  EXPECT_NE(error_of<ConfigError>([] {
              parse_model_config(with(kBatched, "/parameters/NUM_STREAMS", nlohmann::json{{"int_value", 2}}));
            }).find("parameter 'NUM_STREAMS' has no string_value"),
            std::string::npos);
}

TEST(ModelConfig, FindsTheModelFile) {
  const auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "1";
  std::filesystem::create_directories(dir);
  ModelConfig config;
  EXPECT_EQ(error_of<ConfigError>([&] { find_model_file(dir.string(), config); }),
            "no model file in " + dir.string() + ": looked for model.xml or model.onnx");
  std::ofstream(dir / "model.onnx") << "";
  EXPECT_EQ(find_model_file(dir.string(), config), (dir / "model.onnx").string());
  std::ofstream(dir / "model.xml") << "";
  EXPECT_EQ(find_model_file(dir.string(), config), (dir / "model.xml").string());
  config.default_model_filename = "resnet.xml";
  EXPECT_NE(error_of<ConfigError>([&] { find_model_file(dir.string(), config); }).find("looked for resnet.xml"),
            std::string::npos);
}

TEST(ModelConfig, AcceptsConfigurationsThatFitTheModel) {
  const auto model = cnn();
  EXPECT_NO_THROW(check_against_model(parse_model_config(kBatched), *model));
  // Unbatched: whole shapes; -1 accepts any length.
  std::string whole = with(kBatched, "/max_batch_size", 0);
  whole = with(whole, "/input/0/dims", {1, 3, -1, 16});
  whole = with(whole, "/output/0/dims", {1, 5});
  EXPECT_NO_THROW(check_against_model(parse_model_config(whole), *model));
}

TEST(ModelConfig, NamesWhatContradictsTheModel) {
  const auto model = cnn();
  auto error = [&](const std::string& json) {
    return error_of<ConfigError>([&] { check_against_model(parse_model_config(json), *model); });
  };
  EXPECT_EQ(error(with(kBatched, "/input/0/name", "picture")),
            "input 'picture' is not an input of the model (its inputs: 'image')");
  EXPECT_EQ(error(with(kBatched, "/input/0/data_type", "TYPE_FP16")),
            "input 'image': data_type TYPE_FP16 but the model's tensor is f32 (TYPE_FP32)");
  EXPECT_EQ(
      error(with(kBatched, "/input/0/dims", {3, 32, 32})),
      "input 'image': dims [3,32,32] do not fit the model's shape [1,3,16,16] (its first dimension is the batch)");
  EXPECT_EQ(error(with(kBatched, "/max_batch_size", 0)),
            "input 'image': dims [3,16,16] do not fit the model's shape [1,3,16,16]");
  EXPECT_EQ(error(with(kBatched, "/output/0/name", "logits")),
            "output 'logits' is not an output of the model (its outputs: 'probs')");
  EXPECT_EQ(error(with(kBatched, "/output/0/dims", {6})),
            "output 'probs': dims [6] do not fit the model's shape [1,5] (its first dimension is the batch)");
}

TEST(ModelConfig, AutoCompleteFillsInputsAndOutputsFromTheModel) {
  const auto model = cnn();
  nlohmann::json bare = nlohmann::json::parse(kBatched);
  bare.erase("input");
  bare.erase("output");
  const ModelConfig config = parse_model_config(bare.dump());
  const ModelConfig completed = parse_model_config(complete_from_model(config, *model));
  ASSERT_EQ(completed.inputs.size(), 1u);
  EXPECT_EQ(completed.inputs[0].name, "image");
  EXPECT_EQ(completed.inputs[0].dims, (std::vector<int64_t>{3, 16, 16}));
  ASSERT_EQ(completed.outputs.size(), 1u);
  EXPECT_EQ(completed.outputs[0].name, "probs");
  EXPECT_EQ(completed.outputs[0].type, element::f32);
  EXPECT_EQ(completed.outputs[0].dims, (std::vector<int64_t>{5}));
  EXPECT_EQ(completed.device, "TEMPLATE");  // the rest of the configuration is kept
  EXPECT_NO_THROW(check_against_model(completed, *model));
  EXPECT_EQ(complete_from_model(completed, *model), "");  // nothing left to add
}

TEST(ModelConfig, CompilesABatchDimensionBoundedByMaxBatchSize) {
  const auto model = cnn();
  const auto shapes = compile_shapes(parse_model_config(kBatched), *model);
  ASSERT_EQ(shapes.count("image"), 1u);
  EXPECT_EQ(shapes.at("image"), PartialShape({Dimension(1, 8), 3, 16, 16}));
  model->reshape(shapes);  // the CNN takes any batch up to 8
  EXPECT_EQ(model->outputs()[0].get_partial_shape(), PartialShape({Dimension(1, 8), 5}));
}

}  // namespace
}  // namespace ferry::serving::triton
