// DMA-BUF (memfd stand-in) import and export: memory shared between contexts without copies.
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

class ExternalMemoryTest : public SimulatorTest {
 protected:
  void* allocate_exportable(ze_context_handle_t context, size_t size, size_t alignment = 0) {
    ze_external_memory_export_desc_t exportable{ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC, nullptr,
                                                ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF};
    ze_device_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, &exportable, 0, 0};
    void* memory = nullptr;
    EXPECT_ZE_SUCCESS(zeMemAllocDevice(context, &desc, size, alignment, device(), &memory));
    return memory;
  }
  int export_fd(ze_context_handle_t context, void* memory) {
    ze_external_memory_export_fd_t fd{ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD, nullptr,
                                      ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, -1};
    ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, &fd};
    EXPECT_ZE_SUCCESS(zeMemGetAllocProperties(context, memory, &properties, nullptr));
    return fd.fd;
  }
  ze_result_t import_fd(ze_context_handle_t context, int fd, size_t size, void** memory) {
    ze_external_memory_import_fd_t imported{ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD, nullptr,
                                            ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, fd};
    ze_device_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, &imported, 0, 0};
    return zeMemAllocDevice(context, &desc, size, 0, device(), memory);
  }
};

TEST_F(ExternalMemoryTest, ExportedFdImportsIntoAnotherContextAsTheSameMemory) {
  ze_context_handle_t other = nullptr;
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &other));

  auto* exported = static_cast<uint32_t*>(allocate_exportable(m_context, 3 * 4096 + 12, 1 << 16));
  ASSERT_NE(nullptr, exported);
  EXPECT_EQ(0u, reinterpret_cast<uintptr_t>(exported) % (1 << 16));
  const int fd = export_fd(m_context, exported);
  ASSERT_GE(fd, 0);
  void* imported_memory = nullptr;
  ASSERT_ZE_SUCCESS(import_fd(other, fd, 3 * 4096 + 12, &imported_memory));
  ASSERT_EQ(0, close(fd)) << "the importer keeps its own reference";
  auto* imported = static_cast<uint32_t*>(imported_memory);
  ASSERT_NE(exported, imported);

  // Writes on either side are seen on the other: one memory, no copy.
  const uint64_t copied_before = copied_bytes();
  exported[0] = 0xfeedf00d;
  exported[3 * 1024 + 2] = 42;
  EXPECT_EQ(0xfeedf00du, imported[0]);
  EXPECT_EQ(42u, imported[3 * 1024 + 2]);
  imported[5] = 7;
  EXPECT_EQ(7u, exported[5]);
  EXPECT_EQ(copied_before, copied_bytes());

  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(other, imported + 100, &properties, nullptr));
  EXPECT_EQ(ZE_MEMORY_TYPE_DEVICE, properties.type);

  // The imported allocation stays valid after the exporter frees its own.
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, exported));
  EXPECT_EQ(7u, imported[5]);
  EXPECT_ZE_SUCCESS(zeMemFree(other, imported));
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
}

TEST_F(ExternalMemoryTest, AMemfdFromTheApplicationImports) {
  const int fd = memfd_create("application-buffer", MFD_CLOEXEC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(0, ftruncate(fd, 8192));
  auto* mapped = static_cast<char*>(mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  ASSERT_NE(MAP_FAILED, mapped);
  std::strcpy(mapped + 4096, "written by the application");
  void* memory = nullptr;
  ASSERT_ZE_SUCCESS(import_fd(m_context, fd, 8192, &memory));
  EXPECT_STREQ("written by the application", static_cast<char*>(memory) + 4096);
  // It re-exports, as an fd of the same memory.
  const int again = export_fd(m_context, memory);
  ASSERT_GE(again, 0);
  EXPECT_NE(fd, again);
  auto* remapped = static_cast<char*>(mmap(nullptr, 8192, PROT_READ, MAP_SHARED, again, 0));
  ASSERT_NE(MAP_FAILED, remapped);
  EXPECT_STREQ("written by the application", remapped + 4096);
  munmap(remapped, 8192);
  close(again);
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, memory));
  munmap(mapped, 8192);
  close(fd);
}

TEST_F(ExternalMemoryTest, FdsThatCannotServeAreRefusedWithAReason) {
  const int fd = memfd_create("small", MFD_CLOEXEC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(0, ftruncate(fd, 100));
  void* memory = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, import_fd(m_context, fd, 4096, &memory));
  EXPECT_NE(std::string::npos, last_error().find("fewer than the 4096 requested")) << last_error();
  close(fd);

  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, import_fd(m_context, 1000, 64, &memory));  // not open
  EXPECT_NE(std::string::npos, last_error().find("not open")) << last_error();

  int pipe_fds[2];
  ASSERT_EQ(0, pipe(pipe_fds));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, import_fd(m_context, pipe_fds[0], 0 + 64, &memory));
  close(pipe_fds[0]);
  close(pipe_fds[1]);
  EXPECT_EQ(nullptr, memory);
}

TEST_F(ExternalMemoryTest, OnlyExportableAllocationsExport) {
  void* plain = allocate_device(4096);
  ze_external_memory_export_fd_t fd{ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD, nullptr,
                                    ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, -1};
  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, &fd};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemGetAllocProperties(m_context, plain, &properties, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("not created exportable")) << last_error();
  EXPECT_EQ(-1, fd.fd);
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, plain));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
