#include "test_display.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>
#include <va/va_drm.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

// libdrm's answer for a DRM node: without DRM, libva-drm's vaGetDisplayDRM asks it of any fd and
// gives up. Every fd is a render node here (DRM_NODE_RENDER): this library comes before libdrm.
extern "C" __attribute__((visibility("default"))) int drmGetNodeTypeFromFd(int fd) { return fd >= 0 ? 2 : -1; }

namespace ferry::testing::va {
namespace {

struct Size {
  uint32_t width, height;
};

Size surface_size(VADisplay display, VASurfaceID surface, VAImage& image) {
  check(vaDeriveImage(display, surface, &image), "vaDeriveImage");
  return {image.width, image.height};
}

}  // namespace

size_t open_descriptor_count() {
  size_t count = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (readdir(dir)) ++count;
    closedir(dir);
  }
  return count;
}

void check(VAStatus status, const char* what) {
  if (status != VA_STATUS_SUCCESS) throw std::runtime_error(std::string(what) + ": " + vaErrorStr(status));
}

TestDisplay::TestDisplay() : TestDisplay(Options{}) {}

TestDisplay::TestDisplay(Options options) {
  const char* driver = std::getenv("FERRY_TEST_VA_DRIVER");
  if (!driver) throw std::runtime_error("TestDisplay: FERRY_TEST_VA_DRIVER (the test VA driver's path) is not set");
  char resolved[PATH_MAX];
  if (!realpath(driver, resolved))
    throw std::runtime_error(std::string("TestDisplay: the test VA driver ") + driver + " does not exist");
  std::string directory(resolved);
  directory.erase(directory.rfind('/'));
  setenv("LIBVA_DRIVERS_PATH", directory.c_str(), 1);
  setenv("LIBVA_DRIVER_NAME", "ferry_test", 1);
  setenv("LIBVA_MESSAGING_LEVEL", "0", 0);
  m_fd = memfd_create("ferry-test-va-display", MFD_CLOEXEC);
  if (m_fd < 0) throw std::runtime_error("TestDisplay: memfd_create failed");
  m_display = vaGetDisplayDRM(m_fd);
  if (!m_display) {
    close(m_fd);
    throw std::runtime_error("TestDisplay: vaGetDisplayDRM returned no display");
  }
  if (options.opaque) setenv("FERRY_TEST_VA_DRIVER_OPAQUE", "1", 1);
  int major = 0, minor = 0;
  const VAStatus status = vaInitialize(m_display, &major, &minor);
  if (options.opaque) unsetenv("FERRY_TEST_VA_DRIVER_OPAQUE");
  if (status != VA_STATUS_SUCCESS) {
    vaTerminate(m_display);
    close(m_fd);
    check(status, "TestDisplay: vaInitialize with the test VA driver");
  }
  // The library libva loaded from LIBVA_DRIVERS_PATH (the same file: RTLD_NOLOAD finds it).
  const std::string library = directory + "/ferry_test_drv_video.so";
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle) {
    m_live_images = reinterpret_cast<int (*)(VADisplay)>(dlsym(handle, "ferry_test_va_live_images"));
    m_fail_map_buffer = reinterpret_cast<int (*)(VADisplay, int)>(dlsym(handle, "ferry_test_va_fail_map_buffer"));
    dlclose(handle);  // libva holds the library until vaTerminate
  }
  if (!m_live_images || !m_fail_map_buffer) {
    vaTerminate(m_display);
    close(m_fd);
    throw std::runtime_error("TestDisplay: the test controls of " + library + " cannot be found");
  }
}

TestDisplay::~TestDisplay() {
  vaTerminate(m_display);
  close(m_fd);
}

VASurfaceID TestDisplay::create_nv12_surface(uint32_t width, uint32_t height) const {
  VASurfaceAttrib attrib{};
  attrib.type = VASurfaceAttribPixelFormat;
  attrib.flags = VA_SURFACE_ATTRIB_SETTABLE;
  attrib.value.type = VAGenericValueTypeInteger;
  attrib.value.value.i = VA_FOURCC_NV12;
  VASurfaceID surface = VA_INVALID_SURFACE;
  check(vaCreateSurfaces(m_display, VA_RT_FORMAT_YUV420, width, height, &surface, 1, &attrib, 1), "vaCreateSurfaces");
  m_sizes[surface] = {width, height};
  return surface;
}

void TestDisplay::destroy_surface(VASurfaceID surface) const {
  check(vaDestroySurfaces(m_display, &surface, 1), "vaDestroySurfaces");
  m_sizes.erase(surface);
}

void TestDisplay::write_nv12(VASurfaceID surface, const uint8_t* y, const uint8_t* uv) const {
  check(vaSyncSurface(m_display, surface), "vaSyncSurface");
  VAImage image{};
  bool derived = true;
  const VAStatus status = vaDeriveImage(m_display, surface, &image);
  if (status == VA_STATUS_ERROR_UNIMPLEMENTED) {
    // No derived image: the pixels go into an image of the driver's, then vaPutImage.
    const auto size = m_sizes.find(surface);
    if (size == m_sizes.end()) throw std::runtime_error("TestDisplay::write_nv12: not a surface of this TestDisplay");
    VAImageFormat format{};
    format.fourcc = VA_FOURCC_NV12;
    format.byte_order = VA_LSB_FIRST;
    format.bits_per_pixel = 12;
    check(vaCreateImage(m_display, &format, static_cast<int>(size->second.first), static_cast<int>(size->second.second),
                        &image),
          "vaCreateImage");
    derived = false;
  } else {
    check(status, "vaDeriveImage");
  }
  void* mapped = nullptr;
  check(vaMapBuffer(m_display, image.buf, &mapped), "vaMapBuffer");
  auto* bytes = static_cast<uint8_t*>(mapped);
  for (uint32_t row = 0; row < image.height; ++row)
    std::memcpy(bytes + image.offsets[0] + size_t(row) * image.pitches[0], y + size_t(row) * image.width, image.width);
  for (uint32_t row = 0; row < image.height / 2u; ++row)
    std::memcpy(bytes + image.offsets[1] + size_t(row) * image.pitches[1], uv + size_t(row) * image.width, image.width);
  check(vaUnmapBuffer(m_display, image.buf), "vaUnmapBuffer");
  if (!derived)
    check(vaPutImage(m_display, surface, image.image_id, 0, 0, image.width, image.height, 0, 0, image.width,
                     image.height),
          "vaPutImage");
  check(vaDestroyImage(m_display, image.image_id), "vaDestroyImage");
}

std::vector<uint8_t> TestDisplay::read_nv12(VASurfaceID surface) const {
  check(vaSyncSurface(m_display, surface), "vaSyncSurface");
  VAImage image{};
  const Size size = surface_size(m_display, surface, image);
  void* mapped = nullptr;
  check(vaMapBuffer(m_display, image.buf, &mapped), "vaMapBuffer");
  const auto* bytes = static_cast<const uint8_t*>(mapped);
  std::vector<uint8_t> planes(size_t(size.width) * size.height * 3 / 2);
  for (uint32_t row = 0; row < size.height; ++row)
    std::memcpy(planes.data() + size_t(row) * size.width, bytes + image.offsets[0] + size_t(row) * image.pitches[0],
                size.width);
  uint8_t* chroma = planes.data() + size_t(size.width) * size.height;
  for (uint32_t row = 0; row < size.height / 2; ++row)
    std::memcpy(chroma + size_t(row) * size.width, bytes + image.offsets[1] + size_t(row) * image.pitches[1],
                size.width);
  check(vaUnmapBuffer(m_display, image.buf), "vaUnmapBuffer");
  check(vaDestroyImage(m_display, image.image_id), "vaDestroyImage");
  return planes;
}

size_t TestDisplay::live_images() const {
  const int count = m_live_images(m_display);
  if (count < 0) throw std::runtime_error("TestDisplay::live_images: the display is not the test VA driver's");
  return static_cast<size_t>(count);
}

void TestDisplay::fail_map_buffer(bool fail) const {
  if (m_fail_map_buffer(m_display, fail ? 1 : 0) != 0)
    throw std::runtime_error("TestDisplay::fail_map_buffer: the display is not the test VA driver's");
}

}  // namespace ferry::testing::va
