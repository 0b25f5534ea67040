// GPU remote contexts: the default context (shared, its handle, replaced when the device list
// changes), contexts over the application's cl_context, parameters that recreate a context, and
// the errors for handles the plugin cannot use; OpenCL reference counts balanced.

#include <gtest/gtest.h>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

using ocl::ClContext;

TEST(GpuRemoteContext, DefaultContextIsSharedByCompiledModels) {
  Core core = make_core();
  auto context = core.get_default_context("GPU").as<ClContext>();
  EXPECT_NE(context.get(), nullptr);
  EXPECT_EQ(context.get_device_name().rfind("GPU.", 0), 0u) << context.get_device_name();
  const AnyMap params = context.get_params();
  EXPECT_EQ(params.at(context_type.name()).as<std::string>(), "OCL");
  CompiledModel compiled = core.compile_model(make_remote_test_model(), "GPU");
  EXPECT_EQ(compiled.get_context().get_params(), params);
  EXPECT_EQ(compiled.get_context().as<ClContext>().get(), context.get());
  // get_params recreates the same context.
  EXPECT_EQ(core.create_context("GPU", params).get_params(), params);
}

TEST(GpuRemoteContext, DefaultContextIsReplacedWhenTheDeviceListChanges) {
  Core core = make_core();
  const ClContext old = core.get_default_context("GPU").as<ClContext>();  // kept: its handle stays unique
  const cl_context before = old.get();
  const std::string types = core.get_property("GPU", opencl_device_types);
  // PoCL's device is a CPU: listing CPU explicitly selects it again, as a new enumeration.
  core.set_property("GPU", {{opencl_device_types.name(), std::string("CPU,GPU")}});
  const cl_context after = core.get_default_context("GPU").as<ClContext>().get();
  EXPECT_NE(after, before);
  core.set_property("GPU", {{opencl_device_types.name(), types}});
}

TEST(GpuRemoteContext, ApplicationContextRunsModelsAndIsReleased) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  {
    ClContext context(core, app.context);
    EXPECT_EQ(context.get(), app.context);
    EXPECT_GT(reference_count(app.context), 1u);  // retained while Ferry uses it
    EXPECT_EQ(ClContext(core, app.context).get_params(), context.get_params());
    CompiledModel compiled = core.compile_model(make_remote_test_model(), context);
    EXPECT_EQ(compiled.get_context().as<ClContext>().get(), app.context);
    InferRequest request = compiled.create_infer_request();
    const auto x = remote_test_input(1);
    request.set_tensor("x", Tensor(element::f32, kRemoteShape, const_cast<float*>(x.data())));
    request.infer();
    EXPECT_EQ(values_of(request.get_tensor("z")), expected_z(x));
  }
  EXPECT_EQ(settled_reference_count(app.context, 1u), 1u);
}

TEST(GpuRemoteContext, DeviceIdPicksTheDeviceOfANewContext) {
  Core core = make_core();
  const auto devices = core.get_property("GPU", available_devices);
  ASSERT_FALSE(devices.empty());
  RemoteContext fresh = core.create_context("GPU." + devices.back(), {});
  EXPECT_EQ(fresh.get_device_name(), "GPU." + devices.back());
  EXPECT_NE(fresh.get_params(), core.get_default_context("GPU").get_params());
}

TEST(GpuRemoteContext, BadContextParametersAreRefusedByName) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{ocl_context.name(), static_cast<void*>(app.context)},
                                                    {ocl_context_device_id.name(), 3}}),
                        "OCL_CONTEXT_DEVICE_ID 3");
  EXPECT_ERROR_CONTAINS(
      core.create_context("GPU", {{ocl_context.name(), static_cast<void*>(app.context)}, {tile_id.name(), 5}}),
      "TILE_ID 5");
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{"OCL_WHATEVER", 1}}), "unknown parameter 'OCL_WHATEVER'");
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{context_type.name(), ContextType::VA_SHARED}}), "VA_SHARED");
  // A queue of another OpenCL context.
  AppContext other(app.device);
  cl_command_queue foreign = other.queue();
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{ocl_context.name(), static_cast<void*>(app.context)},
                                                    {ocl_queue.name(), static_cast<void*>(foreign)}}),
                        "belongs to another OpenCL context");
  clReleaseCommandQueue(foreign);
  EXPECT_EQ(reference_count(app.context), 1u);
}

// A null context, queue or display is refused, naming it: taking it as "no handle" would make a
// new context of the plugin's, which the application never shares.
TEST(GpuRemoteContext, NullHandlesAreRefusedByName) {
  Core core = make_core();
  EXPECT_ERROR_CONTAINS(ClContext(core, static_cast<cl_context>(nullptr)), "create_context: OCL_CONTEXT is null");
  EXPECT_ERROR_CONTAINS(ClContext(core, static_cast<cl_command_queue>(nullptr)), "the cl_command_queue is null");
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{ocl_context.name(), gpu_handle_param(nullptr)}}),
                        "create_context: OCL_CONTEXT is null");
  AppContext app(device_of_default_context(core));
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{ocl_context.name(), static_cast<void*>(app.context)},
                                                    {ocl_queue.name(), gpu_handle_param(nullptr)}}),
                        "create_context: OCL_QUEUE is null");
  EXPECT_ERROR_CONTAINS(core.create_context("GPU", {{context_type.name(), ContextType::VA_SHARED},
                                                    {va_device.name(), gpu_handle_param(nullptr)}}),
                        "create_context: VA_DEVICE is null");
  EXPECT_EQ(reference_count(app.context), 1u);
}

TEST(GpuRemoteContext, ContextOfADeviceThePluginDoesNotExposeIsRefused) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  // Only devices of another type: the context's device (PoCL's CPU, or a GPU) is no longer one of
  // the plugin's.
  const bool is_gpu = (device_type(app.device) & CL_DEVICE_TYPE_GPU) != 0;
  core.set_property("GPU", {{opencl_device_types.name(), std::string(is_gpu ? "CPU" : "GPU")}});
  EXPECT_ERROR_CONTAINS(ClContext(core, app.context), "is none of the plugin's devices");
  EXPECT_EQ(reference_count(app.context), 1u);
}

TEST(GpuRemoteContext, AnotherPluginsContextIsNotAClContext) {
  Core core = make_core();
  RemoteContext template_context = core.get_default_context("TEMPLATE");
  EXPECT_FALSE(template_context.is<ClContext>());
  EXPECT_ERROR_CONTAINS(template_context.as<ClContext>(),
                        "RemoteContext of device 'TEMPLATE' cannot be used as ferry::gpu::ocl::ClContext");
  // The core sends a model to the context's device: TEMPLATE compiles it there, not on GPU.
  EXPECT_EQ(core.compile_model(make_remote_test_model(), template_context).get_context().get_device_name(),
            template_context.get_device_name());
}

}  // namespace
}  // namespace ferry::gpu::test
