// The INTEL_MEDIA_SHARING path's sequence (the plane's image made, acquired for OpenCL, waited
// for; or the tensor's part copied and the surface released at once) driven on PoCL, which lacks
// cl_intel_va_api_media_sharing, through stand-ins for the extension's entry points: a plane's
// image is a PoCL CL_R image, acquires and releases are counted, clFinish can be made to fail.
// Nothing may stay acquired or referenced after an error.

#include "va_surface_sharing.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "ferry/testing/error_of.hpp"

namespace ferry::gpu {
namespace {

using ferry::testing::error_of;

constexpr uint32_t kSurface = 7;

// The stand-in platform's state (the entry points are plain functions).
struct FakePlatform {
  size_t width = 0, height = 0;  // the plane's image, in CL_R pixels
  std::vector<uint8_t> pixels;   // width x height
  int acquired = 0, released = 0;
  cl_int finish_status = CL_SUCCESS;  // what clFinish answers (CL_SUCCESS: PoCL's clFinish)
  std::vector<cl_mem> images;         // every image made, with a reference of the test's
};
FakePlatform* g_platform = nullptr;

cl_mem CL_API_CALL fake_create_from_surface(cl_context context, cl_mem_flags flags, VASurfaceID* surface, cl_uint plane,
                                            cl_int* status) {
  if (*surface != kSurface || plane > 1) {
    *status = CL_INVALID_VA_API_MEDIA_SURFACE_INTEL;
    return nullptr;
  }
  const cl_image_format format{CL_R, CL_UNORM_INT8};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = g_platform->width;
  desc.image_height = g_platform->height;
  cl_mem image =
      clCreateImage(context, flags | CL_MEM_COPY_HOST_PTR, &format, &desc, g_platform->pixels.data(), status);
  if (image) {
    clRetainMemObject(image);
    g_platform->images.push_back(image);
  }
  return image;
}

cl_int CL_API_CALL fake_acquire(cl_command_queue, cl_uint count, const cl_mem*, cl_uint, const cl_event*, cl_event*) {
  g_platform->acquired += static_cast<int>(count);
  return CL_SUCCESS;
}

cl_int CL_API_CALL fake_release(cl_command_queue, cl_uint count, const cl_mem*, cl_uint, const cl_event*, cl_event*) {
  g_platform->released += static_cast<int>(count);
  return CL_SUCCESS;
}

cl_int CL_API_CALL fake_finish(cl_command_queue queue) {
  return g_platform->finish_status == CL_SUCCESS ? clFinish(queue) : g_platform->finish_status;
}

cl_uint reference_count(cl_mem memory) {
  cl_uint count = 0;
  clGetMemObjectInfo(memory, CL_MEM_REFERENCE_COUNT, sizeof(count), &count, nullptr);
  return count;
}

class IntelSurfacePlaneTest : public ::testing::Test {
 protected:
  IntelSurfacePlaneTest() {
    cl_platform_id platform = nullptr;
    cl_uint platforms = 0;
    clGetPlatformIDs(1, &platform, &platforms);
    cl_device_id device = nullptr;
    if (platforms) clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
    cl_int status = CL_SUCCESS;
    if (device) context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
    if (context) queue = clCreateCommandQueueWithProperties(context, device, nullptr, &status);
    sharing.create_from_surface = fake_create_from_surface;
    sharing.acquire = fake_acquire;
    sharing.release = fake_release;
    sharing.finish = fake_finish;
    g_platform = &platform_state;
  }
  ~IntelSurfacePlaneTest() override {
    for (cl_mem image : platform_state.images) clReleaseMemObject(image);
    if (queue) clReleaseCommandQueue(queue);
    if (context) clReleaseContext(context);
    g_platform = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(queue) << "no OpenCL device"; }

  // A plane of `width` x `height` bytes (CL_R pixels), byte (row, column) = row * 16 + column.
  void plane_of(size_t width, size_t height) {
    platform_state.width = width;
    platform_state.height = height;
    platform_state.pixels.resize(width * height);
    for (size_t row = 0; row < height; ++row)
      for (size_t column = 0; column < width; ++column)
        platform_state.pixels[row * width + column] = static_cast<uint8_t>(row * 16 + column);
  }
  // The images made are referenced by the test alone (nothing of the plugin's left).
  void expect_images_let_go() {
    for (cl_mem image : platform_state.images) EXPECT_EQ(reference_count(image), 1u);
  }
  std::vector<uint8_t> read(cl_mem buffer, size_t bytes) {
    std::vector<uint8_t> host(bytes);
    clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, host.data(), 0, nullptr, nullptr);
    return host;
  }

  FakePlatform platform_state;
  IntelMediaSharing sharing;
  MemoryCounters counters;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
};

TEST_F(IntelSurfacePlaneTest, APlaneOfTheTensorsSizeIsTheImageAcquiredUntilReleased) {
  plane_of(16, 12);
  {
    IntelSurfacePlane plane =
        intel_surface_plane(sharing, counters, context, queue, kSurface, 0, {1, 12, 16, 1}, "test");
    EXPECT_TRUE(plane.acquired);
    ASSERT_EQ(platform_state.images.size(), 1u);
    EXPECT_EQ(plane.memory.get(), platform_state.images[0]);
    EXPECT_EQ(platform_state.acquired, 1);
    EXPECT_EQ(platform_state.released, 0);
    EXPECT_EQ(release_intel_surface_plane(sharing, queue, plane.memory.get()), CL_SUCCESS);
    EXPECT_EQ(platform_state.released, 1);
  }
  expect_images_let_go();
}

TEST_F(IntelSurfacePlaneTest, AFailedFinishAfterTheAcquireReleasesTheSurface) {
  plane_of(16, 12);
  platform_state.finish_status = CL_OUT_OF_RESOURCES;
  const std::string failure = error_of([&] {
    intel_surface_plane(sharing, counters, context, queue, kSurface, 0, {1, 12, 16, 1}, "test");
  });
  EXPECT_NE(failure.find("clFinish after acquiring VA surface 7 failed: CL_OUT_OF_RESOURCES"), std::string::npos)
      << failure;
  EXPECT_EQ(platform_state.acquired, 1);
  EXPECT_EQ(platform_state.released, 1) << "the surface stayed acquired by OpenCL";
  expect_images_let_go();
}

TEST_F(IntelSurfacePlaneTest, TallerAndWiderSurfacesGiveTheTopLeftCopiedAndReleased) {
  // A decoder's 1080p surface is 1088 rows: here 12 rows of a 16-row, 32-column Y plane.
  plane_of(32, 16);
  {
    IntelSurfacePlane plane =
        intel_surface_plane(sharing, counters, context, queue, kSurface, 0, {1, 12, 16, 1}, "test");
    EXPECT_FALSE(plane.acquired);
    ASSERT_EQ(platform_state.images.size(), 1u);
    EXPECT_NE(plane.memory.get(), platform_state.images[0]);
    cl_mem_object_type kind = 0;
    clGetMemObjectInfo(plane.memory.get(), CL_MEM_TYPE, sizeof(kind), &kind, nullptr);
    EXPECT_EQ(kind, static_cast<cl_mem_object_type>(CL_MEM_OBJECT_BUFFER));
    const std::vector<uint8_t> bytes = read(plane.memory.get(), 12 * 16);
    for (size_t row = 0; row < 12; ++row)
      for (size_t column = 0; column < 16; ++column)
        ASSERT_EQ(bytes[row * 16 + column], static_cast<uint8_t>(row * 16 + column)) << row << "," << column;
    EXPECT_EQ(platform_state.acquired, 1);
    EXPECT_EQ(platform_state.released, 1) << "the surface is OpenCL's only for the copy";
    EXPECT_EQ(counters.device_copied.load(), 12u * 16u) << "the copy on the device is counted";
    EXPECT_EQ(counters.copied.load(), 0u);
  }
  // The UV plane ([1, 6, 8, 2]) of the same surface: 8 rows of 32 bytes (a CL_R stand-in for CL_RG).
  plane_of(32, 8);
  {
    IntelSurfacePlane plane = intel_surface_plane(sharing, counters, context, queue, kSurface, 1, {1, 6, 8, 2}, "test");
    EXPECT_FALSE(plane.acquired);
    const std::vector<uint8_t> bytes = read(plane.memory.get(), 6 * 16);
    for (size_t row = 0; row < 6; ++row)
      for (size_t column = 0; column < 16; ++column)
        ASSERT_EQ(bytes[row * 16 + column], static_cast<uint8_t>(row * 16 + column)) << row << "," << column;
    EXPECT_EQ(platform_state.released, platform_state.acquired);
  }
  expect_images_let_go();
}

TEST_F(IntelSurfacePlaneTest, RefusesSmallerSurfacesNamingTheSizes) {
  plane_of(16, 8);
  const std::string failure = error_of([&] {
    intel_surface_plane(sharing, counters, context, queue, kSurface, 0, {1, 12, 16, 1}, "test");
  });
  EXPECT_NE(failure.find("test: the tensor's shape [1,12,16,1] does not fit plane 0 of VA surface 7 (16x8 pixels"),
            std::string::npos)
      << failure;
  EXPECT_EQ(platform_state.acquired, 0);
  expect_images_let_go();
}

TEST_F(IntelSurfacePlaneTest, AFailedFinishAfterTheCopyStillReleasesTheSurface) {
  plane_of(16, 16);
  platform_state.finish_status = CL_OUT_OF_RESOURCES;
  const std::string failure = error_of([&] {
    intel_surface_plane(sharing, counters, context, queue, kSurface, 0, {1, 12, 16, 1}, "test");
  });
  EXPECT_NE(failure.find("VA surface 7"), std::string::npos) << failure;
  EXPECT_NE(failure.find("CL_OUT_OF_RESOURCES"), std::string::npos) << failure;
  EXPECT_EQ(platform_state.released, platform_state.acquired);
  expect_images_let_go();
}

}  // namespace
}  // namespace ferry::gpu
