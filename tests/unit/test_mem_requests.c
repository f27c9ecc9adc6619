/* Memory requests: the pool (ids, reuse, leak count) and the bounded FIFO. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/mem.h"

static void test_pool_ids_and_reuse(void **state) {
  (void)state;
  st_mreq_pool p;
  st_mreq_pool_init(&p);
  st_mreq *a = st_mreq_alloc(&p);
  st_mreq *b = st_mreq_alloc(&p);
  assert_non_null(a);
  assert_non_null(b);
  assert_true(b->id == a->id + 1); /* ids in creation order */
  assert_int_equal(p.live, 2);
  a->addr = 0x1234;
  a->bytes = 99;
  st_mreq_free(&p, a);
  assert_int_equal(p.live, 1);
  st_mreq *c = st_mreq_alloc(&p);
  assert_ptr_equal(c, a);        /* the freed request is reused... */
  assert_true(c->id == b->id + 1); /* ...with a fresh id */
  assert_int_equal(c->addr, 0);  /* and zeroed */
  assert_int_equal(c->bytes, 0);
  /* Many allocations cross chunk boundaries and stay distinct. */
  st_mreq *many[1000];
  for (int i = 0; i < 1000; i++) {
    many[i] = st_mreq_alloc(&p);
    assert_non_null(many[i]);
    assert_true(many[i]->id == c->id + 1 + (uint64_t)i);
  }
  assert_int_equal(p.live, 1002);
  for (int i = 0; i < 1000; i++) {
    st_mreq_free(&p, many[i]);
  }
  st_mreq_free(&p, b);
  st_mreq_free(&p, c);
  assert_int_equal(p.live, 0);
  st_mreq_pool_destroy(&p);
}

static void test_queue_fifo_and_capacity(void **state) {
  (void)state;
  st_mreq_pool p;
  st_mreq_pool_init(&p);
  st_mqueue q;
  st_mqueue_init(&q, 3);
  assert_true(st_mqueue_empty(&q));
  assert_null(st_mqueue_pop(&q));
  st_mreq *r[3];
  for (int i = 0; i < 3; i++) {
    assert_false(st_mqueue_full(&q));
    r[i] = st_mreq_alloc(&p);
    st_mqueue_push(&q, r[i]);
  }
  assert_true(st_mqueue_full(&q));
  assert_ptr_equal(st_mqueue_peek(&q), r[0]);
  for (int i = 0; i < 3; i++) {
    assert_ptr_equal(st_mqueue_pop(&q), r[i]);
    st_mreq_free(&p, r[i]);
  }
  assert_true(st_mqueue_empty(&q));
  assert_null(st_mqueue_peek(&q));

  st_mqueue u; /* capacity 0: unbounded */
  st_mqueue_init(&u, 0);
  for (int i = 0; i < 100; i++) {
    assert_false(st_mqueue_full(&u));
    st_mqueue_push(&u, st_mreq_alloc(&p));
  }
  assert_int_equal(u.len, 100);
  st_mreq *x;
  while ((x = st_mqueue_pop(&u)) != NULL) {
    st_mreq_free(&p, x);
  }
  assert_int_equal(p.live, 0);
  st_mreq_pool_destroy(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pool_ids_and_reuse),
      cmocka_unit_test(test_queue_fifo_and_capacity),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
