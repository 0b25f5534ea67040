#pragma once

// Shared by the IR tests: where the test models live, raw tensor files, and an assertion on
// exception messages. Header-only; used by *_test.cpp files only.
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ferry/runtime/exception.hpp"

namespace ferry {
namespace ir_test {

// testing/models/openvino in the test's runfiles.
inline std::string openvino_models_dir() {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/ferry/testing/models/openvino/";
}

inline std::string temp_dir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/";
}

inline std::string read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << "cannot open " << path;
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The message of the ferry::Exception `statement` throws ("" and a test failure when none).
template <typename Statement>
std::string error_of(Statement statement) {
  try {
    statement();
  } catch (const Exception& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a ferry::Exception: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no exception";
  return "";
}

}  // namespace ir_test
}  // namespace ferry

// Expects `statement` to throw a ferry::Exception whose message contains every fragment.
#define EXPECT_ERROR_CONTAINS(statement, ...)                                          \
  do {                                                                                 \
    const std::string ferry_message_ = ::ferry::ir_test::error_of([&] { statement; }); \
    for (const std::string& ferry_fragment_ : std::vector<std::string>{__VA_ARGS__})   \
      EXPECT_NE(ferry_message_.find(ferry_fragment_), std::string::npos)               \
          << "message: " << ferry_message_ << "\nmissing: " << ferry_fragment_;        \
  } while (0)
