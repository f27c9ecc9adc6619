/* Child processes and stop signals for the sweep commands. */
#include "sweep_proc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* SIGCHLD must not be ignored for sigwaitinfo to see it: a handler that does
 * nothing (it never runs while the signal is blocked). */
static void on_sigchld(int sig) { (void)sig; }

void sweep_sigs_begin(sweep_sigs *s) {
  sigemptyset(&s->wait_set);
  sigaddset(&s->wait_set, SIGCHLD);
  for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
    struct sigaction old;
    if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
      sigaddset(&s->wait_set, stop_signals[i]);
    }
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigchld;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGCHLD, &sa, &s->old_chld);
  sigprocmask(SIG_BLOCK, &s->wait_set, &s->old_mask);
}

void sweep_sigs_end(sweep_sigs *s) {
  sigprocmask(SIG_SETMASK, &s->old_mask, NULL);
  sigaction(SIGCHLD, &s->old_chld, NULL);
}

int sweep_sigs_wait(sweep_sigs *s) {
  for (;;) {
    siginfo_t info;
    int sig = sigwaitinfo(&s->wait_set, &info);
    if (sig > 0) {
      return sig;
    }
    if (errno != EINTR) {
      return SIGCHLD; /* cannot wait for signals: poll the children instead */
    }
  }
}

int sweep_sigs_wait_for(sweep_sigs *s, double seconds) {
  struct timespec ts;
  ts.tv_sec = (time_t)seconds;
  ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
  for (;;) {
    siginfo_t info;
    int sig = sigtimedwait(&s->wait_set, &info, &ts);
    if (sig > 0) {
      return sig;
    }
    if (errno == EAGAIN) {
      return 0;
    }
    if (errno != EINTR) {
      return SIGCHLD; /* as sweep_sigs_wait */
    }
  }
}

pid_t sweep_spawn(char *const *argv, int out_fd, int err_fd, const char *cwd,
                  const sweep_sigs *s) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "simtref: error: cannot start %s: %s\n", argv[0], strerror(errno));
    return -1;
  }
  if (pid > 0) {
    return pid;
  }
  /* The child. */
  if (s != NULL) {
    sigaction(SIGCHLD, &s->old_chld, NULL);
    sigprocmask(SIG_SETMASK, &s->old_mask, NULL);
  }
  if (out_fd >= 0 && out_fd != STDOUT_FILENO) {
    dup2(out_fd, STDOUT_FILENO);
  }
  if (err_fd >= 0 && err_fd != STDERR_FILENO) {
    dup2(err_fd, STDERR_FILENO);
  }
  if (cwd != NULL && chdir(cwd) != 0) {
    fprintf(stderr, "simtref: error: cannot enter %s: %s\n", cwd, strerror(errno));
    _exit(127);
  }
  if (strchr(argv[0], '/') != NULL) {
    execv(argv[0], argv);
  } else {
    execvp(argv[0], argv);
  }
  fprintf(stderr, "simtref: error: cannot run %s: %s\n", argv[0], strerror(errno));
  _exit(127);
}

int sweep_run_child(char *const *argv, int out_fd, int err_fd, const char *cwd, sweep_sigs *s,
                    int *stop_sig) {
  *stop_sig = 0;
  pid_t pid = sweep_spawn(argv, out_fd, err_fd, cwd, s);
  if (pid < 0) {
    return -1;
  }
  for (;;) {
    int status = 0;
    pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid) {
      return status;
    }
    if (got < 0 && errno != EINTR) {
      return -1;
    }
    int sig = s != NULL ? sweep_sigs_wait(s) : SIGCHLD;
    if (s == NULL) {
      got = waitpid(pid, &status, 0);
      if (got == pid) {
        return status;
      }
    } else if (sig != SIGCHLD && *stop_sig == 0) {
      *stop_sig = sig;
      kill(pid, SIGTERM);
    }
  }
}

void sweep_describe_status(int wstatus, char *buf, size_t size) {
  if (wstatus < 0) {
    snprintf(buf, size, "could not be started");
  } else if (WIFEXITED(wstatus)) {
    snprintf(buf, size, "exit status %d", WEXITSTATUS(wstatus));
  } else if (WIFSIGNALED(wstatus)) {
    int sig = WTERMSIG(wstatus);
    const char *name = sig == SIGTERM   ? "SIGTERM"
                       : sig == SIGINT  ? "SIGINT"
                       : sig == SIGKILL ? "SIGKILL"
                       : sig == SIGSEGV ? "SIGSEGV"
                       : sig == SIGABRT ? "SIGABRT"
                       : sig == SIGHUP  ? "SIGHUP"
                                        : "signal";
    snprintf(buf, size, "killed by signal %d (%s)", sig, name);
  } else {
    snprintf(buf, size, "wait status %d", wstatus);
  }
}
