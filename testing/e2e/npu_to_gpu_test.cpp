// Across devices: the NPU writes its output into a DMA-BUF the application owns, and the GPU takes
// that buffer as its input. Where the OpenCL driver imports DMA-BUF fds
// (cl_khr_external_memory_dma_buf), nothing is copied; where it cannot (PoCL, NVIDIA), the
// application maps the buffer and hands it over with exactly one copy, counted by the GPU plugin.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <climits>
#include <cstring>

#include "ferry/ferry.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/npu/level_zero/level_zero.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry {
namespace {

const Shape kShape{1, 4, 32, 32};

std::shared_ptr<Model> npu_stage() {  // y = 2x - 1
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(kShape));
  auto twice =
      std::make_shared<op::v1::Multiply>(x, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{2}));
  auto y = std::make_shared<op::v1::Subtract>(twice,
                                              op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{1}));
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x}, "npu_stage");
}

std::shared_ptr<Model> gpu_stage() {  // z = Relu(y)
  auto y = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(kShape));
  auto z = std::make_shared<op::v0::Relu>(y);
  return std::make_shared<Model>(OutputVector{z}, ParameterVector{y}, "gpu_stage");
}

TEST(NpuToGpu, AnNpuOutputInADmaBufFeedsTheGpu) {
  Core core;
  const size_t count = shape_size(kShape), bytes = count * sizeof(float);
  const int fd = memfd_create("npu-to-gpu", MFD_CLOEXEC);  // what a DMA-BUF heap gives
  ASSERT_GE(fd, 0);
  ASSERT_EQ(0, ftruncate(fd, static_cast<off_t>(bytes)));
  auto* mapped = static_cast<float*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  ASSERT_NE(MAP_FAILED, static_cast<void*>(mapped));

  // The NPU writes into the buffer in place.
  auto npu_context = core.get_default_context("NPU").as<npu::level_zero::ZeroContext>();
  auto npu = core.compile_model(npu_stage(), npu_context).create_infer_request();
  for (size_t i = 0; i < count; ++i) npu.get_input_tensor().data<float>()[i] = static_cast<float>(i % 7) - 3.0f;
  npu.set_output_tensor(npu_context.create_tensor(element::f32, kShape, fd));
  const uint64_t npu_copies = core.get_property("NPU", npu::copied_bytes);
  npu.infer();
  EXPECT_EQ(core.get_property("NPU", npu::copied_bytes), npu_copies);

  // The GPU takes it: imported where OpenCL can, else one copy from the mapping.
  auto gpu_context = core.get_default_context("GPU").as<gpu::ocl::ClContext>();
  auto gpu = core.compile_model(gpu_stage(), gpu_context).create_infer_request();
  const uint64_t gpu_copies = core.get_property("GPU", gpu::copied_bytes);
  RemoteTensor gpu_input;
  bool imported = false;
  try {
    gpu_input = gpu_context.create_tensor_from_fd(element::f32, kShape, fd);
    imported = true;
  } catch (const Exception& refused) {
    // The refusal names what the driver lacks.
    EXPECT_NE(std::string::npos, std::string(refused.what()).find("cl_khr_external_memory")) << refused.what();
    gpu_input = gpu_context.create_tensor(element::f32, kShape);
    gpu_input.copy_from(Tensor(element::f32, kShape, mapped));
  }
  gpu.set_input_tensor(gpu_input);
  gpu.infer();
  const uint64_t copied = core.get_property("GPU", gpu::copied_bytes) - gpu_copies;
  std::printf("NPU -> GPU through a DMA-BUF: %s, %llu bytes copied\n", imported ? "imported" : "one copy",
              static_cast<unsigned long long>(copied));
  EXPECT_EQ(imported ? 0u : bytes, copied);

  const Tensor result = gpu.get_output_tensor();
  for (size_t i = 0; i < count; ++i) {
    const float x = static_cast<float>(i % 7) - 3.0f;
    ASSERT_FLOAT_EQ(std::max(2 * x - 1, 0.0f), result.data<const float>()[i]) << "element " << i;
  }
  munmap(mapped, bytes);
  close(fd);
}

}  // namespace
}  // namespace ferry
