#include "plugins_xml.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ferry/base/exception.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry {
namespace {

std::string error_of(const std::string& text) {
  return ::ferry::testing::error_of([&] { parse_plugins_xml(text, "test.xml", "/base"); });
}

TEST(PluginsXml, ParsesOpenVinoSchemaWithProperties) {
  const auto plugins = parse_plugins_xml(R"(<ie><plugins>
      <plugin name="TEMPLATE" location="template/libt.so">
        <properties><property key="PERFORMANCE_HINT" value="LATENCY"/><property key="X" value=""/></properties>
      </plugin>
      <plugin name="GPU" location="/opt/libgpu.so"/>
      <plugin name="NPU" location="libnpu_not_here.so"/>
    </plugins></ie>)",
                                         "test.xml", "/base/dir");
  ASSERT_EQ(plugins.size(), 3u);
  EXPECT_EQ(plugins[0].name, "TEMPLATE");
  EXPECT_EQ(plugins[0].location, "/base/dir/template/libt.so");  // relative to the XML's folder
  EXPECT_EQ(plugins[0].properties.at("PERFORMANCE_HINT"), "LATENCY");
  EXPECT_EQ(plugins[0].properties.at("X"), "");
  EXPECT_EQ(plugins[1].location, "/opt/libgpu.so");
  // A bare file name absent from the XML's folder is left to the dynamic loader's search path.
  EXPECT_EQ(plugins[2].location, "libnpu_not_here.so");
}

TEST(PluginsXml, BareNamePresentNextToXmlResolvesThere) {
  const auto dir = std::filesystem::path(std::getenv("TEST_TMPDIR")) / "xml_dir";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "libhere.so") << "x";
  std::ofstream(dir / "plugins.xml") << R"(<ie><plugins><plugin name="H" location="libhere.so"/></plugins></ie>)";
  const auto plugins = parse_plugins_xml_file((dir / "plugins.xml").string());
  ASSERT_EQ(plugins.size(), 1u);
  EXPECT_EQ(plugins[0].location, (dir / "libhere.so").string());
}

TEST(PluginsXml, ErrorsNameTheCause) {
  EXPECT_NE(error_of("<ie><plugins>").find("malformed"), std::string::npos);
  EXPECT_NE(error_of("<ie><plugins>").find("test.xml"), std::string::npos);
  EXPECT_NE(error_of("<root/>").find("no <ie><plugins>"), std::string::npos);
  EXPECT_NE(error_of(R"(<ie><plugins><plugin location="a.so"/></plugins></ie>)").find("no 'name'"), std::string::npos);
  EXPECT_NE(error_of(R"(<ie><plugins><plugin name="A"/></plugins></ie>)").find("no 'location'"), std::string::npos);
  EXPECT_NE(error_of(R"(<ie><plugins><plugin name="A" location="a"/><plugin name="A" location="b"/></plugins></ie>)")
                .find("'A' is registered twice"),
            std::string::npos);
  EXPECT_NE(error_of(R"(<ie><plugins><plugin name="A.1" location="a"/></plugins></ie>)").find("may not contain"),
            std::string::npos);
  EXPECT_NE(
      error_of(
          R"(<ie><plugins><plugin name="A" location="a"><properties><property value="1"/></properties></plugin></plugins></ie>)")
          .find("without 'key'"),
      std::string::npos);
}

TEST(PluginsXml, MissingFileIsNamed) {
  try {
    parse_plugins_xml_file("/nonexistent/plugins.xml");
    FAIL();
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/plugins.xml"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("cannot be opened"), std::string::npos);
  }
}

}  // namespace
}  // namespace ferry
