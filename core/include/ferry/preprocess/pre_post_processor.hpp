#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>

#include "ferry/graph/model.hpp"
#include "ferry/preprocess/input_info.hpp"
#include "ferry/preprocess/output_info.hpp"

namespace ferry {
namespace preprocess {

// Adds pre- and post-processing to a model as ordinary graph ops, so that every device runs it
// and the IR keeps it. Describe each input and output, then build():
//   PrePostProcessor p(model);
//   p.input().tensor().set_element_type(element::u8).set_color_format(ColorFormat::NV12_TWO_PLANES);
//   p.input().preprocess().convert_color(ColorFormat::BGR);
//   p.input().model().set_layout("NCHW");
//   model = p.build();
// build() edits the model in place and returns it: each described input becomes new Parameters
// (several for multi-plane images, put where the old one was), each described output gets its
// steps before the Result. When some description does not fit (a layout that contradicts the
// shape, a conversion that cannot be done, a result that does not fit the model), build() throws
// naming the input or output and the step, and leaves the model as it was.
class PrePostProcessor {
 public:
  explicit PrePostProcessor(const std::shared_ptr<Model>& model);
  ~PrePostProcessor();
  PrePostProcessor(const PrePostProcessor&) = delete;
  PrePostProcessor& operator=(const PrePostProcessor&) = delete;
  PrePostProcessor(PrePostProcessor&&) noexcept = default;
  PrePostProcessor& operator=(PrePostProcessor&&) noexcept = default;

  // The model's only input / output (throws when there are several), one by tensor name, or by index.
  InputInfo& input();
  InputInfo& input(const std::string& tensor_name);
  InputInfo& input(size_t input_index);
  OutputInfo& output();
  OutputInfo& output(const std::string& tensor_name);
  OutputInfo& output(size_t output_index);

  std::shared_ptr<Model> build();

  // Describes the pipeline, as OpenVINO prints it: per described input, the application's
  // tensor(s), the model's tensor and each step with the value before and after it (shape,
  // layout, element type, colour format), the implicit conversions after them; per described
  // output the same the other way round. The steps are built on a copy of the model (the model is
  // left as it was); an input or output that would not build ends with "Error occurred: <what
  // build() would throw>".
  void dump(std::ostream& out) const;

 private:
  std::shared_ptr<Model> m_model;
  std::map<size_t, std::unique_ptr<InputInfo>> m_inputs;
  std::map<size_t, std::unique_ptr<OutputInfo>> m_outputs;
};

// PrePostProcessor::dump.
std::ostream& operator<<(std::ostream& out, const PrePostProcessor& processor);

}  // namespace preprocess
}  // namespace ferry
