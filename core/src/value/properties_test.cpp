#include "ferry/value/properties.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using ferry::Any;
using ferry::AnyMap;

using ::ferry::testing::error_of;

// Read-only properties cannot make a (key, value) pair: setting one does not compile.
static_assert(!std::is_invocable<decltype(ferry::device::full_name), std::string>::value);
static_assert(!std::is_invocable<decltype(ferry::supported_properties), std::vector<ferry::PropertyName>>::value);
static_assert(!std::is_invocable<decltype(ferry::optimal_batch_size), unsigned>::value);
static_assert(std::is_invocable<decltype(ferry::cache_dir), const char*>::value);
static_assert(std::is_invocable<decltype(ferry::num_streams), int>::value);
static_assert(decltype(ferry::device::gops)::mutability == ferry::PropertyMutability::RO);
static_assert(decltype(ferry::hint::performance_mode)::mutability == ferry::PropertyMutability::RW);
static_assert(std::is_same<decltype(ferry::range_for_async_infer_requests)::value_type,
                           std::tuple<unsigned, unsigned, unsigned>>::value);

TEST(Properties, KeysAreOpenVinoStrings) {
  const std::vector<std::pair<std::string, std::string>> keys = {
      {ferry::supported_properties.name(), "SUPPORTED_PROPERTIES"},
      {ferry::available_devices.name(), "AVAILABLE_DEVICES"},
      {ferry::model_name.name(), "NETWORK_NAME"},
      {ferry::optimal_number_of_infer_requests.name(), "OPTIMAL_NUMBER_OF_INFER_REQUESTS"},
      {ferry::range_for_streams.name(), "RANGE_FOR_STREAMS"},
      {ferry::range_for_async_infer_requests.name(), "RANGE_FOR_ASYNC_INFER_REQUESTS"},
      {ferry::optimal_batch_size.name(), "OPTIMAL_BATCH_SIZE"},
      {ferry::max_batch_size.name(), "MAX_BATCH_SIZE"},
      {ferry::cache_dir.name(), "CACHE_DIR"},
      {ferry::enable_profiling.name(), "PERF_COUNT"},
      {ferry::num_streams.name(), "NUM_STREAMS"},
      {ferry::streams::num.name(), "NUM_STREAMS"},
      {ferry::inference_num_threads.name(), "INFERENCE_NUM_THREADS"},
      {ferry::compilation_num_threads.name(), "COMPILATION_NUM_THREADS"},
      {ferry::loaded_from_cache.name(), "LOADED_FROM_CACHE"},
      {ferry::execution_devices.name(), "EXECUTION_DEVICES"},
      {ferry::hint::performance_mode.name(), "PERFORMANCE_HINT"},
      {ferry::hint::num_requests.name(), "PERFORMANCE_HINT_NUM_REQUESTS"},
      {ferry::hint::model_priority.name(), "MODEL_PRIORITY"},
      {ferry::hint::execution_mode.name(), "EXECUTION_MODE_HINT"},
      {ferry::hint::inference_precision.name(), "INFERENCE_PRECISION_HINT"},
      {ferry::hint::allow_auto_batching.name(), "ALLOW_AUTO_BATCHING"},
      {ferry::device::id.name(), "DEVICE_ID"},
      {ferry::device::full_name.name(), "FULL_DEVICE_NAME"},
      {ferry::device::type.name(), "DEVICE_TYPE"},
      {ferry::device::gops.name(), "DEVICE_GOPS"},
      {ferry::device::capabilities.name(), "OPTIMIZATION_CAPABILITIES"},
      {ferry::device::architecture.name(), "DEVICE_ARCHITECTURE"},
      {ferry::device::uuid.name(), "DEVICE_UUID"},
      {ferry::device::priorities.name(), "MULTI_DEVICE_PRIORITIES"},
      {ferry::device::properties.name(), "DEVICE_PROPERTIES"},
      {ferry::log::level.name(), "LOG_LEVEL"},
      {ferry::cache_mode.name(), "CACHE_MODE"},
      {ferry::weights_path.name(), "WEIGHTS_PATH"},
      {ferry::auto_batch_timeout.name(), "AUTO_BATCH_TIMEOUT"},
  };
  for (const auto& key : keys) EXPECT_EQ(key.first, key.second);
  EXPECT_STREQ(ferry::device::capability::EXPORT_IMPORT, "EXPORT_IMPORT");
  EXPECT_STREQ(ferry::device::capability::FP16, "FP16");
}

TEST(Properties, CallsMakeTypedPairs) {
  const auto hint = ferry::hint::performance_mode(ferry::hint::PerformanceMode::THROUGHPUT);
  EXPECT_EQ(hint.first, "PERFORMANCE_HINT");
  EXPECT_EQ(hint.second.as<ferry::hint::PerformanceMode>(), ferry::hint::PerformanceMode::THROUGHPUT);
  EXPECT_EQ(hint.second.as<std::string>(), "THROUGHPUT");

  const auto streams = ferry::num_streams(2);
  EXPECT_TRUE(streams.second.is<ferry::streams::Num>());
  EXPECT_EQ(streams.second.as<ferry::streams::Num>().num, 2);

  int n = 3;
  const auto requests = ferry::hint::num_requests(n);  // an int initialises the uint32_t value
  EXPECT_TRUE(requests.second.is<uint32_t>());

  const auto dir = ferry::cache_dir("/tmp/cache");
  EXPECT_TRUE(dir.second.is<std::string>());
  EXPECT_EQ(dir.second.as<std::string>(), "/tmp/cache");

  const auto precision = ferry::hint::inference_precision(ferry::element::f16);
  EXPECT_EQ(precision.second.as<ferry::element::Type>(), ferry::element::f16);
  EXPECT_EQ(precision.second.as<std::string>(), "f16");

  const AnyMap config{ferry::enable_profiling(true), ferry::log::level(ferry::log::Level::DEBUG)};
  EXPECT_EQ(config.at("PERF_COUNT").as<std::string>(), "YES");
  EXPECT_EQ(config.at("LOG_LEVEL").as<std::string>(), "LOG_DEBUG");
}

TEST(Properties, VariadicGuardAcceptsOnlyPairs) {
  using Pair = std::pair<std::string, Any>;
  static_assert(std::is_same<ferry::util::EnableIfAllStringAny<int, Pair, Pair>, int>::value);
  static_assert(!ferry::util::all_string_any<Pair, int>::value);
}

TEST(Properties, DevicePrioritiesAndPerDeviceProperties) {
  const auto priorities = ferry::device::priorities("GPU", "CPU", std::string("NPU"));
  EXPECT_EQ(priorities.first, "MULTI_DEVICE_PRIORITIES");
  EXPECT_EQ(priorities.second.as<std::string>(), "GPU,CPU,NPU");

  const auto cpu = ferry::device::properties("CPU", ferry::num_streams(4), ferry::enable_profiling(false));
  EXPECT_EQ(cpu.first, "CPU");
  const auto& map = cpu.second.as<AnyMap>();
  EXPECT_EQ(map.at("NUM_STREAMS").as<ferry::streams::Num>().num, 4);
  EXPECT_EQ(map.at("PERF_COUNT").as<bool>(), false);

  const auto all = ferry::device::properties(AnyMap{{"GPU", AnyMap{{"CACHE_DIR", "x"}}}});
  EXPECT_EQ(all.first, "DEVICE_PROPERTIES");
}

template <typename E>
void expect_round_trip(E value, const std::string& text) {
  EXPECT_EQ(Any(value).as<std::string>(), text);
  EXPECT_EQ(Any(text).as<E>(), value) << text;
}

TEST(Properties, EnumsPrintAndParse) {
  using namespace ferry;
  expect_round_trip(hint::PerformanceMode::LATENCY, "LATENCY");
  expect_round_trip(hint::PerformanceMode::THROUGHPUT, "THROUGHPUT");
  expect_round_trip(hint::PerformanceMode::CUMULATIVE_THROUGHPUT, "CUMULATIVE_THROUGHPUT");
  expect_round_trip(hint::Priority::LOW, "LOW");
  expect_round_trip(hint::Priority::MEDIUM, "MEDIUM");
  expect_round_trip(hint::Priority::HIGH, "HIGH");
  expect_round_trip(hint::ExecutionMode::PERFORMANCE, "PERFORMANCE");
  expect_round_trip(hint::ExecutionMode::ACCURACY, "ACCURACY");
  expect_round_trip(device::Type::INTEGRATED, "integrated");
  expect_round_trip(device::Type::DISCRETE, "discrete");
  expect_round_trip(log::Level::NO, "LOG_NONE");
  expect_round_trip(log::Level::ERR, "LOG_ERROR");
  expect_round_trip(log::Level::TRACE, "LOG_TRACE");
  expect_round_trip(CacheMode::OPTIMIZE_SPEED, "OPTIMIZE_SPEED");
  EXPECT_EQ(Any("DISCRETE").as<device::Type>(), device::Type::DISCRETE);
  EXPECT_EQ(hint::Priority::DEFAULT, hint::Priority::MEDIUM);
}

TEST(Properties, StreamsNumbers) {
  using ferry::streams::Num;
  EXPECT_EQ(Any(ferry::streams::AUTO).as<std::string>(), "AUTO");
  EXPECT_EQ(Any(ferry::streams::NUMA).as<std::string>(), "NUMA");
  EXPECT_EQ(Any(Num(3)).as<std::string>(), "3");
  EXPECT_EQ(Any("AUTO").as<Num>().num, -1);
  EXPECT_EQ(Any("NUMA").as<Num>().num, -2);
  EXPECT_EQ(Any("8").as<Num>().num, 8);
  EXPECT_NE(error_of([] { (void)Any("-3").as<Num>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("two").as<Num>(); }), "<no exception>");
}

TEST(Properties, UnknownEnumTextFails) {
  const std::string m = error_of([] { (void)Any("FASTEST").as<ferry::hint::PerformanceMode>(); });
  EXPECT_NE(m.find("'FASTEST'"), std::string::npos) << m;
  EXPECT_NE(m.find("ferry::hint::PerformanceMode"), std::string::npos) << m;
  EXPECT_NE(error_of([] { (void)Any("latency").as<ferry::hint::PerformanceMode>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("LOG_LOUD").as<ferry::log::Level>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("HIGH LOW").as<ferry::hint::Priority>(); }), "<no exception>");
  std::istringstream in("NOPE");
  ferry::hint::ExecutionMode mode = ferry::hint::ExecutionMode::ACCURACY;
  in >> mode;
  EXPECT_TRUE(in.fail());
  EXPECT_EQ(mode, ferry::hint::ExecutionMode::ACCURACY);
}

TEST(Properties, MetricValueTypesPrintAndParse) {
  using Range = std::tuple<unsigned, unsigned, unsigned>;
  EXPECT_EQ(Any(Range{1, 8, 2}).as<std::string>(), "1 8 2");
  EXPECT_EQ(Any("1 8 2").as<Range>(), (Range{1, 8, 2}));

  using Gops = std::map<ferry::element::Type, float>;
  const Gops gops{{ferry::element::f32, 100.f}, {ferry::element::f16, 200.5f}};
  const std::string text = Any(gops).as<std::string>();
  EXPECT_EQ(text, "{f16: 200.5, f32: 100}");
  EXPECT_EQ(Any(text).as<Gops>(), gops);
  EXPECT_EQ(Any("FP32").as<ferry::element::Type>(), ferry::element::f32);
  EXPECT_NE(error_of([] { (void)Any("f17").as<ferry::element::Type>(); }), "<no exception>");

  ferry::device::UUID uuid;
  for (size_t i = 0; i < uuid.uuid.size(); ++i) uuid.uuid[i] = static_cast<uint8_t>(i * 17);
  const std::string hex = Any(uuid).as<std::string>();
  EXPECT_EQ(hex, "00112233445566778899aabbccddeeff");
  EXPECT_EQ(Any(hex).as<ferry::device::UUID>(), uuid);
  EXPECT_NE(error_of([] { (void)Any("00zz").as<ferry::device::UUID>(); }), "<no exception>");
}

TEST(Properties, PropertyNamesKnowMutability) {
  const std::vector<ferry::PropertyName> supported{ferry::cache_dir, ferry::device::full_name,
                                                   ferry::PropertyName("X", ferry::PropertyMutability::RO)};
  EXPECT_TRUE(supported[0].is_mutable());
  EXPECT_FALSE(supported[1].is_mutable());
  EXPECT_FALSE(supported[2].is_mutable());
  EXPECT_EQ(supported[1], "FULL_DEVICE_NAME");
  const auto value = Any(supported);
  EXPECT_EQ(value.as<std::string>(), "CACHE_DIR FULL_DEVICE_NAME X");
  const auto parsed = Any("A B").as<std::vector<ferry::PropertyName>>();
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[1], "B");
}

}  // namespace
