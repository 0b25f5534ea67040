// The page's low-level methods: contexts and tensors through ov::Core::create_context,
// RemoteContext::create_tensor and get_params(), with the NPU's keys in AnyMaps, no Level Zero
// types in the program.
//   low_level_api [PLUGINS_XML]   (with ZE_ENABLE_ALT_DRIVERS naming the simulated NPU's driver)

#include <cstring>

#include "example_model.hpp"
#include "ferry/compat/openvino.hpp"
#include "ferry/npu/remote_properties.hpp"

int main(int argc, char** argv) {
  ov::Core core = example::make_core(argc, argv);
  const size_t count = ov::shape_size(example::kShape);

  // A context whose tensors default to Level Zero host memory used as inputs.
  ov::RemoteContext context =
      core.create_context("NPU", {{ov::intel_npu::mem_type.name(), ov::intel_npu::MemType::L0_INTERNAL_BUF},
                                  {ov::intel_npu::tensor_type.name(), ov::intel_npu::TensorType::INPUT}});
  const ov::AnyMap context_params = context.get_params();
  void* level_zero_context = context_params.at(ov::intel_npu::l0_context.name()).as<void*>();
  std::printf("context: L0_CONTEXT %p\n", level_zero_context);
  // The parameters give the same context back.
  ov::RemoteContext again = core.create_context("NPU", context_params);
  if (again.get_params().at(ov::intel_npu::l0_context.name()).as<void*>() != level_zero_context)
    return std::puts("get_params() did not give the same context back"), 1;

  auto compiled = core.compile_model(example::scale_model(), context);
  ov::RemoteTensor input = context.create_tensor(ov::element::f32, example::kShape);
  const ov::AnyMap tensor_params = input.get_params();
  std::printf("tensor: MEM_TYPE %s, TENSOR_TYPE %s\n",
              tensor_params.at(ov::intel_npu::mem_type.name()).as<std::string>().c_str(),
              tensor_params.at(ov::intel_npu::tensor_type.name()).as<std::string>().c_str());
  // The memory's address, for a Level Zero program to fill (here: copy_from, the portable way).
  ov::Tensor host(ov::element::f32, example::kShape);
  for (size_t i = 0; i < count; ++i) host.data<float>()[i] = example::input_value(i);
  input.copy_from(host);

  auto request = compiled.create_infer_request();
  request.set_input_tensor(input);
  request.infer();
  return example::report("low-level API", request.get_output_tensor().data<const float>(), count);
}
