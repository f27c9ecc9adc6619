/* st_icnt: the crossbar interconnect, one request network (clusters ->
 * sub-partitions) and one reply network (sub-partitions -> clusters), each
 * an xbar (xbar.c). */
#include <stdlib.h>

#include "common/fault.h"
#include "mem/xbar.h"

struct st_icnt {
  xbar req, reply;
  st_icnt_stats stats;
  bool fault_cold_reply; /* planted fault (SIMTREF_FAULT=par-cold-reply): replies pushed on
                            threads are counted but leave the reply network frozen */
};

st_status st_icnt_create(const st_config *cfg, uint32_t n_clusters, uint32_t n_subparts,
                         st_icnt **out, st_error *err) {
  *out = NULL;
  if (n_clusters == 0 || n_subparts == 0) {
    return st_error_set(err, ST_ERR_CONFIG, "icnt: %u clusters and %u sub-partitions",
                        n_clusters, n_subparts);
  }
  st_icnt *n = calloc(1, sizeof *n);
  if (n == NULL || !xbar_init(&n->req, false, n_clusters, n_subparts, cfg) ||
      !xbar_init(&n->reply, true, n_subparts, n_clusters, cfg)) {
    st_icnt_destroy(n);
    return st_error_set(err, ST_ERR_NOMEM, "icnt: out of memory");
  }
  n->fault_cold_reply = st_fault_planted("par-cold-reply");
  *out = n;
  return ST_OK;
}

void st_icnt_destroy(st_icnt *n) {
  if (n == NULL) {
    return;
  }
  xbar_free(&n->req);
  xbar_free(&n->reply);
  free(n);
}

bool st_icnt_can_push_request(const st_icnt *n, uint32_t cluster, const st_mreq *r) {
  return xbar_can_push(&n->req, cluster, r);
}

void st_icnt_push_request(st_icnt *n, uint32_t cluster, st_mreq *r) {
  xbar_push(&n->req, cluster, r);
}

st_mreq *st_icnt_pop_request(st_icnt *n, uint32_t subpart) { return xbar_pop(&n->req, subpart); }

uint64_t st_icnt_request_stamp(const st_icnt *n, uint32_t cluster) {
  return xbar_in_stamp(&n->req, cluster);
}

bool st_icnt_can_push_reply(const st_icnt *n, uint32_t subpart, const st_mreq *r) {
  return xbar_can_push(&n->reply, subpart, r);
}

void st_icnt_push_reply(st_icnt *n, uint32_t subpart, st_mreq *r) {
  xbar_push(&n->reply, subpart, r);
}

void st_icnt_push_reply_input(st_icnt *n, uint32_t subpart, st_mreq *r) {
  xbar_push_input(&n->reply, subpart, r);
}

void st_icnt_replies_pushed(st_icnt *n, uint64_t k) {
  if (n->fault_cold_reply) {
    n->reply.packets += k;
    return;
  }
  xbar_pushed(&n->reply, k);
}

st_mreq *st_icnt_pop_reply(st_icnt *n, uint32_t cluster) { return xbar_pop(&n->reply, cluster); }

bool st_icnt_requests_due(st_icnt *n) { return xbar_due(&n->req); }

uint64_t st_icnt_take_request_drains(st_icnt *n, uint32_t word) {
  return word < n->req.in_words ? xbar_take_drained(&n->req, word) : 0;
}

bool st_icnt_replies_due(st_icnt *n) { return xbar_due(&n->reply); }

void st_icnt_cycle(st_icnt *n) {
  if (n->req.packets != 0) {
    xbar_cycle(&n->req);
  } else {
    n->req.now++;
  }
  if (n->reply.packets != 0) {
    xbar_cycle(&n->reply);
  } else {
    n->reply.now++;
  }
  n->stats.cycles++;
  n->stats.req_flits = n->req.flits_moved;
  n->stats.reply_flits = n->reply.flits_moved;
  n->stats.req_stall_cycles = n->req.stall_cycles;
  n->stats.reply_stall_cycles = n->reply.stall_cycles;
}

const char *st_icnt_check_failure(const st_icnt *n) {
  return n->req.check_msg[0] != '\0'     ? n->req.check_msg
         : n->reply.check_msg[0] != '\0' ? n->reply.check_msg
                                         : NULL;
}

bool st_icnt_quiet(const st_icnt *n) { return n->req.packets == 0 && n->reply.packets == 0; }

const st_icnt_stats *st_icnt_get_stats(const st_icnt *n) { return &n->stats; }
