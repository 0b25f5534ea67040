#include "memory_storage.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "last_error.hpp"

namespace ferry::npu::simulator {
namespace {

constexpr size_t kDefaultAlignment = 64;  // a cache line: what vector kernels want

size_t page_size() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
size_t round_up(size_t value, size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

// Maps `size` bytes of `fd` shared, at an address aligned to `alignment` (a power of two).
ze_result_t map_aligned(int fd, size_t size, size_t alignment, Allocation& allocation) {
  const size_t mapped = round_up(size, page_size());
  if (alignment <= page_size()) {
    void* address = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (address == MAP_FAILED)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string("the fd cannot be mapped: ") + std::strerror(errno));
    allocation.mapping = allocation.base = address;
    allocation.mapping_size = mapped;
    return ZE_RESULT_SUCCESS;
  }
  // Reserve room for any alignment, place the mapping inside, and give back the rest.
  const size_t reserved = mapped + alignment;
  void* reservation = mmap(nullptr, reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (reservation == MAP_FAILED)
    return fail(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, std::string("no address space: ") + std::strerror(errno));
  const auto start = reinterpret_cast<uintptr_t>(reservation);
  const uintptr_t aligned = round_up(start, alignment);
  void* address = mmap(reinterpret_cast<void*>(aligned), mapped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
  if (address == MAP_FAILED) {
    const int error = errno;
    munmap(reservation, reserved);
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string("the fd cannot be mapped: ") + std::strerror(error));
  }
  if (aligned > start) munmap(reservation, aligned - start);
  const uintptr_t end = aligned + mapped;
  if (start + reserved > end) munmap(reinterpret_cast<void*>(end), start + reserved - end);
  allocation.mapping = allocation.base = address;
  allocation.mapping_size = mapped;
  return ZE_RESULT_SUCCESS;
}

// Maps `fd` (which the allocation then owns; closed on failure).
ze_result_t map_owned(int fd, size_t size, size_t alignment, Allocation& allocation) {
  const ze_result_t mapped = map_aligned(fd, size, alignment, allocation);
  if (mapped != ZE_RESULT_SUCCESS) {
    close(fd);
    return mapped;
  }
  allocation.fd = fd;
  return ZE_RESULT_SUCCESS;
}

ze_result_t import_fd(const StorageRequest& request, size_t alignment, Allocation& allocation) {
  struct stat status {};
  if (fstat(request.import_fd, &status) != 0)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                "the imported fd " + std::to_string(request.import_fd) + " is not open: " + std::strerror(errno));
  if (static_cast<uint64_t>(status.st_size) < request.size)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the imported fd holds " + std::to_string(status.st_size) +
                                                      " bytes, fewer than the " + std::to_string(request.size) +
                                                      " requested");
  // Our own reference: the caller keeps (and closes) the fd it passed.
  const int fd = fcntl(request.import_fd, F_DUPFD_CLOEXEC, 0);
  if (fd < 0)
    return fail(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, std::string("dup of the fd failed: ") + std::strerror(errno));
  return map_owned(fd, request.size, alignment, allocation);
}

ze_result_t create_shareable(const StorageRequest& request, size_t alignment, Allocation& allocation) {
  const int fd = memfd_create("ferry-npu-simulator", MFD_CLOEXEC);
  if (fd < 0) return fail(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, std::string("memfd_create: ") + std::strerror(errno));
  if (ftruncate(fd, static_cast<off_t>(round_up(request.size, page_size()))) != 0) {
    const int error = errno;
    close(fd);
    return fail(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, std::string("ftruncate of the memfd: ") + std::strerror(error));
  }
  return map_owned(fd, request.size, alignment, allocation);
}

}  // namespace

uint64_t device_memory_size() {
  return static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

ze_result_t allocate_storage(const StorageRequest& request, Allocation& allocation) {
  if (request.size == 0) return fail(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "an allocation of 0 bytes");
  if (request.size > device_memory_size())
    return fail(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, "an allocation of " + std::to_string(request.size) +
                                                      " bytes exceeds the device's memory (" +
                                                      std::to_string(device_memory_size()) + " bytes)");
  if (request.alignment & (request.alignment - 1))
    return fail(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
                "alignment " + std::to_string(request.alignment) + " is not a power of two");
  const size_t alignment = request.alignment > kDefaultAlignment ? request.alignment : kDefaultAlignment;
  allocation.size = request.size;
  if (request.import_fd >= 0) return import_fd(request, alignment, allocation);
  if (request.exportable) return create_shareable(request, alignment, allocation);
  allocation.base = std::aligned_alloc(alignment, round_up(request.size, alignment));
  if (!allocation.base)
    return fail(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, "out of memory for " + std::to_string(request.size) + " bytes");
  return ZE_RESULT_SUCCESS;
}

void release_storage(const Allocation& allocation) {
  if (allocation.mapping) {
    munmap(allocation.mapping, allocation.mapping_size);
  } else {
    std::free(allocation.base);
  }
  if (allocation.fd >= 0) close(allocation.fd);
}

}  // namespace ferry::npu::simulator
