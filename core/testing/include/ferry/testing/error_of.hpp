#pragma once

// error_of: the message of the exception a test expects a statement to throw. Header-only, for
// tests (//core/testing:test_support).

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace testing {

// What error_of returns when the action throws nothing (after a test failure).
inline constexpr char kNoException[] = "<no exception>";

// The message of the `E` (a ferry::Exception unless given) that `action` throws. When it throws
// none: a test failure and kNoException; when it throws another std::exception: a test failure
// naming it and "".
template <typename E = Exception, typename Action>
std::string error_of(Action&& action) {
  try {
    std::forward<Action>(action)();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not the expected exception type: " << e.what();
    return "";
  }
  ADD_FAILURE() << "expected an exception, none was thrown";
  return kNoException;
}

}  // namespace testing
}  // namespace ferry

// Expects `statement` to throw a ferry::Exception whose message contains every fragment.
#define EXPECT_ERROR_CONTAINS(statement, ...)                                          \
  do {                                                                                 \
    const std::string ferry_message_ = ::ferry::testing::error_of([&] { statement; }); \
    for (const std::string& ferry_fragment_ : std::vector<std::string>{__VA_ARGS__})   \
      EXPECT_NE(ferry_message_.find(ferry_fragment_), std::string::npos)               \
          << "message: " << ferry_message_ << "\nmissing: " << ferry_fragment_;        \
  } while (0)
