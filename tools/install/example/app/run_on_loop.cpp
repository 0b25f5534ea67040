// An application of the installed Ferry package: registers the out-of-tree LOOP device through a
// plugins.xml, runs relu(x + y + bias) on it, and checks every output element.
//
//   run_on_loop PLUGINS_XML      (exit status 0 when the outputs are right)

#include <cmath>
#include <iostream>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops.hpp"

namespace {

std::shared_ptr<ferry::Model> make_model() {
  using namespace ferry;
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 4});
  auto y = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 4});
  x->output(0).set_names({"x"});
  y->output(0).set_names({"y"});
  auto bias = op::v0::Constant::create(element::f32, Shape{2, 4}, std::vector<float>{0.5f, -0.5f, 1, -1, 2, -2, 0, 0});
  auto sum = std::make_shared<op::v1::Add>(std::make_shared<op::v1::Add>(x, y), bias);
  auto relu = std::make_shared<op::v0::Relu>(sum);
  relu->output(0).set_names({"out"});
  return std::make_shared<Model>(OutputVector{relu}, ParameterVector{x, y}, "add_relu");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: run_on_loop PLUGINS_XML\n";
    return 2;
  }
  try {
    ferry::Core core(argv[1]);
    std::cout << "Devices:";
    for (const std::string& device : core.get_available_devices()) std::cout << " " << device;
    std::cout << "\n" << core.get_property("LOOP", ferry::device::full_name) << "\n";

    const auto model = make_model();
    ferry::CompiledModel compiled = core.compile_model(model, "LOOP");
    ferry::InferRequest request = compiled.create_infer_request();
    const float x[8] = {1, 2, 3, 4, -5, -6, 7, 8};
    const float y[8] = {-1, 0.25f, -4, 2, 1, 1, -7.5f, 0};
    const float bias[8] = {0.5f, -0.5f, 1, -1, 2, -2, 0, 0};
    ferry::Tensor x_tensor(ferry::element::f32, ferry::Shape{2, 4}, const_cast<float*>(x));
    ferry::Tensor y_tensor(ferry::element::f32, ferry::Shape{2, 4}, const_cast<float*>(y));
    request.set_tensor("x", x_tensor);
    request.set_tensor("y", y_tensor);
    request.infer();

    const ferry::Tensor out = request.get_tensor("out");
    int wrong = 0;
    for (size_t i = 0; i < 8; ++i) {
      const float expected = std::max(0.0f, x[i] + y[i] + bias[i]);
      const float got = out.data<float>()[i];
      if (std::fabs(got - expected) > 1e-6f) {
        std::cerr << "out[" << i << "] = " << got << ", expected " << expected << "\n";
        ++wrong;
      }
    }
    // A model LOOP cannot run is refused at compile time, naming the op.
    auto p = std::make_shared<ferry::op::v0::Parameter>(ferry::element::f32, ferry::PartialShape{4});
    auto unsupported = std::make_shared<ferry::Model>(ferry::OutputVector{std::make_shared<ferry::op::v0::Sigmoid>(p)},
                                                      ferry::ParameterVector{p});
    try {
      core.compile_model(unsupported, "LOOP");
      std::cerr << "compiling Sigmoid for LOOP should fail\n";
      ++wrong;
    } catch (const ferry::Exception& e) {
      std::cout << "refused as expected: " << e.what() << "\n";
    }
    if (wrong) return 1;
    std::cout << "OK: relu(x + y + bias) on LOOP matches all 8 values\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "run_on_loop: " << e.what() << "\n";
    return 1;
  }
}
