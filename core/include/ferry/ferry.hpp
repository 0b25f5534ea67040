#pragma once

// Everything an application needs: #include "ferry/ferry.hpp".
#include "ferry/base/element_type.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"
#include "ferry/value/tensor.hpp"
#include "ferry/value/version.hpp"
