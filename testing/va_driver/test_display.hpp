#pragma once

// A VA display of Ferry's test VA driver (ferry_test_drv_video.so, this package), for tests and
// examples on machines without DRM or a VA driver: vaGetDisplayDRM over an anonymous file (this
// library answers libdrm's drmGetNodeTypeFromFd for it, PLATFORM.md "libva 2.17") and
// vaInitialize with the driver named by FERRY_TEST_VA_DRIVER (its path; Bazel targets set it to
// the driver's runfiles path). Never part of a product.

#include <va/va.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace ferry::testing::va {

class TestDisplay {
 public:
  struct Options {
    // Surfaces nothing can read (FERRY_TEST_VA_DRIVER_OPAQUE=1 for this display's driver): no
    // vaDeriveImage, vaGetImage or vaExportSurfaceHandle.
    bool opaque = false;
  };
  // Throws std::runtime_error naming what failed (driver not found, vaInitialize's status).
  TestDisplay();
  explicit TestDisplay(Options options);
  ~TestDisplay();
  TestDisplay(const TestDisplay&) = delete;
  TestDisplay& operator=(const TestDisplay&) = delete;

  VADisplay get() const { return m_display; }
  operator VADisplay() const { return m_display; }  // NOLINT

  // An NV12 surface (vaCreateSurfaces, VA_RT_FORMAT_YUV420); throws on failure.
  VASurfaceID create_nv12_surface(uint32_t width, uint32_t height) const;
  void destroy_surface(VASurfaceID surface) const;
  // Writes dense planes (`y`: width*height bytes, `uv`: width*height/2) into the surface through
  // vaDeriveImage + vaMapBuffer, or vaCreateImage + vaPutImage where the driver cannot derive.
  void write_nv12(VASurfaceID surface, const uint8_t* y, const uint8_t* uv) const;
  // The surface's planes, dense, through vaDeriveImage + vaMapBuffer: Y then UV.
  std::vector<uint8_t> read_nv12(VASurfaceID surface) const;

  // The images (derived or created) the driver holds for this display: tests check that a
  // failed call leaves none behind.
  size_t live_images() const;
  // While `fail` is true, vaMapBuffer on this display fails (VA_STATUS_ERROR_OPERATION_FAILED).
  void fail_map_buffer(bool fail) const;

 private:
  int m_fd = -1;
  VADisplay m_display = nullptr;
  // The driver's test controls (ferry_test_drv_video.cpp), found with dlsym after vaInitialize.
  int (*m_live_images)(VADisplay) = nullptr;
  int (*m_fail_map_buffer)(VADisplay, int) = nullptr;
  mutable std::map<VASurfaceID, std::pair<uint32_t, uint32_t>> m_sizes;  // width, height
};

// How many file descriptors the process has open (/proc/self/fd): tests compare it before and
// after, as surfaces and their exports are memfds.
size_t open_descriptor_count();

// Throws std::runtime_error "<what>: <vaErrorStr>" unless `status` is VA_STATUS_SUCCESS.
void check(VAStatus status, const char* what);

}  // namespace ferry::testing::va
