#include "ferry/base/exception.hpp"
#include "host_tensor.hpp"

#include <cstdint>
#include <utility>

namespace ferry {
namespace {

// A box [begin, end) of another host tensor: same memory, same strides, a smaller shape.
// It keeps its owner alive; it does not follow the owner's later set_shape.
class RoiTensor final : public ITensor {
 public:
  using ITensor::data;

  RoiTensor(std::shared_ptr<ITensor> owner, const Coordinate& begin, const Coordinate& end) : _owner(std::move(owner)) {
    FERRY_ASSERT(_owner, "ROI tensor: the tensor to view is empty");
    const Shape& full = _owner->get_shape();
    const element::Type& type = _owner->get_element_type();
    FERRY_ASSERT(_owner->is_host_accessible(), "ROI tensor: the viewed tensor is not in host memory");
    FERRY_ASSERT(type.bitwidth() >= 8, "ROI tensor: views of the sub-byte element type ", type, " are not supported");
    FERRY_ASSERT(begin.size() == full.size() && end.size() == full.size(), "ROI tensor: begin ", Shape(begin),
                 " and end ", Shape(end), " must have the rank of shape ", full);
    _strides = _owner->get_strides();
    _shape.resize(full.size());
    for (size_t axis = 0; axis < full.size(); ++axis) {
      FERRY_ASSERT(begin[axis] <= end[axis] && end[axis] <= full[axis], "ROI tensor: begin ", Shape(begin), " and end ",
                   Shape(end), " are not a box inside shape ", full, " (axis ", axis, ")");
      _shape[axis] = end[axis] - begin[axis];
      _offset += begin[axis] * _strides[axis];
    }
  }

  void set_shape(Shape shape) override {
    FERRY_ASSERT(shape == _shape, "ROI tensor of shape ", _shape, " cannot change its shape to ", shape);
  }
  const element::Type& get_element_type() const override { return _owner->get_element_type(); }
  const Shape& get_shape() const override { return _shape; }
  const Strides& get_strides() const override { return _strides; }
  void* data() const override {
    if (shape_size(_shape) == 0) return nullptr;
    return static_cast<uint8_t*>(_owner->data()) + _offset;
  }

 private:
  std::shared_ptr<ITensor> _owner;
  Shape _shape;
  Strides _strides;
  size_t _offset = 0;
};

}  // namespace

std::shared_ptr<ITensor> make_tensor(const std::shared_ptr<ITensor>& owner, const Coordinate& begin,
                                     const Coordinate& end) {
  return std::make_shared<RoiTensor>(owner, begin, end);
}

}  // namespace ferry
