// The OnnxReference category compares a device with ONNX's stored outputs, not with Ferry: run on
// TEMPLATE over a copy of one case, it passes on the case as shipped and fails once the expected
// output is replaced (TEMPLATE computes what core's reference computes, so only the data can tell).
// A case missing under an explicit --onnx_data fails instead of being skipped.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "testing/conformance/runner_tool/runner_process.hpp"

namespace ferry::conformance {
namespace {

namespace fs = std::filesystem;
using runner::ProcessResult;
using runner::read_text_file;
using runner::run_isolated;

const std::string kShipped = "/usr/share/libonnx-testdata/data/node/test_relu";
const std::string kTest = "Onnx/OnnxReference.Run/Relu__test_relu";

std::string runfile(const std::string& path) { return std::string(std::getenv("TEST_SRCDIR")) + "/ferry/" + path; }
std::string tmp(const std::string& name) { return std::string(std::getenv("TEST_TMPDIR")) + "/" + name; }

// A copy of test_relu under <root>/test_relu.
void copy_case(const std::string& root) {
  fs::remove_all(root);
  fs::create_directories(root);
  fs::copy(kShipped, root + "/test_relu", fs::copy_options::recursive);
}

ProcessResult run_suite(const std::string& onnx_data, const std::string& log) {
  return run_isolated({runfile("testing/conformance/conformance_suite"), "--device=TEMPLATE",
                       "--onnx_data=" + onnx_data, "--gtest_filter=" + kTest},
                      log, 120);
}

TEST(OnnxReferenceData, PassesOnTheShippedCase) {
  ASSERT_TRUE(fs::is_directory(kShipped)) << "install Debian's libonnx-testdata";
  const std::string root = tmp("shipped");
  copy_case(root);
  const ProcessResult result = run_suite(root, tmp("shipped.log"));
  const std::string log = read_text_file(tmp("shipped.log"));
  EXPECT_EQ(result.exit_code, 0) << log;
  EXPECT_NE(log.find("[  PASSED  ] 1 test"), std::string::npos) << log;
}

TEST(OnnxReferenceData, FailsWhenTheExpectedOutputIsWrong) {
  ASSERT_TRUE(fs::is_directory(kShipped)) << "install Debian's libonnx-testdata";
  const std::string root = tmp("wrong");
  copy_case(root);
  // Expect the input itself: Relu's output differs from it wherever the input is negative.
  const std::string data_set = root + "/test_relu/test_data_set_0";
  fs::copy_file(data_set + "/input_0.pb", data_set + "/output_0.pb", fs::copy_options::overwrite_existing);
  const ProcessResult result = run_suite(root, tmp("wrong.log"));
  const std::string log = read_text_file(tmp("wrong.log"));
  EXPECT_EQ(result.exit_code, 1) << log;
  EXPECT_NE(log.find("test_data_set_0: output 'y': element "), std::string::npos) << log;
  EXPECT_NE(log.find("(rtol 0.001, atol 1e-05)"), std::string::npos) << log;
  EXPECT_NE(log.find("[  FAILED  ] " + kTest), std::string::npos) << log;
}

TEST(OnnxReferenceData, CaseMissingUnderAnExplicitFolderFails) {
  const std::string root = tmp("empty");
  fs::create_directories(root);
  const ProcessResult result = run_suite(root, tmp("empty.log"));
  const std::string log = read_text_file(tmp("empty.log"));
  EXPECT_EQ(result.exit_code, 1) << log;
  EXPECT_NE(log.find("--onnx_data=" + root + " has no case folder test_relu"), std::string::npos) << log;
}

}  // namespace
}  // namespace ferry::conformance
