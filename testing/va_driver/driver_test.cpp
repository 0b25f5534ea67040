// The test VA driver through the real libva: surfaces, derived images, image copies, DRM PRIME
// export, the toy decoder, ids of other displays, the opaque variant, descriptors closed, the test
// controls (live images, vaMapBuffer made to fail).

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>
#include <va/va_drmcommon.h>

#include <cstring>
#include <vector>

#include "test_display.hpp"

namespace ferry::testing::va {
namespace {

std::vector<uint8_t> pattern(size_t size, int seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>((i * 7 + seed) % 251);
  return bytes;
}

TEST(TestVaDriver, InitializesThroughLibva) {
  TestDisplay display;
  EXPECT_STREQ(vaQueryVendorString(display), "Ferry test VA driver");
  std::vector<VAImageFormat> formats(vaMaxNumImageFormats(display));
  int count = 0;
  ASSERT_EQ(vaQueryImageFormats(display, formats.data(), &count), VA_STATUS_SUCCESS);
  ASSERT_EQ(count, 1);
  EXPECT_EQ(formats[0].fourcc, static_cast<uint32_t>(VA_FOURCC_NV12));
}

TEST(TestVaDriver, SurfacePixelsThroughDerivedImages) {
  TestDisplay display;
  const VASurfaceID surface = display.create_nv12_surface(40, 22);
  const auto y = pattern(40 * 22, 1), uv = pattern(40 * 11, 2);
  display.write_nv12(surface, y.data(), uv.data());
  const auto planes = display.read_nv12(surface);
  EXPECT_EQ(std::vector<uint8_t>(planes.begin(), planes.begin() + y.size()), y);
  EXPECT_EQ(std::vector<uint8_t>(planes.begin() + y.size(), planes.end()), uv);

  VAImage image{};
  ASSERT_EQ(vaDeriveImage(display, surface, &image), VA_STATUS_SUCCESS);
  EXPECT_EQ(image.width, 40);
  EXPECT_EQ(image.height, 22);
  EXPECT_EQ(image.num_planes, 2u);
  EXPECT_EQ(image.pitches[0], 64u);       // padded rows, as a decoder's
  EXPECT_EQ(image.offsets[1], 64u * 32);  // luma rows a multiple of 16
  EXPECT_EQ(vaDestroyImage(display, image.image_id), VA_STATUS_SUCCESS);
  display.destroy_surface(surface);
}

TEST(TestVaDriver, GetImageAndPutImageCopyTheFrame) {
  TestDisplay display;
  const VASurfaceID surface = display.create_nv12_surface(16, 8);
  const auto y = pattern(16 * 8, 3), uv = pattern(16 * 4, 4);
  display.write_nv12(surface, y.data(), uv.data());
  VAImageFormat format{};
  format.fourcc = VA_FOURCC_NV12;
  VAImage image{};
  ASSERT_EQ(vaCreateImage(display, &format, 16, 8, &image), VA_STATUS_SUCCESS);
  ASSERT_EQ(vaGetImage(display, surface, 0, 0, 16, 8, image.image_id), VA_STATUS_SUCCESS);
  void* mapped = nullptr;
  ASSERT_EQ(vaMapBuffer(display, image.buf, &mapped), VA_STATUS_SUCCESS);
  const auto* bytes = static_cast<const uint8_t*>(mapped);
  EXPECT_EQ(std::memcmp(bytes + image.offsets[1] + image.pitches[1], uv.data() + 16, 16), 0);
  EXPECT_EQ(vaUnmapBuffer(display, image.buf), VA_STATUS_SUCCESS);
  EXPECT_EQ(vaDestroyImage(display, image.image_id), VA_STATUS_SUCCESS);
  display.destroy_surface(surface);
}

TEST(TestVaDriver, ExportsDrmPrimeDescriptorsOverTheSurfaceMemory) {
  TestDisplay display;
  const size_t fds_before = open_descriptor_count();
  const VASurfaceID surface = display.create_nv12_surface(32, 16);
  const auto y = pattern(32 * 16, 5), uv = pattern(32 * 8, 6);
  display.write_nv12(surface, y.data(), uv.data());
  VADRMPRIMESurfaceDescriptor descriptor{};
  ASSERT_EQ(vaExportSurfaceHandle(display, surface, VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2,
                                  VA_EXPORT_SURFACE_READ_ONLY | VA_EXPORT_SURFACE_SEPARATE_LAYERS, &descriptor),
            VA_STATUS_SUCCESS);
  EXPECT_EQ(descriptor.fourcc, static_cast<uint32_t>(VA_FOURCC_NV12));
  ASSERT_EQ(descriptor.num_objects, 1u);
  ASSERT_EQ(descriptor.num_layers, 2u);
  EXPECT_EQ(descriptor.objects[0].drm_format_modifier, 0u);
  const auto& uv_layer = descriptor.layers[1];
  void* mapped = mmap(nullptr, descriptor.objects[0].size, PROT_READ, MAP_SHARED, descriptor.objects[0].fd, 0);
  ASSERT_NE(mapped, MAP_FAILED);
  const auto* bytes = static_cast<const uint8_t*>(mapped);
  EXPECT_EQ(std::memcmp(bytes + descriptor.layers[0].pitch[0] * 3, y.data() + 32 * 3, 32), 0);
  EXPECT_EQ(std::memcmp(bytes + uv_layer.offset[0] + uv_layer.pitch[0] * 2, uv.data() + 32 * 2, 32), 0);
  munmap(mapped, descriptor.objects[0].size);
  close(descriptor.objects[0].fd);

  ASSERT_EQ(vaExportSurfaceHandle(display, surface, VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2, 0, &descriptor),
            VA_STATUS_SUCCESS);
  EXPECT_EQ(descriptor.num_layers, 1u);
  EXPECT_EQ(descriptor.layers[0].num_planes, 2u);
  close(descriptor.objects[0].fd);
  display.destroy_surface(surface);
  EXPECT_EQ(open_descriptor_count(), fds_before);  // the surface's memfd went with it
}

TEST(TestVaDriver, DecoderWritesItsRenderTarget) {
  TestDisplay display;
  VAConfigID config = VA_INVALID_ID;
  ASSERT_EQ(vaCreateConfig(display, VAProfileNone, VAEntrypointVLD, nullptr, 0, &config), VA_STATUS_SUCCESS);
  const VASurfaceID surface = display.create_nv12_surface(8, 4);
  VASurfaceID targets[] = {surface};
  VAContextID context = VA_INVALID_ID;
  ASSERT_EQ(vaCreateContext(display, config, 8, 4, VA_PROGRESSIVE, targets, 1, &context), VA_STATUS_SUCCESS);
  auto frame = pattern(8 * 4 * 3 / 2, 7);
  VABufferID slice = VA_INVALID_ID;
  ASSERT_EQ(vaCreateBuffer(display, context, VASliceDataBufferType, frame.size(), 1, frame.data(), &slice),
            VA_STATUS_SUCCESS);
  ASSERT_EQ(vaBeginPicture(display, context, surface), VA_STATUS_SUCCESS);
  ASSERT_EQ(vaRenderPicture(display, context, &slice, 1), VA_STATUS_SUCCESS);
  ASSERT_EQ(vaEndPicture(display, context), VA_STATUS_SUCCESS);
  VASurfaceStatus status{};
  ASSERT_EQ(vaQuerySurfaceStatus(display, surface, &status), VA_STATUS_SUCCESS);
  EXPECT_EQ(status, VASurfaceReady);
  EXPECT_EQ(display.read_nv12(surface), frame);
  EXPECT_EQ(vaDestroyBuffer(display, slice), VA_STATUS_SUCCESS);
  EXPECT_EQ(vaDestroyContext(display, context), VA_STATUS_SUCCESS);
  EXPECT_EQ(vaDestroyConfig(display, config), VA_STATUS_SUCCESS);
  display.destroy_surface(surface);
}

TEST(TestVaDriver, RefusesOddNv12SizesAndForeignSurfaces) {
  TestDisplay display, other;
  EXPECT_THROW(display.create_nv12_surface(31, 16), std::runtime_error);
  const VASurfaceID surface = other.create_nv12_surface(16, 16);
  EXPECT_EQ(vaSyncSurface(display, surface), VA_STATUS_ERROR_INVALID_SURFACE);
  VAImage image{};
  EXPECT_EQ(vaDeriveImage(display, surface, &image), VA_STATUS_ERROR_INVALID_SURFACE);
  EXPECT_EQ(vaSyncSurface(other, surface), VA_STATUS_SUCCESS);
  other.destroy_surface(surface);
}

TEST(TestVaDriver, OpaqueDisplayHidesItsSurfaces) {
  TestDisplay display(TestDisplay::Options{true});
  const VASurfaceID surface = display.create_nv12_surface(16, 16);
  const auto y = pattern(16 * 16, 8), uv = pattern(16 * 8, 9);
  display.write_nv12(surface, y.data(), uv.data());  // through vaCreateImage + vaPutImage
  VAImage image{};
  EXPECT_EQ(vaDeriveImage(display, surface, &image), VA_STATUS_ERROR_UNIMPLEMENTED);
  VADRMPRIMESurfaceDescriptor descriptor{};
  EXPECT_EQ(vaExportSurfaceHandle(display, surface, VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2, 0, &descriptor),
            VA_STATUS_ERROR_UNIMPLEMENTED);
  display.destroy_surface(surface);
}

TEST(TestVaDriver, CountsLiveImagesAndFailsMapBufferOnRequest) {
  TestDisplay display, other;
  const VASurfaceID surface = display.create_nv12_surface(16, 16);
  EXPECT_EQ(display.live_images(), 0u);
  VAImage image{};
  ASSERT_EQ(vaDeriveImage(display, surface, &image), VA_STATUS_SUCCESS);
  EXPECT_EQ(display.live_images(), 1u);
  EXPECT_EQ(other.live_images(), 0u);  // per display
  void* mapped = nullptr;
  display.fail_map_buffer(true);
  EXPECT_EQ(vaMapBuffer(display, image.buf, &mapped), VA_STATUS_ERROR_OPERATION_FAILED);
  EXPECT_EQ(mapped, nullptr);
  display.fail_map_buffer(false);
  EXPECT_EQ(vaMapBuffer(display, image.buf, &mapped), VA_STATUS_SUCCESS);
  EXPECT_EQ(vaUnmapBuffer(display, image.buf), VA_STATUS_SUCCESS);
  EXPECT_EQ(vaDestroyImage(display, image.image_id), VA_STATUS_SUCCESS);
  EXPECT_EQ(display.live_images(), 0u);
  display.destroy_surface(surface);
}

}  // namespace
}  // namespace ferry::testing::va
