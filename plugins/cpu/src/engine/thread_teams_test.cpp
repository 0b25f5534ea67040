// Compiling a graph starts no OpenMP threads: the only team is the one of the thread that runs
// the graph. A second team (say, the compiling thread's, made by the weights' reorder) makes
// libgomp count more threads than cores and put every team's threads to sleep between parallel
// regions: on the 2-core machine that took MiniLM from 18 to 31 ms a run.
#include <dirent.h>
#include <gtest/gtest.h>

#include <thread>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace ferry::cpu::engine {
namespace {

size_t threads_of_this_process() {
  size_t count = 0;
  DIR* tasks = opendir("/proc/self/task");
  if (!tasks) return 0;
  while (const dirent* entry = readdir(tasks))
    if (entry->d_name[0] != '.') ++count;
  closedir(tasks);
  return count;
}

std::shared_ptr<Model> matmul_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{64, 128});
  auto weights = op::v0::Constant::create(element::f32, Shape{128, 256}, std::vector<float>(128 * 256, 0.5f));
  auto product = std::make_shared<op::v0::MatMul>(x, weights);
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(product)}, ParameterVector{x});
}

TEST(ThreadTeams, CompilingForTwoThreadsStartsNoOpenMpThread) {
  const auto model = matmul_model();
  size_t before = 0, after = 0;
  // A fresh thread: libgomp's teams are per thread, so any team it makes adds threads.
  std::thread compiling([&] {
    before = threads_of_this_process();
    CompiledGraph graph(model, 2);
    after = threads_of_this_process();
  });
  compiling.join();
  ASSERT_GT(before, 0u);
  EXPECT_EQ(after, before) << "compiling started OpenMP threads";
}

}  // namespace
}  // namespace ferry::cpu::engine
