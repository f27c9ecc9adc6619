/* The crossbar: latency of one packet, bandwidth of a stream, round-robin
 * fairness, input speedup, back-pressure from a blocked output.
 * GTX480 values: 32-byte flits, 1 VC of 8 flits, input speedup 2,
 * latency 4. A packet whose last flit crosses in cycle c may be popped once
 * c + 1 + latency cycles have completed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/mem.h"

static st_mreq_pool pool;
static st_config cfg;

static int setup(void **state) {
  (void)state;
  st_mreq_pool_init(&pool);
  st_config_defaults(&cfg);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  int leaked = pool.live != 0;
  st_mreq_pool_destroy(&pool);
  return leaked ? -1 : 0;
}

static st_icnt *make(uint32_t clusters, uint32_t subparts) {
  st_icnt *n = NULL;
  st_error err;
  st_error_clear(&err);
  assert_int_equal(st_icnt_create(&cfg, clusters, subparts, &n, &err), ST_OK);
  return n;
}

static st_mreq *pkt(uint8_t op, uint32_t bytes, uint16_t cluster, uint32_t subpart) {
  st_mreq *r = st_mreq_alloc(&pool);
  r->op = op;
  r->bytes = bytes;
  r->cluster = cluster;
  r->subpart = subpart;
  return r;
}

/* Cycles until a request arrives at subpart (pushed before cycle 1). */
static int request_latency(st_icnt *n, st_mreq *r) {
  st_icnt_push_request(n, r->cluster, r);
  for (int k = 1; k <= 100; k++) {
    st_icnt_cycle(n);
    st_mreq *got = st_icnt_pop_request(n, r->subpart);
    if (got != NULL) {
      assert_ptr_equal(got, r);
      st_mreq_free(&pool, got);
      return k;
    }
  }
  fail_msg("packet lost");
  return -1;
}

static int reply_latency(st_icnt *n, st_mreq *r) {
  st_icnt_push_reply(n, r->subpart, r);
  for (int k = 1; k <= 100; k++) {
    st_icnt_cycle(n);
    st_mreq *got = st_icnt_pop_reply(n, r->cluster);
    if (got != NULL) {
      st_mreq_free(&pool, got);
      return k;
    }
  }
  fail_msg("reply lost");
  return -1;
}

static void test_single_packet_latency(void **state) {
  (void)state;
  assert_int_equal(cfg.icnt.latency, 4);
  assert_int_equal(cfg.icnt.flit_size, 32);
  st_icnt *n = make(2, 2);
  assert_true(st_icnt_quiet(n));
  /* A read request is 1 flit: it crosses in cycle 0, arrives 1 + 4 = 5. */
  assert_int_equal(request_latency(n, pkt(MREQ_READ, 128, 0, 1)), 1 + 4);
  /* A 128-byte write is 128 / 32 = 4 flits: last flit in cycle 3, 4 + 4 = 8. */
  assert_int_equal(request_latency(n, pkt(MREQ_WRITE, 128, 1, 0)), 4 + 4);
  /* A 72-byte write: ceil(72 / 32) = 3 flits, 3 + 4 = 7. */
  assert_int_equal(request_latency(n, pkt(MREQ_WRITE, 72, 1, 0)), 3 + 4);
  /* Replies: a 128-byte read reply carries data (4 flits), a write
   * acknowledgement is 1 flit. */
  assert_int_equal(reply_latency(n, pkt(MREQ_READ, 128, 1, 0)), 4 + 4);
  assert_int_equal(reply_latency(n, pkt(MREQ_WRITE, 128, 0, 1)), 1 + 4);
  assert_true(st_icnt_quiet(n));
  const st_icnt_stats *s = st_icnt_get_stats(n);
  assert_int_equal(s->req_flits, 1 + 4 + 3);
  assert_int_equal(s->reply_flits, 4 + 1);
  st_icnt_destroy(n);
}

/* One input streams to one output for N cycles, pushing whenever it may and
 * popping everything that arrived after every cycle. */
/* Steps until the network is empty, freeing whatever arrives. */
static void drain(st_icnt *n, uint32_t outs) {
  for (int k = 0; k < 1000 && !st_icnt_quiet(n); k++) {
    st_icnt_cycle(n);
    for (uint32_t o = 0; o < outs; o++) {
      st_mreq *r;
      while ((r = st_icnt_pop_request(n, o)) != NULL) {
        st_mreq_free(&pool, r);
      }
    }
  }
  assert_true(st_icnt_quiet(n));
}

static int stream(st_icnt *n, uint8_t op, uint32_t bytes, int cycles) {
  int popped = 0;
  for (int k = 0; k < cycles; k++) {
    if (st_icnt_can_push_request(n, 0, &(st_mreq){.op = op, .bytes = bytes, .subpart = 0})) {
      st_icnt_push_request(n, 0, pkt(op, bytes, 0, 0));
    }
    st_icnt_cycle(n);
    st_mreq *r;
    while ((r = st_icnt_pop_request(n, 0)) != NULL) {
      st_mreq_free(&pool, r);
      popped++;
    }
  }
  return popped;
}

static void test_stream_bandwidth(void **state) {
  (void)state;
  const int N = 1000, L = 4;
  st_icnt *n = make(1, 1);
  /* 1-flit packets: packet i is pushed before cycle i and crosses in it, so
   * it may be popped after cycle i + L; the ones with i + L <= N - 1 are
   * popped within N cycles: N - L of them. One flit per cycle. */
  assert_int_equal(stream(n, MREQ_READ, 128, N), N - L);
  assert_int_equal(st_icnt_get_stats(n)->req_flits, N);
  drain(n, 1);
  st_icnt_destroy(n);

  n = make(1, 1);
  /* 4-flit packets back to back: packet j crosses in cycles 4j .. 4j + 3 and
   * is popped after cycle 4j + 3 + L; 4j + 3 + L <= N - 1 gives
   * j <= (N - 4 - L) / 4 = 248: 249 packets; still one flit per cycle. */
  assert_int_equal(stream(n, MREQ_WRITE, 128, N), (N - 4 - L) / 4 + 1);
  assert_int_equal(st_icnt_get_stats(n)->req_flits, N);
  drain(n, 1);
  st_icnt_destroy(n);
}

static void test_round_robin_fairness(void **state) {
  (void)state;
  const int N = 1000, L = 4;
  st_icnt *n = make(2, 1);
  int from[2] = {0, 0}, last = -1, alternations = 0, total = 0;
  for (int k = 0; k < N; k++) {
    for (uint16_t in = 0; in < 2; in++) {
      st_mreq probe = {.op = MREQ_READ, .subpart = 0};
      if (st_icnt_can_push_request(n, in, &probe)) {
        st_icnt_push_request(n, in, pkt(MREQ_READ, 32, in, 0));
      }
    }
    st_icnt_cycle(n);
    st_mreq *r;
    while ((r = st_icnt_pop_request(n, 0)) != NULL) {
      from[r->cluster]++;
      alternations += last >= 0 && r->cluster != last;
      last = r->cluster;
      total++;
      st_mreq_free(&pool, r);
    }
  }
  /* The output moves one flit per cycle (N - L popped as for one input), and
   * round robin alternates the two inputs: N - L = 996, 498 each. */
  assert_int_equal(total, N - L);
  assert_int_equal(from[0], (N - L) / 2);
  assert_int_equal(from[1], (N - L) / 2);
  assert_int_equal(alternations, total - 1);
  drain(n, 1);
  st_icnt_destroy(n);
}

/* Input speedup: with 2 VCs an input sends two packets to two outputs in the
 * same cycles; with speedup 1 the second waits for the first. */
static void test_input_speedup(void **state) {
  (void)state;
  for (int speedup = 1; speedup <= 2; speedup++) {
    cfg.icnt.vcs = 2;
    cfg.icnt.input_speedup = speedup;
    st_icnt *n = make(1, 2);
    st_icnt_push_request(n, 0, pkt(MREQ_WRITE, 128, 0, 0)); /* VC 0 % 2 */
    st_icnt_push_request(n, 0, pkt(MREQ_WRITE, 128, 0, 1)); /* VC 1 % 2 */
    int at[2] = {0, 0};
    for (int k = 1; k <= 40; k++) {
      st_icnt_cycle(n);
      for (uint32_t o = 0; o < 2; o++) {
        st_mreq *r = st_icnt_pop_request(n, o);
        if (r != NULL) {
          at[o] = k;
          st_mreq_free(&pool, r);
        }
      }
    }
    /* 4 flits + latency 4 = 8; serialized, the second starts at cycle 4: 12. */
    assert_int_equal(at[0], 8);
    assert_int_equal(at[1], speedup == 2 ? 8 : 12);
    st_icnt_destroy(n);
  }
}

static void test_back_pressure(void **state) {
  (void)state;
  st_icnt *n = make(1, 1);
  int pushed = 0;
  st_mreq probe = {.op = MREQ_READ, .subpart = 0};
  for (int k = 0; k < 100; k++) {
    while (st_icnt_can_push_request(n, 0, &probe)) {
      st_icnt_push_request(n, 0, pkt(MREQ_READ, 32, 0, 0));
      pushed++;
    }
    st_icnt_cycle(n);
  }
  /* Nobody pops: the ejection buffer takes vc_buffer * vcs + latency =
   * 8 + 4 = 12 flits, the input buffer 8 more, then the input refuses. */
  assert_int_equal(pushed, 12 + 8);
  assert_false(st_icnt_can_push_request(n, 0, &probe));
  assert_true(st_icnt_get_stats(n)->req_stall_cycles > 0);
  assert_false(st_icnt_quiet(n));
  /* One pop frees one flit of ejection room; one cycle later the input
   * buffer has moved a flit and accepts again. */
  st_mreq *first = st_icnt_pop_request(n, 0);
  assert_non_null(first);
  st_mreq_free(&pool, first);
  assert_false(st_icnt_can_push_request(n, 0, &probe));
  st_icnt_cycle(n);
  assert_true(st_icnt_can_push_request(n, 0, &probe));
  /* Drain: everything arrives, in order. */
  uint64_t last_id = 0;
  int got = 1;
  for (int k = 0; k < 100; k++) {
    st_icnt_cycle(n);
    st_mreq *r;
    while ((r = st_icnt_pop_request(n, 0)) != NULL) {
      assert_true(r->id > last_id);
      last_id = r->id;
      st_mreq_free(&pool, r);
      got++;
    }
  }
  assert_int_equal(got, pushed);
  assert_true(st_icnt_quiet(n));
  st_icnt_destroy(n);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_single_packet_latency, setup, teardown),
      cmocka_unit_test_setup_teardown(test_stream_bandwidth, setup, teardown),
      cmocka_unit_test_setup_teardown(test_round_robin_fairness, setup, teardown),
      cmocka_unit_test_setup_teardown(test_input_speedup, setup, teardown),
      cmocka_unit_test_setup_teardown(test_back_pressure, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
