// Replays a run recorded by `simtref run --export-cuda DIR` on an NVIDIA GPU
// (or under GPGPU-Sim): the same allocations, copies and launches in the same
// order, with the kernels compiled from the workload's own CUDA source, and
// every device-to-host copy compared byte for byte with what simtref
// produced. simtref writes this file into DIR as main.cu, beside kernels.h
// (the kernels and symbols the run used), replay.txt (the calls), data/ (the
// bytes copied in) and expect/ (the bytes simtref copied out).
//
//   make && ./replay          (exit 0: every copy matched; 1: some differed;
//                              2: a CUDA error or a bad replay.txt)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <cuda_runtime.h>

struct ReplayKernel {
  const char *name;
  const void *fn;
};
struct ReplaySymbol {
  const char *name;
  const void *sym;
};

#include "kernels.h"

static int line_no = 0;

static void die(const char *what, cudaError_t e) {
  std::fprintf(stderr, "replay.txt:%d: %s: %s\n", line_no, what, cudaGetErrorString(e));
  std::exit(2);
}

static void bad(const char *what) {
  std::fprintf(stderr, "replay.txt:%d: %s\n", line_no, what);
  std::exit(2);
}

#define CK(call, what)          \
  do {                          \
    cudaError_t e_ = (call);    \
    if (e_ != cudaSuccess) {    \
      die(what, e_);            \
    }                           \
  } while (0)

static std::vector<unsigned char> read_file(const char *path, size_t bytes) {
  std::vector<unsigned char> v(bytes ? bytes : 1);
  FILE *f = std::fopen(path, "rb");
  if (f == nullptr || std::fread(v.data(), 1, bytes, f) != bytes) {
    bad("cannot read a data file");
  }
  std::fclose(f);
  return v;
}

static const void *kernel(const char *name) {
  for (const ReplayKernel &k : replay_kernels) {
    if (std::strcmp(k.name, name) == 0) {
      return k.fn;
    }
  }
  bad("unknown kernel");
  return nullptr;
}

static const void *symbol(const char *name) {
  for (const ReplaySymbol &s : replay_symbols) {
    if (s.name != nullptr && std::strcmp(s.name, name) == 0) {
      return s.sym;
    }
  }
  bad("unknown symbol");
  return nullptr;
}

static int hexval(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "replay.txt";
  FILE *in = std::fopen(path, "r");
  if (in == nullptr) {
    std::fprintf(stderr, "cannot open %s\n", path);
    return 2;
  }
  std::map<unsigned, unsigned char *> buf;
  std::map<unsigned, cudaStream_t> streams;
  streams[0] = 0;
  unsigned copies = 0, differ = 0, launches = 0;
  char line[1 << 16];
  while (std::fgets(line, sizeof line, in) != nullptr) {
    line_no++;
    char op[16] = "";
    int used = 0;
    if (std::sscanf(line, "%15s%n", op, &used) != 1 || op[0] == '#') {
      continue;
    }
    const char *rest = line + used;
    unsigned id = 0, value = 0;
    unsigned long long off = 0, bytes = 0;
    char name[512] = "", file[512] = "";
    if (std::strcmp(op, "malloc") == 0) {
      if (std::sscanf(rest, "%u %llu", &id, &bytes) != 2) bad("malloc ID BYTES");
      CK(cudaMalloc((void **)&buf[id], bytes ? bytes : 1), "cudaMalloc");
    } else if (std::strcmp(op, "free") == 0) {
      if (std::sscanf(rest, "%u", &id) != 1) bad("free ID");
      CK(cudaFree(buf[id]), "cudaFree");
      buf.erase(id);
    } else if (std::strcmp(op, "htod") == 0) {
      if (std::sscanf(rest, "%u %llu %llu %511s", &id, &off, &bytes, file) != 4) bad("htod");
      std::vector<unsigned char> d = read_file(file, bytes);
      CK(cudaMemcpy(buf[id] + off, d.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    } else if (std::strcmp(op, "htodsym") == 0) {
      if (std::sscanf(rest, "%511s %llu %llu %511s", name, &off, &bytes, file) != 4) bad("htodsym");
      std::vector<unsigned char> d = read_file(file, bytes);
      CK(cudaMemcpyToSymbol(symbol(name), d.data(), bytes, off), "cudaMemcpyToSymbol");
    } else if (std::strcmp(op, "memset") == 0) {
      if (std::sscanf(rest, "%u %llu %u %llu", &id, &off, &value, &bytes) != 4) bad("memset");
      CK(cudaMemset(buf[id] + off, (int)value, bytes), "cudaMemset");
    } else if (std::strcmp(op, "dtoh") == 0 || std::strcmp(op, "dtohsym") == 0) {
      bool sym = op[4] == 's';
      int n = sym ? std::sscanf(rest, "%511s %llu %llu %511s", name, &off, &bytes, file)
                  : std::sscanf(rest, "%u %llu %llu %511s", &id, &off, &bytes, file);
      if (n != 4) bad("dtoh");
      std::vector<unsigned char> got(bytes ? bytes : 1);
      if (sym) {
        CK(cudaMemcpyFromSymbol(got.data(), symbol(name), bytes, off), "cudaMemcpyFromSymbol");
      } else {
        CK(cudaMemcpy(got.data(), buf[id] + off, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
      }
      std::vector<unsigned char> want = read_file(file, bytes);
      unsigned long long first = bytes, count = 0;
      for (unsigned long long i = 0; i < bytes; i++) {
        if (got[i] != want[i]) {
          first = first < bytes ? first : i;
          count++;
        }
      }
      if (count == 0) {
        std::printf("copy %u: %llu bytes match\n", copies, bytes);
      } else {
        std::printf("copy %u: %llu bytes, %llu differ, the first at byte %llu\n", copies, bytes,
                    count, first);
        differ++;
      }
      copies++;
    } else if (std::strcmp(op, "stream") == 0) {
      if (std::sscanf(rest, "%u", &id) != 1) bad("stream ID");
      CK(cudaStreamCreate(&streams[id]), "cudaStreamCreate");
    } else if (std::strcmp(op, "sync") == 0) {
      CK(cudaDeviceSynchronize(), "kernel");
    } else if (std::strcmp(op, "launch") == 0) {
      unsigned g[3], b[3], shared = 0, stream = 0, nargs = 0;
      int n = 0;
      if (std::sscanf(rest, "%511s %u %u %u %u %u %u %u %u %u%n", name, &g[0], &g[1], &g[2], &b[0],
                      &b[1], &b[2], &shared, &stream, &nargs, &n) != 10) {
        bad("launch NAME GX GY GZ BX BY BZ SHARED STREAM NARGS ARGS...");
      }
      rest += n;
      // Each argument: p:ID:OFFSET (an allocation's address plus an offset)
      // or b:HEX (raw little-endian bytes).
      std::vector<std::vector<unsigned char>> vals(nargs);
      std::vector<void *> ptrs(nargs);
      for (unsigned a = 0; a < nargs; a++) {
        char tok[1 << 14];
        int m = 0;
        if (std::sscanf(rest, "%16383s%n", tok, &m) != 1) bad("missing argument");
        rest += m;
        if (tok[0] == 'p') {
          unsigned pid = 0;
          unsigned long long poff = 0;
          if (std::sscanf(tok, "p:%u:%llu", &pid, &poff) != 2) bad("bad pointer argument");
          unsigned char *p = buf[pid] + poff;
          vals[a].resize(sizeof p);
          std::memcpy(vals[a].data(), &p, sizeof p);
        } else if (tok[0] == 'b' && tok[1] == ':') {
          for (const char *h = tok + 2; h[0] && h[1]; h += 2) {
            int hi = hexval(h[0]), lo = hexval(h[1]);
            if (hi < 0 || lo < 0) bad("bad byte argument");
            vals[a].push_back((unsigned char)(hi << 4 | lo));
          }
        } else {
          bad("an argument is p:ID:OFFSET or b:HEX");
        }
        ptrs[a] = vals[a].data();
      }
      const void *fn = kernel(name);
      if (shared > 48 * 1024) {
        CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared),
           "cudaFuncSetAttribute");
      }
      CK(cudaLaunchKernel(fn, dim3(g[0], g[1], g[2]), dim3(b[0], b[1], b[2]), ptrs.data(), shared,
                          streams[stream]),
         name);
      CK(cudaGetLastError(), name);
      launches++;
    } else {
      bad("unknown operation");
    }
  }
  std::fclose(in);
  CK(cudaDeviceSynchronize(), "kernel");
  std::printf("replay: %u launches, %u device-to-host copies, %u differ from simtref\n", launches,
              copies, differ);
  return differ == 0 ? 0 : 1;
}
