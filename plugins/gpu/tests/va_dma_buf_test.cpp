// VA-API sharing's DMA_BUF_IMPORT path on PoCL, given cl_khr_external_memory_dma_buf by the test's
// own import (dma_buf_import/): a surface whose rows are padded (the test VA driver's pitch is a
// multiple of 64 bytes) is compacted on the device, and that copy is counted in
// GPU_DEVICE_COPIED_BYTES, exactly the planes' bytes, and nothing in GPU_COPIED_BYTES.

#include <gtest/gtest.h>

#include <vector>

#include "ferry/compat/openvino.hpp"
#include "ferry/gpu/ocl/va.hpp"
#include "support/gpu_test_utils.hpp"
#include "testing/va_driver/test_display.hpp"

namespace ferry::gpu::test {
namespace {

using ferry::testing::va::TestDisplay;
using ocl::VAContext;

// 48 bytes a row in a pitch of 64: every plane takes the compaction.
constexpr size_t kHeight = 12, kWidth = 48;

std::vector<uint8_t> pattern(size_t size, unsigned seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>(16 + (i * 37 + seed * 11) % 224);
  return bytes;
}

std::vector<uint8_t> bytes_of(const RemoteTensor& tensor) {
  Tensor host(tensor.get_element_type(), tensor.get_shape());
  tensor.copy_to(host);
  const auto* data = static_cast<const uint8_t*>(host.data());
  return std::vector<uint8_t>(data, data + host.get_byte_size());
}

TEST(GpuVaDmaBuf, PaddedPlanesAreCompactedOnTheDeviceAndCounted) {
  Core core = make_core();
  TestDisplay display;
  VAContext context(core, display.get());
  ASSERT_EQ(context.sharing_path(), VaSharingPath::DMA_BUF_IMPORT);
  const auto y = pattern(kHeight * kWidth, 1), uv = pattern(kHeight * kWidth / 2, 2);
  const VASurfaceID surface = display.create_nv12_surface(kWidth, kHeight);
  display.write_nv12(surface, y.data(), uv.data());

  const uint64_t host_before = core.get_property("GPU", copied_bytes);
  const uint64_t device_before = core.get_property("GPU", device_copied_bytes);
  {
    auto [y_tensor, uv_tensor] = context.create_tensor_nv12(kHeight, kWidth, surface);
    EXPECT_EQ(core.get_property("GPU", device_copied_bytes) - device_before, kHeight * kWidth * 3 / 2)
        << "each padded plane is compacted once on the device, exactly its bytes";
    EXPECT_EQ(core.get_property("GPU", copied_bytes), host_before) << "no byte goes through the host";
    EXPECT_EQ(bytes_of(y_tensor), y);
    EXPECT_EQ(bytes_of(uv_tensor), uv);
  }
  display.destroy_surface(surface);
}

}  // namespace
}  // namespace ferry::gpu::test
