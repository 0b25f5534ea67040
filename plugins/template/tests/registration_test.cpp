// Loading the plugin library the ways a third party would: Core::register_plugin under a name
// of its own, and a plugins.xml with a relative location and properties.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ferry/ferry.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

TEST(TemplateRegistration, RegisterPluginUnderAnotherName) {
  Core core;
  core.register_plugin(plugin_library_path(), "MYDEV");
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "MYDEV");
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"MYDEV"});
  EXPECT_EQ(core.get_default_context("MYDEV").get_device_name(), "MYDEV");
  const std::string error = error_of([&] { core.get_property("MYDEV", "NO_SUCH_KEY"); });
  EXPECT_NE(error.find("MYDEV"), std::string::npos) << error;
  EXPECT_EQ(core.get_versions("MYDEV").at("MYDEV").description, "Ferry template plugin");

  const auto x = sample(2 * kSmallMlp.in, 1);
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(make_f32({2, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(x, 2, kSmallMlp).probs);
}

TEST(TemplateRegistration, PluginsXmlWithRelativeLocationAndProperties) {
  const std::filesystem::path dir = make_temp_dir("plugins_xml");
  const std::filesystem::path library = std::filesystem::canonical(plugin_library_path());
  const std::string location = std::filesystem::relative(library, dir).string();
  ASSERT_NE(location.front(), '/');
  const std::string xml_path = (dir / "plugins.xml").string();
  std::ofstream(xml_path) << "<ie><plugins>\n"
                          << "  <plugin name=\"REF\" location=\"" << location << "\">\n"
                          << "    <properties><property key=\"PERFORMANCE_HINT\" value=\"THROUGHPUT\"/>"
                          << "<property key=\"NUM_STREAMS\" value=\"1\"/></properties>\n"
                          << "  </plugin>\n</plugins></ie>\n";
  Core core(xml_path);
  EXPECT_EQ(core.get_property("REF", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
  auto compiled = core.compile_model(make_cnn(), "REF");
  EXPECT_EQ(compiled.get_property(num_streams).num, 1);
  EXPECT_EQ(compiled.get_property(hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
}

}  // namespace
}  // namespace ferry::template_test
