#include "arg_parser.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ferry::tools {
namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

bool is_help(const std::string& arg) { return arg == "-h" || arg == "--help" || arg == "-help"; }

}  // namespace

std::string ParsedArgs::spelling(const std::string& name) const {
  const auto found = m_spellings.find(name);
  return found != m_spellings.end() ? found->second : "-" + name;
}

std::string ParsedArgs::get(const std::string& name, const std::string& fallback) const {
  const auto found = m_values.find(name);
  return found != m_values.end() ? found->second : fallback;
}

int64_t ParsedArgs::get_int(const std::string& name, int64_t fallback, int64_t min, int64_t max) const {
  if (!has(name)) return fallback;
  const std::string text = get(name);
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || value < min || value > max)
    throw UsageError(spelling(name) + ": expected an integer in [" + std::to_string(min) + ", " + std::to_string(max) +
                     "], got '" + text + "'");
  return value;
}

double ParsedArgs::get_positive_double(const std::string& name, double fallback) const {
  if (!has(name)) return fallback;
  const std::string text = get(name);
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value) || value <= 0)
    throw UsageError(spelling(name) + ": expected a number > 0, got '" + text + "'");
  return value;
}

std::string ParsedArgs::get_choice(const std::string& name, const std::vector<std::string>& choices,
                                   const std::string& fallback) const {
  if (!has(name)) return fallback;
  const std::string text = get(name);
  std::string listed;
  for (const std::string& choice : choices) {
    if (lower(choice) == lower(text)) return choice;
    listed += (listed.empty() ? "" : ", ") + choice;
  }
  throw UsageError(spelling(name) + ": expected one of " + listed + ", got '" + text + "'");
}

ArgParser::ArgParser(std::string program, std::string summary)
    : m_program(std::move(program)), m_summary(std::move(summary)) {}

ArgParser& ArgParser::add_switch(const std::string& name, const std::string& help) {
  m_flags.push_back({name, "", help});
  return *this;
}

ArgParser& ArgParser::add_option(const std::string& name, const std::string& value_name, const std::string& help) {
  m_flags.push_back({name, value_name, help});
  return *this;
}

const ArgParser::Flag* ArgParser::find(const std::string& name) const {
  for (const Flag& flag : m_flags)
    if (flag.name == name) return &flag;
  return nullptr;
}

ParsedArgs ArgParser::parse(int argc, const char* const* argv) const {
  return parse(std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
}

ParsedArgs ArgParser::parse(const std::vector<std::string>& args) const {
  ParsedArgs parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (is_help(arg)) {
      parsed.m_help = true;
      return parsed;
    }
    if (arg.size() < 2 || arg[0] != '-' || arg == "--")
      throw UsageError("unexpected argument '" + arg + "': every argument is a flag (see -h)");
    const size_t dashes = arg[1] == '-' ? 2 : 1;
    const size_t equals = arg.find('=');
    const std::string name = arg.substr(dashes, equals == std::string::npos ? std::string::npos : equals - dashes);
    const std::string spelled = arg.substr(0, equals);
    const Flag* flag = find(name);
    if (!flag) throw UsageError("unknown flag '" + spelled + "'");
    if (parsed.has(name)) throw UsageError(spelled + ": given more than once");
    std::string value;
    if (flag->value_name.empty()) {
      if (equals != std::string::npos)
        throw UsageError(spelled + ": takes no value, got '" + arg.substr(equals + 1) + "'");
    } else if (equals != std::string::npos) {
      value = arg.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw UsageError(spelled + ": missing value (" + flag->value_name + ")");
    }
    if (!flag->value_name.empty() && value.empty()) throw UsageError(spelled + ": the value is empty");
    parsed.m_values[name] = value;
    parsed.m_spellings[name] = spelled;
  }
  return parsed;
}

std::string ArgParser::usage() const {
  std::ostringstream out;
  out << "Usage: " << m_program << " [flags]\n" << m_summary << "\n\nFlags (-name value, -name=value, --name value):\n";
  size_t width = 0;
  for (const Flag& flag : m_flags) width = std::max(width, flag.name.size() + 1 + flag.value_name.size());
  for (const Flag& flag : m_flags) {
    std::string left = flag.name + (flag.value_name.empty() ? "" : " " + flag.value_name);
    out << "  -" << left << std::string(width - left.size() + 2, ' ') << flag.help << "\n";
  }
  out << "  -h" << std::string(width + 1, ' ') << "this text\n";
  return out.str();
}

}  // namespace ferry::tools
