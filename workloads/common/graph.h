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
 *   rmat      a Graph500 Kronecker graph (DIMACS-10 graph500 logn20: 2^20
 *             vertices, edge factor 16, undirected): a few hubs, many
 *             vertices of low degree, some isolated
 *   cage      a cage15-like matrix graph (DNA electrophoresis, 5.15M
 *             vertices, 99M nonzeros): about 19 neighbours per vertex with
 *             a small variance, mostly in a band near the diagonal, a few
 *             long links
 *   flight    a flight network (OpenFlights: about 3300 airports): hubs with
 *             hundreds of routes, most airports with a few; route lengths
 *
 * workloads/README.md gives the degree distribution each makes at the
 * workloads' sizes (rmat, cage and flight: workloads/bfs_dp/README.md and
 * workloads/sssp_dp/README.md). */
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

/* rmat: 2^scale vertices, edge_factor * 2^scale generated edges (a = 0.57,
 * b = c = 0.19, d = 0.05), vertex numbers shuffled, then undirected without
 * self loops and duplicates; unweighted. */
st_status st_wl_graph_rmat(st_wl_graph *g, uint32_t scale, uint32_t edge_factor, uint64_t seed,
                           st_error *err);
/* cage: n vertices, each joined to 4..16 later ones, 7 in 8 of them within
 * 64 places of it (the band), the rest anywhere; unweighted. */
st_status st_wl_graph_cage(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err);
/* flight: n airports at random points of a 700 x 700 square, hub weights
 * falling as rank^-0.7 and summing to 12 n, a random spanning tree plus weight-proportional
 * (Chung-Lu) routes; weighted with the rounded route length (1..990). */
st_status st_wl_graph_flight(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err);
/* Gives an unweighted graph the hashed lengths in [1, 1000] that the
 * weighted generators use (nothing when it has lengths; weight stays NULL
 * when out of memory). */
void st_wl_graph_add_lengths(st_wl_graph *g, uint64_t seed);

/* The named inputs of the nested-parallel graph workloads (bfs_dp, clr_dp,
 * sssp_dp): "citation" (powerlaw, 4 edges per new vertex), "usa_road"
 * (road), "cage15" (cage), "graph500" (rmat, edge factor 16) and "flight"
 * (flight), at the small size 4096 vertices (flight 1024 airports) and at
 * the paper size 65536 (rmat scale 16; flight 4096). With `weighted` the
 * unweighted ones get st_wl_graph_add_lengths. ST_ERR_USAGE for an
 * unknown name. */
st_status st_wl_graph_dp_input(st_wl_graph *g, const char *input, int paper, int weighted,
                               uint64_t seed, st_error *err);
/* The same inputs at any size (the workloads' medium sizes): n vertices for
 * citation, usa_road and cage15, rmat at scale rmat_scale, flight with
 * airports airports. */
st_status st_wl_graph_dp_sized(st_wl_graph *g, const char *input, uint32_t n,
                               uint32_t rmat_scale, uint32_t airports, int weighted,
                               uint64_t seed, st_error *err);
/* Logs the input's statistics and degree histogram in the buckets the
 * nested-parallel workloads use (0, 1, 2-3, 4-7, 8-15, 16-31, 32-63,
 * 64-127, 128-255, 256-1023, >1023; 32 is where a child launch starts). */
void st_wl_graph_dp_log(FILE *log, const char *name, const st_wl_graph *g);
/* A source vertex: drawn uniformly among the vertices with a neighbour. */
uint32_t st_wl_graph_dp_source(const st_wl_graph *g, uint64_t seed);

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
