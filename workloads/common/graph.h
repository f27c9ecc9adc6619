/* Graph inputs for the graph workloads: deterministic generators with the
 * shape of the inputs the seeds used, each returning an undirected graph in
 * CSR form (every edge stored in both directions, adjacency lists sorted,
 * no self loops, no duplicate edges).
 *
 *   road      a road network (USA road NY: 264346 vertices, 733846 arcs):
 *             low degree (2.8 arcs per vertex on average, at most 4), large
 *             diameter, positive integer lengths
 *   powerlaw  a co-author network (coAuthorsDBLP: 299067 vertices, 1.96M
 *             arcs): preferential attachment, a few hubs, most vertices of
 *             low degree
 *   mesh      a 2D grid with 4-neighbour connectivity (ecology1: a
 *             1000 x 1000 grid, degree 4 inside, 2 or 3 on the border)
 *   uniform   uniformly random edges (BC's 1K-vertex, 128K-edge input)
 *
 * workloads/README.md gives the degree distribution each makes at the
 * workloads' sizes. */
#ifndef SIMTREF_WORKLOADS_GRAPH_H
#define SIMTREF_WORKLOADS_GRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "workload.h"

typedef struct st_wl_graph {
  uint32_t n;       /* vertices */
  uint32_t m;       /* arcs (twice the undirected edges) */
  uint32_t *row;    /* n + 1 offsets into col */
  uint32_t *col;    /* m neighbours, sorted within a row */
  uint32_t *weight; /* m lengths in [1, 1000], the same both ways; NULL for unweighted */
} st_wl_graph;

/* road: about n vertices (the nearest w x h grid, w = ceil(sqrt(n)));
 * weighted. */
st_status st_wl_graph_road(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err);
/* powerlaw: n vertices, each new vertex joined to `per_vertex` earlier ones
 * chosen with probability proportional to their degree; unweighted. */
st_status st_wl_graph_powerlaw(st_wl_graph *g, uint32_t n, uint32_t per_vertex, uint64_t seed,
                               st_error *err);
/* mesh: a rows x cols grid; unweighted. */
st_status st_wl_graph_mesh(st_wl_graph *g, uint32_t rows, uint32_t cols, st_error *err);
/* uniform: n vertices and `edges` distinct random undirected edges (2 x edges
 * arcs); weighted. */
st_status st_wl_graph_uniform(st_wl_graph *g, uint32_t n, uint32_t edges, uint64_t seed,
                              st_error *err);

void st_wl_graph_free(st_wl_graph *g);

/* "n vertices, m arcs, degree min/mean/max a/b/c" for logs. */
void st_wl_graph_describe(const st_wl_graph *g, char *buf, size_t size);

/* Logs "  NAME: <describe>" and "  NAME: degree 0-1: a, 2: b, ..., >8: z": how
 * many vertices have each degree, in n buckets, bucket i holding the degrees
 * above upper[i - 1] up to upper[i] (the last bucket: all above
 * upper[n - 2]). Nothing when log is NULL. */
void st_wl_graph_log_degrees(FILE *log, const char *name, const st_wl_graph *g,
                             const uint32_t *upper, size_t n);

/* Shortest path lengths from source over the weighted graph (Dijkstra with a
 * binary heap); unreached vertices get inf. -1 when out of memory. */
int st_wl_graph_dijkstra(const st_wl_graph *g, uint32_t source, int32_t inf, int32_t *dist);

#endif
