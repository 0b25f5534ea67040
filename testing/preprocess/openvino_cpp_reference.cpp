// OpenVINO's own results for the PrePostProcessor parts its Python API lacks, through its C++ API
// (the openvino wheel ships headers and libopenvino): postprocess().convert_color after
// output().model().set_color_format, and pad with one value per channel. Not built by Bazel (it
// needs the wheel); core/src/preprocess/postprocess_color_pad_dump_test.cpp holds what it printed
// (OpenVINO 2026.4.1). With the venv of make_reference.py at $VENV:
//
//   OV=$VENV/lib/python3.11/site-packages/openvino
//   g++ -std=c++17 -I$OV/include testing/preprocess/openvino_cpp_reference.cpp $OV/libs/libopenvino.so.2641 \
//       -Wl,-rpath,$OV/libs -o /tmp/ov_cpp_reference && /tmp/ov_cpp_reference
#include <functional>
#include <iostream>
#include <openvino/openvino.hpp>
#include <openvino/opsets/opset8.hpp>

namespace {

using ov::preprocess::ColorFormat;
using ov::preprocess::PrePostProcessor;

// input -> Multiply by 1 -> output, as make_reference.py's models.
std::shared_ptr<ov::Model> model_of(const ov::Shape& shape) {
  auto data = std::make_shared<ov::opset8::Parameter>(ov::element::f32, shape);
  data->output(0).set_names({"input"});
  auto out = std::make_shared<ov::opset8::Multiply>(data, ov::opset8::Constant::create(ov::element::f32, {}, {1}));
  out->output(0).set_names({"output"});
  return std::make_shared<ov::Model>(ov::OutputVector{out}, ov::ParameterVector{data}, "m");
}

// Builds the case, runs it on CPU with input element i = i, prints the output or the error.
void run(const char* name, const ov::Shape& shape, const std::function<void(PrePostProcessor&)>& describe) {
  std::cout << name << ": ";
  try {
    auto model = model_of(shape);
    PrePostProcessor p(model);
    describe(p);
    model = p.build();
    ov::Core core;
    auto request =
        core.compile_model(model, "CPU", ov::hint::inference_precision(ov::element::f32)).create_infer_request();
    ov::Tensor input = request.get_input_tensor();
    for (size_t i = 0; i < input.get_size(); ++i) input.data<float>()[i] = static_cast<float>(i);
    request.infer();
    const ov::Tensor output = request.get_output_tensor();
    std::cout << output.get_shape();
    for (size_t i = 0; i < output.get_size(); ++i) std::cout << " " << output.data<float>()[i];
    std::cout << "\n";
  } catch (const std::exception& e) {
    std::cout << "refused: " << e.what() << "\n";
  }
}

}  // namespace

int main() {
  run("RgbToBgrReversesTheChannelsOfNhwc", {1, 2, 2, 3}, [](PrePostProcessor& p) {
    p.output().model().set_layout("NHWC").set_color_format(ColorFormat::RGB);
    p.output().postprocess().convert_color(ColorFormat::BGR);
  });
  run("RgbToBgrReversesTheChannelsOfNchw", {1, 3, 2, 2}, [](PrePostProcessor& p) {
    p.output().model().set_layout("NCHW").set_color_format(ColorFormat::RGB);
    p.output().postprocess().convert_color(ColorFormat::BGR);
  });
  run("FollowsTheLayoutThroughOtherSteps", {1, 3, 2, 2}, [](PrePostProcessor& p) {
    p.output().model().set_layout("NCHW").set_color_format(ColorFormat::BGR);
    p.output().postprocess().convert_color(ColorFormat::RGB).convert_layout("NHWC").convert_color(ColorFormat::BGR);
  });
  run("PadPerChannel", {1, 3, 5, 3}, [](PrePostProcessor& p) {
    p.input().tensor().set_layout("NCHW").set_shape({1, 3, 2, 2});
    p.input().preprocess().pad({0, 0, 1, 1}, {0, 0, 2, 0}, std::vector<float>{-1.5f, 20.0f, 300.0f},
                               ov::preprocess::PaddingMode::CONSTANT);
  });
}
