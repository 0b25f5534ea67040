#pragma once

#include <gtest/gtest.h>
#include <level_zero/ze_api.h>

#include <cstdint>
#include <string>

// Reports a Level Zero call's result and, on failure, the driver's message for it.
#define EXPECT_ZE_SUCCESS(call) EXPECT_EQ(ZE_RESULT_SUCCESS, (call)) << ::ferry::npu::simulator::test::last_error()
#define ASSERT_ZE_SUCCESS(call) ASSERT_EQ(ZE_RESULT_SUCCESS, (call)) << ::ferry::npu::simulator::test::last_error()

namespace ferry::npu::simulator::test {

// The simulator's driver and device, through the real loader: the first call points
// ZE_ENABLE_ALT_DRIVERS at the library FERRY_NPU_SIMULATOR names (a runfiles path) and runs
// zeInit. Fails the test when the loader finds no simulator.
ze_driver_handle_t driver();
ze_device_handle_t device();

// The driver's last error message on this thread, and the bytes it has copied
// (ze_ferry_simulator_ext.h).
std::string last_error();
uint64_t copied_bytes();

// Whether the loader's validation layer checks parameters before the driver sees them (it then
// answers some misuse itself, and the driver's last error says nothing about it).
bool parameters_validated();

// The number of file descriptors this process has open.
int open_fd_count();

// A test with a context of its own. TearDown checks that the test closed every fd it opened.
class SimulatorTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Helpers that fail the test on error.
  void* allocate_device(size_t size, size_t alignment = 0);
  void* allocate_host(size_t size, size_t alignment = 0);
  ze_command_queue_handle_t create_queue(ze_command_queue_mode_t mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                         uint32_t index = 0);
  ze_command_list_handle_t create_list();
  ze_command_list_handle_t create_immediate_list(ze_command_queue_mode_t mode);

  ze_context_handle_t m_context = nullptr;

 private:
  int m_fds_at_start = 0;
};

}  // namespace ferry::npu::simulator::test
