// The classifier: errors by stage, results through the child pipe, and crashes, aborts and hangs
// in forked children.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

#include "case_result.hpp"
#include "isolated_runner.hpp"
#include "report.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

TEST(ClassifyError, ConversionAndQueryErrorsAreUnsupportedRuntimeErrorsAreFailures) {
  EXPECT_EQ(classify_error(Stage::read_model, "ONNX node 'n' (#0, Det, domain '', opset 13): x").status,
            Status::unsupported);
  EXPECT_EQ(classify_error(Stage::load_data, "input 'x' is a sequence").status, Status::unsupported);
  EXPECT_EQ(classify_error(Stage::query_model, "TEMPLATE does not support Det ('n')").status, Status::unsupported);
  EXPECT_EQ(classify_error(Stage::compile_model, "op Foo is not supported").status, Status::unsupported);
  EXPECT_EQ(classify_error(Stage::compile_model, "out of memory").status, Status::failed);
  EXPECT_EQ(classify_error(Stage::infer, "not supported").status, Status::failed);
  const auto result = classify_error(Stage::compare, "output 'y': element 0 is 1, expected 2");
  EXPECT_EQ(result.status, Status::failed);
  EXPECT_EQ(result.stage, Stage::compare);
  EXPECT_EQ(result.message, "output 'y': element 0 is 1, expected 2");
}

TEST(ClassifyError, MissingOpIsReadFromTheMessageOrTheCase) {
  BackendCase single;
  single.op_types = {"Det"};
  CaseResult result;
  result.message = "ONNX node 'a' (#2, Unique, domain '', opset 11): no converter";
  EXPECT_EQ(missing_op_of(single, result), "Unique");
  result.message = "ONNX node 'a' (#0, Gradient, domain 'ai.onnx.preview.training', opset 12): x";
  EXPECT_EQ(missing_op_of(single, result), "ai.onnx.preview.training.Gradient");
  result.message = "ONNX model 'm': opset 6 is not supported (supported: 7-17)";
  EXPECT_EQ(missing_op_of(single, result), "(model opset 6)");
  result.message = "something else";
  EXPECT_EQ(missing_op_of(single, result), "Det");
}

TEST(IsolatedRunner, ResultsSurviveThePipe) {
  CaseResult result;
  result.status = Status::failed;
  result.stage = Stage::compare;
  result.data_sets = 2;
  result.message = "line one\nline two";
  CaseResult back;
  ASSERT_TRUE(parse_result(serialize_result(result), back));
  EXPECT_EQ(back.status, Status::failed);
  EXPECT_EQ(back.stage, Stage::compare);
  EXPECT_EQ(back.data_sets, 2u);
  EXPECT_EQ(back.message, "line one\nline two");
  EXPECT_FALSE(parse_result("", back));
  EXPECT_FALSE(parse_result("9 0 0\nx", back));
}

TEST(IsolatedRunner, CrashesAbortsAndHangsBecomeCrashedCasesAndTheRunGoesOn) {
  std::vector<BackendCase> cases(5);
  const char* names[] = {"pass", "segv", "abort", "hang", "throw"};
  for (size_t i = 0; i < cases.size(); ++i) cases[i].name = names[i];
  RunSettings settings;
  settings.jobs = 3;
  settings.timeout_s = 0.5;
  size_t reported = 0;
  const auto results = run_isolated(
      cases, settings,
      [](const BackendCase& c) -> CaseResult {
        if (c.name == "segv") ::raise(SIGSEGV);
        if (c.name == "abort") {
          std::fputs("assertion 'x' failed\n", stderr);
          std::abort();
        }
        if (c.name == "hang") ::sleep(30);
        if (c.name == "throw") throw std::runtime_error("boom");
        CaseResult passed;
        passed.status = Status::passed;
        passed.data_sets = 1;
        return passed;
      },
      [&](size_t, const CaseResult&) { ++reported; });
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(reported, 5u);
  EXPECT_EQ(results[0].status, Status::passed);
  EXPECT_EQ(results[1].status, Status::crashed);
  EXPECT_NE(results[1].message.find("signal 11"), std::string::npos) << results[1].message;
  EXPECT_EQ(results[2].status, Status::crashed);
  EXPECT_NE(results[2].message.find("signal 6"), std::string::npos) << results[2].message;
  EXPECT_NE(results[2].message.find("assertion 'x' failed"), std::string::npos) << results[2].message;
  EXPECT_EQ(results[3].status, Status::crashed);
  EXPECT_NE(results[3].message.find("timed out"), std::string::npos) << results[3].message;
  EXPECT_EQ(results[4].status, Status::failed);
  EXPECT_NE(results[4].message.find("boom"), std::string::npos) << results[4].message;
}

TEST(Report, TalliesAndTheVerdictAgainstTheList) {
  RunReport report;
  report.cases.resize(3);
  report.results.resize(3);
  report.cases[0].dir = "node", report.cases[0].name = "a", report.cases[0].op_types = {"Abs"};
  report.cases[1].dir = "node", report.cases[1].name = "b", report.cases[1].op_types = {"Det"};
  report.cases[2].dir = "simple", report.cases[2].name = "c", report.cases[2].op_types = {"Abs", "Det"};
  report.results[0].status = Status::passed;
  report.results[1].status = Status::unsupported;
  report.results[1].message = "no Det";
  report.results[2].status = Status::failed;
  report.results[2].message = "mismatch\nmore";
  EXPECT_EQ(report.total().line(), "1 passed, 1 failed, 1 unsupported, 0 crashed");
  EXPECT_EQ(report.by_dir()["node"].line(), "1 passed, 0 failed, 1 unsupported, 0 crashed");
  EXPECT_EQ(report.by_op()["Det"].total(), 2u);
  EXPECT_EQ(report.failing().at("simple/c"), "failed: mismatch");
  const Verdict verdict = report.judge({{"node/a", "r"}, {"node/b", "r"}, {"node/gone", "r"}}, true);
  ASSERT_EQ(verdict.unexpected.size(), 1u);
  EXPECT_EQ(verdict.unexpected[0], "simple/c: failed: mismatch");
  EXPECT_EQ(verdict.unexpectedly_passing, std::vector<std::string>{"node/a"});
  EXPECT_EQ(verdict.stale, std::vector<std::string>{"node/gone"});
  EXPECT_TRUE(report.judge({}, false).stale.empty());
  EXPECT_EQ(json_escape("a\"b\\\n\x01"), "a\\\"b\\\\\\n\\u0001");
}

}  // namespace
}  // namespace onnx_backend
}  // namespace ferry
