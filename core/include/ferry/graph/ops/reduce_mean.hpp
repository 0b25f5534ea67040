#pragma once

// ReduceMean is one of the reductions sharing util::ArithmeticReductionKeepDims.
#include "ferry/graph/ops/reduction.hpp"
