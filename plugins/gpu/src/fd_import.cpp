#include "fd_import.hpp"

#include <unistd.h>

#include "engine/cl_error.hpp"
#include "ferry/base/exception.hpp"

namespace ferry::gpu {

ClMem import_fd_buffer(cl_context context, cl_device_id device, cl_mem_properties handle_type, int fd,
                       cl_mem_flags flags, size_t bytes, const std::string& who) {
  const int owned = dup(fd);
  FERRY_ASSERT(owned >= 0, who, ": file descriptor ", fd, " is not open (dup failed)");
  const cl_mem_properties properties[] = {handle_type,
                                          static_cast<cl_mem_properties>(owned),
                                          CL_DEVICE_HANDLE_LIST_KHR,
                                          reinterpret_cast<cl_mem_properties>(device),
                                          CL_DEVICE_HANDLE_LIST_END_KHR,
                                          0};
  cl_int status = CL_SUCCESS;
  ClMem buffer(clCreateBufferWithProperties(context, properties, flags, bytes, nullptr, &status));
  if (status != CL_SUCCESS) close(owned);  // a failed import leaves the duplicate with us
  cl_check(status, who, ": clCreateBufferWithProperties importing file descriptor ", fd, " (", bytes, " bytes)");
  return buffer;
}

}  // namespace ferry::gpu
