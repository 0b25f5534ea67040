#pragma once

// The keys and values of the NPU plugin's low-level remote API: what Core::create_context,
// RemoteContext::create_tensor and get_params() take and give, with OpenVINO's names
// (ov::intel_npu spells ferry::npu through ferry/compat/openvino.hpp). Native handles travel as
// void* (npu_handle_param), so code without Level Zero headers can share contexts and memory;
// ferry/npu/level_zero/level_zero.hpp builds these maps for code that has them.
//
// Context parameters: L0_CONTEXT (a ze_context_handle_t of the device's driver; absent: a new
// Level Zero context of the plugin's; Core::get_default_context gives the default one), DEVICE_ID ("0", "1"...: which
// NPU). Parameters given to create_context that are tensor parameters (MEM_TYPE, TENSOR_TYPE) become defaults for the
// context's tensors.
// Tensor parameters: MEM_TYPE (below), MEM_HANDLE (SHARED_BUF: a DMA-BUF file descriptor as a
// void*; L0_INTERNAL_BUF in get_params: the memory's address), FILE_DESCRIPTOR (MMAPED_FILE: a
// file and an offset whose bytes the tensor holds), TENSOR_TYPE (how the tensor will be used).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <istream>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ferry/base/enum_names.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/value/property.hpp"

namespace ferry::npu {

using npu_handle_param = void*;

enum class MemType {
  L0_INTERNAL_BUF = 0,  // Level Zero host memory the plugin allocates
  SHARED_BUF = 1,       // memory the application shares: a DMA-BUF file descriptor
  MMAPED_FILE = 2,      // a file's contents (FILE_DESCRIPTOR)
};

enum class TensorType {
  INPUT = 0,   // only read by inferences
  OUTPUT = 1,  // only written by inferences
  BINDED = 2,  // both
};

// A file and the offset of the bytes a tensor takes from it.
struct FileDescriptor {
  FileDescriptor() = default;
  FileDescriptor(const std::filesystem::path& file_path, std::size_t offset_in_bytes = 0)  // NOLINT: OpenVINO's
      : _file_path(file_path), _offset_in_bytes(offset_in_bytes) {
    FERRY_ASSERT(!file_path.empty(), "FileDescriptor: the file path is empty");
  }
  std::filesystem::path _file_path;
  std::size_t _offset_in_bytes = 0;
};

inline std::ostream& operator<<(std::ostream& out, const FileDescriptor& file) {
  return out << file._file_path.string() << '@' << file._offset_in_bytes;
}
inline std::istream& operator>>(std::istream& in, FileDescriptor& file) {
  std::string text;
  in >> text;
  const size_t at = text.rfind('@');
  FERRY_ASSERT(at != std::string::npos && at > 0, "'", text, "' is not a FileDescriptor (<path>@<offset>)");
  file = FileDescriptor(text.substr(0, at), std::stoull(text.substr(at + 1)));
  return in;
}

}  // namespace ferry::npu

namespace ferry {

template <>
struct EnumNames<npu::MemType> {
  static const std::vector<std::pair<const char*, npu::MemType>>& table() {
    static const std::vector<std::pair<const char*, npu::MemType>> names = {
        {"L0_INTERNAL_BUF", npu::MemType::L0_INTERNAL_BUF},
        {"SHARED_BUF", npu::MemType::SHARED_BUF},
        {"MMAPED_FILE", npu::MemType::MMAPED_FILE}};
    return names;
  }
};

template <>
struct EnumNames<npu::TensorType> {
  static const std::vector<std::pair<const char*, npu::TensorType>>& table() {
    static const std::vector<std::pair<const char*, npu::TensorType>> names = {
        {"INPUT", npu::TensorType::INPUT}, {"OUTPUT", npu::TensorType::OUTPUT}, {"BINDED", npu::TensorType::BINDED}};
    return names;
  }
};

}  // namespace ferry

namespace ferry::npu {

inline std::ostream& operator<<(std::ostream& out, MemType type) { return out << enum_to_string(type); }
inline std::istream& operator>>(std::istream& in, MemType& type) {
  std::string text;
  in >> text;
  type = enum_from_string<MemType>(text, "MEM_TYPE");
  return in;
}
inline std::ostream& operator<<(std::ostream& out, TensorType type) { return out << enum_to_string(type); }
inline std::istream& operator>>(std::istream& in, TensorType& type) {
  std::string text;
  in >> text;
  type = enum_from_string<TensorType>(text, "TENSOR_TYPE");
  return in;
}

// Context parameters.
inline constexpr Property<npu_handle_param> l0_context{"L0_CONTEXT"};

// Tensor parameters.
inline constexpr Property<MemType> mem_type{"MEM_TYPE"};
inline constexpr Property<npu_handle_param> mem_handle{"MEM_HANDLE"};
inline constexpr Property<FileDescriptor> file_descriptor{"FILE_DESCRIPTOR"};
inline constexpr Property<TensorType> tensor_type{"TENSOR_TYPE"};

}  // namespace ferry::npu
