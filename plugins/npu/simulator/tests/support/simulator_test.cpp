#include "support/simulator_test.hpp"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>

#include <cstring>

#include "ferry/npu/driver/ze_ferry_simulator_ext.h"

namespace ferry::npu::simulator::test {
namespace {

struct Loaded {
  ze_result_t init = ZE_RESULT_ERROR_UNINITIALIZED;
  std::string why;
  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
};

Loaded load() {
  Loaded loaded;
  const char* library = std::getenv("FERRY_NPU_SIMULATOR");
  char absolute[PATH_MAX];
  if (!library || !realpath(library, absolute)) {
    loaded.why = "FERRY_NPU_SIMULATOR does not name the simulator's library";
    return loaded;
  }
  // Before zeInit: the loader reads its environment once.
  setenv("ZE_ENABLE_ALT_DRIVERS", absolute, 1);
  loaded.init = zeInit(0);
  if (loaded.init != ZE_RESULT_SUCCESS) {
    loaded.why = "zeInit failed with the simulator at " + std::string(absolute);
    return loaded;
  }
  uint32_t count = 1;
  if (zeDriverGet(&count, &loaded.driver) != ZE_RESULT_SUCCESS || count != 1) loaded.why = "no driver";
  count = 1;
  if (loaded.driver && (zeDeviceGet(loaded.driver, &count, &loaded.device) != ZE_RESULT_SUCCESS || count != 1))
    loaded.why = "no device";
  return loaded;
}

const Loaded& loaded() {
  static const Loaded once = load();
  return once;
}

template <class Function>
Function extension(const char* name) {
  void* address = nullptr;
  if (zeDriverGetExtensionFunctionAddress(driver(), name, &address) != ZE_RESULT_SUCCESS) return nullptr;
  return reinterpret_cast<Function>(address);
}

}  // namespace

ze_driver_handle_t driver() {
  EXPECT_EQ(ZE_RESULT_SUCCESS, loaded().init) << loaded().why;
  EXPECT_NE(nullptr, loaded().device) << loaded().why;
  return loaded().driver;
}

ze_device_handle_t device() {
  driver();
  return loaded().device;
}

std::string last_error() {
  if (!loaded().driver) return loaded().why;
  auto get = extension<ferry_simulator_get_last_error_t>(FERRY_SIMULATOR_GET_LAST_ERROR);
  const char* message = nullptr;
  if (!get || get(driver(), &message) != ZE_RESULT_SUCCESS) return "(no last-error query)";
  return message;
}

uint64_t copied_bytes() {
  auto get = extension<ferry_simulator_get_copied_bytes_t>(FERRY_SIMULATOR_GET_COPIED_BYTES);
  uint64_t bytes = 0;
  EXPECT_NE(nullptr, get);
  if (get) {
    EXPECT_EQ(ZE_RESULT_SUCCESS, get(driver(), &bytes));
  }
  return bytes;
}

bool parameters_validated() {
  const char* layer = std::getenv("ZE_ENABLE_VALIDATION_LAYER");
  const char* parameters = std::getenv("ZE_ENABLE_PARAMETER_VALIDATION");
  return layer && parameters && std::string(layer) == "1" && std::string(parameters) == "1";
}

int open_fd_count() {
  int count = 0;
  DIR* fds = opendir("/proc/self/fd");
  if (!fds) return -1;
  while (dirent* entry = readdir(fds))
    if (entry->d_name[0] != '.') ++count;
  closedir(fds);
  return count - 1;  // the directory's own fd
}

void SimulatorTest::SetUp() {
  ASSERT_NE(nullptr, driver());
  m_fds_at_start = open_fd_count();
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &m_context));
}

void SimulatorTest::TearDown() {
  if (m_context) {
    EXPECT_ZE_SUCCESS(zeContextDestroy(m_context));
  }
  EXPECT_EQ(m_fds_at_start, open_fd_count()) << "the test leaked file descriptors";
}

void* SimulatorTest::allocate_device(size_t size, size_t alignment) {
  ze_device_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, nullptr, 0, 0};
  void* memory = nullptr;
  EXPECT_ZE_SUCCESS(zeMemAllocDevice(m_context, &desc, size, alignment, device(), &memory));
  return memory;
}

void* SimulatorTest::allocate_host(size_t size, size_t alignment) {
  ze_host_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, nullptr, 0};
  void* memory = nullptr;
  EXPECT_ZE_SUCCESS(zeMemAllocHost(m_context, &desc, size, alignment, &memory));
  return memory;
}

ze_command_queue_handle_t SimulatorTest::create_queue(ze_command_queue_mode_t mode, uint32_t index) {
  ze_command_queue_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, nullptr, 0, index, 0, mode,
                               ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_queue_handle_t queue = nullptr;
  EXPECT_ZE_SUCCESS(zeCommandQueueCreate(m_context, device(), &desc, &queue));
  return queue;
}

ze_command_list_handle_t SimulatorTest::create_list() {
  ze_command_list_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, nullptr, 0, 0};
  ze_command_list_handle_t list = nullptr;
  EXPECT_ZE_SUCCESS(zeCommandListCreate(m_context, device(), &desc, &list));
  return list;
}

ze_command_list_handle_t SimulatorTest::create_immediate_list(ze_command_queue_mode_t mode) {
  ze_command_queue_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, nullptr, 0, 0, 0, mode,
                               ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_list_handle_t list = nullptr;
  EXPECT_ZE_SUCCESS(zeCommandListCreateImmediate(m_context, device(), &desc, &list));
  return list;
}

}  // namespace ferry::npu::simulator::test
