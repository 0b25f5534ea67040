// The graph extension of Ferry's NPU simulator: models compiled into device graphs that run
// from command lists. Reached through zeDriverGetExtensionFunctionAddress(driver, <name>,
// &function) and listed by zeDriverGetExtensionProperties as FERRY_GRAPH_EXTENSION_NAME.
//
// A graph's arguments are its inputs (the model's parameters, in order) followed by its
// outputs (the model's results, in order). Each is bound to memory with
// ferryGraphSetArgumentValue; an appended execution uses the bindings current at append time.
#ifndef FERRY_NPU_DRIVER_ZE_FERRY_GRAPH_EXT_H
#define FERRY_NPU_DRIVER_ZE_FERRY_GRAPH_EXT_H

#include <level_zero/ze_api.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FERRY_GRAPH_EXTENSION_NAME "ZE_extension_ferry_graph"
#define FERRY_GRAPH_EXTENSION_VERSION ZE_MAKE_VERSION(1, 0)

typedef struct _ferry_graph_handle_t* ferry_graph_handle_t;

// What a graph is made from.
typedef enum _ferry_graph_format_t {
  FERRY_GRAPH_FORMAT_IR = 1,      // a serialised Ferry / OpenVINO IR v11 model: .xml text + .bin weights
  FERRY_GRAPH_FORMAT_NATIVE = 2,  // a blob from ferryGraphGetNativeBinary of the same driver version
  // As every Level Zero enum: any 32-bit value an application stores is a value of the type (the
  // driver refuses unknown ones) instead of undefined behaviour in C++.
  FERRY_GRAPH_FORMAT_FORCE_UINT32 = 0x7fffffff
} ferry_graph_format_t;

typedef struct _ferry_graph_desc_t {
  ferry_graph_format_t format;
  const void* model;  // IR: the .xml text; NATIVE: the blob
  size_t model_size;
  const void* weights;  // IR: the .bin (null when no constant needs bytes); NATIVE: unused
  size_t weights_size;
} ferry_graph_desc_t;

// What the device compiles: the formats (bit 1 << format) and the driver version blobs carry.
typedef struct _ferry_graph_device_properties_t {
  uint32_t format_flags;
  uint32_t driver_version;
} ferry_graph_device_properties_t;

#define FERRY_GRAPH_GET_DEVICE_PROPERTIES "ferryGraphGetDeviceProperties"
typedef ze_result_t (*ferry_graph_get_device_properties_t)(ze_device_handle_t device,
                                                           ferry_graph_device_properties_t* properties);

// Text lists (op types, unsupported ops) answer in two calls: with *size == 0 or no buffer,
// *size is set to the bytes needed (with the final '\0'); else up to *size bytes are written.
// Entries are separated by '\n'.

// The op types the device runs ("Convolution-opset1" ...).
#define FERRY_GRAPH_GET_SUPPORTED_OPS "ferryGraphGetSupportedOps"
typedef ze_result_t (*ferry_graph_get_supported_ops_t)(ze_device_handle_t device, size_t* size, char* ops);

// The ops of a model the device cannot run ("<friendly name> (<type>)"; empty: it runs all).
#define FERRY_GRAPH_QUERY_MODEL "ferryGraphQueryModel"
typedef ze_result_t (*ferry_graph_query_model_t)(ze_device_handle_t device, const ferry_graph_desc_t* desc,
                                                 size_t* size, char* unsupported);

// Compiles a graph once. A model the device cannot run fails with
// ZE_RESULT_ERROR_INVALID_ARGUMENT (or ZE_RESULT_ERROR_INVALID_NATIVE_BINARY for a blob of
// another driver version or device), the last-error message naming why.
#define FERRY_GRAPH_CREATE "ferryGraphCreate"
typedef ze_result_t (*ferry_graph_create_t)(ze_context_handle_t context, ze_device_handle_t device,
                                            const ferry_graph_desc_t* desc, ferry_graph_handle_t* graph);

#define FERRY_GRAPH_DESTROY "ferryGraphDestroy"
typedef ze_result_t (*ferry_graph_destroy_t)(ferry_graph_handle_t graph);

typedef struct _ferry_graph_properties_t {
  uint32_t num_arguments;
  char name[256];
} ferry_graph_properties_t;

#define FERRY_GRAPH_GET_PROPERTIES "ferryGraphGetProperties"
typedef ze_result_t (*ferry_graph_get_properties_t)(ferry_graph_handle_t graph, ferry_graph_properties_t* properties);

typedef enum _ferry_graph_argument_direction_t {
  FERRY_GRAPH_ARGUMENT_INPUT = 0,
  FERRY_GRAPH_ARGUMENT_OUTPUT = 1,
  FERRY_GRAPH_ARGUMENT_FORCE_UINT32 = 0x7fffffff
} ferry_graph_argument_direction_t;

#define FERRY_GRAPH_MAX_RANK 8

typedef struct _ferry_graph_argument_properties_t {
  char name[256];  // the tensor's name
  ferry_graph_argument_direction_t direction;
  char element_type[16];  // Ferry's element type name: "f32", "i64"...
  uint32_t rank;
  uint64_t dims[FERRY_GRAPH_MAX_RANK];
  char layout[32];  // "NCHW", or "" when the model names none
  uint64_t byte_size;
} ferry_graph_argument_properties_t;

#define FERRY_GRAPH_GET_ARGUMENT_PROPERTIES "ferryGraphGetArgumentProperties"
typedef ze_result_t (*ferry_graph_get_argument_properties_t)(ferry_graph_handle_t graph, uint32_t index,
                                                             ferry_graph_argument_properties_t* properties);

// Binds argument `index` to `value`: memory of the graph's context (or host memory) holding
// at least the argument's byte_size bytes, read or written in place.
#define FERRY_GRAPH_SET_ARGUMENT_VALUE "ferryGraphSetArgumentValue"
typedef ze_result_t (*ferry_graph_set_argument_value_t)(ferry_graph_handle_t graph, uint32_t index, const void* value);

// Appends the graph's initialisation (a no-op once created: weights are prepared at creation;
// kept so that a pipeline written for devices that upload weights runs unchanged).
#define FERRY_GRAPH_APPEND_INITIALIZE "ferryCommandListAppendGraphInitialize"
typedef ze_result_t (*ferry_graph_append_initialize_t)(ze_command_list_handle_t list, ferry_graph_handle_t graph,
                                                       ze_event_handle_t signal, uint32_t wait_count,
                                                       ze_event_handle_t* waits);

// Appends an execution with the current argument bindings (every argument must be bound).
#define FERRY_GRAPH_APPEND_EXECUTE "ferryCommandListAppendGraphExecute"
typedef ze_result_t (*ferry_graph_append_execute_t)(ze_command_list_handle_t list, ferry_graph_handle_t graph,
                                                    ze_event_handle_t signal, uint32_t wait_count,
                                                    ze_event_handle_t* waits);

// The graph as a blob that ferryGraphCreate(FERRY_GRAPH_FORMAT_NATIVE) accepts back (for
// export and CACHE_DIR). Two calls: *size == 0 or no buffer asks for the size.
#define FERRY_GRAPH_GET_NATIVE_BINARY "ferryGraphGetNativeBinary"
typedef ze_result_t (*ferry_graph_get_native_binary_t)(ferry_graph_handle_t graph, size_t* size, uint8_t* blob);

// What each step of the graph's last completed execution did: the op (the first of a fused
// chain), how it ran ("onednn+bias+relu", "reference"...) and its wall time. Two calls, as
// for any Level Zero list. ZE_RESULT_ERROR_UNKNOWN, with the reason as the last error, when
// that execution failed.
typedef struct _ferry_graph_op_profile_t {
  char name[256];
  char type[64];
  char exec_type[64];
  uint64_t ns;
} ferry_graph_op_profile_t;

#define FERRY_GRAPH_GET_PROFILING_DATA "ferryGraphGetProfilingData"
typedef ze_result_t (*ferry_graph_get_profiling_data_t)(ferry_graph_handle_t graph, uint32_t* count,
                                                        ferry_graph_op_profile_t* ops);

#ifdef __cplusplus
}
#endif

#endif  // FERRY_NPU_DRIVER_ZE_FERRY_GRAPH_EXT_H
