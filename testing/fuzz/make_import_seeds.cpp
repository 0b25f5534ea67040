// Writes seeds for a plugin's import_model fuzz target: the blob that `device` exports for a
// model, and damaged copies of it (truncated in the header and in the payload, a flipped payload
// byte, another format version).
//   make_import_seeds DEVICE MODEL.xml OUT_DIR
// (bazel run //testing/fuzz:make_import_seeds -- NPU $PWD/testing/models/openvino/mlp.xml
// $PWD/plugins/npu/src/fuzz_corpus)
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "ferry/ferry.hpp"

namespace {

void write(const std::string& dir, const std::string& name, const std::string& bytes) {
  std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
  std::printf("%s/%s: %zu bytes\n", dir.c_str(), name.c_str(), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s DEVICE MODEL.xml OUT_DIR\n", argv[0]);
    return 2;
  }
  const std::string device = argv[1], model_path = argv[2], dir = argv[3];
  ferry::Core core;
  auto compiled = core.compile_model(core.read_model(model_path), device);
  std::ostringstream out;
  compiled.export_model(out);
  const std::string blob = out.str();
  const std::string stem = model_path.substr(model_path.find_last_of('/') + 1, std::string::npos);
  const std::string name = stem.substr(0, stem.find('.'));

  write(dir, name, blob);
  write(dir, name + "_truncated_header", blob.substr(0, 20));
  write(dir, name + "_truncated_payload", blob.substr(0, blob.size() / 2));
  std::string flipped = blob;
  flipped[flipped.size() * 3 / 4] ^= 0x5a;  // the fuzz target imports it once more, checksum fixed
  write(dir, name + "_flipped_byte", flipped);
  std::string other_version = blob;
  other_version[8] ^= 0x7f;  // the u32 format version after the 8-byte magic
  write(dir, name + "_other_version", other_version);
  return 0;
}
