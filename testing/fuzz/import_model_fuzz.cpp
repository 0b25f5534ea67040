#include "import_model_fuzz.hpp"

#include <cstring>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/checksum.hpp"
#include "ferry/runtime/core.hpp"

namespace ferry::fuzz {
namespace {

// The export container's header (ferry/plugin/support/export_container.hpp): magic (8), version
// (u32), payload size (u64), payload checksum (u64).
constexpr size_t kChecksumOffset = 8 + 4 + 8;
constexpr size_t kHeaderSize = kChecksumOffset + 8;

// Inputs larger than this are not run: inference on a blob that declares huge shapes would only
// measure the allocator.
constexpr size_t kMaxInputBytes = size_t{1} << 20;

}  // namespace

std::string with_checksum_recomputed(std::string blob) {
  if (blob.size() < kHeaderSize) return blob;
  uint64_t declared = 0;
  for (int i = 7; i >= 0; --i) declared = declared << 8 | static_cast<uint8_t>(blob[12 + i]);
  const size_t available = blob.size() - kHeaderSize;
  const size_t payload_size = declared < available ? static_cast<size_t>(declared) : available;
  uint64_t checksum = sdk::fnv1a64(std::string_view(blob).substr(kHeaderSize, payload_size));
  for (size_t i = 0; i < 8; ++i, checksum >>= 8) blob[kChecksumOffset + i] = static_cast<char>(checksum & 0xff);
  return blob;
}

namespace {

void run_on_zeros(CompiledModel& compiled) {
  for (const auto& input : compiled.inputs()) {
    const PartialShape& shape = input.get_partial_shape();
    if (shape.is_dynamic() || shape_size(shape.to_shape()) * input.get_element_type().size() > kMaxInputBytes) return;
  }
  InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < compiled.inputs().size(); ++i) {
    Tensor tensor = request.get_input_tensor(i);
    std::memset(tensor.data(), 0, tensor.get_byte_size());
  }
  request.infer();
}

void import_once(Core& core, const std::string& device, const std::string& blob) {
  try {
    std::istringstream in(blob);
    CompiledModel compiled = core.import_model(in, device);
    run_on_zeros(compiled);
  } catch (const Exception&) {
  }
}

}  // namespace

void import_and_run(const std::string& device, const uint8_t* data, size_t size) {
  // One Core for the whole run: the plugin loads once, as in an application.
  static Core core;
  const std::string blob(reinterpret_cast<const char*>(data), size);
  import_once(core, device, blob);
  if (blob.size() < kHeaderSize) return;
  const std::string fixed = with_checksum_recomputed(blob);
  if (fixed != blob) import_once(core, device, fixed);
}

}  // namespace ferry::fuzz
