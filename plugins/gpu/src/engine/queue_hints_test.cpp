// Queue property lists with and without the hint extensions (PoCL has neither, so both paths are
// checked on made-up device facts), and a queue created on the real device with its list.
#include "queue_hints.hpp"

#include <CL/cl_ext.h>
#include <gtest/gtest.h>

#include "device_context.hpp"

namespace ferry::gpu {
namespace {

TEST(QueueHints, WithoutTheExtensionsOnlyProfilingIsPassed) {
  DeviceInfo info;
  info.extensions = {"cl_khr_fp64"};
  EXPECT_FALSE(applies_queue_priority(info));
  EXPECT_FALSE(applies_queue_throttle(info));
  const auto properties = queue_properties(info, true, {hint::Priority::HIGH, hint::Priority::LOW});
  EXPECT_EQ(properties, (std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}));
}

TEST(QueueHints, WithTheExtensionsTheHintsArePassed) {
  DeviceInfo info;
  info.extensions = {"cl_khr_priority_hints", "cl_khr_throttle_hints"};
  EXPECT_TRUE(applies_queue_priority(info));
  EXPECT_TRUE(applies_queue_throttle(info));
  EXPECT_EQ(queue_properties(info, false, {hint::Priority::HIGH, hint::Priority::LOW}),
            (std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PRIORITY_KHR, CL_QUEUE_PRIORITY_HIGH_KHR,
                                              CL_QUEUE_THROTTLE_KHR, CL_QUEUE_THROTTLE_LOW_KHR, 0}));
  EXPECT_EQ(queue_properties(info, false, {hint::Priority::LOW, hint::Priority::MEDIUM}),
            (std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PRIORITY_KHR, CL_QUEUE_PRIORITY_LOW_KHR,
                                              CL_QUEUE_THROTTLE_KHR, CL_QUEUE_THROTTLE_MED_KHR, 0}));
  info.extensions = {"cl_khr_throttle_hints"};
  EXPECT_EQ(
      queue_properties(info, false, {hint::Priority::HIGH, hint::Priority::HIGH}),
      (std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES, 0, CL_QUEUE_THROTTLE_KHR, CL_QUEUE_THROTTLE_HIGH_KHR, 0}));
}

TEST(QueueHints, TheRealDeviceAcceptsItsList) {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty());
  DeviceContext context(devices[0]);
  for (auto priority : {hint::Priority::LOW, hint::Priority::MEDIUM, hint::Priority::HIGH})
    EXPECT_TRUE(context.create_queue(true, {priority, priority}));
}

}  // namespace
}  // namespace ferry::gpu
