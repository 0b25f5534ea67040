// One video frame into a classifier, two ways, timed per frame (docs/PERFORMANCE.md, "NV12 frames"):
// - device: the decoder's NV12 frame (1080p by default) stays in the GPU's memory as two planes
//   (OpenCL buffers, or images with --planes=image) and PrePostProcessor adds the colour conversion,
//   the resize to the model's size and the normalisation to the model, so the GPU runs them;
// - host: the application converts the frame on the host (NV12 to BGR, bilinear resize, mean and
//   scale, planar f32: what an OpenCV-style pipeline does) and feeds the plain model a host tensor.
// Both compute the same thing (the same formulas, half-pixel bilinear): the outputs are compared.
//
//   nv12_frame_bench --model=M.onnx|M.xml [--device=GPU] [--height=1080] [--width=1920]
//                    [--planes=buffer|image] [--warmup=5] [--iterations=50] [--plugins_xml=PATH]
//
// Prints, per way, the median wall time per frame (host preparation and inference) and the host
// CPU time per frame (the process's CPU time, every thread, over the timed frames), and the
// largest difference between the two ways' outputs.

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"

namespace {

using Clock = std::chrono::steady_clock;
constexpr float kMean = 114.0f, kScale = 57.0f;  // one value for every channel, as the model was trained

std::map<std::string, std::string> parse(int argc, char** argv) {
  std::map<std::string, std::string> args{{"device", "GPU"},    {"height", "1080"}, {"width", "1920"},
                                          {"planes", "buffer"}, {"warmup", "5"},    {"iterations", "50"}};
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const size_t eq = arg.find('=');
    if (arg.rfind("--", 0) != 0 || eq == std::string::npos)
      throw std::invalid_argument("argument '" + arg + "' is not of the form --name=value");
    const std::string name = arg.substr(2, eq - 2);
    if (name != "model" && name != "plugins_xml" && !args.count(name))
      throw std::invalid_argument("argument '" + arg + "': unknown flag --" + name);
    args[name] = arg.substr(eq + 1);
  }
  if (!args.count("model")) throw std::invalid_argument("--model=PATH is required");
  if (args["planes"] != "buffer" && args["planes"] != "image")
    throw std::invalid_argument("--planes=" + args["planes"] + ": expected buffer or image");
  return args;
}

double process_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

// A synthetic frame with detail everywhere (so the resize and conversion matter).
struct Nv12Frame {
  size_t height, width;
  std::vector<uint8_t> y, uv;
  Nv12Frame(size_t h, size_t w) : height(h), width(w), y(h * w), uv(h / 2 * w) {
    std::mt19937 random(7);
    for (size_t i = 0; i < y.size(); ++i) y[i] = static_cast<uint8_t>((i % w) * 255 / w / 2 + random() % 128);
    for (size_t i = 0; i < uv.size(); ++i) uv[i] = static_cast<uint8_t>(64 + random() % 128);
  }
};

float to_byte_range(float value) { return std::min(255.0f, std::max(0.0f, value)); }

// The host way: NV12 to BGR (the NV12toBGR formula), half-pixel bilinear resize, (x - mean) /
// scale, into a planar [1, 3, H, W] tensor. `bgr` is the full-size scratch frame.
void prepare_on_host(const Nv12Frame& frame, std::vector<float>& bgr, float* out, size_t out_h, size_t out_w) {
  const size_t h = frame.height, w = frame.width;
  bgr.resize(h * w * 3);
  for (size_t row = 0; row < h; ++row) {
    const uint8_t* y = &frame.y[row * w];
    const uint8_t* uv = &frame.uv[row / 2 * w];
    float* pixel = &bgr[row * w * 3];
    for (size_t col = 0; col < w; ++col, pixel += 3) {
      const float luma = 1.164f * (y[col] - 16.0f);
      const float d = uv[col / 2 * 2] - 128.0f, e = uv[col / 2 * 2 + 1] - 128.0f;
      pixel[0] = to_byte_range(luma + 2.018f * d);
      pixel[1] = to_byte_range(luma - 0.391f * d - 0.813f * e);
      pixel[2] = to_byte_range(luma + 1.596f * e);
    }
  }
  const float scale_y = static_cast<float>(h) / out_h, scale_x = static_cast<float>(w) / out_w;
  for (size_t oy = 0; oy < out_h; ++oy) {
    const float sy = std::max(0.0f, (oy + 0.5f) * scale_y - 0.5f);
    const size_t y0 = std::min(static_cast<size_t>(sy), h - 1), y1 = std::min(y0 + 1, h - 1);
    const float fy = sy - y0;
    for (size_t ox = 0; ox < out_w; ++ox) {
      const float sx = std::max(0.0f, (ox + 0.5f) * scale_x - 0.5f);
      const size_t x0 = std::min(static_cast<size_t>(sx), w - 1), x1 = std::min(x0 + 1, w - 1);
      const float fx = sx - x0;
      for (size_t c = 0; c < 3; ++c) {
        auto at = [&](size_t yy, size_t xx) { return bgr[(yy * w + xx) * 3 + c]; };
        const float top = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * fx;
        const float bottom = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * fx;
        out[(c * out_h + oy) * out_w + ox] = (top + (bottom - top) * fy - kMean) / kScale;
      }
    }
  }
}

std::shared_ptr<ferry::Model> with_device_preprocessing(std::shared_ptr<ferry::Model> model, const Nv12Frame& frame,
                                                        const std::string& planes) {
  using namespace ferry::preprocess;
  PrePostProcessor ppp(model);
  ppp.input()
      .tensor()
      .set_element_type(ferry::element::u8)
      .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(planes == "image" ? ferry::gpu::memory_type::surface : ferry::gpu::memory_type::buffer)
      .set_spatial_static_shape(frame.height, frame.width);
  ppp.input()
      .preprocess()
      .convert_element_type(ferry::element::f32)
      .convert_color(ColorFormat::BGR)
      .resize(ResizeAlgorithm::RESIZE_LINEAR)
      .mean(kMean)
      .scale(kScale);
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

struct Timing {
  double median_wall_ms;
  double cpu_ms_per_frame;
};

template <typename Frame>
Timing time_frames(int warmup, int iterations, Frame&& frame) {
  for (int i = 0; i < warmup; ++i) frame();
  std::vector<double> wall;
  const double cpu_start = process_cpu_ms();
  for (int i = 0; i < iterations; ++i) {
    const auto start = Clock::now();
    frame();
    wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  const double cpu = process_cpu_ms() - cpu_start;
  std::nth_element(wall.begin(), wall.begin() + wall.size() / 2, wall.end());
  return {wall[wall.size() / 2], cpu / iterations};
}

std::vector<float> copy_of(const ferry::Tensor& tensor) {
  const float* data = tensor.data<const float>();
  return std::vector<float>(data, data + tensor.get_size());
}

}  // namespace

int main(int argc, char** argv) try {
  auto args = parse(argc, argv);
  ferry::Core core = args.count("plugins_xml") ? ferry::Core(args["plugins_xml"]) : ferry::Core();
  const std::string device = args["device"];
  const int warmup = std::stoi(args["warmup"]), iterations = std::stoi(args["iterations"]);
  const Nv12Frame frame(std::stoul(args["height"]), std::stoul(args["width"]));
  const std::shared_ptr<ferry::Model> model = core.read_model(args["model"]);
  const ferry::Shape input_shape = model->input().get_shape();  // [1, 3, H, W]
  const size_t out_h = input_shape.at(2), out_w = input_shape.at(3);

  // Host way: the plain model, a host tensor prepared on the host each frame.
  ferry::CompiledModel plain = core.compile_model(model, device);
  ferry::InferRequest host_request = plain.create_infer_request();
  ferry::Tensor host_input(ferry::element::f32, input_shape);
  std::vector<float> scratch;
  const Timing host = time_frames(warmup, iterations, [&] {
    prepare_on_host(frame, scratch, host_input.data<float>(), out_h, out_w);
    host_request.set_input_tensor(host_input);
    host_request.infer();
  });
  const std::vector<float> host_output = copy_of(host_request.get_output_tensor());

  // Device way: the frame's planes in the GPU's memory (a decoder would have written them there).
  auto context = core.get_default_context(device).as<ferry::gpu::ocl::ClContext>();
  cl::Context cl_context(context.get(), true);
  cl::Device cl_device = cl_context.getInfo<CL_CONTEXT_DEVICES>().at(0);
  const ferry::Shape y_shape{1, frame.height, frame.width, 1}, uv_shape{1, frame.height / 2, frame.width / 2, 2};
  ferry::CompiledModel preprocessed =
      core.compile_model(with_device_preprocessing(model, frame, args["planes"]), context);
  ferry::InferRequest device_request = preprocessed.create_infer_request();
  cl::Buffer y_buffer, uv_buffer;
  cl::Image2D y_image, uv_image;
  if (args["planes"] == "buffer") {
    y_buffer = cl::Buffer(cl_context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.y.size(),
                          const_cast<uint8_t*>(frame.y.data()));
    uv_buffer = cl::Buffer(cl_context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.uv.size(),
                           const_cast<uint8_t*>(frame.uv.data()));
    device_request.set_tensor(preprocessed.input(0), context.create_tensor(ferry::element::u8, y_shape, y_buffer));
    device_request.set_tensor(preprocessed.input(1), context.create_tensor(ferry::element::u8, uv_shape, uv_buffer));
  } else {
    // Y as CL_R; UV as CL_RG where the device has it, else as CL_R texel pairs (PoCL).
    const cl_image_format uv_format = context.nv12_uv_image_format();
    const size_t uv_width = uv_format.image_channel_order == CL_RG ? frame.width / 2 : frame.width;
    y_image = cl::Image2D(cl_context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_R, CL_UNORM_INT8}, frame.width,
                          frame.height, 0, const_cast<uint8_t*>(frame.y.data()));
    uv_image = cl::Image2D(cl_context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           cl::ImageFormat(uv_format.image_channel_order, uv_format.image_channel_data_type), uv_width,
                           frame.height / 2, 0, const_cast<uint8_t*>(frame.uv.data()));
    auto [y_tensor, uv_tensor] = context.create_tensor_nv12(y_image, uv_image);
    device_request.set_tensor(preprocessed.input(0), y_tensor);
    device_request.set_tensor(preprocessed.input(1), uv_tensor);
  }
  const uint64_t copied_before = core.get_property(device, ferry::gpu::copied_bytes);
  const Timing on_device = time_frames(warmup, iterations, [&] { device_request.infer(); });
  const uint64_t copied = core.get_property(device, ferry::gpu::copied_bytes) - copied_before;
  const std::vector<float> device_output = copy_of(device_request.get_output_tensor());

  float difference = host_output.size() == device_output.size() ? 0.0f : INFINITY;
  for (size_t i = 0; i < host_output.size() && i < device_output.size(); ++i)
    difference = std::max(difference, std::fabs(host_output[i] - device_output[i]));
  std::printf("frame %zux%zu NV12 -> model input %zux%zu, %d frames after %d warm-up\n", frame.width, frame.height,
              out_w, out_h, iterations, warmup);
  std::printf(
      "device preprocessing (%s planes): wall %.3f ms/frame (median), host CPU %.3f ms/frame, %llu bytes "
      "copied by the inferences\n",
      args["planes"].c_str(), on_device.median_wall_ms, on_device.cpu_ms_per_frame,
      static_cast<unsigned long long>(copied));
  std::printf("host preprocessing: wall %.3f ms/frame (median), host CPU %.3f ms/frame\n", host.median_wall_ms,
              host.cpu_ms_per_frame);
  std::printf("max |device - host| over the output: %g\n", difference);
  return 0;
} catch (const std::exception& error) {
  std::fprintf(stderr, "nv12_frame_bench: %s\n", error.what());
  return 1;
}
