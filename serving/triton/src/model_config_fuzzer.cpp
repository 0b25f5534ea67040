// Fuzz target for the Triton model configuration reader: the JSON Triton hands the backend from a
// model repository's config.pbtxt, which whoever can write to the repository controls. Any input
// must either be read or throw ConfigError: crashes, hangs, leaks, other exceptions and
// out-of-bounds reads are bugs. A configuration that reads is also checked against a model with a
// dynamic and a static input, completed from it and turned into compile shapes, as the backend
// does at load.
#include <cstdint>
#include <string>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "model_config.hpp"

namespace {

using namespace ferry;

// tokens f32 [?,1..10,8] -> Relu -> probs; image u8 [1,3] -> Relu -> pixels.
std::shared_ptr<Model> make_model() {
  auto tokens = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), {1, 10}, 8});
  tokens->output(0).set_names({"tokens"});
  auto image = std::make_shared<op::v0::Parameter>(element::u8, PartialShape{1, 3});
  image->output(0).set_names({"image"});
  auto probs = std::make_shared<op::v0::Relu>(tokens);
  probs->output(0).set_names({"probs"});
  auto pixels = std::make_shared<op::v0::Relu>(image);
  pixels->output(0).set_names({"pixels"});
  return std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(probs), std::make_shared<op::v0::Result>(pixels)},
      ParameterVector{tokens, image}, "fuzz");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::shared_ptr<Model> model = make_model();
  try {
    const serving::triton::ModelConfig config =
        serving::triton::parse_model_config(std::string(reinterpret_cast<const char*>(data), size));
    const std::string completed = serving::triton::complete_from_model(config, *model);
    if (!completed.empty()) serving::triton::parse_model_config(completed);
    serving::triton::check_against_model(config, *model);
    serving::triton::compile_shapes(config, *model);
  } catch (const serving::triton::ConfigError&) {
  }
  return 0;
}
