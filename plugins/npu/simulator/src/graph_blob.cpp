#include "graph_blob.hpp"

#include <cstdint>
#include <cstring>

#include "device_properties.hpp"
#include "last_error.hpp"

namespace ferry::npu::simulator {
namespace {

constexpr char kMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'N', 'P', 'U'};
constexpr uint32_t kBlobFormat = 1;

struct BlobHeader {
  char magic[8];
  uint32_t format;
  uint32_t driver_version;
  uint8_t device_uuid[ZE_MAX_DEVICE_UUID_SIZE];
  uint64_t xml_size;
  uint64_t weights_size;
};

BlobHeader this_device_header() {
  BlobHeader header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.format = kBlobFormat;
  header.driver_version = kDriverVersion;
  ze_device_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  fill_device_properties(properties);
  std::memcpy(header.device_uuid, properties.uuid.id, ZE_MAX_DEVICE_UUID_SIZE);
  return header;
}

}  // namespace

std::string write_graph_blob(const std::string& xml, const std::string& weights) {
  BlobHeader header = this_device_header();
  header.xml_size = xml.size();
  header.weights_size = weights.size();
  std::string blob(reinterpret_cast<const char*>(&header), sizeof header);
  return blob + xml + weights;
}

ze_result_t read_graph_blob(const void* blob, size_t size, std::string& xml, std::string& weights) {
  BlobHeader header{};
  if (size < sizeof header)
    return fail(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
                "the blob of " + std::to_string(size) + " bytes is shorter than a graph blob's header");
  std::memcpy(&header, blob, sizeof header);
  const BlobHeader expected = this_device_header();
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.format != kBlobFormat)
    return fail(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, "the blob is not a graph blob of Ferry's NPU simulator");
  if (header.driver_version != kDriverVersion)
    return fail(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
                "the blob was made by driver version " + std::to_string(ZE_MAJOR_VERSION(header.driver_version)) + "." +
                    std::to_string(ZE_MINOR_VERSION(header.driver_version)) + ", this driver is " +
                    std::to_string(ZE_MAJOR_VERSION(kDriverVersion)) + "." +
                    std::to_string(ZE_MINOR_VERSION(kDriverVersion)));
  if (std::memcmp(header.device_uuid, expected.device_uuid, ZE_MAX_DEVICE_UUID_SIZE) != 0)
    return fail(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, "the blob was made for another device");
  if (header.xml_size > size - sizeof header || header.weights_size > size - sizeof header - header.xml_size)
    return fail(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, "the blob is truncated");
  const char* bytes = static_cast<const char*>(blob) + sizeof header;
  xml.assign(bytes, header.xml_size);
  weights.assign(bytes + header.xml_size, header.weights_size);
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator
