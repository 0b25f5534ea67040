// get_batch / set_batch and the port layouts they read.
#include "ferry/graph/model_batch.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/graph/port_layout.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

// Two inputs added together: a [N,C] and b [C,N] (batch last).
std::shared_ptr<Model> two_inputs(const PartialShape& a_shape, const PartialShape& b_shape) {
  auto a = param(element::f32, a_shape);
  auto b = param(element::f32, b_shape);
  auto sum = std::make_shared<v1::Add>(
      a, std::make_shared<v1::Transpose>(b, v0::Constant::create<int64_t>(element::i64, Shape{2}, {1, 0})));
  return std::make_shared<Model>(OutputVector{sum}, ParameterVector{a, b}, "two");
}

TEST(ModelBatch, ReadsEveryInputWhoseLayoutHasN) {
  auto model = two_inputs(PartialShape{Dimension::dynamic(), 3}, PartialShape{3, 4});
  layout::set_layout(model->input(0), "NC");
  EXPECT_EQ(get_batch(model), Dimension::dynamic());
  // Batch last, counted from the end ("...N"); the two inputs' batches merge.
  layout::set_layout(model->input(1), "C...N");
  EXPECT_EQ(get_batch(model), Dimension(4));
}

TEST(ModelBatch, SetBatchReshapesOnlyInputsWithN) {
  auto model = two_inputs(PartialShape{2, 3}, PartialShape{3, 2});
  model->get_parameters()[0]->set_layout("NC");
  model->get_parameters()[1]->set_layout("C?");  // no N: left as it is, and the add then fails
  EXPECT_THROW_WITH(set_batch(model, 5), "set_batch", "'two'", "batch 5");
  EXPECT_EQ(model->input(0).get_partial_shape(), (PartialShape{2, 3}));  // unchanged after the failure
  model->get_parameters()[1]->set_layout("CN");
  set_batch(model, 5);
  EXPECT_EQ(model->input(1).get_partial_shape(), (PartialShape{3, 5}));
  EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{5, 3}));
}

TEST(ModelBatch, RefusesWhatItCannotRead) {
  auto model = two_inputs(PartialShape{2, 3}, PartialShape{3, 1});
  EXPECT_THROW_WITH(get_batch(model), "'two'", "no input whose layout names the batch axis N");
  EXPECT_THROW_WITH(set_batch(model, 2), "'two'", "no input whose layout names the batch axis N");
  layout::set_layout(model->input(0), "NC");
  layout::set_layout(model->input(1), "CN");
  EXPECT_THROW_WITH(get_batch(model), "batches differ", "2 and 1");
  auto unranked = two_inputs(PartialShape::dynamic(), PartialShape{3, 4});
  layout::set_layout(unranked->input(0), "NC");
  EXPECT_THROW_WITH(get_batch(unranked), "dynamic rank");
}

TEST(PortLayout, OnlyModelPortsOfAFittingRank) {
  auto model = two_inputs(PartialShape{2, 3}, PartialShape{3, 2});
  layout::set_layout(model->output(), "NC");
  EXPECT_EQ(layout::get_layout(model->output()), Layout("NC"));
  EXPECT_EQ(model->get_results()[0]->get_layout(), Layout("NC"));
  EXPECT_THROW_WITH(layout::set_layout(model->input(0), "NCHW"), "does not fit", "[2,3]");
  const auto add = model->get_results()[0]->get_input_node_shared_ptr(0);
  EXPECT_THROW_WITH(layout::set_layout(add->output(0), "NC"), "not a model input or output");
  layout::set_layout(model->output(), Layout());  // empty: removed
  EXPECT_TRUE(layout::get_layout(model->output()).empty());
  EXPECT_EQ(model->output().get_rt_info().count("layout"), 0u);
}

}  // namespace
}  // namespace ferry
