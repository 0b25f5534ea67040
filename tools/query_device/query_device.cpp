// query_device: lists the available devices and, for each, every supported property with its
// value. Like OpenVINO's hello_query_device.

#include <iostream>

#include "arg_parser.hpp"
#include "device_report.hpp"
#include "ferry/value/version.hpp"
#include "tool_main.hpp"

int main(int argc, char** argv) {
  return ferry::tools::run_tool("query_device", [&] {
    ferry::tools::ArgParser parser("query_device", "Lists the available devices and their properties.");
    parser
        .add_option("plugins_xml", "PATH", "plugins.xml to read (default: next to libferry.so, or $FERRY_PLUGINS_XML)")
        .add_option("d", "DEVICE", "report only this device")
        .add_switch("version", "print the core library's version and exit");
    const ferry::tools::ParsedArgs args = parser.parse(argc, argv);
    if (args.help_requested()) {
      std::cout << parser.usage();
      return 0;
    }
    if (args.has("version")) {
      std::cout << ferry::get_version().buildNumber << "\n";
      return 0;
    }
    ferry::Core core(args.get("plugins_xml"));
    std::vector<std::string> devices = core.get_available_devices();
    if (args.has("d")) devices = {args.get("d")};
    if (devices.empty()) {
      std::cerr << "query_device: no device is available: no plugins.xml registers one (see --plugins_xml and "
                   "FERRY_PLUGINS_XML)\n";
      return 1;
    }
    std::cout << "Available devices:";
    for (const std::string& device : devices) std::cout << " " << device;
    std::cout << "\n\n";
    for (const std::string& device : devices) {
      ferry::tools::print_device_report(std::cout, core, device);
      std::cout << "\n";
    }
    return 0;
  });
}
