// The graph extension on the shipped IR models (testing/models/openvino): argument properties,
// execution from command lists compared with OpenVINO CPU's outputs, native blobs, bad input.
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

const char kModels[] = "testing/models/openvino/";

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file.good()) << path;
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// One line of NAME.io.txt: input|output <name> <type> <rank> <dims...> <file>.
struct Tensor {
  bool input = false;
  std::string name, type, file;
  std::vector<uint64_t> dims;
};

std::vector<Tensor> read_io(const std::string& model) {
  std::vector<Tensor> tensors;
  std::ifstream io(kModels + model + ".io.txt");
  for (std::string line; std::getline(io, line);) {
    std::istringstream fields(line);
    Tensor tensor;
    std::string direction;
    size_t rank = 0;
    fields >> direction >> tensor.name >> tensor.type >> rank;
    tensor.input = direction == "input";
    tensor.dims.resize(rank);
    for (uint64_t& dim : tensor.dims) fields >> dim;
    fields >> tensor.file;
    tensors.push_back(tensor);
  }
  return tensors;
}

template <class Function>
Function graph_function(const char* name) {
  void* address = nullptr;
  EXPECT_ZE_SUCCESS(zeDriverGetExtensionFunctionAddress(driver(), name, &address));
  return reinterpret_cast<Function>(address);
}

class GraphTest : public SimulatorTest {
 protected:
  ze_result_t create_from_ir(const std::string& model, ferry_graph_handle_t* graph,
                             ze_context_handle_t context = nullptr) {
    m_xml = read_file(kModels + model + ".xml");
    m_bin = read_file(kModels + model + ".bin");
    ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_IR, m_xml.data(), m_xml.size(), m_bin.empty() ? nullptr : m_bin.data(),
                            m_bin.size()};
    return m_create(context ? context : m_context, device(), &desc, graph);
  }

  // Binds shared memory to every argument, fills the inputs from the model's files, runs the
  // graph on a queue and compares each output with OpenVINO CPU's.
  void run_and_compare(ferry_graph_handle_t graph, const std::string& model) {
    const std::vector<Tensor> io = read_io(model);
    ferry_graph_properties_t properties{};
    ASSERT_ZE_SUCCESS(m_get_properties(graph, &properties));
    ASSERT_EQ(io.size(), properties.num_arguments);
    std::vector<void*> memory(io.size());
    uint64_t output_bytes = 0;
    for (uint32_t i = 0; i < io.size(); ++i) {
      ferry_graph_argument_properties_t argument{};
      ASSERT_ZE_SUCCESS(m_get_argument_properties(graph, i, &argument));
      EXPECT_EQ(io[i].name, argument.name);
      EXPECT_EQ(io[i].input ? FERRY_GRAPH_ARGUMENT_INPUT : FERRY_GRAPH_ARGUMENT_OUTPUT, argument.direction);
      EXPECT_EQ(io[i].type, argument.element_type);
      ASSERT_EQ(io[i].dims.size(), argument.rank);
      for (uint32_t d = 0; d < argument.rank; ++d) EXPECT_EQ(io[i].dims[d], argument.dims[d]);
      const std::string expected = read_file(kModels + io[i].file);
      ASSERT_EQ(expected.size(), argument.byte_size) << io[i].name;
      ze_device_mem_alloc_desc_t device_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
      ze_host_mem_alloc_desc_t host_desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
      ASSERT_ZE_SUCCESS(
          zeMemAllocShared(m_context, &device_desc, &host_desc, argument.byte_size, 0, device(), &memory[i]));
      if (io[i].input) {
        std::memcpy(memory[i], expected.data(), expected.size());
      } else {
        std::memset(memory[i], 0xff, argument.byte_size);  // NaN where nothing is written
        output_bytes += argument.byte_size;
      }
      ASSERT_ZE_SUCCESS(m_set_argument_value(graph, i, memory[i]));
    }

    ze_command_queue_handle_t queue = create_queue();
    ze_command_list_handle_t list = create_list();
    ASSERT_ZE_SUCCESS(m_append_initialize(list, graph, nullptr, 0, nullptr));
    ASSERT_ZE_SUCCESS(m_append_execute(list, graph, nullptr, 0, nullptr));
    ASSERT_ZE_SUCCESS(zeCommandListClose(list));
    const uint64_t copied_before = copied_bytes();
    ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
    ASSERT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
    // Inputs are read and outputs written in place.
    EXPECT_EQ(copied_before, copied_bytes()) << "of " << output_bytes << " output bytes";

    uint32_t steps = 0;
    ASSERT_ZE_SUCCESS(m_get_profiling_data(graph, &steps, nullptr));
    EXPECT_GT(steps, 0u);
    std::vector<ferry_graph_op_profile_t> profile(steps);
    ASSERT_ZE_SUCCESS(m_get_profiling_data(graph, &steps, profile.data()));
    for (const auto& op : profile) {
      EXPECT_GT(std::strlen(op.name), 0u);
      EXPECT_GT(op.ns, 0u) << op.name;
    }

    for (size_t i = 0; i < io.size(); ++i) {
      if (io[i].input) continue;
      const std::string expected = read_file(kModels + io[i].file);
      ASSERT_EQ("f32", io[i].type);
      const auto* wanted = reinterpret_cast<const float*>(expected.data());
      const auto* actual = static_cast<const float*>(memory[i]);
      size_t bad = 0;
      for (size_t k = 0; k < expected.size() / sizeof(float); ++k) {
        // Reference kernels against OpenVINO CPU's: summation orders differ.
        const float tolerance = 1e-4f * std::fabs(wanted[k]) + 1e-5f;
        if (!(std::fabs(actual[k] - wanted[k]) <= tolerance) && bad++ < 3)
          ADD_FAILURE() << model << " output " << io[i].name << "[" << k << "] = " << actual[k] << ", OpenVINO CPU "
                        << wanted[k];
      }
      EXPECT_EQ(0u, bad) << model << " output " << io[i].name;
    }
    EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
    EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
    for (void* each : memory) EXPECT_ZE_SUCCESS(zeMemFree(m_context, each));
  }

  std::string m_xml, m_bin;
  ferry_graph_create_t m_create = graph_function<ferry_graph_create_t>(FERRY_GRAPH_CREATE);
  ferry_graph_destroy_t m_destroy = graph_function<ferry_graph_destroy_t>(FERRY_GRAPH_DESTROY);
  ferry_graph_get_properties_t m_get_properties =
      graph_function<ferry_graph_get_properties_t>(FERRY_GRAPH_GET_PROPERTIES);
  ferry_graph_get_argument_properties_t m_get_argument_properties =
      graph_function<ferry_graph_get_argument_properties_t>(FERRY_GRAPH_GET_ARGUMENT_PROPERTIES);
  ferry_graph_set_argument_value_t m_set_argument_value =
      graph_function<ferry_graph_set_argument_value_t>(FERRY_GRAPH_SET_ARGUMENT_VALUE);
  ferry_graph_append_initialize_t m_append_initialize =
      graph_function<ferry_graph_append_initialize_t>(FERRY_GRAPH_APPEND_INITIALIZE);
  ferry_graph_append_execute_t m_append_execute =
      graph_function<ferry_graph_append_execute_t>(FERRY_GRAPH_APPEND_EXECUTE);
  ferry_graph_get_native_binary_t m_get_native_binary =
      graph_function<ferry_graph_get_native_binary_t>(FERRY_GRAPH_GET_NATIVE_BINARY);
  ferry_graph_get_profiling_data_t m_get_profiling_data =
      graph_function<ferry_graph_get_profiling_data_t>(FERRY_GRAPH_GET_PROFILING_DATA);
};

TEST_F(GraphTest, ShippedModelsMatchOpenVinoCpu) {
  for (const char* model : {"mlp", "cnn", "conv_variants", "elementwise", "op_versions"}) {
    SCOPED_TRACE(model);
    ferry_graph_handle_t graph = nullptr;
    ASSERT_ZE_SUCCESS(create_from_ir(model, &graph));
    run_and_compare(graph, model);
    EXPECT_ZE_SUCCESS(m_destroy(graph));
  }
}

TEST_F(GraphTest, ArgumentPropertiesNameLayoutAndSize) {
  ferry_graph_handle_t graph = nullptr;
  ASSERT_ZE_SUCCESS(create_from_ir("cnn", &graph));
  ferry_graph_properties_t properties{};
  ASSERT_ZE_SUCCESS(m_get_properties(graph, &properties));
  EXPECT_EQ(2u, properties.num_arguments);
  ferry_graph_argument_properties_t image{};
  ASSERT_ZE_SUCCESS(m_get_argument_properties(graph, 0, &image));
  EXPECT_STREQ("image", image.name);
  EXPECT_EQ(1u * 3 * 16 * 16 * 4, image.byte_size);
  ferry_graph_argument_properties_t none{};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_get_argument_properties(graph, 2, &none));
  EXPECT_NE(std::string::npos, last_error().find("argument 2 of a graph with 2 arguments")) << last_error();
  EXPECT_ZE_SUCCESS(m_destroy(graph));
}

TEST_F(GraphTest, NativeBlobRoundTripsAndForeignBlobsAreRefused) {
  ferry_graph_handle_t graph = nullptr;
  ASSERT_ZE_SUCCESS(create_from_ir("mlp", &graph));
  size_t size = 0;
  ASSERT_ZE_SUCCESS(m_get_native_binary(graph, &size, nullptr));
  ASSERT_GT(size, m_xml.size());
  std::vector<uint8_t> blob(size);
  size_t too_small = size - 1;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE, m_get_native_binary(graph, &too_small, blob.data()));
  ASSERT_ZE_SUCCESS(m_get_native_binary(graph, &size, blob.data()));
  EXPECT_ZE_SUCCESS(m_destroy(graph));

  ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_NATIVE, blob.data(), blob.size(), nullptr, 0};
  ferry_graph_handle_t imported = nullptr;
  ASSERT_ZE_SUCCESS(m_create(m_context, device(), &desc, &imported));
  run_and_compare(imported, "mlp");
  EXPECT_ZE_SUCCESS(m_destroy(imported));
  imported = nullptr;

  // The header: 8 bytes of magic, the blob format, the driver version, the device's uuid.
  std::vector<uint8_t> other_version = blob;
  other_version[12] ^= 0x01;
  desc.model = other_version.data();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, m_create(m_context, device(), &desc, &imported));
  EXPECT_NE(std::string::npos, last_error().find("driver version")) << last_error();
  std::vector<uint8_t> other_device = blob;
  other_device[16] ^= 0x01;
  desc.model = other_device.data();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, m_create(m_context, device(), &desc, &imported));
  EXPECT_NE(std::string::npos, last_error().find("another device")) << last_error();
  desc.model = blob.data();
  desc.model_size = blob.size() - 10;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, m_create(m_context, device(), &desc, &imported));
  EXPECT_NE(std::string::npos, last_error().find("truncated")) << last_error();
  desc.model = m_xml.data();
  desc.model_size = m_xml.size();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY, m_create(m_context, device(), &desc, &imported));
  EXPECT_EQ(nullptr, imported);
}

TEST_F(GraphTest, ModelsTheDeviceCannotTakeAreRefusedWithAReason) {
  ferry_graph_handle_t graph = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, create_from_ir("dynamic", &graph));
  EXPECT_NE(std::string::npos, last_error().find("static shapes only")) << last_error();

  const std::string broken = "<net name='x' version='11'><layers><layer id='0' type='NoSuchOp' version='opset1'/>";
  ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_IR, broken.data(), broken.size(), nullptr, 0};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_create(m_context, device(), &desc, &graph));
  EXPECT_NE(std::string::npos, last_error().find("cannot be read")) << last_error();

  // The weights of another model: constants outside the .bin.
  std::string cnn = read_file(std::string(kModels) + "cnn.xml");
  const std::string small_bin(16, '\0');
  desc = {FERRY_GRAPH_FORMAT_IR, cnn.data(), cnn.size(), small_bin.data(), small_bin.size()};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_create(m_context, device(), &desc, &graph));
  EXPECT_EQ(nullptr, graph);

  auto query = graph_function<ferry_graph_query_model_t>(FERRY_GRAPH_QUERY_MODEL);
  std::string bin = read_file(std::string(kModels) + "cnn.bin");
  desc = {FERRY_GRAPH_FORMAT_IR, cnn.data(), cnn.size(), bin.data(), bin.size()};
  size_t size = 0;
  ASSERT_ZE_SUCCESS(query(device(), &desc, &size, nullptr));
  EXPECT_EQ(1u, size) << "every op of the cnn runs: an empty list";

  auto supported = graph_function<ferry_graph_get_supported_ops_t>(FERRY_GRAPH_GET_SUPPORTED_OPS);
  ASSERT_ZE_SUCCESS(supported(device(), &size, nullptr));
  std::string ops(size, '\0');
  ASSERT_ZE_SUCCESS(supported(device(), &size, ops.data()));
  EXPECT_NE(std::string::npos, ops.find("Convolution-opset1\n")) << ops;
  EXPECT_NE(std::string::npos, ops.find("MatMul-opset1")) << ops;
}

TEST_F(GraphTest, BadArgumentsAreRefused) {
  ferry_graph_handle_t graph = nullptr;
  ASSERT_ZE_SUCCESS(create_from_ir("mlp", &graph));  // x: 2x16 f32 (128 bytes), probs: 2x10 f32
  void* small = allocate_device(124);
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE, m_set_argument_value(graph, 0, small));
  EXPECT_NE(std::string::npos, last_error().find("argument 'x'")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_set_argument_value(graph, 5, small));

  ze_context_handle_t other = nullptr;
  ze_context_desc_t context_desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &context_desc, &other));
  ze_device_mem_alloc_desc_t alloc_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
  void* foreign = nullptr;
  ASSERT_ZE_SUCCESS(zeMemAllocDevice(other, &alloc_desc, 128, 0, device(), &foreign));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_set_argument_value(graph, 0, foreign));
  EXPECT_NE(std::string::npos, last_error().find("another context")) << last_error();

  void* input = allocate_device(128);
  ASSERT_ZE_SUCCESS(m_set_argument_value(graph, 0, input));
  ze_command_list_handle_t list = create_list();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_append_execute(list, graph, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("'probs') of the graph is not bound")) << last_error();

  // A list of another context cannot run the graph.
  ze_command_list_desc_t list_desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC};
  ze_command_list_handle_t foreign_list = nullptr;
  ASSERT_ZE_SUCCESS(zeCommandListCreate(other, device(), &list_desc, &foreign_list));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_append_initialize(foreign_list, graph, nullptr, 0, nullptr));

  EXPECT_EQ(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, zeContextDestroy(m_context)) << "the graph lives in it";
  EXPECT_ZE_SUCCESS(m_destroy(graph));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, m_destroy(graph)) << "a destroyed graph";
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(foreign_list));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeMemFree(other, foreign));
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
  for (void* each : {small, input}) EXPECT_ZE_SUCCESS(zeMemFree(m_context, each));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
