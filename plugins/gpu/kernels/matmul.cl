// Batched matrix product C[b] = A[b] x B[b] with tiles of TILE x TILE in local memory.
// Transposes and batch broadcasting are expressed with strides: element (m, k) of A's batch b is
// A[a_offset(b) + m * a_sm + k * a_sk]. C is dense [batch, M, N].
// Global size (roundup(N), roundup(M), batch), local size (TILE, TILE, 1).

#ifndef TILE
#define TILE 16
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

__kernel void matmul(__global const float* A, __global const float* B, __global float* C, int M, int N, int K,
                     int a_sm, int a_sk, int b_sk, int b_sn, int batch_rank, int8 batch_dims, int8 a_bs, int8 b_bs) {
  UNPACK8(batch_dims, d);
  UNPACK8(a_bs, stride_a);
  UNPACK8(b_bs, stride_b);
  const int col = get_global_id(0), row = get_global_id(1), batch = get_global_id(2);
  const int lx = get_local_id(0), ly = get_local_id(1);
  size_t a_off = 0, b_off = 0;
  int index = batch;
  for (int k = batch_rank - 1; k >= 0; --k) {
    const int coordinate = index % d[k];
    index /= d[k];
    a_off += (size_t)coordinate * stride_a[k];
    b_off += (size_t)coordinate * stride_b[k];
  }
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE + 1];
  float acc = 0.0f;
  for (int t = 0; t < K; t += TILE) {
    const int ka = t + lx, kb = t + ly;
    As[ly][lx] = (row < M && ka < K) ? A[a_off + (size_t)row * a_sm + (size_t)ka * a_sk] : 0.0f;
    Bs[ly][lx] = (kb < K && col < N) ? B[b_off + (size_t)kb * b_sk + (size_t)col * b_sn] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) acc = fma(As[ly][k], Bs[k][lx], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) C[((size_t)batch * M + row) * N + col] = acc;
}
