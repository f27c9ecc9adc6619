/* Child processes for the sweep commands (POSIX fork/exec/waitpid), and the
 * signals that stop a sweep. Signals are never caught by a handler that
 * sets a flag: they are blocked and received with sigwaitinfo, so there is
 * no global state and no race between a child's exit and the wait. */
#ifndef SIMTREF_TOOL_SWEEP_PROC_H
#define SIMTREF_TOOL_SWEEP_PROC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct sweep_sigs {
  sigset_t wait_set;  /* SIGCHLD, and SIGINT/SIGTERM/SIGHUP unless they were ignored */
  sigset_t old_mask;  /* the mask before sweep_sigs_begin, restored in children */
  struct sigaction old_chld;
} sweep_sigs;

/* Blocks SIGCHLD and the termination signals (those not ignored on entry)
 * so that sweep_sigs_wait receives them. */
void sweep_sigs_begin(sweep_sigs *s);

/* Restores the signal mask and SIGCHLD's action. */
void sweep_sigs_end(sweep_sigs *s);

/* Waits until a signal of the set arrives; returns its number (SIGCHLD: a
 * child changed state; otherwise a request to stop). */
int sweep_sigs_wait(sweep_sigs *s);

/* sweep_sigs_wait for at most `seconds`: 0 when none arrived by then. */
int sweep_sigs_wait_for(sweep_sigs *s, double seconds);

/* Starts argv (argv[0] a path, or a name looked up in PATH) with stdout on
 * out_fd and stderr on err_fd (-1: inherited), in directory cwd (NULL: this
 * one), with the signal mask of before sweep_sigs_begin (s may be NULL).
 * Returns the pid, or -1 after printing an error. If exec fails, the child
 * writes "simtref: error: cannot run ARGV0: REASON" to its stderr and exits
 * with status 127. */
pid_t sweep_spawn(char *const *argv, int out_fd, int err_fd, const char *cwd,
                  const sweep_sigs *s);

/* Runs argv as sweep_spawn does and waits for it. A termination signal
 * received meanwhile is passed on to the child (SIGTERM) and reported in
 * *stop_sig (0 if none). Returns the child's wait status, or -1 if it could
 * not be started. */
int sweep_run_child(char *const *argv, int out_fd, int err_fd, const char *cwd, sweep_sigs *s,
                    int *stop_sig);

/* Describes a wait status: "exit status N" or "killed by signal N (NAME)". */
void sweep_describe_status(int wstatus, char *buf, size_t size);

#endif
