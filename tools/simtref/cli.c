#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sweep_util.h"

int cli_take_config_arg(cli_config_args *args, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  const char *val = NULL;
  int is_c = 0, is_s = 0;
  if (strcmp(a, "-c") == 0 || strcmp(a, "--config") == 0) {
    is_c = 1;
  } else if (strcmp(a, "-s") == 0 || strcmp(a, "--set") == 0) {
    is_s = 1;
  } else if (strncmp(a, "--config=", 9) == 0) {
    is_c = 1;
    val = a + 9;
  } else if (strncmp(a, "--set=", 6) == 0) {
    is_s = 1;
    val = a + 6;
  } else {
    return 0;
  }
  if (val == NULL) {
    if (*i + 1 >= argc) {
      fprintf(stderr, "simtref: error: %s needs a value\n", a);
      return -1;
    }
    val = argv[++*i];
  }
  if (is_c) {
    args->config = val;
  } else if (is_s) {
    if (args->n_overrides >= CLI_MAX_OVERRIDES) {
      fprintf(stderr, "simtref: error: more than %d -s overrides\n", CLI_MAX_OVERRIDES);
      return -1;
    }
    args->overrides[args->n_overrides++] = val;
  }
  return 1;
}

bool cli_load_config(const cli_config_args *args, st_config *cfg, char *path_out, size_t path_size) {
  const char *name = args->config != NULL ? args->config : "gtx480";
  char path[ST_PATH_MAX];
  if (!st_config_find(name, path, sizeof path)) {
    fprintf(stderr, "simtref: error: no config '%s' (not a file, and not in %s; see simtref list)\n",
            name, st_config_dir());
    return false;
  }
  char *err = sw_alloc(ST_ERROR_MSG_MAX);
  st_status rc = st_config_load(cfg, path, args->overrides, args->n_overrides, err,
                                ST_ERROR_MSG_MAX);
  if (rc != ST_OK) {
    fprintf(stderr, "%s\n", err);
  }
  free(err);
  if (rc != ST_OK) {
    return false;
  }
  if (path_out != NULL) {
    int n = snprintf(path_out, path_size, "%s", path);
    if (n < 0 || (size_t)n >= path_size) {
      fprintf(stderr, "simtref: internal error: config path %s does not fit %zu bytes\n", path,
              path_size);
      return false;
    }
  }
  return true;
}

/* The reason an open or a stat failed, with the OS's limits where the
 * name was too long. */
static const char *os_reason(int err) {
  if (err == ENAMETOOLONG) {
    return "File name too long (the OS allows paths of up to PATH_MAX - 1 = 4095 characters "
           "and names of up to NAME_MAX = 255 in them)";
  }
  return strerror(err);
}

bool cli_check_output_file(const char *cmd, const char *what, const char *path) {
  const char *reason = NULL;
  struct stat st;
  if (path[0] == '\0') {
    reason = "empty file name";
  } else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    reason = "it is a directory";
  } else if (path[strlen(path) - 1] == '/') {
    reason = "a file name cannot end in '/'";
  } else {
    /* The writers' temporary name: created and removed again, so that what
     * the run will do later is known to work now, and nothing is left. */
    char *tmp = sw_fmt("%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      close(fd);
      unlink(tmp);
    } else if (errno != EEXIST) {
      reason = os_reason(errno);
    } else if (access(tmp, W_OK) != 0) {
      /* A leftover of an earlier run: the writer replaces it. */
      reason = os_reason(errno);
    }
    free(tmp);
  }
  if (reason != NULL) {
    fprintf(stderr, "simtref %s: error: cannot write %s %s: %s (nothing was run)\n", cmd, what,
            path, reason);
    return false;
  }
  return true;
}

/* The nearest existing ancestor of dir (newly allocated): "." or "/" at worst. */
static char *existing_ancestor(const char *dir) {
  char *a = sw_strdup(dir);
  for (;;) {
    size_t len = strlen(a);
    while (len > 1 && a[len - 1] == '/') {
      a[--len] = '\0';
    }
    char *slash = strrchr(a, '/');
    if (slash == NULL) {
      free(a);
      return sw_strdup(".");
    }
    slash[slash == a ? 1 : 0] = '\0';
    struct stat st;
    if (stat(a, &st) == 0 || errno != ENOENT || strcmp(a, "/") == 0) {
      return a;
    }
  }
}

bool cli_check_output_dir(const char *cmd, const char *what, const char *dir, bool create) {
  if (dir[0] == '\0') {
    fprintf(stderr, "simtref %s: error: %s: empty directory name (nothing was run)\n", cmd, what);
    return false;
  }
  if (create && !sw_mkdir_p(dir)) {
    fprintf(stderr, "simtref %s: error: cannot create %s %s (nothing was run)\n", cmd, what, dir);
    return false;
  }
  const char *reason = NULL;
  char *where = NULL;
  struct stat st;
  if (stat(dir, &st) == 0) {
    if (!S_ISDIR(st.st_mode)) {
      reason = "it is not a directory";
    } else if (access(dir, W_OK | X_OK) != 0) {
      reason = os_reason(errno);
    }
  } else if (errno != ENOENT) {
    reason = os_reason(errno);
  } else {
    /* Not there yet: made when it is needed, so its parent must allow that. */
    where = existing_ancestor(dir);
    if (stat(where, &st) != 0) {
      reason = os_reason(errno);
    } else if (!S_ISDIR(st.st_mode)) {
      reason = "a part of it is not a directory";
    } else if (access(where, W_OK | X_OK) != 0) {
      reason = os_reason(errno);
    }
  }
  if (reason != NULL) {
    fprintf(stderr, "simtref %s: error: cannot write %s %s: %s%s%s%s (nothing was run)\n", cmd,
            what, dir, where != NULL ? "cannot create it in " : "", where != NULL ? where : "",
            where != NULL ? ": " : "", reason);
  }
  free(where);
  return reason == NULL;
}

int cli_unknown_option(const char *cmd, const char *arg) {
  fprintf(stderr, "simtref %s: error: unknown option '%s' (see simtref %s --help)\n", cmd, arg, cmd);
  return EXIT_USAGE;
}
