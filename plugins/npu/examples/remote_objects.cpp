// The NPU Remote Tensor API page's snippets as one program: the default context from the Core
// and from a compiled model, a DMA-BUF wrapped as a tensor, a remote tensor in Level Zero host
// memory, and a host tensor in Level Zero memory, each run through the model without a copy.
//   remote_objects [PLUGINS_XML]   (with ZE_ENABLE_ALT_DRIVERS naming the simulated NPU's driver)

#include <cstring>

#include "example_model.hpp"
#include "ferry/compat/openvino.hpp"
#include "ferry/npu/level_zero/level_zero.hpp"

int main(int argc, char** argv) {
  ov::Core core = example::make_core(argc, argv);
  auto model = example::scale_model();
  const size_t count = ov::shape_size(example::kShape);
  const size_t bytes = count * sizeof(float);

  // Get context from Core.
  auto npu_context = core.get_default_context("NPU").as<ov::intel_npu::level_zero::ZeroContext>();
  void* context_handle = npu_context.get();  // the raw ze_context_handle_t
  auto compiled_model = core.compile_model(model, npu_context);
  // Get context from compiled model: the same Level Zero context.
  auto model_context = compiled_model.get_context().as<ov::intel_npu::level_zero::ZeroContext>();
  if (model_context.get() != context_handle) return std::puts("the compiled model's context differs"), 1;
  auto request = compiled_model.create_infer_request();
  const uint64_t copies_before = core.get_property("NPU", ov::intel_npu::copied_bytes);
  int status = 0;

  // Wrap a DMA-BUF System Heap resource: the fd's memory is the tensor.
  {
    example::DmaBuf in(bytes), out(bytes);
    for (size_t i = 0; i < count; ++i) in.data[i] = example::input_value(i);
    auto input = npu_context.create_tensor(ov::element::f32, example::kShape, in.fd);
    auto output = npu_context.create_tensor(ov::element::f32, example::kShape, out.fd);
    request.set_input_tensor(input);
    request.set_output_tensor(output);
    request.infer();
    status |= example::report("DMA-BUF tensors", out.data, count);
  }

  // Remote tensor in Level Zero host memory: get() gives the pointer.
  {
    auto input = npu_context.create_l0_host_tensor(ov::element::f32, example::kShape);
    auto output =
        npu_context.create_l0_host_tensor(ov::element::f32, example::kShape, ov::intel_npu::TensorType::OUTPUT);
    auto* level_zero_ptr = static_cast<float*>(input.get());
    for (size_t i = 0; i < count; ++i) level_zero_ptr[i] = example::input_value(i);
    request.set_input_tensor(input);
    request.set_output_tensor(output);
    request.infer();
    status |= example::report("Level Zero host remote tensors", static_cast<const float*>(output.get()), count);
  }

  // A plain Tensor whose memory is Level Zero host memory: data() is the Level Zero pointer.
  {
    auto input = npu_context.create_host_tensor(ov::element::f32, example::kShape);
    auto output = npu_context.create_host_tensor(ov::element::f32, example::kShape);
    auto* level_zero_ptr = input.data<float>();
    for (size_t i = 0; i < count; ++i) level_zero_ptr[i] = example::input_value(i);
    request.set_input_tensor(input);
    request.set_output_tensor(output);
    request.infer();
    status |= example::report("Level Zero host tensors", output.data<const float>(), count);
  }

  // Wrap an NT handle: a Windows handle, refused on Linux with the way to go.
  try {
    npu_context.create_tensor(ov::element::f32, example::kShape, static_cast<void*>(nullptr));
    std::puts("an NT handle was accepted on Linux");
    status = 1;
  } catch (const ov::Exception& error) {
    std::printf("NT handle refused as expected: %s\n", error.what());
  }

  const uint64_t copied = core.get_property("NPU", ov::intel_npu::copied_bytes) - copies_before;
  std::printf("bytes copied by the plugin: %llu%s\n", static_cast<unsigned long long>(copied),
              copied == 0 ? " (as expected)" : "");
  return status | (copied != 0);
}
