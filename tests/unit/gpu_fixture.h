/* A GPU of the tiny config in functional mode, for the cmocka tests that load
 * and run PTX through the host API (test_exec.c, test_ptx_regalloc.c): setup
 * and teardown of a test, the fixture handed to it as *state, and loading a
 * kernel's text as a module. */
#ifndef SIMTREF_TESTS_GPU_FIXTURE_H
#define SIMTREF_TESTS_GPU_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "simtref/config.h"
#include "simtref/simtref.h"

typedef struct fixture {
  st_config cfg;
  st_gpu *gpu;
  st_error err;
} fixture;

static int setup(void **state) {
  static fixture f;
  memset(&f, 0, sizeof f);
  char err[1024];
  char path[1024];
  if (!st_config_find("tiny", path, sizeof path) ||
      st_config_load(&f.cfg, path, NULL, 0, err, sizeof err) != ST_OK) {
    return -1;
  }
  f.cfg.sim.mode = ST_MODE_FUNCTIONAL;
  st_error_clear(&f.err);
  if (st_gpu_create(&f.cfg, &f.gpu, &f.err) != ST_OK) {
    return -1;
  }
  *state = &f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  st_gpu_destroy(f->gpu);
  return 0;
}

/* The module header the tests' PTX bodies are put under. */
static const char *const header = ".version 9.0\n.target sm_75\n.address_size 64\n";

/* Loads header + body as a module; fails the test with the parser's message. */
static st_kmodule *load(fixture *f, const char *body) {
  char text[16384];
  snprintf(text, sizeof text, "%s%s", header, body);
  st_kmodule *m = NULL;
  st_error_clear(&f->err);
  if (st_module_load_text(f->gpu, text, strlen(text), "test.ptx", &m, &f->err) != ST_OK) {
    fail_msg("load failed: %s", f->err.msg);
  }
  return m;
}

#endif
