#pragma once

// Everything an application needs: #include "ferry/ferry.hpp".
#include "ferry/graph/element_type.hpp"
#include "ferry/graph/layout.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/graph/partial_shape.hpp"
#include "ferry/graph/shape.hpp"
#include "ferry/runtime/any.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/exception.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/properties.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/runtime/tensor.hpp"
#include "ferry/runtime/version.hpp"
