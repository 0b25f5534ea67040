#pragma once

// Every built-in op.
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/concat.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convert.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reduce_mean.hpp"
#include "ferry/graph/ops/reshape.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/softmax.hpp"
#include "ferry/graph/ops/transpose.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/ops/avg_pool.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "ferry/graph/ops/max_pool.hpp"
