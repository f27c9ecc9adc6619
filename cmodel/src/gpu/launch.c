/* The launch queue: see launch.h. */
#include "gpu/launch.h"

#include <stdlib.h>
#include <string.h>

st_status st_launchq_init(st_launchq *q, st_kernel *launches, size_t n, uint32_t n_sms,
                          size_t max_resident, st_error *err) {
  memset(q, 0, sizeof *q);
  q->l = calloc(n ? n : 1, sizeof *q->l);
  q->resident = calloc(n ? n : 1, sizeof *q->resident);
  if (q->l == NULL || q->resident == NULL) {
    st_launchq_free(q);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  q->n = n;
  q->max_resident = max_resident ? max_resident : 1;
  for (size_t i = 0; i < n; i++) {
    st_lkernel *lk = &q->l[i];
    lk->k = &launches[i];
    lk->index = i;
    lk->rk.k = lk->k;
    lk->rk.resident = calloc(n_sms ? n_sms : 1, sizeof *lk->rk.resident);
    if (lk->rk.resident == NULL) {
      st_launchq_free(q);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
  }
  return ST_OK;
}

void st_launchq_free(st_launchq *q) {
  for (size_t i = 0; q->l != NULL && i < q->n; i++) {
    free(q->l[i].rk.resident);
  }
  free(q->l);
  free(q->resident);
  memset(q, 0, sizeof *q);
}

st_lkernel *st_launchq_startable(const st_launchq *q) {
  if (q->n_resident >= q->max_resident) {
    return NULL;
  }
  for (size_t i = 0; i < q->n; i++) {
    const st_lkernel *lk = &q->l[i];
    if (lk->state != LK_WAITING) {
      continue;
    }
    /* Its stream's earlier launches must be done. */
    bool ready = true;
    for (size_t j = 0; j < i && ready; j++) {
      ready = q->l[j].k->stream != lk->k->stream || q->l[j].state == LK_DONE;
    }
    if (ready) {
      return (st_lkernel *)lk;
    }
  }
  return NULL;
}

void st_launchq_start(st_launchq *q, st_lkernel *lk) {
  lk->state = LK_RESIDENT;
  q->resident[q->n_resident++] = lk;
  q->n_unissued += lk->next_cta < lk->k->num_ctas;
}

void st_launchq_finish(st_launchq *q, st_lkernel *lk) {
  q->n_unissued -= lk->next_cta < lk->k->num_ctas;
  lk->state = LK_DONE;
  q->n_done++;
  size_t o = 0;
  for (size_t i = 0; i < q->n_resident; i++) {
    if (q->resident[i] != lk) {
      q->resident[o++] = q->resident[i];
    }
  }
  q->n_resident = o;
}

void st_launchq_placed(st_launchq *q, st_lkernel *lk) {
  lk->next_cta++;
  if (lk->next_cta == lk->k->num_ctas) {
    q->n_unissued--;
  }
}
