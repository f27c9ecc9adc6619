/* Status lines on a terminal: one line on stderr, redrawn in place (`\r`,
 * then the text cut to the terminal's width, then clear to the end of the
 * line), for `simtref run` (where a long run stands) and `simtref sweep`
 * (jobs done, running and left). Drawn only when stderr is a terminal (not
 * a pipe or a file, and TERM is not "dumb") and --quiet was not given; the
 * line is erased before anything else is written and when the command ends,
 * so that logs, pipes and the printed report look the same with it or
 * without it. */
#ifndef SIMTREF_TOOL_PROGRESS_H
#define SIMTREF_TOOL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "simtref/simtref.h"

/* True when a status line may be drawn: stderr is a terminal that
 * understands `\033[K`, and quiet is false. */
bool cli_status_wanted(bool quiet);

/* Draws text as the status line (replacing the one shown), cut to the
 * terminal's width. */
void cli_status_draw(const char *text);

/* Erases the status line if one is shown (the cursor is left at the start
 * of the empty line). */
void cli_status_erase(void);

/* Seconds a run lasts before its status line first appears:
 * SIMTREF_PROGRESS_AFTER when set to a number >= 0, else 1. */
double cli_status_delay(void);

/* simtref run's status line. Between cli_run_progress_begin and
 * cli_run_progress_end the GPU's progress hook draws, once the run has
 * lasted cli_status_delay() seconds, the elapsed time, the fraction of
 * sim.max_insts done, the kernel and its launch (of `launches` when that is
 * not 0), cycles, thread instructions and their rate. Does nothing unless
 * cli_status_wanted(quiet). */
void cli_run_progress_begin(st_gpu *gpu, bool quiet, uint64_t launches);

/* Where a benchmark's driver logs during the run: stdout itself, or, while
 * a status line may be shown, a stream onto stdout that erases the line
 * before each write. */
FILE *cli_run_progress_log(void);

/* Ends it: the hook is removed, the log stream flushed and closed and the
 * line erased. Called before the report is printed. Safe to call when
 * nothing was begun. */
void cli_run_progress_end(st_gpu *gpu);

/* A count as the status line shows it: 9999, 12.3k, 457M, 1.20G. */
void cli_status_count(uint64_t n, char *buf, size_t size);

#endif
