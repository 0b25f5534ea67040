#include "resnet50.hpp"

#include <gtest/gtest.h>

#include "ferry/graph/ops/constant.hpp"

namespace ferry::tools {
namespace {

struct Census {
  size_t convolutions = 0;
  size_t parameters = 0;  // weights and biases: every f32 constant's elements
  double weight_sum = 0;
};

Census census(const Model& model) {
  Census result;
  for (const auto& node : model.get_ordered_ops()) {
    if (std::string(node->get_type_name()) == "Convolution") ++result.convolutions;
    const auto constant = std::dynamic_pointer_cast<op::v0::Constant>(node);
    if (!constant || constant->get_element_type() != element::f32) continue;
    const size_t count = shape_size(constant->get_shape());
    const float* values = constant->get_data_ptr<float>();
    result.parameters += count;
    for (size_t i = 0; i < count; ++i) result.weight_sum += values[i];
  }
  return result;
}

TEST(ResNet50, HasTheArchitecturesLayersAndParameters) {
  const auto model = make_resnet50();
  const Census layers = census(*model);
  // 1 stem + 16 blocks x 3 + 4 shortcut projections.
  EXPECT_EQ(layers.convolutions, 53u);
  // torchvision's resnet50 has 25,557,032 parameters; folding each of its 53 batch norms (weight
  // and bias, 26,560 channels in all) into one bias per channel leaves 26,560 fewer.
  EXPECT_EQ(layers.parameters, 25557032u - 26560u);
  ASSERT_EQ(model->inputs().size(), 1u);
  EXPECT_EQ(model->input(0).get_any_name(), "image");
  EXPECT_EQ(model->input(0).get_partial_shape(), PartialShape({1, 3, 224, 224}));
  ASSERT_EQ(model->outputs().size(), 1u);
  EXPECT_EQ(model->output(0).get_any_name(), "probabilities");
  EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({1, 1000}));
}

TEST(ResNet50, TheSeedChoosesTheWeights) {
  const double seven = census(*make_resnet50(7)).weight_sum;
  EXPECT_EQ(census(*make_resnet50(7)).weight_sum, seven);
  EXPECT_NE(census(*make_resnet50(8)).weight_sum, seven);
  EXPECT_EQ(make_resnet50(1, Dimension::dynamic())->input(0).get_partial_shape(),
            PartialShape({Dimension::dynamic(), 3, 224, 224}));
}

}  // namespace
}  // namespace ferry::tools
