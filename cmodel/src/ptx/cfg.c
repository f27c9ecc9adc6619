/* Control flow of one function: basic blocks, immediate post-dominators
 * (Cooper, Harvey and Kennedy's iterative algorithm run on the reverse CFG,
 * with a virtual exit node that every ret, exit, trap and the end of the
 * function lead to), and the reconvergence PC of every branch.
 *
 * A brx.idx goes to every entry of its .branchtargets table. So that the
 * graph stays linear in the input however many brx.idx share a table, each
 * table is one more virtual node: brx block -> table node -> target blocks.
 * Contracting those nodes gives the same post-dominance among real blocks, so
 * a brx's reconvergence block is the first real block on its post-dominator
 * chain. */
#include <stdlib.h>
#include <string.h>

#include "ptx/parse.h"

#define UNDEF UINT32_MAX

typedef struct cfg {
  uint32_t n_blocks;     /* real blocks: nodes 0 .. n_blocks-1 */
  uint32_t exit;         /* the virtual exit node, n_blocks */
  uint32_t n_nodes;      /* blocks, exit, then one node per brx table */
  uint32_t *start;       /* first instruction (function-relative) of each block */
  uint32_t *succ_first;  /* CSR successor lists over all nodes (no repeats) */
  uint32_t *succs;
  uint32_t *pred_first;  /* CSR predecessor lists over all nodes */
  uint32_t *preds;
  uint32_t *postorder;   /* post-order number in a DFS of the reverse CFG from exit */
  uint32_t *ipdom;
} cfg;

static bool is_exit_op(uint16_t op) { return op == OP_RET || op == OP_EXIT || op == OP_TRAP; }

static void free_cfg(cfg *g) {
  free(g->start);
  free(g->succ_first);
  free(g->succs);
  free(g->pred_first);
  free(g->preds);
  free(g->postorder);
  free(g->ipdom);
}

/* The brx tables of a function: distinct opnd[1].vec_base values, sorted. */
typedef struct tables {
  uint32_t *base;
  uint32_t *count;
  uint32_t n;
} tables;

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static bool collect_tables(tables *t, const st_inst *insts, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    k += insts[i].op == OP_BRX;
  }
  t->base = malloc((k + 1) * sizeof *t->base);
  t->count = malloc((k + 1) * sizeof *t->count);
  if (t->base == NULL || t->count == NULL) {
    return false;
  }
  k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (insts[i].op == OP_BRX) {
      t->base[k++] = insts[i].opnd[1].vec_base;
    }
  }
  qsort(t->base, k, sizeof *t->base, cmp_u32);
  t->n = 0;
  for (uint32_t i = 0; i < k; i++) {
    if (t->n == 0 || t->base[t->n - 1] != t->base[i]) {
      t->base[t->n++] = t->base[i];
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    if (insts[i].op == OP_BRX) {
      const uint32_t *at = bsearch(&insts[i].opnd[1].vec_base, t->base, t->n, sizeof *t->base,
                                   cmp_u32);
      t->count[at - t->base] = (uint32_t)insts[i].opnd[1].imm;
    }
  }
  return true;
}

static uint32_t table_index(const tables *t, uint32_t vec_base) {
  const uint32_t *at = bsearch(&vec_base, t->base, t->n, sizeof *t->base, cmp_u32);
  return (uint32_t)(at - t->base);
}

/* Appends node v to the successors of node u unless already there
 * (seen[v] == u + 1 marks it). */
static void add_succ(cfg *g, uint32_t *seen, uint32_t u, uint32_t v, uint32_t *fill) {
  if (seen[v] != u + 1) {
    seen[v] = u + 1;
    g->succs[(*fill)++] = v;
  }
}

/* The block of function-relative PC target (the exit if out of range). */
static uint32_t block_at(const cfg *g, const uint32_t *block_of, uint64_t target, uint32_t n) {
  return target < n ? block_of[target] : g->exit;
}

/* Successors of every node: a bra's target, a brx's table node, an exit op's
 * exit, plus the fall-through when guarded; the next block otherwise; a
 * table node's entries. */
static void link_nodes(cfg *g, const st_module *m, const st_inst *insts, uint32_t n,
                       uint32_t base, const tables *t, const uint32_t *block_of,
                       uint32_t *seen) {
  uint32_t nb = g->n_blocks, fill = 0;
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t end = b + 1 < nb ? g->start[b + 1] : n;
    const st_inst *last = &insts[end - 1];
    uint32_t fall = b + 1 < nb ? b + 1 : g->exit; /* falling off the end goes to exit */
    bool guarded = last->guard != ST_NO_REG;
    g->succ_first[b] = fill;
    if (last->op == OP_BRA || last->op == OP_BRX || is_exit_op(last->op)) {
      uint32_t v = g->exit;
      if (last->op == OP_BRA) {
        v = block_at(g, block_of, (uint64_t)last->opnd[0].imm - base, n);
      } else if (last->op == OP_BRX) {
        v = g->exit + 1 + table_index(t, last->opnd[1].vec_base);
      }
      add_succ(g, seen, b, v, &fill);
      if (guarded) {
        add_succ(g, seen, b, fall, &fill);
      }
    } else {
      add_succ(g, seen, b, fall, &fill);
    }
  }
  g->succ_first[g->exit] = fill;
  for (uint32_t k = 0; k < t->n; k++) {
    uint32_t u = g->exit + 1 + k;
    g->succ_first[u] = fill;
    for (uint32_t e = 0; e < t->count[k]; e++) {
      uint64_t target = (uint64_t)m->vec_elems[t->base[k] + e].imm - base;
      add_succ(g, seen, u, block_at(g, block_of, target, n), &fill);
    }
  }
  g->succ_first[g->n_nodes] = fill;
}

/* Splits the n instructions at insts into blocks (leaders: the first
 * instruction, branch targets, the instruction after a branch or an exit
 * op) and links every node to its successors. */
static bool build_graph(cfg *g, const st_module *m, const st_inst *insts, uint32_t n,
                        uint32_t base) {
  tables t;
  memset(&t, 0, sizeof t);
  uint8_t *leader = calloc(n + 1, 1);
  uint32_t *block_of = malloc((n + 1) * sizeof *block_of);
  bool ok = leader != NULL && block_of != NULL && collect_tables(&t, insts, n);
  uint64_t table_edges = 0;
  if (ok) {
    leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
      const st_inst *in = &insts[i];
      if (in->op == OP_BRA) {
        uint64_t target = (uint64_t)in->opnd[0].imm - base;
        leader[target < n ? target : n] = 1;
      }
      if (in->op == OP_BRA || in->op == OP_BRX || is_exit_op(in->op)) {
        leader[i + 1] = 1;
      }
    }
    for (uint32_t k = 0; k < t.n; k++) {
      table_edges += t.count[k];
      for (uint32_t e = 0; e < t.count[k]; e++) {
        uint64_t target = (uint64_t)m->vec_elems[t.base[k] + e].imm - base;
        leader[target < n ? target : n] = 1;
      }
    }
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++) {
      nb += leader[i];
    }
    g->n_blocks = nb;
    g->exit = nb;
    g->n_nodes = nb + 1 + t.n;
    g->start = malloc(nb * sizeof *g->start);
    g->succ_first = malloc((g->n_nodes + 1) * sizeof *g->succ_first);
    g->succs = malloc((size_t)(2 * (uint64_t)nb + table_edges + 1) * sizeof *g->succs);
    ok = g->start != NULL && g->succ_first != NULL && g->succs != NULL;
  }
  uint32_t *seen = ok ? calloc(g->n_nodes, sizeof *seen) : NULL;
  if (seen != NULL) {
    uint32_t b = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (leader[i]) {
        g->start[b++] = i;
      }
      block_of[i] = b - 1;
    }
    link_nodes(g, m, insts, n, base, &t, block_of, seen);
  }
  free(leader);
  free(block_of);
  free(seen);
  free(t.base);
  free(t.count);
  return seen != NULL;
}

/* Predecessor lists: the edges of the reverse CFG. */
static bool build_preds(cfg *g) {
  uint32_t nodes = g->n_nodes;
  uint32_t n_edges = g->succ_first[nodes];
  g->pred_first = calloc(nodes + 1, sizeof *g->pred_first);
  g->preds = malloc((size_t)n_edges * sizeof *g->preds + 1);
  if (g->pred_first == NULL || g->preds == NULL) {
    return false;
  }
  for (uint32_t e = 0; e < n_edges; e++) {
    g->pred_first[g->succs[e] + 1]++;
  }
  for (uint32_t v = 0; v < nodes; v++) {
    g->pred_first[v + 1] += g->pred_first[v];
  }
  uint32_t *fill = malloc(nodes * sizeof *fill);
  if (fill == NULL) {
    return false;
  }
  memcpy(fill, g->pred_first, nodes * sizeof *fill);
  for (uint32_t u = 0; u < nodes; u++) {
    for (uint32_t e = g->succ_first[u]; e < g->succ_first[u + 1]; e++) {
      g->preds[fill[g->succs[e]]++] = u;
    }
  }
  free(fill);
  return true;
}

/* Depth-first search of the reverse CFG from the exit, iteratively; fills
 * postorder[] and writes the nodes in reverse post-order to rpo. Returns the
 * number of nodes reached. */
static uint32_t reverse_dfs(cfg *g, uint32_t *rpo) {
  uint32_t nodes = g->n_nodes, exit = g->exit;
  uint32_t *stack = malloc(nodes * sizeof *stack);
  uint32_t *next_edge = malloc(nodes * sizeof *next_edge);
  uint8_t *seen = calloc(nodes, 1);
  uint32_t count = 0;
  if (stack == NULL || next_edge == NULL || seen == NULL) {
    free(stack);
    free(next_edge);
    free(seen);
    return UNDEF;
  }
  for (uint32_t v = 0; v < nodes; v++) {
    g->postorder[v] = UNDEF;
  }
  uint32_t sp = 0;
  stack[sp++] = exit;
  next_edge[exit] = g->pred_first[exit];
  seen[exit] = 1;
  while (sp > 0) {
    uint32_t v = stack[sp - 1];
    if (next_edge[v] < g->pred_first[v + 1]) {
      uint32_t w = g->preds[next_edge[v]++];
      if (!seen[w]) {
        seen[w] = 1;
        next_edge[w] = g->pred_first[w];
        stack[sp++] = w;
      }
    } else {
      g->postorder[v] = count++;
      sp--;
    }
  }
  /* Reverse post-order: highest post-order number first. */
  for (uint32_t v = 0; v < nodes; v++) {
    if (g->postorder[v] != UNDEF) {
      rpo[count - 1 - g->postorder[v]] = v;
    }
  }
  free(stack);
  free(next_edge);
  free(seen);
  return count;
}

static uint32_t intersect(const cfg *g, uint32_t a, uint32_t b) {
  while (a != b) {
    while (g->postorder[a] < g->postorder[b]) {
      a = g->ipdom[a];
    }
    while (g->postorder[b] < g->postorder[a]) {
      b = g->ipdom[b];
    }
  }
  return a;
}

/* Immediate post-dominators: dominators of the reverse CFG rooted at exit. */
static bool compute_ipdom(cfg *g) {
  uint32_t nodes = g->n_nodes, exit = g->exit;
  g->postorder = malloc(nodes * sizeof *g->postorder);
  g->ipdom = malloc(nodes * sizeof *g->ipdom);
  uint32_t *rpo = malloc(nodes * sizeof *rpo);
  if (g->postorder == NULL || g->ipdom == NULL || rpo == NULL) {
    free(rpo);
    return false;
  }
  uint32_t count = reverse_dfs(g, rpo);
  if (count == UNDEF) {
    free(rpo);
    return false;
  }
  for (uint32_t v = 0; v < nodes; v++) {
    g->ipdom[v] = UNDEF;
  }
  g->ipdom[exit] = exit;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t i = 1; i < count; i++) {
      uint32_t b = rpo[i];
      uint32_t best = UNDEF;
      /* Predecessors in the reverse CFG are successors in the CFG. */
      for (uint32_t e = g->succ_first[b]; e < g->succ_first[b + 1]; e++) {
        uint32_t s = g->succs[e];
        if (g->ipdom[s] != UNDEF) {
          best = best == UNDEF ? s : intersect(g, s, best);
        }
      }
      if (best != g->ipdom[b]) {
        g->ipdom[b] = best;
        changed = true;
      }
    }
  }
  free(rpo);
  return true;
}

bool ptx_compute_reconvergence(st_module *m, uint32_t f) {
  const st_function *fn = &m->funcs[f];
  uint32_t n = fn->n_insts, base = fn->first_inst;
  if (n == 0) {
    return true;
  }
  st_inst *insts = m->insts + base;
  cfg g;
  memset(&g, 0, sizeof g);
  bool ok = build_graph(&g, m, insts, n, base) && build_preds(&g) && compute_ipdom(&g);
  if (ok) {
    for (uint32_t b = 0; b < g.n_blocks; b++) {
      uint32_t end = b + 1 < g.n_blocks ? g.start[b + 1] : n;
      st_inst *last = &insts[end - 1];
      if (last->op != OP_BRA && last->op != OP_BRX) {
        continue;
      }
      uint32_t d = g.ipdom[b];
      while (d != UNDEF && d > g.exit) {
        d = g.ipdom[d]; /* a table node: its own post-dominator is the next real one */
      }
      last->reconv = (d == UNDEF || d == g.exit) ? ST_NO_PC : base + g.start[d];
    }
  }
  free_cfg(&g);
  return ok;
}
