// ferry_direct_run MODEL DEVICE OUT_DIR FILE:D0,D1,... [FILE:D0,...]
// Runs MODEL on DEVICE through Ferry's own API, with the model's inputs (in order) read from
// raw files at the given shapes, and writes each output to OUT_DIR/<output name>.raw: the
// answers Triton's are compared with (tests/triton_end_to_end_test.py).
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/runtime/core.hpp"

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: ferry_direct_run MODEL DEVICE OUT_DIR FILE:D0,D1,... [FILE:...]\n";
    return 2;
  }
  try {
    ferry::Core core;
    const auto model = core.read_model(argv[1]);
    std::map<size_t, ferry::PartialShape> shapes;
    std::vector<std::string> files;
    for (int arg = 4; arg < argc; ++arg) {
      const std::string text = argv[arg];
      const size_t colon = text.rfind(':');
      std::vector<ferry::Dimension> dims;
      std::stringstream list(text.substr(colon + 1));
      for (std::string dim; std::getline(list, dim, ',');) dims.emplace_back(std::stoll(dim));
      shapes[files.size()] = ferry::PartialShape(dims);
      files.push_back(text.substr(0, colon));
    }
    model->reshape(shapes);
    auto compiled = core.compile_model(model, argv[2]);
    auto request = compiled.create_infer_request();
    for (size_t i = 0; i < files.size(); ++i) {
      ferry::Tensor input = request.get_input_tensor(i);
      std::ifstream file(files[i], std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      if (bytes.size() != input.get_byte_size()) {
        std::cerr << files[i] << ": " << bytes.size() << " bytes, input " << i << " takes " << input.get_byte_size()
                  << "\n";
        return 1;
      }
      std::copy(bytes.begin(), bytes.end(), static_cast<char*>(input.data()));
    }
    request.infer();
    for (const auto& output : compiled.outputs()) {
      const ferry::Tensor result = request.get_tensor(output);
      std::ofstream(std::string(argv[3]) + "/" + output.get_any_name() + ".raw", std::ios::binary)
          .write(static_cast<const char*>(result.data()), static_cast<std::streamsize>(result.get_byte_size()));
    }
  } catch (const std::exception& error) {
    std::cerr << "ferry_direct_run: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
