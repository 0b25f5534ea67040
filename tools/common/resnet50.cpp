#include "resnet50.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/max_pool.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reduce_mean.hpp"
#include "ferry/graph/ops/softmax.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"

namespace ferry::tools {
namespace {

// Weights from splitmix64: uniform in [-1, 1) scaled to the variance He's initialisation gives
// (sqrt(3) * sqrt(2 / fan_in)), so activations keep their scale through the 50 layers.
class WeightSource {
 public:
  explicit WeightSource(uint64_t seed) : m_state(seed) {}

  // An f32 constant of `shape` with values uniform in [-bound, bound).
  std::shared_ptr<op::v0::Constant> uniform(const Shape& shape, float bound) {
    std::vector<float> values(shape_size(shape));
    for (float& value : values) value = bound * (static_cast<float>(next() >> 40) / 8388608.0f - 1.0f);
    return std::make_shared<op::v0::Constant>(element::f32, shape, values.data());  // one memcpy
  }

 private:
  uint64_t next() {
    uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t m_state;
};

class Builder {
 public:
  explicit Builder(uint64_t seed) : m_weights(seed) {}

  // Convolution + folded batch norm bias, then Relu unless `relu` is false. `gain` scales the
  // weights: the last convolution of a residual block starts small, as zero-gamma
  // initialisation does, so the 16 residual sums stay near the input's scale.
  Output<Node> conv(const Output<Node>& x, size_t in, size_t out, size_t kernel, size_t stride, const std::string& name,
                    bool relu = true, float gain = 1.0f) {
    const size_t pad = kernel / 2;
    const float bound = gain * std::sqrt(6.0f / static_cast<float>(in * kernel * kernel));
    auto filters = m_weights.uniform(Shape{out, in, kernel, kernel}, bound);
    auto convolution = std::make_shared<op::v1::Convolution>(
        x, filters, Strides{stride, stride},
        CoordinateDiff{static_cast<std::ptrdiff_t>(pad), static_cast<std::ptrdiff_t>(pad)},
        CoordinateDiff{static_cast<std::ptrdiff_t>(pad), static_cast<std::ptrdiff_t>(pad)}, Strides{1, 1});
    convolution->set_friendly_name(name);
    auto bias = m_weights.uniform(Shape{1, out, 1, 1}, 0.1f);
    auto biased = std::make_shared<op::v1::Add>(convolution, bias);
    biased->set_friendly_name(name + "/bias");
    if (!relu) return biased;
    auto activated = std::make_shared<op::v0::Relu>(biased);
    activated->set_friendly_name(name + "/relu");
    return activated;
  }

  // A bottleneck block: 1x1 reduce, 3x3 (strided in v1.5), 1x1 expand, plus the shortcut.
  Output<Node> bottleneck(const Output<Node>& x, size_t in, size_t width, size_t stride, const std::string& name) {
    const size_t out = width * 4;
    auto reduced = conv(x, in, width, 1, 1, name + "/conv1");
    auto spatial = conv(reduced, width, width, 3, stride, name + "/conv2");
    auto expanded = conv(spatial, width, out, 1, 1, name + "/conv3", false, 0.25f);
    Output<Node> shortcut = x;
    if (stride != 1 || in != out) shortcut = conv(x, in, out, 1, stride, name + "/downsample", false);
    auto sum = std::make_shared<op::v1::Add>(expanded, shortcut);
    sum->set_friendly_name(name + "/add");
    auto activated = std::make_shared<op::v0::Relu>(sum);
    activated->set_friendly_name(name + "/relu");
    return activated;
  }

  Output<Node> classifier(const Output<Node>& x, size_t channels, size_t classes) {
    auto axes = op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{2, 3});
    auto pooled = std::make_shared<op::v1::ReduceMean>(x, axes, false);
    pooled->set_friendly_name("avgpool");
    const float bound = std::sqrt(3.0f / static_cast<float>(channels));
    auto weights = m_weights.uniform(Shape{channels, classes}, bound);
    auto logits = std::make_shared<op::v0::MatMul>(pooled, weights);
    logits->set_friendly_name("fc");
    auto bias = m_weights.uniform(Shape{classes}, 0.1f);
    auto biased = std::make_shared<op::v1::Add>(logits, bias);
    biased->set_friendly_name("fc/bias");
    auto probabilities = std::make_shared<op::v8::Softmax>(biased, 1);
    probabilities->set_friendly_name("probabilities");
    probabilities->output(0).set_names({"probabilities"});
    return probabilities;
  }

 private:
  WeightSource m_weights;
};

}  // namespace

std::shared_ptr<Model> make_resnet50(uint64_t seed, Dimension batch) {
  Builder builder(seed);
  auto image = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{batch, 3, 224, 224});
  image->set_friendly_name("image");
  image->output(0).set_names({"image"});
  Output<Node> x = builder.conv(image, 3, 64, 7, 2, "conv1");
  auto pooled = std::make_shared<op::v1::MaxPool>(x, Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3});
  pooled->set_friendly_name("maxpool");
  x = pooled;
  // Stages of 3, 4, 6 and 3 blocks, widths 64 to 512 (outputs 256 to 2048 channels).
  const size_t blocks[4] = {3, 4, 6, 3};
  size_t channels = 64;
  for (size_t stage = 0; stage < 4; ++stage) {
    const size_t width = size_t{64} << stage;
    for (size_t block = 0; block < blocks[stage]; ++block) {
      const size_t stride = block == 0 && stage > 0 ? 2 : 1;
      x = builder.bottleneck(x, channels, width, stride,
                             "layer" + std::to_string(stage + 1) + "." + std::to_string(block));
      channels = width * 4;
    }
  }
  auto probabilities = builder.classifier(x, channels, 1000);
  return std::make_shared<Model>(OutputVector{probabilities}, ParameterVector{image}, "resnet50");
}

}  // namespace ferry::tools
