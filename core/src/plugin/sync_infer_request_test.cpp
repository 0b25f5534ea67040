#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

std::shared_ptr<Model> make_relu_model(const PartialShape& shape, const element::Type& type = element::f32) {
  auto x = std::make_shared<op::v0::Parameter>(type, shape);
  x->output(0).set_names({"x"});
  auto relu = std::make_shared<op::v0::Relu>(x);
  relu->output(0).set_names({"y"});
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(relu)}, ParameterVector{x}, "relu");
}

// relu over the whole input, the output shaped like the input: what a minimal plugin does.
class FakeSyncRequest : public ISyncInferRequest {
 public:
  using ISyncInferRequest::batched_tensors;
  using ISyncInferRequest::ISyncInferRequest;
  void infer() override {
    check_tensors();
    convert_batched_tensors(0);
    const Tensor& in = input_tensor(0);
    Tensor& out = output_tensor(0);
    out.set_shape(in.get_shape());
    const float* x = in.data<float>();
    float* y = out.data<float>();
    for (size_t i = 0; i < in.get_size(); ++i) y[i] = x[i] > 0 ? x[i] : 0;
  }
};

class FakeCompiledModel : public ICompiledModel {
 public:
  explicit FakeCompiledModel(const std::shared_ptr<const Model>& model) : ICompiledModel(model, nullptr) {}
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override {
    return std::make_shared<FakeSyncRequest>(shared_from_this());
  }
  void export_model(std::ostream&) const override {}
  std::shared_ptr<const Model> get_runtime_model() const override { return nullptr; }
  void set_property(const AnyMap&) override {}
  Any get_property(const std::string&) const override { return {}; }
};

struct Fixture {
  explicit Fixture(const PartialShape& shape) : Fixture(make_relu_model(shape)) {}
  explicit Fixture(std::shared_ptr<Model> m)
      : model(std::move(m)),
        compiled(std::make_shared<FakeCompiledModel>(model)),
        request(std::static_pointer_cast<FakeSyncRequest>(compiled->create_sync_infer_request())) {}
  std::shared_ptr<Model> model;
  std::shared_ptr<FakeCompiledModel> compiled;
  std::shared_ptr<FakeSyncRequest> request;
};

Tensor make_f32(const Shape& shape, std::vector<float> values) {
  Tensor tensor(element::f32, shape);
  EXPECT_EQ(tensor.get_size(), values.size());
  std::copy(values.begin(), values.end(), tensor.data<float>());
  return tensor;
}

std::vector<float> values_of(const Tensor& tensor) {
  const float* data = tensor.data<float>();
  return std::vector<float>(data, data + tensor.get_size());
}

using ::ferry::testing::error_of;

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

TEST(SyncInferRequestTest, StaticPortsGetHostTensorsUpFront) {
  Fixture f(PartialShape{2, 3});
  const Tensor x = f.request->get_tensor(f.model->input());
  const Tensor y = f.request->get_tensor(f.model->output());
  ASSERT_TRUE(x);
  ASSERT_TRUE(y);
  EXPECT_EQ(x.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(y.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(x.get_element_type(), element::f32);
  std::vector<float> in = {-1, 2, -3, 4, -5, 6};
  std::copy(in.begin(), in.end(), x.data<float>());
  f.request->infer();
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->output())), (std::vector<float>{0, 2, 0, 4, 0, 6}));
  EXPECT_EQ(f.request->get_tensor(f.model->output()).data(), y.data());  // the same tensor, filled
}

// benchmark_app -shape "[4096,3,2048,2048]": the error names the port and the bytes, and the
// compiled model stays usable.
TEST(SyncInferRequestTest, PortTensorLargerThanMemoryIsRefusedByName) {
  const auto compiled = std::make_shared<FakeCompiledModel>(make_relu_model(PartialShape{4096, 3, 2048, 2048}));
  EXPECT_ERROR_CONTAINS(compiled->create_sync_infer_request(), "the tensor of port 'x': out of host memory");
  EXPECT_ERROR_CONTAINS(compiled->create_sync_infer_request(), "needs 206158430208 bytes; this machine has ");
  Fixture small(PartialShape{2, 3});  // other models are unaffected
  small.request->infer();
}

TEST(SyncInferRequestTest, DynamicPortsStartWithoutElementsAndNeedAnInput) {
  Fixture f(PartialShape{Dimension::dynamic(), 3});
  Tensor x = f.request->get_tensor(f.model->input());
  EXPECT_EQ(x.get_shape(), (Shape{0, 3}));
  EXPECT_EQ(x.get_element_type(), element::f32);
  EXPECT_EQ(f.request->get_tensor(f.model->output()).get_shape(), (Shape{0, 3}));
  const std::string error = error_of([&] { f.request->infer(); });
  EXPECT_CONTAINS(error, "input 'x' has no data");
  EXPECT_CONTAINS(error, "[?,3]");

  x.set_shape({2, 3});  // filling get_tensor()'s tensor binds it
  std::vector<float> in = {1, -1, 2, -2, 3, -3};
  std::copy(in.begin(), in.end(), x.data<float>());
  f.request->infer();
  const Tensor y = f.request->get_tensor(f.model->output());
  EXPECT_EQ(y.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of(y), (std::vector<float>{1, 0, 2, 0, 3, 0}));

  f.request->set_tensor(f.model->input(), make_f32({1, 3}, {-7, 8, -9}));
  f.request->infer();
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->output())), (std::vector<float>{0, 8, 0}));
}

TEST(SyncInferRequestTest, DynamicRankStartsAsShapeZero) {
  Fixture f(PartialShape::dynamic());
  EXPECT_EQ(f.request->get_tensor(f.model->input()).get_shape(), (Shape{0}));
  f.request->set_tensor(f.model->input(), make_f32({2, 2, 1}, {-1, 1, -2, 2}));
  f.request->infer();
  EXPECT_EQ(f.request->get_tensor(f.model->output()).get_shape(), (Shape{2, 2, 1}));
}

TEST(SyncInferRequestTest, SetTensorRefusesAnotherElementType) {
  Fixture f(PartialShape{2, 3});
  const std::string error = error_of([&] { f.request->set_tensor(f.model->input(), Tensor(element::f16, {2, 3})); });
  EXPECT_CONTAINS(error, "'x'");
  EXPECT_CONTAINS(error, "f16");
  EXPECT_CONTAINS(error, "f32");
}

TEST(SyncInferRequestTest, SetTensorRefusesAShapeThePortDoesNotAllow) {
  Fixture f(PartialShape{2, 3});
  std::string error = error_of([&] { f.request->set_tensor(f.model->input(), Tensor(element::f32, {2, 4})); });
  EXPECT_CONTAINS(error, "'x'");
  EXPECT_CONTAINS(error, "[2,4]");
  EXPECT_CONTAINS(error, "[2,3]");
  error = error_of([&] { f.request->set_tensor(f.model->output(), Tensor(element::f32, {6})); });
  EXPECT_CONTAINS(error, "'y'");
  EXPECT_CONTAINS(error, "[6]");
}

TEST(SyncInferRequestTest, SetTensorRespectsBoundedDimensions) {
  Fixture f(PartialShape{Dimension(1, 3), 4});
  EXPECT_NO_THROW(f.request->set_tensor(f.model->input(), Tensor(element::f32, {3, 4})));
  EXPECT_NO_THROW(f.request->set_tensor(f.model->input(), Tensor(element::f32, {1, 4})));
  const std::string error = error_of([&] { f.request->set_tensor(f.model->input(), Tensor(element::f32, {4, 4})); });
  EXPECT_CONTAINS(error, "[4,4]");
  EXPECT_CONTAINS(error, "[1..3,4]");
}

TEST(SyncInferRequestTest, SetTensorRefusesAnEmptyHandle) {
  Fixture f(PartialShape{2, 3});
  const std::string error = error_of([&] { f.request->set_tensor(f.model->input(), Tensor()); });
  EXPECT_CONTAINS(error, "'x'");
  EXPECT_CONTAINS(error, "empty");
}

TEST(SyncInferRequestTest, CheckTensorsCatchesAShapeChangedAfterSetTensor) {
  Fixture f(PartialShape{2, 3});
  Tensor x(element::f32, {2, 3});
  f.request->set_tensor(f.model->input(), x);
  x.set_shape({1, 3});
  EXPECT_CONTAINS(error_of([&] { f.request->infer(); }), "[1,3]");
}

TEST(SyncInferRequestTest, FindsPortsOfAnEqualModelByTensorName) {
  Fixture f(PartialShape{2, 3});
  const auto copy = f.model->clone();
  EXPECT_EQ(f.request->find_port(f.model->input()).index, 0u);
  EXPECT_TRUE(f.request->find_port(copy->input()).is_input());
  EXPECT_FALSE(f.request->find_port(copy->output()).is_input());
  // Tensors set through the copy's ports land on the request's own ports.
  Tensor x = make_f32({2, 3}, {1, 2, 3, 4, 5, 6});
  f.request->set_tensor(copy->input(), x);
  EXPECT_EQ(f.request->get_tensor(f.compiled->inputs()[0]).data(), x.data());
}

TEST(SyncInferRequestTest, ParameterReadByAResultIsFoundOnTheRightSide) {
  // Input and output share the tensor name "x": the port's node type tells them apart.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2});
  x->output(0).set_names({"x"});
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(x)}, ParameterVector{x});
  Fixture f(model);
  const auto copy = model->clone();
  EXPECT_TRUE(f.request->find_port(copy->input()).is_input());
  EXPECT_FALSE(f.request->find_port(copy->output()).is_input());
}

TEST(SyncInferRequestTest, UnknownPortIsNamedInTheError) {
  Fixture f(PartialShape{2, 3});
  auto stranger = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 3});
  stranger->output(0).set_names({"stranger"});
  EXPECT_CONTAINS(error_of([&] { f.request->get_tensor(stranger->output(0)); }), "'stranger'");
  auto unnamed = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 3});
  unnamed->set_friendly_name("nameless_param");
  EXPECT_CONTAINS(error_of([&] {
                    f.request->set_tensor(unnamed->output(0), Tensor(element::f32, {2, 3}));
                  }),
                  "nameless_param:0");
}

TEST(SyncInferRequestTest, SetTensorsJoinsTheBatchIntoAReusedBuffer) {
  Fixture f(PartialShape{3, 2});
  const std::vector<Tensor> items = {make_f32({1, 2}, {-1, 1}), make_f32({1, 2}, {2, -2}), make_f32({1, 2}, {3, 4})};
  f.request->set_tensors(f.model->input(), items);
  const auto given = f.request->get_tensors(f.model->input());
  ASSERT_EQ(given.size(), 3u);
  EXPECT_EQ(given[1].data(), items[1].data());
  f.request->infer();
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->input())), (std::vector<float>{-1, 1, 2, -2, 3, 4}));
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->output())), (std::vector<float>{0, 1, 2, 0, 3, 4}));

  // A new batch of the same shape reuses the joined buffer.
  const void* buffer = f.request->get_tensor(f.model->input()).data();
  f.request->set_tensors(f.model->input(),
                         {make_f32({1, 2}, {5, 6}), make_f32({1, 2}, {-7, 8}), make_f32({1, 2}, {9, -10})});
  EXPECT_EQ(f.request->get_tensor(f.model->input()).data(), buffer);
  f.request->infer();
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->output())), (std::vector<float>{5, 6, 0, 8, 9, 0}));

  // set_tensor replaces the batch.
  f.request->set_tensor(f.model->input(), make_f32({3, 2}, {1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(f.request->get_tensors(f.model->input()).size(), 1u);
}

TEST(SyncInferRequestTest, SetTensorsWithADynamicBatchReallocatesOnlyWhenItsSizeChanges) {
  Fixture f(PartialShape{Dimension(1, 4), 2});
  f.request->set_tensors(f.model->input(), {make_f32({1, 2}, {1, 2}), make_f32({1, 2}, {3, 4})});
  f.request->infer();
  EXPECT_EQ(f.request->get_tensor(f.model->output()).get_shape(), (Shape{2, 2}));
  f.request->set_tensors(f.model->input(),
                         {make_f32({1, 2}, {-1, 2}), make_f32({1, 2}, {3, -4}), make_f32({1, 2}, {-5, -6})});
  f.request->infer();
  EXPECT_EQ(f.request->get_tensor(f.model->input()).get_shape(), (Shape{3, 2}));
  EXPECT_EQ(values_of(f.request->get_tensor(f.model->output())), (std::vector<float>{0, 2, 3, 0, 0, 0}));
  const std::string error = error_of([&] {
    f.request->set_tensors(f.model->input(), std::vector<Tensor>(5, make_f32({1, 2}, {0, 0})));
  });
  EXPECT_CONTAINS(error, "batch of 1..4");
  EXPECT_CONTAINS(error, "5 tensors");
}

TEST(SyncInferRequestTest, SetTensorsValidatesTheItems) {
  Fixture f(PartialShape{2, 3});
  const auto& x = f.model->input();
  std::string error = error_of([&] {
    f.request->set_tensors(x,
                           {Tensor(element::f32, {1, 3}), Tensor(element::f32, {1, 3}), Tensor(element::f32, {1, 3})});
  });
  EXPECT_CONTAINS(error, "'x' takes a batch of 2");
  EXPECT_CONTAINS(error, "3 tensors");
  error = error_of([&] { f.request->set_tensors(x, {Tensor(element::f32, {1, 3}), Tensor(element::f32, {1, 4})}); });
  EXPECT_CONTAINS(error, "tensor 1");
  EXPECT_CONTAINS(error, "[1,4]");
  error = error_of([&] { f.request->set_tensors(x, {Tensor(element::f32, {1, 3}), Tensor(element::f16, {1, 3})}); });
  EXPECT_CONTAINS(error, "f16");
  error = error_of([&] { f.request->set_tensors(x, {Tensor(element::f16, {1, 3}), Tensor(element::f16, {1, 3})}); });
  EXPECT_CONTAINS(error, "f16");  // the items agree, but not with the port
  EXPECT_CONTAINS(error, "f32");
  error = error_of([&] { f.request->set_tensors(x, {Tensor(element::f32, {2, 3}), Tensor(element::f32, {2, 3})}); });
  EXPECT_CONTAINS(error, "dim 0 must be 1");
  error = error_of([&] { f.request->set_tensors(x, {Tensor(element::f32, {1, 3}), Tensor()}); });
  EXPECT_CONTAINS(error, "tensor 1");
  EXPECT_CONTAINS(error, "empty");
  error = error_of([&] { f.request->set_tensors(x, {}); });
  EXPECT_CONTAINS(error, "no tensors");
  error = error_of([&] {
    f.request->set_tensors(f.model->output(), {Tensor(element::f32, {1, 3}), Tensor(element::f32, {1, 3})});
  });
  EXPECT_CONTAINS(error, "'y' is an output");
  // Nothing above was bound: the original input tensor is still there.
  EXPECT_EQ(f.request->get_tensors(x).size(), 1u);
  EXPECT_EQ(f.request->get_tensor(x).get_shape(), (Shape{2, 3}));
}

TEST(SyncInferRequestTest, SetTensorsNeedsABatchDimension) {
  Fixture f(PartialShape{});
  const std::string error = error_of([&] {
    f.request->set_tensors(f.model->input(), {Tensor(element::f32, Shape{}), Tensor(element::f32, Shape{})});
  });
  EXPECT_CONTAINS(error, "without a batch dimension");
}

}  // namespace
}  // namespace ferry
