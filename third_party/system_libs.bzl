"""Binds Debian's system packages as Bazel repositories. Install them with tools/setup.sh."""

def _system(name, build_file):
    native.new_local_repository(
        name = name,
        path = "/usr",
        build_file = "//third_party:system/" + build_file,
    )

def system_libs():
    _system("com_google_absl", "absl.BUILD")
    _system("com_google_googletest", "googletest.BUILD")
    _system("com_google_benchmark", "benchmark.BUILD")
    _system("com_google_protobuf", "protobuf.BUILD")
    _system("opencl", "opencl.BUILD")
    _system("level_zero", "level_zero.BUILD")
    _system("libva", "libva.BUILD")
    _system("onednn", "onednn.BUILD")
    _system("pugixml", "pugixml.BUILD")
    _system("onnx", "onnx.BUILD")
    _system("nlohmann_json", "nlohmann_json.BUILD")
    _system("openssl", "openssl.BUILD")
