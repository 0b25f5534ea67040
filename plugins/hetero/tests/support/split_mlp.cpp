#include "support/split_mlp.hpp"

#include "testing/models/test_models.hpp"

namespace ferry::hetero::test {

std::shared_ptr<Model> split_mlp(size_t batch, const std::string& first, const std::string& second) {
  auto model = test_models::make_mlp(batch);
  for (const auto& node : model->get_ordered_ops()) {
    const std::string& name = node->get_friendly_name();
    if (name == "matmul1" || name == "add1" || name == "relu") node->get_rt_info()["affinity"] = first;
    if (name == "matmul2" || name == "add2" || name == "softmax") node->get_rt_info()["affinity"] = second;
  }
  return model;
}

}  // namespace ferry::hetero::test
