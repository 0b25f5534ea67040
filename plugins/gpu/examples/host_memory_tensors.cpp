// Host memory and a file as GPU tensors, with OpenVINO 2026.4's typed handles: the input is the
// application's aligned allocation (VirtualAddressMemory), written through its pointer between
// inferences; the output a file the plugin maps (FileDescriptor, READ_WRITE), read back from the
// file. Prints whether the device's memory is the host's and the bytes each inference moved
// between host and device (GPU_COPIED_BYTES): 0 on unified memory, the driver's copies of the
// host memory elsewhere.
//
//   host_memory_tensors [plugins.xml]

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

int main(int argc, char** argv) try {
  const ferry::Shape shape{16, 64};
  const size_t count = ferry::shape_size(shape), bytes = count * sizeof(float);
  ferry::Core core = example::make_core(argc, argv);
  auto gpu_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), gpu_context);
  ferry::InferRequest request = compiled.create_infer_request();

  // 4096-byte alignment satisfies every device's base address alignment.
  float* input_memory = static_cast<float*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096));
  char path[] = "/tmp/host_memory_tensors_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0 || ftruncate(fd, static_cast<off_t>(bytes)) != 0) throw std::runtime_error("cannot make a temporary file");
  close(fd);
  int status = 0;
  {
    auto input = gpu_context.create_tensor(ferry::element::f32, shape,
                                           ferry::gpu::VirtualAddressMemory{input_memory, static_cast<int64_t>(bytes)});
    auto output = gpu_context.create_tensor(ferry::element::f32, shape,
                                            ferry::gpu::FileDescriptor{path, 0, ferry::gpu::AccessMode::READ_WRITE});
    request.set_tensor("x", input);
    request.set_tensor("y", output);
    cl_bool unified = CL_FALSE;
    const cl::Device device = cl::Context(gpu_context).getInfo<CL_CONTEXT_DEVICES>()[0];
    clGetDeviceInfo(device.get(), CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(unified), &unified, nullptr);
    for (int round = 0; round < 2 && status == 0; ++round) {  // new values at the same pointer
      std::vector<float> x(count), y(count);
      for (size_t i = 0; i < count; ++i) input_memory[i] = x[i] = static_cast<float>((i + round) % 13) - 6.0f;
      const uint64_t before = core.get_property("GPU", ferry::gpu::copied_bytes);
      request.start_async();
      request.wait();
      const uint64_t moved = core.get_property("GPU", ferry::gpu::copied_bytes) - before;
      std::ifstream(path, std::ios::binary)
          .read(reinterpret_cast<char*>(y.data()), static_cast<std::streamsize>(bytes));
      std::printf("host_memory_tensors: round %d, unified memory %s, %llu bytes moved between host and device\n", round,
                  unified ? "yes" : "no", static_cast<unsigned long long>(moved));
      if (unified && moved != 0) status = 1;
      if (status == 0) status = example::check(x, y, "host_memory_tensors");
    }
    request = ferry::InferRequest();
  }
  unlink(path);
  std::free(input_memory);
  return status;
} catch (const std::exception& error) {
  std::printf("host_memory_tensors: %s\n", error.what());
  return 1;
}
