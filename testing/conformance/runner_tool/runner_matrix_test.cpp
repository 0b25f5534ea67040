// The op matrix, outcome classification and report counts, from made-up outcomes and logs.

#include "runner_matrix.hpp"

#include <gtest/gtest.h>

#include "runner_report.hpp"

namespace ferry::conformance::runner {
namespace {

TEST(RunnerMatrix, OpTestNamesFollowTheConvention) {
  const auto name = parse_op_test_name("Ops/OpConformance.Run/Add_opset1__f32__broadcast_rank4");
  ASSERT_TRUE(name.has_value());
  EXPECT_EQ(name->op, "Add");
  EXPECT_EQ(name->opset, "opset1");
  EXPECT_EQ(name->element_type, "f32");
  EXPECT_EQ(name->case_name, "broadcast_rank4");
  const auto nested = parse_op_test_name("Ops/OpConformance.Run/Group_Conv_opset11__i8__a__b");
  ASSERT_TRUE(nested.has_value());
  EXPECT_EQ(nested->op, "Group_Conv");
  EXPECT_EQ(nested->opset, "opset11");
  EXPECT_EQ(nested->case_name, "a__b");
  for (const char* other :
       {"Plugin.VersionsNameTheDevice", "Ops/OpConformance.Run/Add__f32__x", "Ops/OpConformance.Run/Add_opset1__f32",
        "Ops/OpConformance.Run/Add_opset__f32__x", "Ops/OpConformance.Run/Add_opset1____x"})
    EXPECT_FALSE(parse_op_test_name(other).has_value()) << other;
}

Outcome outcome(const std::string& test, Status status) { return {test, status, "", 0}; }

TEST(RunnerMatrix, CellsCountPassedOverTotalOrSayUnsupported) {
  const std::string p = "Ops/OpConformance.Run/";
  const std::vector<Outcome> outcomes = {
      outcome(p + "Add_opset1__f32__a", Status::PASSED),      outcome(p + "Add_opset1__f32__b", Status::FAILED),
      outcome(p + "Add_opset1__f32__c", Status::PASSED),      outcome(p + "Add_opset1__i32__a", Status::UNSUPPORTED),
      outcome(p + "Add_opset1__i32__b", Status::UNSUPPORTED), outcome(p + "Relu_opset1__f16__a", Status::SKIPPED),
      outcome(p + "Relu_opset1__f16__b", Status::PASSED),     outcome("Plugin.VersionsNameTheDevice", Status::PASSED),
  };
  const OpMatrix matrix = build_op_matrix(outcomes);
  EXPECT_EQ(matrix.element_types, (std::vector<std::string>{"f16", "f32", "i32"}));
  ASSERT_EQ(matrix.rows.size(), 2u);
  EXPECT_EQ(cell_text(matrix.rows.at("Add (opset1)").at("f32")), "2/3");
  EXPECT_EQ(cell_text(matrix.rows.at("Add (opset1)").at("i32")), "unsupported");
  EXPECT_EQ(cell_text(matrix.rows.at("Relu (opset1)").at("f16")), "1/2 (1 skipped)");
  EXPECT_EQ(matrix.rows.at("Relu (opset1)").count("f32"), 0u);
  const std::string md = matrix_markdown(matrix);
  EXPECT_NE(md.find("| op | f16 | f32 | i32 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| Add (opset1) |  | 2/3 | unsupported |"), std::string::npos) << md;
  EXPECT_NE(md.find("| Relu (opset1) | 1/2 (1 skipped) |  |  |"), std::string::npos) << md;
}

TEST(RunnerOutcome, LogsAndProcessResultsAreClassified) {
  ProcessResult ok;
  const std::string passed = "[ RUN      ] A.B\n[       OK ] A.B (1 ms)\n[  PASSED  ] 1 test.\n";
  EXPECT_EQ(classify("A.B", ok, passed, 5).status, Status::PASSED);
  const std::string skipped =
      "[ RUN      ] A.B\nx.cpp:3: Skipped\nno context: none\n\n[  SKIPPED ] A.B (0 ms)\n[  PASSED  ] 0 tests.\n"
      "[  SKIPPED ] 1 test, listed below:\n";
  const Outcome skip = classify("A.B", ok, skipped, 5);
  EXPECT_EQ(skip.status, Status::SKIPPED);
  EXPECT_EQ(skip.detail, "no context: none");
  const std::string unsupported =
      "x.cpp:3: Skipped\nunsupported: Add is not claimed\n\n[  SKIPPED ] A.B\n"
      "[  SKIPPED ] 1 test, listed below:\n";
  EXPECT_EQ(classify("A.B", ok, unsupported, 5).status, Status::UNSUPPORTED);
  ProcessResult failed_exit;
  failed_exit.exit_code = 1;
  const std::string failed = "[ RUN      ] A.B\nx.cpp:9: Failure\nValue of: 1 == 2\n[  FAILED  ] A.B (2 ms)\n";
  const Outcome failure = classify("A.B", failed_exit, failed, 5);
  EXPECT_EQ(failure.status, Status::FAILED);
  EXPECT_EQ(failure.detail, "x.cpp:9: Failure\nValue of: 1 == 2");
  ProcessResult aborted;
  aborted.signal = 6;
  EXPECT_EQ(classify("A.B", aborted, "[ RUN      ] A.B\n", 5).status, Status::CRASHED);
  ProcessResult hung;
  hung.timed_out = true;
  EXPECT_EQ(classify("A.B", hung, "", 5).status, Status::TIMED_OUT);
  EXPECT_EQ(classify("A.B", hung, "", 5).detail, "killed after 5 s");
  ProcessResult odd_exit;
  odd_exit.exit_code = 3;
  EXPECT_EQ(classify("A.B", odd_exit, "", 5).status, Status::CRASHED);  // no GoogleTest result
}

TEST(RunnerReport, CategoriesPassRatesAndSkipReasons) {
  std::vector<Outcome> outcomes = {
      outcome("Plugin.A", Status::PASSED),
      outcome("Plugin.B", Status::FAILED),
      outcome("Remote.A", Status::SKIPPED),
      outcome("Ops/OpConformance.Run/Add_opset1__f32__a", Status::PASSED),
      outcome("Ops/OpConformance.Run/Add_opset1__i8__a", Status::UNSUPPORTED),
      outcome("InferRequest.A", Status::CRASHED),
      outcome("InferRequest.B", Status::TIMED_OUT),
  };
  outcomes[2].detail = "no remote memory";
  outcomes[2].skip_list = true;
  const auto counts = count_by_category(outcomes);
  EXPECT_EQ(counts.at("Plugin").pass_rate(), 50);
  EXPECT_EQ(counts.at("Remote").pass_rate(), -1);
  EXPECT_EQ(counts.at("OpConformance").unsupported, 1);
  EXPECT_EQ(counts.at("OpConformance").pass_rate(), 100);  // unsupported cases do not count
  EXPECT_EQ(count_all(outcomes).total(), 7);
  EXPECT_EQ(describe(outcomes[2]), "skipped (skip list): no remote memory");
  const std::string table = summary_table(outcomes);
  EXPECT_NE(table.find("| Plugin | 1 | 1 | 0 | 0 | 0 | 0 | 50% |"), std::string::npos) << table;
  EXPECT_NE(table.find("| Remote | 0 | 0 | 1 | 0 | 0 | 0 | n/a |"), std::string::npos) << table;
  EXPECT_NE(table.find("| **total** | 2 | 1 | 1 | 1 | 1 | 1 | 40% |"), std::string::npos) << table;
  EXPECT_EQ(skip_reasons(outcomes), "- Remote: 1 x (skip list) no remote memory\n");
  const std::string md = markdown_report("DEV", outcomes);
  EXPECT_NE(md.find("## Ops x element types"), std::string::npos);
  EXPECT_NE(md.find("`InferRequest.B`: timed out"), std::string::npos) << md;
  const std::string xml = junit_report(outcomes);
  EXPECT_NE(xml.find("<testsuites name=\"ferry_conformance\" tests=\"7\" failures=\"1\" errors=\"2\" skipped=\"2\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("classname=\"Ops/OpConformance\" name=\"Run/Add_opset1__i8__a\""), std::string::npos) << xml;
}

}  // namespace
}  // namespace ferry::conformance::runner
