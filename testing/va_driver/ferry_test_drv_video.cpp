// Ferry's test VA driver (never installed): a libva 2.17 backend without hardware, loaded by the
// real libva through LIBVA_DRIVERS_PATH / LIBVA_DRIVER_NAME=ferry_test (see README.md). NV12
// surfaces live in memfd memory (pitch a multiple of 64, luma rows a multiple of 16, so planes
// have padding and an offset like a decoder's); vaDeriveImage + vaMapBuffer reach their pixels,
// vaCreateImage / vaGetImage / vaPutImage copy them, vaExportSurfaceHandle gives DRM PRIME 2
// descriptors whose object is a duplicate of the memfd. A "decoder" (VAProfileNone,
// VAEntrypointVLD) writes the raw NV12 frame of a VASliceDataBuffer into its render target at
// vaEndPicture. Every other entry returns VA_STATUS_ERROR_UNIMPLEMENTED.
//
// Object ids are unique in the process, so a surface of another display is unknown to this one.
// FERRY_TEST_VA_DRIVER_OPAQUE=1 when a display is initialised: its surfaces cannot be reached
// (vaDeriveImage, vaGetImage and vaExportSurfaceHandle unimplemented), a display through which
// no plugin can read a surface.
//
// Test controls, exported beside __vaDriverInit_1_17 (TestDisplay finds them with dlsym):
// ferry_test_va_live_images counts a display's images (derived or created), so tests can check
// that none outlive a failed call; ferry_test_va_fail_map_buffer makes a display's vaMapBuffer
// fail (VA_STATUS_ERROR_OPERATION_FAILED), so a caller's error path after vaDeriveImage runs.

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <va/va_backend.h>
#include <va/va_drmcommon.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace {

constexpr uint32_t fourcc(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 | uint32_t(uint8_t(d)) << 24;
}
constexpr uint32_t kDrmFormatNv12 = fourcc('N', 'V', '1', '2');
constexpr uint32_t kDrmFormatR8 = fourcc('R', '8', ' ', ' ');
constexpr uint32_t kDrmFormatGr88 = fourcc('G', 'R', '8', '8');

std::atomic<uint32_t> g_next_id{0x1000};  // process-wide: ids never repeat across displays

uint32_t round_up(uint32_t value, uint32_t step) { return (value + step - 1) / step * step; }

// NV12 pixels in a memfd, mapped while the surface (or an image derived from it) lives.
struct Storage {
  int fd = -1;
  size_t size = 0;
  uint8_t* pixels = nullptr;
  ~Storage() {
    if (pixels) munmap(pixels, size);
    if (fd >= 0) close(fd);
  }
};

struct Surface {
  uint32_t width = 0, height = 0, pitch = 0, luma_rows = 0;
  std::shared_ptr<Storage> storage;
  uint32_t uv_offset() const { return pitch * luma_rows; }
};

struct Buffer {
  VABufferType type = VABufferTypeMax;
  std::vector<uint8_t> data;         // the buffer's own bytes, or
  std::shared_ptr<Storage> derived;  // the surface memory of a derived image
  unsigned int size = 0, elements = 0;
  uint8_t* bytes() { return derived ? derived->pixels : data.data(); }
};

struct Image {
  VAImage image{};
};

struct Config {
  VAProfile profile;
  VAEntrypoint entrypoint;
};

struct Context {
  VAConfigID config;
  VASurfaceID target = VA_INVALID_SURFACE;
  std::vector<VABufferID> slices;
};

struct Driver {
  std::mutex mutex;
  bool opaque = false;
  bool fail_map_buffer = false;  // ferry_test_va_fail_map_buffer
  std::map<VAConfigID, Config> configs;
  std::map<VAContextID, Context> contexts;
  std::map<VASurfaceID, Surface> surfaces;
  std::map<VABufferID, Buffer> buffers;
  std::map<VAImageID, Image> images;
};

Driver& driver(VADriverContextP ctx) { return *static_cast<Driver*>(ctx->pDriverData); }

VAImageFormat nv12_format() {
  VAImageFormat format{};
  format.fourcc = VA_FOURCC_NV12;
  format.byte_order = VA_LSB_FIRST;
  format.bits_per_pixel = 12;
  return format;
}

// Fills `image` (an NV12 image over `surface`'s layout) and makes its buffer.
void describe_nv12(Driver& d, const Surface& surface, VAImage* image, Buffer buffer) {
  image->image_id = g_next_id++;
  image->format = nv12_format();
  image->buf = g_next_id++;
  image->width = static_cast<uint16_t>(surface.width);
  image->height = static_cast<uint16_t>(surface.height);
  image->data_size = static_cast<uint32_t>(surface.storage ? surface.storage->size : buffer.data.size());
  image->num_planes = 2;
  image->pitches[0] = image->pitches[1] = surface.pitch;
  image->offsets[0] = 0;
  image->offsets[1] = surface.uv_offset();
  image->num_palette_entries = 0;
  image->entry_bytes = 0;
  buffer.type = VAImageBufferType;
  buffer.size = image->data_size;
  buffer.elements = 1;
  d.buffers[image->buf] = std::move(buffer);
  d.images[image->image_id].image = *image;
}

VAStatus terminate(VADriverContextP ctx) {
  delete static_cast<Driver*>(ctx->pDriverData);
  ctx->pDriverData = nullptr;
  return VA_STATUS_SUCCESS;
}

VAStatus query_profiles(VADriverContextP, VAProfile* profiles, int* count) {
  profiles[0] = VAProfileNone;
  *count = 1;
  return VA_STATUS_SUCCESS;
}

VAStatus query_entrypoints(VADriverContextP, VAProfile profile, VAEntrypoint* entrypoints, int* count) {
  if (profile != VAProfileNone) return VA_STATUS_ERROR_UNSUPPORTED_PROFILE;
  entrypoints[0] = VAEntrypointVLD;
  *count = 1;
  return VA_STATUS_SUCCESS;
}

VAStatus get_config_attributes(VADriverContextP, VAProfile profile, VAEntrypoint entrypoint, VAConfigAttrib* attribs,
                               int count) {
  if (profile != VAProfileNone) return VA_STATUS_ERROR_UNSUPPORTED_PROFILE;
  if (entrypoint != VAEntrypointVLD) return VA_STATUS_ERROR_UNSUPPORTED_ENTRYPOINT;
  for (int i = 0; i < count; ++i)
    attribs[i].value = attribs[i].type == VAConfigAttribRTFormat ? VA_RT_FORMAT_YUV420 : VA_ATTRIB_NOT_SUPPORTED;
  return VA_STATUS_SUCCESS;
}

VAStatus create_config(VADriverContextP ctx, VAProfile profile, VAEntrypoint entrypoint, VAConfigAttrib*, int,
                       VAConfigID* id) {
  if (profile != VAProfileNone) return VA_STATUS_ERROR_UNSUPPORTED_PROFILE;
  if (entrypoint != VAEntrypointVLD) return VA_STATUS_ERROR_UNSUPPORTED_ENTRYPOINT;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  *id = g_next_id++;
  d.configs[*id] = {profile, entrypoint};
  return VA_STATUS_SUCCESS;
}

VAStatus destroy_config(VADriverContextP ctx, VAConfigID id) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.configs.erase(id) ? VA_STATUS_SUCCESS : VA_STATUS_ERROR_INVALID_CONFIG;
}

VAStatus query_config_attributes(VADriverContextP ctx, VAConfigID id, VAProfile* profile, VAEntrypoint* entrypoint,
                                 VAConfigAttrib*, int* count) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.configs.find(id);
  if (found == d.configs.end()) return VA_STATUS_ERROR_INVALID_CONFIG;
  *profile = found->second.profile;
  *entrypoint = found->second.entrypoint;
  *count = 0;
  return VA_STATUS_SUCCESS;
}

VAStatus create_surfaces2(VADriverContextP ctx, unsigned int format, unsigned int width, unsigned int height,
                          VASurfaceID* surfaces, unsigned int count, VASurfaceAttrib* attribs, unsigned int n_attribs) {
  if (format != VA_RT_FORMAT_YUV420) return VA_STATUS_ERROR_UNSUPPORTED_RT_FORMAT;
  for (unsigned int i = 0; i < n_attribs; ++i) {
    if (attribs[i].type == VASurfaceAttribPixelFormat && attribs[i].value.value.i != int(VA_FOURCC_NV12))
      return VA_STATUS_ERROR_INVALID_IMAGE_FORMAT;
    if (attribs[i].type == VASurfaceAttribMemoryType && attribs[i].value.value.i != int(VA_SURFACE_ATTRIB_MEM_TYPE_VA))
      return VA_STATUS_ERROR_UNSUPPORTED_MEMORY_TYPE;
  }
  // NV12 needs whole chroma samples.
  if (width == 0 || height == 0 || width % 2 || height % 2 || width > 16384 || height > 16384)
    return VA_STATUS_ERROR_RESOLUTION_NOT_SUPPORTED;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  for (unsigned int i = 0; i < count; ++i) {
    Surface surface;
    surface.width = width;
    surface.height = height;
    surface.pitch = round_up(width, 64);
    surface.luma_rows = round_up(height, 16);
    auto storage = std::make_shared<Storage>();
    storage->size = size_t(surface.pitch) * surface.luma_rows * 3 / 2;
    storage->fd = memfd_create("ferry-test-va-surface", MFD_CLOEXEC);
    if (storage->fd < 0 || ftruncate(storage->fd, static_cast<off_t>(storage->size)) != 0)
      return VA_STATUS_ERROR_ALLOCATION_FAILED;
    void* pixels = mmap(nullptr, storage->size, PROT_READ | PROT_WRITE, MAP_SHARED, storage->fd, 0);
    if (pixels == MAP_FAILED) return VA_STATUS_ERROR_ALLOCATION_FAILED;
    storage->pixels = static_cast<uint8_t*>(pixels);
    surface.storage = std::move(storage);
    surfaces[i] = g_next_id++;
    d.surfaces[surfaces[i]] = std::move(surface);
  }
  return VA_STATUS_SUCCESS;
}

VAStatus create_surfaces(VADriverContextP ctx, int width, int height, int format, int count, VASurfaceID* surfaces) {
  if (width < 0 || height < 0 || count < 0) return VA_STATUS_ERROR_INVALID_PARAMETER;
  return create_surfaces2(ctx, static_cast<unsigned int>(format), static_cast<unsigned int>(width),
                          static_cast<unsigned int>(height), surfaces, static_cast<unsigned int>(count), nullptr, 0);
}

VAStatus destroy_surfaces(VADriverContextP ctx, VASurfaceID* surfaces, int count) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  for (int i = 0; i < count; ++i)
    if (!d.surfaces.count(surfaces[i])) return VA_STATUS_ERROR_INVALID_SURFACE;
  for (int i = 0; i < count; ++i) d.surfaces.erase(surfaces[i]);
  return VA_STATUS_SUCCESS;
}

VAStatus create_context(VADriverContextP ctx, VAConfigID config, int, int, int, VASurfaceID*, int,
                        VAContextID* context) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  if (!d.configs.count(config)) return VA_STATUS_ERROR_INVALID_CONFIG;
  *context = g_next_id++;
  d.contexts[*context] = Context{config, VA_INVALID_SURFACE, {}};
  return VA_STATUS_SUCCESS;
}

VAStatus destroy_context(VADriverContextP ctx, VAContextID context) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.contexts.erase(context) ? VA_STATUS_SUCCESS : VA_STATUS_ERROR_INVALID_CONTEXT;
}

VAStatus create_buffer(VADriverContextP ctx, VAContextID, VABufferType type, unsigned int size, unsigned int elements,
                       void* data, VABufferID* id) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  Buffer buffer;
  buffer.type = type;
  buffer.size = size;
  buffer.elements = elements;
  buffer.data.resize(size_t(size) * elements);
  if (data && !buffer.data.empty()) std::memcpy(buffer.data.data(), data, buffer.data.size());
  *id = g_next_id++;
  d.buffers[*id] = std::move(buffer);
  return VA_STATUS_SUCCESS;
}

VAStatus buffer_set_num_elements(VADriverContextP ctx, VABufferID id, unsigned int elements) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.buffers.find(id);
  if (found == d.buffers.end()) return VA_STATUS_ERROR_INVALID_BUFFER;
  if (found->second.derived || elements > found->second.elements) return VA_STATUS_ERROR_INVALID_PARAMETER;
  found->second.elements = elements;
  return VA_STATUS_SUCCESS;
}

VAStatus map_buffer(VADriverContextP ctx, VABufferID id, void** pointer) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.buffers.find(id);
  if (found == d.buffers.end()) return VA_STATUS_ERROR_INVALID_BUFFER;
  if (d.fail_map_buffer) return VA_STATUS_ERROR_OPERATION_FAILED;
  *pointer = found->second.bytes();
  return VA_STATUS_SUCCESS;
}

VAStatus unmap_buffer(VADriverContextP ctx, VABufferID id) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.buffers.count(id) ? VA_STATUS_SUCCESS : VA_STATUS_ERROR_INVALID_BUFFER;
}

VAStatus destroy_buffer(VADriverContextP ctx, VABufferID id) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.buffers.erase(id) ? VA_STATUS_SUCCESS : VA_STATUS_ERROR_INVALID_BUFFER;
}

VAStatus buffer_info(VADriverContextP ctx, VABufferID id, VABufferType* type, unsigned int* size,
                     unsigned int* elements) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.buffers.find(id);
  if (found == d.buffers.end()) return VA_STATUS_ERROR_INVALID_BUFFER;
  *type = found->second.type;
  *size = found->second.size;
  *elements = found->second.elements;
  return VA_STATUS_SUCCESS;
}

// The "decoder": the slice data is a raw NV12 frame (width x height luma bytes, then the
// interleaved chroma rows), written into the render target at vaEndPicture.
VAStatus begin_picture(VADriverContextP ctx, VAContextID context, VASurfaceID target) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.contexts.find(context);
  if (found == d.contexts.end()) return VA_STATUS_ERROR_INVALID_CONTEXT;
  if (!d.surfaces.count(target)) return VA_STATUS_ERROR_INVALID_SURFACE;
  found->second.target = target;
  found->second.slices.clear();
  return VA_STATUS_SUCCESS;
}

VAStatus render_picture(VADriverContextP ctx, VAContextID context, VABufferID* buffers, int count) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.contexts.find(context);
  if (found == d.contexts.end()) return VA_STATUS_ERROR_INVALID_CONTEXT;
  for (int i = 0; i < count; ++i) {
    const auto buffer = d.buffers.find(buffers[i]);
    if (buffer == d.buffers.end()) return VA_STATUS_ERROR_INVALID_BUFFER;
    if (buffer->second.type == VASliceDataBufferType) found->second.slices.push_back(buffers[i]);
  }
  return VA_STATUS_SUCCESS;
}

VAStatus end_picture(VADriverContextP ctx, VAContextID context) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.contexts.find(context);
  if (found == d.contexts.end()) return VA_STATUS_ERROR_INVALID_CONTEXT;
  const auto surface = d.surfaces.find(found->second.target);
  if (surface == d.surfaces.end()) return VA_STATUS_ERROR_INVALID_SURFACE;
  std::vector<uint8_t> frame;
  for (VABufferID id : found->second.slices) {
    const auto buffer = d.buffers.find(id);
    if (buffer == d.buffers.end()) return VA_STATUS_ERROR_INVALID_BUFFER;
    frame.insert(frame.end(), buffer->second.data.begin(), buffer->second.data.end());
  }
  const Surface& s = surface->second;
  if (frame.size() != size_t(s.width) * s.height * 3 / 2) return VA_STATUS_ERROR_DECODING_ERROR;
  for (uint32_t row = 0; row < s.height; ++row)
    std::memcpy(s.storage->pixels + size_t(row) * s.pitch, frame.data() + size_t(row) * s.width, s.width);
  const uint8_t* chroma = frame.data() + size_t(s.width) * s.height;
  for (uint32_t row = 0; row < s.height / 2; ++row)
    std::memcpy(s.storage->pixels + s.uv_offset() + size_t(row) * s.pitch, chroma + size_t(row) * s.width, s.width);
  found->second.target = VA_INVALID_SURFACE;
  found->second.slices.clear();
  return VA_STATUS_SUCCESS;
}

VAStatus sync_surface(VADriverContextP ctx, VASurfaceID surface) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return d.surfaces.count(surface) ? VA_STATUS_SUCCESS : VA_STATUS_ERROR_INVALID_SURFACE;
}

VAStatus query_surface_status(VADriverContextP ctx, VASurfaceID surface, VASurfaceStatus* status) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  if (!d.surfaces.count(surface)) return VA_STATUS_ERROR_INVALID_SURFACE;
  *status = VASurfaceReady;
  return VA_STATUS_SUCCESS;
}

VAStatus query_surface_attributes(VADriverContextP ctx, VAConfigID config, VASurfaceAttrib* attribs,
                                  unsigned int* count) {
  constexpr unsigned int kAttributes = 4;
  if (!attribs) {
    *count = kAttributes;
    return VA_STATUS_SUCCESS;
  }
  if (*count < kAttributes) {
    *count = kAttributes;
    return VA_STATUS_ERROR_MAX_NUM_EXCEEDED;
  }
  (void)ctx;
  (void)config;
  const auto integer = [](VASurfaceAttribType type, uint32_t flags, int value) {
    VASurfaceAttrib attrib{};
    attrib.type = type;
    attrib.flags = flags;
    attrib.value.type = VAGenericValueTypeInteger;
    attrib.value.value.i = value;
    return attrib;
  };
  attribs[0] =
      integer(VASurfaceAttribPixelFormat, VA_SURFACE_ATTRIB_GETTABLE | VA_SURFACE_ATTRIB_SETTABLE, int(VA_FOURCC_NV12));
  attribs[1] = integer(VASurfaceAttribMaxWidth, VA_SURFACE_ATTRIB_GETTABLE, 16384);
  attribs[2] = integer(VASurfaceAttribMaxHeight, VA_SURFACE_ATTRIB_GETTABLE, 16384);
  attribs[3] = integer(VASurfaceAttribMemoryType, VA_SURFACE_ATTRIB_GETTABLE | VA_SURFACE_ATTRIB_SETTABLE,
                       int(VA_SURFACE_ATTRIB_MEM_TYPE_VA | VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2));
  *count = kAttributes;
  return VA_STATUS_SUCCESS;
}

VAStatus query_image_formats(VADriverContextP, VAImageFormat* formats, int* count) {
  formats[0] = nv12_format();
  *count = 1;
  return VA_STATUS_SUCCESS;
}

VAStatus create_image(VADriverContextP ctx, VAImageFormat* format, int width, int height, VAImage* image) {
  if (format->fourcc != VA_FOURCC_NV12) return VA_STATUS_ERROR_INVALID_IMAGE_FORMAT;
  if (width <= 0 || height <= 0 || width % 2 || height % 2) return VA_STATUS_ERROR_RESOLUTION_NOT_SUPPORTED;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  Surface layout;  // an image is laid out like a surface, in the driver's memory
  layout.width = static_cast<uint32_t>(width);
  layout.height = static_cast<uint32_t>(height);
  layout.pitch = round_up(layout.width, 64);
  layout.luma_rows = round_up(layout.height, 16);
  Buffer buffer;
  buffer.data.resize(size_t(layout.pitch) * layout.luma_rows * 3 / 2);
  describe_nv12(d, layout, image, std::move(buffer));
  return VA_STATUS_SUCCESS;
}

VAStatus derive_image(VADriverContextP ctx, VASurfaceID id, VAImage* image) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.surfaces.find(id);
  if (found == d.surfaces.end()) return VA_STATUS_ERROR_INVALID_SURFACE;
  Buffer buffer;
  buffer.derived = found->second.storage;
  describe_nv12(d, found->second, image, std::move(buffer));
  return VA_STATUS_SUCCESS;
}

VAStatus destroy_image(VADriverContextP ctx, VAImageID id) {
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.images.find(id);
  if (found == d.images.end()) return VA_STATUS_ERROR_INVALID_IMAGE;
  d.buffers.erase(found->second.image.buf);
  d.images.erase(found);
  return VA_STATUS_SUCCESS;
}

// Copies the whole frame between a surface and an image of the same size (the only case here).
VAStatus copy_frame(Driver& d, VASurfaceID surface_id, VAImageID image_id, unsigned int width, unsigned int height,
                    bool to_image) {
  const auto surface = d.surfaces.find(surface_id);
  if (surface == d.surfaces.end()) return VA_STATUS_ERROR_INVALID_SURFACE;
  const auto image = d.images.find(image_id);
  if (image == d.images.end()) return VA_STATUS_ERROR_INVALID_IMAGE;
  const Surface& s = surface->second;
  const VAImage& i = image->second.image;
  if (width != s.width || height != s.height || i.width != s.width || i.height != s.height)
    return VA_STATUS_ERROR_INVALID_PARAMETER;
  uint8_t* image_bytes = d.buffers.at(i.buf).bytes();
  for (unsigned int plane = 0; plane < 2; ++plane) {
    const uint32_t rows = plane ? s.height / 2 : s.height;
    const uint32_t surface_offset = plane ? s.uv_offset() : 0;
    for (uint32_t row = 0; row < rows; ++row) {
      uint8_t* in_surface = s.storage->pixels + surface_offset + size_t(row) * s.pitch;
      uint8_t* in_image = image_bytes + i.offsets[plane] + size_t(row) * i.pitches[plane];
      std::memcpy(to_image ? in_image : in_surface, to_image ? in_surface : in_image, s.width);
    }
  }
  return VA_STATUS_SUCCESS;
}

VAStatus get_image(VADriverContextP ctx, VASurfaceID surface, int x, int y, unsigned int width, unsigned int height,
                   VAImageID image) {
  if (x != 0 || y != 0) return VA_STATUS_ERROR_INVALID_PARAMETER;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return copy_frame(d, surface, image, width, height, true);
}

VAStatus put_image(VADriverContextP ctx, VASurfaceID surface, VAImageID image, int src_x, int src_y,
                   unsigned int src_width, unsigned int src_height, int dest_x, int dest_y, unsigned int dest_width,
                   unsigned int dest_height) {
  if (src_x || src_y || dest_x || dest_y || src_width != dest_width || src_height != dest_height)
    return VA_STATUS_ERROR_INVALID_PARAMETER;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  return copy_frame(d, surface, image, src_width, src_height, false);
}

VAStatus query_subpicture_formats(VADriverContextP, VAImageFormat*, unsigned int* flags, unsigned int* count) {
  if (flags) *flags = 0;
  *count = 0;
  return VA_STATUS_SUCCESS;
}

VAStatus query_display_attributes(VADriverContextP, VADisplayAttribute*, int* count) {
  *count = 0;
  return VA_STATUS_SUCCESS;
}

// DRM PRIME 2: one object (a duplicate of the surface's memfd, closed by the caller) with the
// NV12 layers: one NV12 layer of two planes, or (VA_EXPORT_SURFACE_SEPARATE_LAYERS) R8 + GR88.
VAStatus export_surface(VADriverContextP ctx, VASurfaceID id, uint32_t mem_type, uint32_t flags, void* out) {
  if (mem_type != VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2) return VA_STATUS_ERROR_UNSUPPORTED_MEMORY_TYPE;
  Driver& d = driver(ctx);
  std::lock_guard<std::mutex> lock(d.mutex);
  const auto found = d.surfaces.find(id);
  if (found == d.surfaces.end()) return VA_STATUS_ERROR_INVALID_SURFACE;
  const Surface& s = found->second;
  auto* descriptor = static_cast<VADRMPRIMESurfaceDescriptor*>(out);
  *descriptor = VADRMPRIMESurfaceDescriptor{};
  const int fd = fcntl(s.storage->fd, F_DUPFD_CLOEXEC, 0);
  if (fd < 0) return VA_STATUS_ERROR_OPERATION_FAILED;
  descriptor->fourcc = VA_FOURCC_NV12;
  descriptor->width = s.width;
  descriptor->height = s.height;
  descriptor->num_objects = 1;
  descriptor->objects[0].fd = fd;
  descriptor->objects[0].size = static_cast<uint32_t>(s.storage->size);
  descriptor->objects[0].drm_format_modifier = 0;  // DRM_FORMAT_MOD_LINEAR
  if (flags & VA_EXPORT_SURFACE_SEPARATE_LAYERS) {
    descriptor->num_layers = 2;
    const uint32_t formats[2] = {kDrmFormatR8, kDrmFormatGr88};
    for (uint32_t layer = 0; layer < 2; ++layer) {
      descriptor->layers[layer].drm_format = formats[layer];
      descriptor->layers[layer].num_planes = 1;
      descriptor->layers[layer].object_index[0] = 0;
      descriptor->layers[layer].offset[0] = layer ? s.uv_offset() : 0;
      descriptor->layers[layer].pitch[0] = s.pitch;
    }
  } else {
    descriptor->num_layers = 1;
    descriptor->layers[0].drm_format = kDrmFormatNv12;
    descriptor->layers[0].num_planes = 2;
    for (uint32_t plane = 0; plane < 2; ++plane) {
      descriptor->layers[0].object_index[plane] = 0;
      descriptor->layers[0].offset[plane] = plane ? s.uv_offset() : 0;
      descriptor->layers[0].pitch[plane] = s.pitch;
    }
  }
  return VA_STATUS_SUCCESS;
}

// Any entry this driver does not implement.
template <typename F>
struct Unimplemented;
template <typename... A>
struct Unimplemented<VAStatus (*)(A...)> {
  static VAStatus call(A...) { return VA_STATUS_ERROR_UNIMPLEMENTED; }
};
template <typename F>
void unimplemented(F& slot) {
  slot = &Unimplemented<F>::call;
}

// The driver data of a display of this driver, found where libva keeps it (va_backend.h), or null.
Driver* driver_of(VADisplay display) {
  auto* context = static_cast<VADisplayContextP>(display);
  if (!context || !context->pDriverContext || context->pDriverContext->vtable->vaTerminate != terminate) return nullptr;
  return static_cast<Driver*>(context->pDriverContext->pDriverData);
}

}  // namespace

// The images (derived or created) `display` holds; -1 when it is not a display of this driver.
extern "C" __attribute__((visibility("default"))) int ferry_test_va_live_images(VADisplay display) {
  Driver* d = driver_of(display);
  if (!d) return -1;
  std::lock_guard<std::mutex> lock(d->mutex);
  return static_cast<int>(d->images.size());
}

// While `fail` is non-zero, vaMapBuffer on `display` fails (VA_STATUS_ERROR_OPERATION_FAILED).
// Returns 0, or -1 when `display` is not a display of this driver.
extern "C" __attribute__((visibility("default"))) int ferry_test_va_fail_map_buffer(VADisplay display, int fail) {
  Driver* d = driver_of(display);
  if (!d) return -1;
  std::lock_guard<std::mutex> lock(d->mutex);
  d->fail_map_buffer = fail != 0;
  return 0;
}

extern "C" __attribute__((visibility("default"))) VAStatus __vaDriverInit_1_17(VADriverContextP ctx) {
  VADriverVTable* vt = ctx->vtable;
  auto* d = new Driver;
  const char* opaque = std::getenv("FERRY_TEST_VA_DRIVER_OPAQUE");
  d->opaque = opaque && std::strcmp(opaque, "1") == 0;
  ctx->pDriverData = d;
  ctx->version_major = 1;
  ctx->version_minor = 17;
  ctx->max_profiles = 1;
  ctx->max_entrypoints = 1;
  ctx->max_attributes = 1;
  ctx->max_image_formats = 1;
  ctx->max_subpic_formats = 1;
  ctx->max_display_attributes = 1;
  ctx->str_vendor = d->opaque ? "Ferry test VA driver (opaque surfaces)" : "Ferry test VA driver";

  vt->vaTerminate = terminate;
  vt->vaQueryConfigProfiles = query_profiles;
  vt->vaQueryConfigEntrypoints = query_entrypoints;
  vt->vaGetConfigAttributes = get_config_attributes;
  vt->vaCreateConfig = create_config;
  vt->vaDestroyConfig = destroy_config;
  vt->vaQueryConfigAttributes = query_config_attributes;
  vt->vaCreateSurfaces = create_surfaces;
  vt->vaCreateSurfaces2 = create_surfaces2;
  vt->vaDestroySurfaces = destroy_surfaces;
  vt->vaCreateContext = create_context;
  vt->vaDestroyContext = destroy_context;
  vt->vaCreateBuffer = create_buffer;
  vt->vaBufferSetNumElements = buffer_set_num_elements;
  vt->vaMapBuffer = map_buffer;
  vt->vaUnmapBuffer = unmap_buffer;
  vt->vaDestroyBuffer = destroy_buffer;
  vt->vaBufferInfo = buffer_info;
  vt->vaBeginPicture = begin_picture;
  vt->vaRenderPicture = render_picture;
  vt->vaEndPicture = end_picture;
  vt->vaSyncSurface = sync_surface;
  vt->vaQuerySurfaceStatus = query_surface_status;
  vt->vaQuerySurfaceAttributes = query_surface_attributes;
  vt->vaQueryImageFormats = query_image_formats;
  vt->vaCreateImage = create_image;
  vt->vaDeriveImage = derive_image;
  vt->vaDestroyImage = destroy_image;
  vt->vaGetImage = get_image;
  vt->vaPutImage = put_image;
  vt->vaQuerySubpictureFormats = query_subpicture_formats;
  vt->vaQueryDisplayAttributes = query_display_attributes;
  vt->vaExportSurfaceHandle = export_surface;
  if (d->opaque) {
    unimplemented(vt->vaDeriveImage);
    unimplemented(vt->vaGetImage);
    unimplemented(vt->vaExportSurfaceHandle);
  }

  unimplemented(vt->vaQuerySurfaceError);
  unimplemented(vt->vaPutSurface);
  unimplemented(vt->vaSetImagePalette);
  unimplemented(vt->vaCreateSubpicture);
  unimplemented(vt->vaDestroySubpicture);
  unimplemented(vt->vaSetSubpictureImage);
  unimplemented(vt->vaSetSubpictureChromakey);
  unimplemented(vt->vaSetSubpictureGlobalAlpha);
  unimplemented(vt->vaAssociateSubpicture);
  unimplemented(vt->vaDeassociateSubpicture);
  unimplemented(vt->vaGetDisplayAttributes);
  unimplemented(vt->vaSetDisplayAttributes);
  unimplemented(vt->vaLockSurface);
  unimplemented(vt->vaUnlockSurface);
  unimplemented(vt->vaGetSurfaceAttributes);
  unimplemented(vt->vaAcquireBufferHandle);
  unimplemented(vt->vaReleaseBufferHandle);
  unimplemented(vt->vaCreateMFContext);
  unimplemented(vt->vaMFAddContext);
  unimplemented(vt->vaMFReleaseContext);
  unimplemented(vt->vaMFSubmit);
  unimplemented(vt->vaCreateBuffer2);
  unimplemented(vt->vaQueryProcessingRate);
  unimplemented(vt->vaSyncSurface2);
  unimplemented(vt->vaSyncBuffer);
  unimplemented(vt->vaCopy);
  return VA_STATUS_SUCCESS;
}
