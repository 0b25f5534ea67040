// Inference on TEMPLATE through the public API: sync, async, concurrent requests, batches and
// dynamic shapes, against outputs computed with plain loops (//testing/models:test_models).

#include <gtest/gtest.h>

#include <thread>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

constexpr size_t kBatch = 2;

TEST(TemplateInference, MlpSyncMatchesHandComputedValues) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(kBatch, kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(kBatch * kSmallMlp.in, 1);
  request.set_tensor("x", make_f32({kBatch, kSmallMlp.in}, x));
  request.infer();

  const MlpOutputs expected = mlp_reference(x, kBatch, kSmallMlp);
  expect_values_near(values_of(request.get_tensor("probs")), expected.probs);
  expect_values_near(values_of(request.get_tensor("hidden")), expected.hidden);
  EXPECT_EQ(request.get_tensor("probs").get_shape(), (Shape{kBatch, kSmallMlp.out}));
}

TEST(TemplateInference, CnnSyncMatchesHandComputedValues) {
  Core core;
  CompiledModel compiled = core.compile_model(make_cnn(), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(kCnnChannels * kCnnSize * kCnnSize, 2);
  request.set_input_tensor(make_f32({1, kCnnChannels, kCnnSize, kCnnSize}, x));
  request.infer();
  expect_values_near(values_of(request.get_output_tensor()), cnn_reference(x), 1e-4f);
}

TEST(TemplateInference, OutputsAreWrittenIntoTheTensorsTheUserSet) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(kBatch, kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  std::vector<float> probs_memory(kBatch * kSmallMlp.out, -7.0f);
  Tensor probs(element::f32, {kBatch, kSmallMlp.out}, probs_memory.data());
  request.set_output_tensor(0, probs);
  const auto x = sample(kBatch * kSmallMlp.in, 3);
  request.set_input_tensor(make_f32({kBatch, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(probs_memory, mlp_reference(x, kBatch, kSmallMlp).probs);
}

TEST(TemplateInference, StridedOutputTensorReceivesTheValues) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(kBatch, kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  Tensor frame = make_f32({4, 4}, std::vector<float>(16, -1.0f));
  request.set_output_tensor(0, Tensor(frame, Coordinate{1, 1}, Coordinate{3, 3}));  // rows 1-2, columns 1-2
  const auto x = sample(kBatch * kSmallMlp.in, 14);
  request.set_input_tensor(make_f32({kBatch, kSmallMlp.in}, x));
  request.infer();
  const auto probs = mlp_reference(x, kBatch, kSmallMlp).probs;
  const auto values = values_of(frame);
  for (size_t row = 0; row < 4; ++row) {
    for (size_t column = 0; column < 4; ++column) {
      const bool inside = row >= 1 && row < 3 && column >= 1 && column < 3;
      const float expected = inside ? probs[(row - 1) * kSmallMlp.out + (column - 1)] : -1.0f;
      EXPECT_NEAR(values[row * 4 + column], expected, 1e-5f) << row << "," << column;
    }
  }
}

TEST(TemplateInference, AsyncWithCallbackMatchesSync) {
  Core core;
  CompiledModel compiled = core.compile_model(make_cnn(), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(kCnnChannels * kCnnSize * kCnnSize, 4);
  request.set_input_tensor(make_f32({1, kCnnChannels, kCnnSize, kCnnSize}, x));
  int callbacks = 0;
  std::exception_ptr error;
  request.set_callback([&](std::exception_ptr e) {
    ++callbacks;
    error = e;
  });
  request.start_async();
  request.wait();
  EXPECT_EQ(callbacks, 1);
  EXPECT_FALSE(error);
  expect_values_near(values_of(request.get_output_tensor()), cnn_reference(x), 1e-4f);
}

TEST(TemplateInference, FourRequestsOnFourThreads) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(kBatch, kSmallMlp), "TEMPLATE",
                                              {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)});
  std::vector<std::thread> threads;
  std::vector<std::vector<float>> results(4);
  std::vector<std::vector<float>> inputs(4);
  for (int t = 0; t < 4; ++t) {
    inputs[t] = sample(kBatch * kSmallMlp.in, 10 + t);
    threads.emplace_back([&, t] {
      InferRequest request = compiled.create_infer_request();
      for (int round = 0; round < 20; ++round) {
        request.set_input_tensor(make_f32({kBatch, kSmallMlp.in}, inputs[t]));
        if (round % 2) {
          request.infer();
        } else {
          request.start_async();
          request.wait();
        }
      }
      results[t] = values_of(request.get_tensor("probs"));
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < 4; ++t) expect_values_near(results[t], mlp_reference(inputs[t], kBatch, kSmallMlp).probs);
}

TEST(TemplateInference, DynamicBatchSetsOutputShapes) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(Dimension::dynamic(), kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  for (size_t batch : {3u, 1u, 5u}) {
    const auto x = sample(batch * kSmallMlp.in, static_cast<int>(batch));
    request.set_input_tensor(make_f32({batch, kSmallMlp.in}, x));
    request.infer();
    const MlpOutputs expected = mlp_reference(x, batch, kSmallMlp);
    EXPECT_EQ(request.get_tensor("probs").get_shape(), (Shape{batch, kSmallMlp.out}));
    EXPECT_EQ(request.get_tensor("hidden").get_shape(), (Shape{batch, kSmallMlp.hidden}));
    expect_values_near(values_of(request.get_tensor("probs")), expected.probs);
    expect_values_near(values_of(request.get_tensor("hidden")), expected.hidden);
  }
}

TEST(TemplateInference, SetTensorsJoinsABatch) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(3, kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  std::vector<Tensor> items;
  std::vector<float> joined;
  for (int i = 0; i < 3; ++i) {
    const auto row = sample(kSmallMlp.in, 20 + i);
    joined.insert(joined.end(), row.begin(), row.end());
    items.push_back(make_f32({1, kSmallMlp.in}, row));
  }
  request.set_input_tensors(items);
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(joined, 3, kSmallMlp).probs);
}

TEST(TemplateInference, WrongInputShapeIsRefusedAndTheRequestStaysUsable) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(kBatch, kSmallMlp), "TEMPLATE");
  InferRequest request = compiled.create_infer_request();
  const std::string error = error_of([&] { request.set_input_tensor(make_f32({kBatch, 5}, sample(10, 1))); });
  EXPECT_NE(error.find("x"), std::string::npos) << error;
  EXPECT_NE(error.find("[2,5]"), std::string::npos) << error;

  const auto x = sample(kBatch * kSmallMlp.in, 5);
  request.set_input_tensor(make_f32({kBatch, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(x, kBatch, kSmallMlp).probs);
}

TEST(TemplateInference, CompiledModelOutlivesTheCoreAndTheSourceModel) {
  CompiledModel compiled;
  {
    Core core;
    auto model = make_mlp(kBatch, kSmallMlp);
    compiled = core.compile_model(model, "TEMPLATE");
    model->get_parameters()[0]->set_partial_shape(PartialShape{7, 4});  // edits do not reach the compiled copy
  }
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(kBatch * kSmallMlp.in, 6);
  request.set_input_tensor(make_f32({kBatch, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(x, kBatch, kSmallMlp).probs);
}

}  // namespace
}  // namespace ferry::template_test
