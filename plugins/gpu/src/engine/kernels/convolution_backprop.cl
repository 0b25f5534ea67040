// ConvolutionBackpropData / GroupConvolutionBackpropData (transposed convolution) over data
// [N, G * C_IN, S...] and filters [G, C_IN, C_OUT, K...] (G = 1 for the plain op), 1 to 3 spatial
// axes. Gather form, one work-item per output element [N, G * C_OUT, O...]: it sums x * w over
// every (input channel, kernel position, input position) whose scattered copy lands on it, i.e.
// input position i with i * stride + k * dilation - pad_begin == o on every axis.

#define UNPACK4(v, a) const int a[4] = {v.s0, v.s1, v.s2, v.s3}

__kernel void convolution_backprop(__global const float* x, __global const float* w, __global float* y, int spatial,
                                   int4 in_shape, int4 out_shape, int4 kernel_shape, int4 strides, int4 dilations,
                                   int4 pads_begin, int groups, int c_in, int c_out) {
  UNPACK4(in_shape, in_dims);
  UNPACK4(out_shape, out_dims);
  UNPACK4(kernel_shape, k_dims);
  UNPACK4(strides, stride);
  UNPACK4(dilations, dilation);
  UNPACK4(pads_begin, pad);
  const size_t id = get_global_id(0);
  size_t rest = id, in_size = 1, kernel_size = 1;
  int o[4];
  for (int a = spatial - 1; a >= 0; --a) {
    o[a] = (int)(rest % (size_t)out_dims[a]);
    rest /= (size_t)out_dims[a];
    in_size *= (size_t)in_dims[a];
    kernel_size *= (size_t)k_dims[a];
  }
  const int channel = (int)(rest % (size_t)(groups * c_out));
  const size_t n = rest / (size_t)(groups * c_out);
  const int g = channel / c_out, co = channel % c_out;
  float acc = 0.0f;
  for (size_t k = 0; k < kernel_size; ++k) {
    // The input position this kernel tap reads for o, if any.
    size_t kr = k, i = 0, in_stride = 1;
    bool inside = true;
    for (int a = spatial - 1; a >= 0 && inside; --a) {
      const int kc = (int)(kr % (size_t)k_dims[a]);
      kr /= (size_t)k_dims[a];
      const int scaled = o[a] + pad[a] - kc * dilation[a];
      const int ic = scaled / stride[a];
      inside = scaled >= 0 && scaled % stride[a] == 0 && ic < in_dims[a];
      i += (size_t)ic * in_stride;
      in_stride *= (size_t)in_dims[a];
    }
    if (!inside) continue;
    __global const float* xp = x + ((n * groups + g) * (size_t)c_in) * in_size + i;
    __global const float* wp = w + ((size_t)g * c_in * c_out + co) * kernel_size + k;
    for (int ci = 0; ci < c_in; ++ci) acc = fma(xp[(size_t)ci * in_size], wp[(size_t)ci * c_out * kernel_size], acc);
  }
  y[id] = acc;
}
