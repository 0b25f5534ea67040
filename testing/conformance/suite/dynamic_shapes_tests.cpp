// Conformance, dynamic shapes: models whose inputs have unbounded or bounded dimensions (or an
// unknown rank), inputs that change shape between inferences on one request, outputs whose
// shape follows, Model::reshape before compiling, and inputs outside the bounds refused with
// the request still usable. Expected values come from core's reference evaluation of the same
// model. A device that cannot compile dynamic shapes skips the category, saying why.

#include <gtest/gtest.h>

#include <optional>

#include "checks.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/concat.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "fixtures.hpp"
#include "options.hpp"

namespace ferry::conformance {
namespace {

const std::string& device() { return options().device; }

// x -> "y" = Relu(x - 0.25), same shape as x; "z" = Concat(y, x) on `axis`, twice x's dimension
// there: one output that follows the input's shape and one computed from it.
std::shared_ptr<Model> make_follow_model(const PartialShape& x_shape, int64_t axis = 0) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, x_shape);
  x->set_friendly_name("x");
  x->output(0).set_names({"x"});
  auto shifted =
      std::make_shared<op::v1::Subtract>(x, op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.25f}));
  auto y = std::make_shared<op::v0::Relu>(shifted);
  y->output(0).set_names({"y"});
  auto z = std::make_shared<op::v0::Concat>(OutputVector{y, x}, axis);
  z->output(0).set_names({"z"});
  return std::make_shared<Model>(OutputVector{y, z}, ParameterVector{x}, "conformance_dynamic_follow");
}

// Compiles `model`, or says why the device cannot (the caller skips with that reason).
std::optional<CompiledModel> compile_dynamic(Core& core, const std::shared_ptr<Model>& model, std::string& why) {
  try {
    return core.compile_model(model, device());
  } catch (const Exception& e) {
    why = e.what();
    return std::nullopt;
  }
}

// The device must exist (a misconfigured run fails, it does not skip); only a refused dynamic
// compile skips.
#define COMPILE_OR_SKIP(compiled, core, model)                                                   \
  ASSERT_FALSE(supported_keys(core, device()).empty());                                          \
  std::string why_##compiled;                                                                    \
  auto compiled##_or = compile_dynamic(core, model, why_##compiled);                             \
  if (!compiled##_or)                                                                            \
    GTEST_SKIP() << "unsupported: " << device() << " does not compile a model with input shape " \
                 << model->input().get_partial_shape() << " (" << why_##compiled << ")";         \
  CompiledModel compiled = *compiled##_or

// Infers `x` of `shape` on `request` and checks both outputs' shapes and values against the
// reference evaluation of `model` (a make_follow_model of `axis`).
void infer_and_check(InferRequest& request, const std::shared_ptr<Model>& model, const Shape& shape, int seed,
                     size_t axis = 0) {
  SCOPED_TRACE("input shape " + PartialShape(shape).to_string());
  const Tensor x = make_f32(shape, sample(shape_size(shape), seed));
  TensorVector expected;
  ASSERT_TRUE(model->evaluate(expected, {x}));
  request.set_tensor("x", x);
  request.infer();
  const Tensor y = request.get_tensor("y"), z = request.get_tensor("z");
  EXPECT_EQ(y.get_shape(), expected[0].get_shape());
  EXPECT_EQ(z.get_shape(), expected[1].get_shape());
  Shape doubled = shape;
  doubled[axis] *= 2;
  EXPECT_EQ(z.get_shape(), doubled);  // independent of the reference: Concat of two x-shaped values
  expect_near(values_of(y), values_of(expected[0]), 1e-5f);
  expect_near(values_of(z), values_of(expected[1]), 1e-5f);
}

TEST(DynamicShapes, UnboundedDimChangesBetweenInferences) {
  Core core = make_core();
  const auto model = make_follow_model(PartialShape{Dimension::dynamic(), 3});
  COMPILE_OR_SKIP(compiled, core, model);
  EXPECT_EQ(compiled.input().get_partial_shape(), model->input().get_partial_shape());
  InferRequest request = compiled.create_infer_request();
  int seed = 0;
  for (size_t batch : {1, 4, 2, 4}) infer_and_check(request, model, {batch, 3}, ++seed);
}

TEST(DynamicShapes, AllDimsUnbounded) {
  Core core = make_core();
  const auto model = make_follow_model(PartialShape{Dimension::dynamic(), Dimension::dynamic()});
  COMPILE_OR_SKIP(compiled, core, model);
  InferRequest request = compiled.create_infer_request();
  int seed = 10;
  for (const Shape& shape : {Shape{2, 3}, Shape{1, 5}, Shape{3, 1}}) infer_and_check(request, model, shape, ++seed);
}

TEST(DynamicShapes, DynamicRank) {
  Core core = make_core();
  const auto model = make_follow_model(PartialShape::dynamic());
  COMPILE_OR_SKIP(compiled, core, model);
  InferRequest request = compiled.create_infer_request();
  int seed = 20;
  for (const Shape& shape : {Shape{4}, Shape{2, 3}, Shape{1, 2, 2}}) infer_and_check(request, model, shape, ++seed);
}

TEST(DynamicShapes, BoundedDimsWithinBounds) {
  Core core = make_core();
  const auto model = make_follow_model(PartialShape{Dimension(1, 4), Dimension(2, 6)});
  COMPILE_OR_SKIP(compiled, core, model);
  EXPECT_EQ(compiled.input().get_partial_shape(), model->input().get_partial_shape());
  InferRequest request = compiled.create_infer_request();
  int seed = 30;
  for (const Shape& shape : {Shape{1, 2}, Shape{4, 6}, Shape{3, 3}, Shape{1, 6}})
    infer_and_check(request, model, shape, ++seed);
}

TEST(DynamicShapes, ShapeOutsideBoundsIsRefusedAndTheRequestStaysUsable) {
  Core core = make_core();
  const auto model = make_follow_model(PartialShape{Dimension(1, 4), 3});
  COMPILE_OR_SKIP(compiled, core, model);
  InferRequest request = compiled.create_infer_request();
  infer_and_check(request, model, {2, 3}, 40);
  for (const Shape& wrong : {Shape{5, 3}, Shape{0, 3}, Shape{2, 4}}) {
    SCOPED_TRACE("shape " + PartialShape(wrong).to_string());
    // Refused when set, or at the latest by the inference.
    EXPECT_THROW(
        {
          request.set_tensor("x", make_f32(wrong, sample(shape_size(wrong), 41)));
          request.infer();
        },
        Exception);
  }
  infer_and_check(request, model, {4, 3}, 42);
  infer_and_check(request, model, {1, 3}, 43);
}

TEST(DynamicShapes, ReshapeThenCompile) {
  Core core = make_core();
  // Static to another static shape: the batch, 2 to 5; under --batch_one_models the features, 3
  // to 5 at batch 1, with "z" concatenated on the features so that it keeps batch 1 too.
  const bool batch_one = options().batch_one_models;
  const size_t axis = batch_one ? 1 : 0;
  const Shape before = batch_one ? Shape{1, 3} : Shape{2, 3}, after = batch_one ? Shape{1, 5} : Shape{5, 3};
  Shape z_after = after;
  z_after[axis] *= 2;
  const auto model = make_follow_model(PartialShape(before), static_cast<int64_t>(axis));
  {
    model->reshape(PartialShape(after));
    CompiledModel compiled = core.compile_model(model, device());
    EXPECT_EQ(compiled.input().get_partial_shape(), PartialShape(after));
    EXPECT_EQ(compiled.output("z").get_partial_shape(), PartialShape(z_after));
    InferRequest request = compiled.create_infer_request();
    infer_and_check(request, model, after, 50, axis);
  }
  {
    model->reshape(PartialShape{Dimension(1, 8), 3});  // to bounded
    COMPILE_OR_SKIP(compiled, core, model);
    EXPECT_EQ(compiled.output("z").get_partial_shape(),
              batch_one ? PartialShape({Dimension(1, 8), 6}) : PartialShape({Dimension(2, 16), 3}));
    InferRequest request = compiled.create_infer_request();
    infer_and_check(request, model, {7, 3}, 51, axis);
    infer_and_check(request, model, {1, 3}, 52, axis);
  }
  {
    model->reshape(std::map<std::string, PartialShape>{{"x", PartialShape{Dimension::dynamic(), 2}}});  // by name
    COMPILE_OR_SKIP(compiled, core, model);
    InferRequest request = compiled.create_infer_request();
    infer_and_check(request, model, {3, 2}, 53, axis);
  }
  // A reshape naming no input is refused and leaves the model as it was.
  EXPECT_THROW(model->reshape(std::map<std::string, PartialShape>{{"no_such_input", PartialShape{1, 2}}}), Exception);
  EXPECT_EQ(model->input().get_partial_shape(), PartialShape({Dimension::dynamic(), 2}));
}

}  // namespace
}  // namespace ferry::conformance
