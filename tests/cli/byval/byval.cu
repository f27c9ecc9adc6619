// A kernel taking a 56-byte struct by value (the shape of lavaMD's dim_str:
// ints, a 64-bit integer, a float, a double, a byte array), for the workload
// file's by-value parameters (tests/cli/byval_params.sh).
struct dim56 {
  int n;
  int pad;
  long long base;
  float scale;
  double offset;
  unsigned char tag[20];
};

// raw gets the parameter's 56 bytes as the kernel sees them; val[0] a value
// computed from its fields.
extern "C" __global__ void echo_dim(dim56 d, unsigned char *raw, double *val) {
  unsigned t = threadIdx.x;
  if (t < sizeof(dim56)) {
    raw[t] = reinterpret_cast<const unsigned char *>(&d)[t];
  }
  if (t == 0) {
    val[0] = (double)d.n * d.scale + d.offset + (double)d.base + d.tag[19];
  }
}
