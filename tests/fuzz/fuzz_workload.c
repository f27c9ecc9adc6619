/* libFuzzer target for the workload-file loader (st_workload_load: parse and
 * check only; nothing runs). The scratch directory beside the input holds
 * the files a seed may name: k.ptx (any text: the loader only checks that it
 * exists), a.bin (64 bytes), b.bin (16 bytes) and p.bin (8 bytes). Any bytes
 * either load into a workload whose every index and size is in range, or
 * fail with ST_ERR_WORKLOAD and "FILE:LINE:COL: error: ..." for this file. */
#include "fuzz_common.h"
#include "simtref/workload.h"

#define TARGET "fuzz_workload"

static void setup(void) {
  static bool done;
  if (done) {
    return;
  }
  done = true;
  static const uint8_t zeros[64];
  char path[512];
  fuzz_write("k.ptx", "// any text\n", 12, path, sizeof path);
  fuzz_write("a.bin", zeros, 64, path, sizeof path);
  fuzz_write("b.bin", zeros, 16, path, sizeof path);
  fuzz_write("p.bin", zeros, 8, path, sizeof path);
}

static void check_workload(const st_workload *wl) {
  fuzz_require(wl->n_launches > 0, TARGET, "at least one launch");
  for (size_t i = 0; i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    fuzz_require(b->name[0] != '\0' && strlen(b->name) < sizeof b->name, TARGET, "buffer name");
    fuzz_require(b->bytes <= (UINT64_C(1) << 36), TARGET, "buffer size");
    fuzz_require(b->line > 0 && b->col > 0, TARGET, "buffer position");
    for (size_t j = 0; j < i; j++) {
      fuzz_require(strcmp(wl->buffers[j].name, b->name) != 0, TARGET, "unique buffer names");
    }
  }
  for (size_t i = 0; i < wl->n_launches; i++) {
    const st_wl_launch *l = &wl->launches[i];
    fuzz_require(l->entry[0] != '\0', TARGET, "an entry");
    fuzz_require(l->stream <= 1023, TARGET, "stream number");
    fuzz_require(l->n_params == 0 || l->params != NULL, TARGET, "parameters");
    for (size_t j = 0; j < l->n_params; j++) {
      const st_wl_param *pa = &l->params[j];
      if (pa->is_buffer) {
        fuzz_require(pa->buffer < wl->n_buffers, TARGET, "buffer index");
        fuzz_require(pa->arg.size == 8 && pa->bytes == NULL, TARGET, "buffer parameter");
      } else if (pa->bytes != NULL) {
        fuzz_require(pa->arg.data == pa->bytes && pa->arg.size >= 1 && pa->arg.size <= 32764,
                     TARGET, "by-value parameter");
        volatile uint8_t sum = 0;
        for (uint32_t k = 0; k < pa->arg.size; k++) {
          sum ^= pa->bytes[k]; /* every byte is there (ASan) */
        }
        (void)sum;
      } else {
        uint32_t s = pa->arg.size;
        fuzz_require(s == 1 || s == 2 || s == 4 || s == 8, TARGET, "scalar size");
        fuzz_require(s == 8 || pa->arg.bits >> (8 * s) == 0, TARGET, "scalar fits its size");
        fuzz_require(pa->offset == 0 && pa->align == 0, TARGET, "no offset or align on scalars");
      }
      fuzz_require(pa->align == 0 || (pa->align & (pa->align - 1)) == 0, TARGET, "alignment");
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  setup();
  char path[512];
  fuzz_write("w.yaml", data, size, path, sizeof path);
  st_workload *wl = NULL;
  static st_error err;
  st_error_clear(&err);
  st_status s = st_workload_load(path, NULL, &wl, &err);
  if (s == ST_OK) {
    fuzz_require(wl != NULL, TARGET, "a workload on success");
    check_workload(wl);
    fuzz_outcome("loaded");
    st_workload_free(wl);
    return 0;
  }
  fuzz_require(wl == NULL, TARGET, "no workload on failure");
  fuzz_outcome(err.msg);
  fuzz_require(s == ST_ERR_WORKLOAD || s == ST_ERR_NOMEM, TARGET, "status ST_ERR_WORKLOAD");
  if (s == ST_ERR_WORKLOAD) {
    if (!fuzz_positioned(err.msg, path)) {
      fprintf(stderr, "%s: %s\n", TARGET, err.msg);
    }
    fuzz_require(fuzz_positioned(err.msg, path), TARGET, "FILE:LINE:COL: error: message");
  }
  return 0;
}
