#include "soak_report.hpp"

#include <algorithm>
#include <iomanip>
#include <map>

namespace ferry::tools {
namespace {

double mib(uint64_t kib) { return static_cast<double>(kib) / 1024.0; }

std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      quoted += ' ';
      continue;
    }
    quoted += c;
  }
  return quoted + "\"";
}

uint64_t max_rss_kib(const SoakResult& result) {
  uint64_t most = result.busy_max_rss_kib;
  for (const auto& sample : result.quiet_samples) most = std::max(most, sample.rss_kib);
  return most;
}

size_t max_fds(const SoakResult& result) {
  size_t most = result.busy_max_fds;
  for (const auto& sample : result.quiet_samples) most = std::max(most, sample.open_fds);
  return most;
}

}  // namespace

uint64_t SoakResult::inferences_run() const {
  uint64_t total = 0;
  for (const auto& target : targets) total += target.tally.inferences;
  return total;
}

uint64_t SoakResult::mismatched_outputs() const {
  uint64_t total = 0;
  for (const auto& target : targets) total += target.tally.mismatched_outputs;
  return total;
}

uint64_t SoakResult::errors() const {
  uint64_t total = 0;
  for (const auto& target : targets) total += target.tally.errors;
  return total;
}

bool SoakResult::passed() const {
  return mismatched_outputs() == 0 && errors() == 0 && inferences_run() == inferences_asked && verdict.ok();
}

void print_summary(std::ostream& out, const SoakResult& result) {
  out << std::fixed;
  out << "Soak: " << result.inferences_run() << " inferences (" << result.inferences_asked << " asked) over "
      << result.threads << " threads";
  if (result.injection != "none") out << ", fault injected: " << result.injection;
  out << "\n";
  for (const auto& skipped : result.skipped_devices) out << "Skipped: " << skipped << "\n";

  out << "\n"
      << std::left << std::setw(10) << "device" << std::setw(15) << "model" << std::right << std::setw(11)
      << "inferences" << std::setw(10) << "requests" << std::setw(10) << "outputs" << std::setw(11) << "mismatch"
      << std::setw(8) << "errors" << std::setw(12) << "max |err|" << std::setw(12) << "compile ms"
      << "\n";
  std::map<std::string, uint64_t> per_device;
  for (const auto& target : result.targets) {
    const SessionTally& t = target.tally;
    per_device[target.device] += t.inferences;
    out << std::left << std::setw(10) << target.device << std::setw(15) << target.model << std::right << std::setw(11)
        << t.inferences << std::setw(10) << t.requests << std::setw(10) << t.checked_outputs << std::setw(11)
        << t.mismatched_outputs << std::setw(8) << t.errors << std::setw(12) << std::setprecision(2) << std::scientific
        << t.max_abs_error << std::fixed << std::setw(12) << std::setprecision(1) << target.compile_ms << "\n";
  }
  out << "Per device:";
  for (const auto& [device, count] : per_device) out << " " << device << " " << count;
  out << "\n";
  for (const auto& target : result.targets)
    if (!target.tally.first_problem.empty())
      out << "First problem on " << target.device << "/" << target.model << ": " << target.tally.first_problem << "\n";

  out << std::setprecision(1) << "\nWall time " << result.wall_s << " s (compiling excluded), " << std::setprecision(0)
      << static_cast<double>(result.inferences_run()) / std::max(result.wall_s, 1e-9)
      << " inferences/s. Outputs within |err| <= " << std::setprecision(6) << std::defaultfloat << result.tolerance_abs
      << " + " << result.tolerance_rel << " * |reference| of OpenVINO CPU's.\n"
      << std::fixed;

  out << "\nRSS and open descriptors at quiet points (no request alive):\n";
  out << std::left << std::setw(12) << "sample" << std::right << std::setw(12) << "inferences" << std::setw(10)
      << "seconds" << std::setw(12) << "RSS MiB" << std::setw(8) << "fds"
      << "\n";
  for (const auto& sample : result.quiet_samples)
    out << std::left << std::setw(12) << sample.label << std::right << std::setw(12) << sample.inferences
        << std::setw(10) << std::setprecision(1) << sample.seconds << std::setw(12) << std::setprecision(2)
        << mib(sample.rss_kib) << std::setw(8) << sample.open_fds << "\n";
  const ResourceSample& first = result.quiet_samples.front();
  const ResourceSample& warm = result.quiet_samples[result.warm_up_index];
  const ResourceSample& last = result.quiet_samples.back();
  out << std::setprecision(2) << "RSS MiB: first " << mib(first.rss_kib) << ", after warm-up " << mib(warm.rss_kib)
      << ", last " << mib(last.rss_kib) << ", max " << mib(max_rss_kib(result)) << " (growth after warm-up "
      << static_cast<double>(result.verdict.rss_growth_kib) / 1024.0 << ", bound "
      << static_cast<double>(result.verdict.rss_limit_kib) / 1024.0 << ")\n";
  out << "Open fds: first " << first.open_fds << ", after warm-up " << warm.open_fds << ", last " << last.open_fds
      << ", max " << max_fds(result) << " (growth after warm-up " << result.verdict.fd_growth << ", bound 0)\n";

  out << "\n" << (result.passed() ? "PASSED" : "FAILED") << "\n";
  if (result.inferences_run() != result.inferences_asked)
    out << "FAILED: " << result.inferences_run() << " inferences ran, " << result.inferences_asked << " asked\n";
  if (result.mismatched_outputs() > 0)
    out << "FAILED: " << result.mismatched_outputs() << " outputs differ from the reference\n";
  if (result.errors() > 0) out << "FAILED: " << result.errors() << " requests failed with an error\n";
  if (!result.verdict.ok()) out << "FAILED: " << result.verdict.failure;
}

void write_json(std::ostream& out, const SoakResult& result) {
  out << std::setprecision(6) << "{\n  \"passed\": " << (result.passed() ? "true" : "false")
      << ",\n  \"inferences_asked\": " << result.inferences_asked << ",\n  \"inferences\": " << result.inferences_run()
      << ",\n  \"threads\": " << result.threads << ",\n  \"injection\": " << json_string(result.injection)
      << ",\n  \"wall_s\": " << result.wall_s
      << ",\n  \"inferences_per_s\": " << static_cast<double>(result.inferences_run()) / std::max(result.wall_s, 1e-9)
      << ",\n  \"mismatched_outputs\": " << result.mismatched_outputs() << ",\n  \"errors\": " << result.errors()
      << ",\n  \"tolerance\": {\"abs\": " << result.tolerance_abs << ", \"rel\": " << result.tolerance_rel << "}";
  out << ",\n  \"skipped_devices\": [";
  for (size_t i = 0; i < result.skipped_devices.size(); ++i)
    out << (i ? ", " : "") << json_string(result.skipped_devices[i]);
  out << "],\n  \"targets\": [";
  for (size_t i = 0; i < result.targets.size(); ++i) {
    const auto& target = result.targets[i];
    const auto& t = target.tally;
    out << (i ? "," : "") << "\n    {\"device\": " << json_string(target.device)
        << ", \"model\": " << json_string(target.model) << ", \"compile_ms\": " << target.compile_ms
        << ", \"inferences\": " << t.inferences << ", \"requests\": " << t.requests
        << ", \"checked_outputs\": " << t.checked_outputs << ", \"mismatched_outputs\": " << t.mismatched_outputs
        << ", \"errors\": " << t.errors << ", \"max_abs_error\": " << t.max_abs_error
        << ", \"first_problem\": " << json_string(t.first_problem) << "}";
  }
  out << "\n  ],\n  \"quiet_samples\": [";
  for (size_t i = 0; i < result.quiet_samples.size(); ++i) {
    const auto& s = result.quiet_samples[i];
    out << (i ? "," : "") << "\n    {\"label\": " << json_string(s.label) << ", \"inferences\": " << s.inferences
        << ", \"seconds\": " << s.seconds << ", \"rss_kib\": " << s.rss_kib << ", \"open_fds\": " << s.open_fds << "}";
  }
  out << "\n  ],\n  \"warm_up_sample\": " << result.warm_up_index << ",\n  \"max_rss_kib\": " << max_rss_kib(result)
      << ",\n  \"max_open_fds\": " << max_fds(result) << ",\n  \"rss_growth_kib\": " << result.verdict.rss_growth_kib
      << ",\n  \"rss_growth_bound_kib\": " << result.verdict.rss_limit_kib
      << ",\n  \"fd_growth\": " << result.verdict.fd_growth << "\n}\n";
}

}  // namespace ferry::tools
