#include "remote_context.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/value/properties.hpp"
#include "host_allocator.hpp"

namespace ferry::npu::plugin {
namespace {

// Closes an fd on scope exit.
struct FileCloser {
  int fd;
  ~FileCloser() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

RemoteContext::RemoteContext(std::string device_name, std::string device_id,
                             std::shared_ptr<const ContextHandle> context, AnyMap tensor_defaults)
    : m_device_name(std::move(device_name)),
      m_device_id(std::move(device_id)),
      m_context(std::move(context)),
      m_host_allocator(std::make_shared<ZeroHostAllocator>(m_context)),
      m_tensor_defaults(std::move(tensor_defaults)),
      m_params{{l0_context.name(), static_cast<npu_handle_param>(m_context->get())}, {device::id.name(), m_device_id}} {
  for (const auto& [key, value] : m_tensor_defaults) m_params[key] = value;
}

std::string RemoteContext::describe() const {
  std::ostringstream text;
  text << m_device_name << " context " << static_cast<const void*>(m_context->get()) << " on device " << m_device_id;
  return text.str();
}

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const element::Type& type, const Shape& shape,
                                                            const AnyMap& params) {
  FERRY_ASSERT(type.is_static(), describe(), ": create_tensor: element type ", type, " is not a static type");
  AnyMap all = m_tensor_defaults;
  for (const auto& [key, value] : params) all[key] = value;

  MemType kind = MemType::L0_INTERNAL_BUF;
  TensorType usage = TensorType::BINDED;
  const Any* handle = nullptr;
  const Any* file = nullptr;
  for (const auto& [key, value] : all) {
    if (key == mem_type.name()) {
      kind = value.as<MemType>();
    } else if (key == tensor_type.name()) {
      usage = value.as<TensorType>();
    } else if (key == mem_handle.name()) {
      handle = &value;
    } else if (key == file_descriptor.name()) {
      file = &value;
    } else if (key == l0_context.name()) {
      FERRY_ASSERT(value.as<npu_handle_param>() == static_cast<npu_handle_param>(m_context->get()), describe(),
                   ": create_tensor: L0_CONTEXT names another context");
    } else if (key != device::id.name()) {
      Exception::raise(describe(), ": create_tensor: unknown parameter '", key, "' (known: ", mem_type.name(), ", ",
                       mem_handle.name(), ", ", file_descriptor.name(), ", ", tensor_type.name(), ", ",
                       l0_context.name(), ")");
    }
  }

  const size_t bytes = ferry::byte_size(type, shape_size(shape));
  switch (kind) {
    case MemType::L0_INTERNAL_BUF:
      FERRY_ASSERT(!handle && !file, describe(), ": create_tensor: MEM_TYPE L0_INTERNAL_BUF allocates its memory; ",
                   "MEM_HANDLE and FILE_DESCRIPTOR go with SHARED_BUF and MMAPED_FILE");
      return std::make_shared<RemoteTensor>(type, shape, ZeroMemory::host(m_context, bytes), m_device_name, kind,
                                            usage);
    case MemType::SHARED_BUF: {
      FERRY_ASSERT(handle, describe(), ": create_tensor: MEM_TYPE SHARED_BUF needs MEM_HANDLE (a DMA-BUF fd)");
      // The fd travels in a pointer-sized handle: one that does not fit an int is not an fd (and
      // must not be truncated into one that happens to be open).
      const auto value = reinterpret_cast<intptr_t>(handle->as<npu_handle_param>());
      FERRY_ASSERT(value >= 0 && value <= std::numeric_limits<int>::max(), describe(), ": create_tensor: MEM_HANDLE ",
                   value, " is not a file descriptor (SHARED_BUF takes a DMA-BUF fd)");
      const auto fd = static_cast<int>(value);
      return std::make_shared<RemoteTensor>(type, shape, ZeroMemory::import_dma_buf(m_context, fd, bytes),
                                            m_device_name, kind, usage);
    }
    case MemType::MMAPED_FILE:
      FERRY_ASSERT(file, describe(), ": create_tensor: MEM_TYPE MMAPED_FILE needs FILE_DESCRIPTOR");
      return read_file(type, shape, file->as<FileDescriptor>(), usage);
  }
  Exception::raise(describe(), ": create_tensor: unknown MEM_TYPE");
}

std::shared_ptr<IRemoteTensor> RemoteContext::read_file(const element::Type& type, const Shape& shape,
                                                        const FileDescriptor& file, TensorType usage) const {
  const std::string path = file._file_path.string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  FERRY_ASSERT(fd >= 0, describe(), ": create_tensor: cannot open FILE_DESCRIPTOR file '", path,
               "': ", std::strerror(errno));
  const FileCloser closer{fd};
  struct stat status {};
  FERRY_ASSERT(::fstat(fd, &status) == 0 && S_ISREG(status.st_mode), describe(), ": create_tensor: '", path,
               "' is not a regular file");
  const size_t bytes = ferry::byte_size(type, shape_size(shape));
  const auto size = static_cast<size_t>(status.st_size);
  FERRY_ASSERT(file._offset_in_bytes <= size && size - file._offset_in_bytes >= bytes, describe(), ": create_tensor: '",
               path, "' holds ", size, " bytes; a ", type, " tensor of shape ", shape, " needs ", bytes,
               " from offset ", file._offset_in_bytes);
  auto memory = ZeroMemory::host(m_context, bytes);
  // Read once, here: Level Zero 1.4 cannot import a file's pages, and inference then reads them
  // in place like any other host allocation.
  auto* into = static_cast<char*>(memory->data());
  size_t done = 0;
  while (done < bytes) {
    const ssize_t got = ::pread(fd, into + done, bytes - done, static_cast<off_t>(file._offset_in_bytes + done));
    FERRY_ASSERT(got > 0, describe(), ": create_tensor: reading '", path,
                 "' failed: ", got < 0 ? std::strerror(errno) : "unexpected end of file");
    done += static_cast<size_t>(got);
  }
  return std::make_shared<RemoteTensor>(type, shape, std::move(memory), m_device_name, MemType::MMAPED_FILE, usage);
}

std::shared_ptr<ITensor> RemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
  FERRY_ASSERT(type.is_static(), describe(), ": create_host_tensor: element type ", type, " is not a static type");
  return make_tensor(type, shape, m_host_allocator);
}

}  // namespace ferry::npu::plugin
