#pragma once

// Command-line flags for Ferry's tools, spelled the way OpenVINO's tools spell them: "-m x",
// "-m=x", "--m x" and "--m=x" are the same flag. Unknown flags, missing values and positional
// arguments are errors that name the flag, so a typo never runs a benchmark with defaults.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"

namespace ferry::tools {

// A bad command line. Tools print it with a pointer to -h and exit with status 2.
class UsageError : public Exception {
 public:
  using Exception::Exception;
};

// The flags given on one command line, with typed getters whose errors name the flag.
class ParsedArgs {
 public:
  bool has(const std::string& name) const { return m_values.count(name) != 0; }
  // The value given, or `fallback` when the flag is absent.
  std::string get(const std::string& name, const std::string& fallback = {}) const;
  // An integer in [min, max]; "-nireq: expected an integer in [1, 4096], got 'x'" otherwise.
  int64_t get_int(const std::string& name, int64_t fallback, int64_t min, int64_t max) const;
  // A finite number > 0.
  double get_positive_double(const std::string& name, double fallback) const;
  // One of `choices` (compared case-insensitively), returned in the spelling of `choices`.
  std::string get_choice(const std::string& name, const std::vector<std::string>& choices,
                         const std::string& fallback) const;
  bool help_requested() const { return m_help; }
  // The flag as the user wrote it ("--nireq"), for messages; "-name" when it was not given.
  std::string spelling(const std::string& name) const;

 private:
  friend class ArgParser;
  std::map<std::string, std::string> m_values;
  std::map<std::string, std::string> m_spellings;
  bool m_help = false;
};

class ArgParser {
 public:
  ArgParser(std::string program, std::string summary);

  // A flag that takes no value (-pc).
  ArgParser& add_switch(const std::string& name, const std::string& help);
  // A flag with a value (-m MODEL); value_name names it in the usage text.
  ArgParser& add_option(const std::string& name, const std::string& value_name, const std::string& help);

  // -h / --help / -help set help_requested() and stop parsing. Throws UsageError naming the
  // flag for an unknown flag, a missing value, a value given to a switch, a repeated flag,
  // or any argument that is not a flag.
  ParsedArgs parse(int argc, const char* const* argv) const;
  ParsedArgs parse(const std::vector<std::string>& args) const;  // without the program name

  std::string usage() const;

 private:
  struct Flag {
    std::string name;
    std::string value_name;  // empty for a switch
    std::string help;
  };
  const Flag* find(const std::string& name) const;

  std::string m_program;
  std::string m_summary;
  std::vector<Flag> m_flags;
};

}  // namespace ferry::tools
