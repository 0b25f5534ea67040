// A VA-API decoder's output surface fed straight into inference (the Remote Tensor API page's
// "Direct Consuming of the NV12 VAAPI Video Decoder Surface on Linux"): the model gets NV12
// two-plane input with preprocessing (colour conversion, resize, normalisation) on the GPU, a
// VAContext shares the decoder's VA display, and the decoded surface's planes become the inputs.
// The result is checked against the same preprocessed model on TEMPLATE with host tensors of the
// same pixels.
//
// Here the display is Ferry's test VA driver (testing/va_driver, found through
// FERRY_TEST_VA_DRIVER), whose toy decoder "decodes" a raw NV12 frame; an application would open
// its display with vaGetDisplayDRM(open("/dev/dri/renderD128", O_RDWR)) and vaInitialize, and
// decode a real bitstream. The context reports how surfaces reach the device
// (GPU_VA_SHARING_PATH: HOST_UPLOAD on PoCL, with the bytes uploaded).
//
//   va_decode_inference [plugins.xml]

#include <cstdio>
#include <vector>

#include "ferry/gpu/ocl/va.hpp"
#include "ferry/gpu/properties.hpp"
#include "nv12_frames.hpp"
#include "testing/va_driver/test_display.hpp"

namespace {

constexpr uint32_t kFrameHeight = example::kFrameHeight, kFrameWidth = example::kFrameWidth;

void check(VAStatus status, const char* what) { ferry::testing::va::check(status, what); }

// Decodes one "bitstream" (the toy decoder's: a raw NV12 frame) into `surface`.
void decode(VADisplay display, VASurfaceID surface, std::vector<uint8_t>& bitstream) {
  VAConfigID config = VA_INVALID_ID;
  check(vaCreateConfig(display, VAProfileNone, VAEntrypointVLD, nullptr, 0, &config), "vaCreateConfig");
  VAContextID decoder = VA_INVALID_ID;
  check(vaCreateContext(display, config, kFrameWidth, kFrameHeight, VA_PROGRESSIVE, &surface, 1, &decoder),
        "vaCreateContext");
  VABufferID slice = VA_INVALID_ID;
  check(vaCreateBuffer(display, decoder, VASliceDataBufferType, static_cast<unsigned>(bitstream.size()), 1,
                       bitstream.data(), &slice),
        "vaCreateBuffer");
  check(vaBeginPicture(display, decoder, surface), "vaBeginPicture");
  check(vaRenderPicture(display, decoder, &slice, 1), "vaRenderPicture");
  check(vaEndPicture(display, decoder), "vaEndPicture");
  check(vaDestroyBuffer(display, slice), "vaDestroyBuffer");
  check(vaDestroyContext(display, decoder), "vaDestroyContext");
  check(vaDestroyConfig(display, config), "vaDestroyConfig");
}

}  // namespace

int main(int argc, char** argv) try {
  ferry::Core core = example::make_core(argc, argv);
  auto model = example::with_nv12_preprocessing(example::relu_model({1, 3, example::kModelSize, example::kModelSize}),
                                                ferry::gpu::memory_type::surface);

  // The decoder's display and output surface.
  ferry::testing::va::TestDisplay display;
  const VASurfaceID surface = display.create_nv12_surface(kFrameWidth, kFrameHeight);
  const example::Nv12Frame frame;
  std::vector<uint8_t> bitstream(frame.y);  // the toy decoder's: Y rows, then interleaved UV rows
  bitstream.insert(bitstream.end(), frame.uv.begin(), frame.uv.end());
  decode(display, surface, bitstream);

  // The shared context, the model compiled for it, and the decoded surface as the model's inputs.
  ferry::gpu::ocl::VAContext context(core, display);
  ferry::CompiledModel compiled = core.compile_model(model, context);
  const uint64_t copied_before = core.get_property("GPU", ferry::gpu::copied_bytes);
  auto [y_plane, uv_plane] = context.create_tensor_nv12(kFrameHeight, kFrameWidth, surface);
  const uint64_t uploaded = core.get_property("GPU", ferry::gpu::copied_bytes) - copied_before;
  ferry::InferRequest request = compiled.create_infer_request();
  request.set_tensor(compiled.input(0), y_plane);
  request.set_tensor(compiled.input(1), uv_plane);
  request.start_async();
  request.wait();
  std::printf("va_decode_inference: VA surface %u via %s (%llu bytes uploaded for a %ux%u frame)\n", surface,
              ferry::Any(context.sharing_path()).as<std::string>().c_str(), static_cast<unsigned long long>(uploaded),
              kFrameWidth, kFrameHeight);
  const int mismatch =
      example::check_against_template(core, model, {frame}, request.get_output_tensor(), "va_decode_inference");
  display.destroy_surface(surface);
  return mismatch;
} catch (const std::exception& error) {
  std::printf("va_decode_inference: %s\n", error.what());
  return 1;
}
