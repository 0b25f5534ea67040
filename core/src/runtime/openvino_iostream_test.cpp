// Code written for OpenVINO uses std::cout after including only OpenVINO's header, which brings
// in <iostream>. This file includes only the compat header and no GoogleTest (which would bring
// <iostream> itself): if the header stops providing it, the test stops compiling.
#include "ferry/compat/openvino.hpp"

int main() {
  std::cout << ov::PartialShape{1, ov::Dimension(2, 5)} << " " << ov::element::f32 << std::endl;
  return std::cout.good() ? 0 : 1;
}
