// Loading plugin libraries: every broken library gives an error naming the file and the cause,
// and leaves the Core usable.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "ferry/ferry.hpp"
#include "ferry/plugin/plugin_entry.hpp"

namespace ferry {
namespace {

std::string runfile(const std::string& path) {
  return (std::filesystem::path(std::getenv("TEST_SRCDIR")) / "ferry" / path).string();
}

std::string testdata(const std::string& name) { return runfile("core/src/runtime/testdata/" + name); }

// A Core with no plugins registered: an empty plugins.xml.
Core empty_core() {
  const auto path = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "empty_plugins.xml";
  std::ofstream(path) << "<ie><plugins/></ie>";
  return Core(path.string());
}

std::string compile_error(Core& core, const std::string& device) {
  try {
    core.get_property(device, "SUPPORTED_PROPERTIES");
  } catch (const Exception& e) {
    return e.what();
  }
  return "no error";
}

void expect_contains(const std::string& text, const std::string& fragment) {
  EXPECT_NE(text.find(fragment), std::string::npos) << "'" << fragment << "' not in: " << text;
}

TEST(PluginLoading, MissingLibrary) {
  Core core = empty_core();
  core.register_plugin("/nonexistent/libmissing.so", "MISSING");
  const std::string error = compile_error(core, "MISSING");
  expect_contains(error, "/nonexistent/libmissing.so");
  expect_contains(error, "cannot load plugin library");
}

TEST(PluginLoading, NotALibrary) {
  Core core = empty_core();
  core.register_plugin(testdata("not_a_library.so"), "BROKEN");
  const std::string error = compile_error(core, "BROKEN");
  expect_contains(error, "not_a_library.so");
  expect_contains(error, "cannot load plugin library");
}

TEST(PluginLoading, MissingEntryPoint) {
  Core core = empty_core();
  core.register_plugin(testdata("libno_entry_point.so"), "NOENTRY");
  const std::string error = compile_error(core, "NOENTRY");
  expect_contains(error, "libno_entry_point.so");
  expect_contains(error, "has no Ferry entry point");
}

TEST(PluginLoading, WrongApiVersionNamesFileAndBothVersions) {
  Core core = empty_core();
  core.register_plugin(testdata("libwrong_api_version.so"), "OLD");
  const std::string error = compile_error(core, "OLD");
  expect_contains(error, "libwrong_api_version.so");
  expect_contains(error, "version " + std::to_string(FERRY_PLUGIN_API_VERSION + 41));
  expect_contains(error, "provides version " + std::to_string(FERRY_PLUGIN_API_VERSION));
}

TEST(PluginLoading, ConstructorFailureIsReported) {
  Core core = empty_core();
  core.register_plugin(testdata("libfailing_constructor.so"), "FAILING");
  const std::string error = compile_error(core, "FAILING");
  expect_contains(error, "libfailing_constructor.so");
  expect_contains(error, "no device found on this machine");
}

TEST(PluginLoading, CoreStaysUsableAfterErrors) {
  Core core = empty_core();
  core.register_plugin(testdata("libno_entry_point.so"), "NOENTRY");
  core.register_plugin(runfile("plugins/template/libferry_template_plugin.so"), "TEMPLATE");
  EXPECT_THROW(core.get_property("NOENTRY", "SUPPORTED_PROPERTIES"), Exception);
  // The broken device is skipped when listing, the good one is there.
  const auto devices = core.get_available_devices();
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0], "TEMPLATE");
  EXPECT_FALSE(core.get_property("TEMPLATE", "FULL_DEVICE_NAME").as<std::string>().empty());
}

TEST(PluginLoading, UnknownDeviceListsRegisteredOnes) {
  Core core = empty_core();
  core.register_plugin(runfile("plugins/template/libferry_template_plugin.so"), "TEMPLATE");
  const std::string error = compile_error(core, "NOPE");
  expect_contains(error, "unknown device 'NOPE'");
  expect_contains(error, "TEMPLATE");
}

TEST(PluginLoading, DuplicateRegistrationIsRefused) {
  Core core = empty_core();
  core.register_plugin("liba.so", "DEV");
  try {
    core.register_plugin("libb.so", "DEV");
    FAIL();
  } catch (const Exception& e) {
    expect_contains(e.what(), "'DEV' is already registered");
  }
}

TEST(PluginLoading, PluginsXmlErrorsFromConstructor) {
  const auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR"));
  std::ofstream(dir / "bad.xml") << "<ie><plugins><plugin name=";
  try {
    Core core((dir / "bad.xml").string());
    FAIL();
  } catch (const Exception& e) {
    expect_contains(e.what(), "bad.xml");
    expect_contains(e.what(), "malformed");
  }
  try {
    Core core((dir / "missing.xml").string());
    FAIL();
  } catch (const Exception& e) {
    expect_contains(e.what(), "missing.xml");
  }
}

TEST(PluginLoading, FerryPluginsXmlEnvironmentVariable) {
  const auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "env";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "plugins.xml") << "<ie><plugins><plugin name=\"FROMENV\" location=\""
                                     << runfile("plugins/template/libferry_template_plugin.so")
                                     << "\"/></plugins></ie>";
  setenv("FERRY_PLUGINS_XML", (dir / "plugins.xml").c_str(), 1);
  Core core;
  unsetenv("FERRY_PLUGINS_XML");
  EXPECT_EQ(core.get_available_devices(), std::vector<std::string>{"FROMENV"});
}

TEST(PluginLoading, InTreePluginsXmlFoundThroughRunfiles) {
  Core core;
  const auto devices = core.get_available_devices();
  EXPECT_NE(std::find(devices.begin(), devices.end(), "TEMPLATE"), devices.end());
}

TEST(PluginLoading, ObjectsOutliveCoreAndUnload) {
  CompiledModel compiled;
  RemoteContext context;
  {
    Core core;
    context = core.get_default_context("TEMPLATE");
    core.unload_plugin("TEMPLATE");
    // The context still works: it holds the library.
    EXPECT_EQ(context.get_device_name().rfind("TEMPLATE", 0), 0u);
  }
  EXPECT_EQ(context.get_device_name().rfind("TEMPLATE", 0), 0u);
  EXPECT_THROW(empty_core().unload_plugin("NOT_REGISTERED"), Exception);
}

}  // namespace
}  // namespace ferry
