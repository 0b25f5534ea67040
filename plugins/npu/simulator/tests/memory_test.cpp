// Host, device and shared allocations: alignment, properties, address ranges, freeing.
#include <cstdint>
#include <cstring>

#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

using MemoryTest = SimulatorTest;

TEST_F(MemoryTest, AllocationsHonourAlignmentAndAreUsableFromTheHost) {
  for (size_t alignment : {size_t{0}, size_t{64}, size_t{4096}, size_t{1} << 16}) {
    void* device_memory = allocate_device(1000, alignment);
    void* host_memory = allocate_host(1000, alignment);
    ASSERT_NE(nullptr, device_memory);
    ASSERT_NE(nullptr, host_memory);
    const size_t expected = alignment ? alignment : 64;
    EXPECT_EQ(0u, reinterpret_cast<uintptr_t>(device_memory) % expected) << alignment;
    EXPECT_EQ(0u, reinterpret_cast<uintptr_t>(host_memory) % expected) << alignment;
    std::memset(device_memory, 0x5a, 1000);  // the simulated device memory is host memory
    EXPECT_EQ(0x5a, static_cast<unsigned char*>(device_memory)[999]);
    EXPECT_ZE_SUCCESS(zeMemFree(m_context, device_memory));
    EXPECT_ZE_SUCCESS(zeMemFree(m_context, host_memory));
  }
}

TEST_F(MemoryTest, PropertiesAndRangeAnswerForAnyPointerInside) {
  void* memory = allocate_device(4096);
  ze_device_mem_alloc_desc_t device_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
  ze_host_mem_alloc_desc_t host_desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
  void* shared = nullptr;
  ASSERT_ZE_SUCCESS(zeMemAllocShared(m_context, &device_desc, &host_desc, 256, 0, device(), &shared));
  void* host = allocate_host(100);

  const struct {
    void* base;
    size_t size;
    ze_memory_type_t type;
  } cases[] = {
      {memory, 4096, ZE_MEMORY_TYPE_DEVICE}, {shared, 256, ZE_MEMORY_TYPE_SHARED}, {host, 100, ZE_MEMORY_TYPE_HOST}};
  uint64_t previous_id = 0;
  for (const auto& allocation : cases) {
    for (size_t offset : {size_t{0}, size_t{1}, allocation.size - 1}) {
      const void* inside = static_cast<char*>(allocation.base) + offset;
      ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
      ze_device_handle_t owner = nullptr;
      ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(m_context, inside, &properties, &owner));
      EXPECT_EQ(allocation.type, properties.type) << offset;
      EXPECT_EQ(allocation.type == ZE_MEMORY_TYPE_HOST ? nullptr : device(), owner);
      EXPECT_NE(0u, properties.id);
      void* base = nullptr;
      size_t size = 0;
      ASSERT_ZE_SUCCESS(zeMemGetAddressRange(m_context, inside, &base, &size));
      EXPECT_EQ(allocation.base, base);
      EXPECT_EQ(allocation.size, size);
    }
    ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
    ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(m_context, allocation.base, &properties, nullptr));
    EXPECT_NE(previous_id, properties.id);  // each allocation has its own id
    previous_id = properties.id;
  }

  // One past the end, and plain host memory, are nobody's.
  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
  int on_stack = 0;
  for (const void* outside :
       {static_cast<const void*>(static_cast<char*>(host) + 100), static_cast<const void*>(&on_stack)}) {
    ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(m_context, outside, &properties, nullptr));
    EXPECT_EQ(ZE_MEMORY_TYPE_UNKNOWN, properties.type);
    void* base = nullptr;
    EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemGetAddressRange(m_context, outside, &base, nullptr));
  }
  for (void* allocation : {memory, shared, host}) EXPECT_ZE_SUCCESS(zeMemFree(m_context, allocation));
  ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(m_context, memory, &properties, nullptr));
  EXPECT_EQ(ZE_MEMORY_TYPE_UNKNOWN, properties.type) << "freed memory is nobody's";
}

TEST_F(MemoryTest, BadSizesAlignmentsAndPointersAreRefused) {
  ze_device_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
  void* memory = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, zeMemAllocDevice(m_context, &desc, 0, 0, device(), &memory));
  EXPECT_EQ(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, zeMemAllocDevice(m_context, &desc, SIZE_MAX / 2, 0, device(), &memory));
  EXPECT_NE(std::string::npos, last_error().find("exceeds the device's memory")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT, zeMemAllocDevice(m_context, &desc, 64, 48, device(), &memory));
  if (!parameters_validated()) {
    EXPECT_NE(std::string::npos, last_error().find("not a power of two")) << last_error();
  }
  EXPECT_EQ(nullptr, memory);

  void* allocation = allocate_device(128);
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemFree(m_context, static_cast<char*>(allocation) + 8));
  int on_stack = 0;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemFree(m_context, &on_stack));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, allocation));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemFree(m_context, allocation)) << "a double free";
}

TEST_F(MemoryTest, MemoryOfAnotherContextIsNotThisContexts) {
  ze_context_handle_t other = nullptr;
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &other));
  void* memory = allocate_device(64);
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeMemFree(other, memory));
  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(other, memory, &properties, nullptr));
  EXPECT_EQ(ZE_MEMORY_TYPE_UNKNOWN, properties.type);
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, memory));
}

TEST_F(MemoryTest, DestroyingAContextFreesWhatItStillHeld) {
  ze_context_handle_t other = nullptr;
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &other));
  ze_device_mem_alloc_desc_t alloc_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
  void* memory = nullptr;
  ASSERT_ZE_SUCCESS(zeMemAllocDevice(other, &alloc_desc, 64, 0, device(), &memory));
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeMemGetAllocProperties(m_context, memory, &properties, nullptr));
  EXPECT_EQ(ZE_MEMORY_TYPE_UNKNOWN, properties.type);
}

}  // namespace
}  // namespace ferry::npu::simulator::test
