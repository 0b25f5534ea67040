#pragma once

#include "ferry/value/itensor.hpp"

namespace ferry {

// What the host tensors share: an element type, a shape and byte strides.
class HostTensor : public ITensor {
 public:
  using ITensor::data;

  const element::Type& get_element_type() const override { return _type; }
  const Shape& get_shape() const override { return _shape; }
  const Strides& get_strides() const override;

 protected:
  HostTensor(const element::Type& type, const Shape& shape);
  // Sets the shape and dense strides.
  void set_dense_shape(const Shape& shape);

  element::Type _type;
  Shape _shape;
  Strides _strides;  // empty for sub-byte types
};

}  // namespace ferry
