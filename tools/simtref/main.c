/* simtref: the command-line front end of the simtref GPU model. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "simtref_version.h"

typedef struct subcommand {
  const char *name;
  int (*run)(int argc, char **argv); /* NULL: not built yet */
  const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    {"config", cmd_config, "show the resolved configuration, its hash, or the option reference"},
    {"list", cmd_list, "list named configs, workloads and policies"},
    {"run", cmd_run, "run a workload file or a benchmark (timing or functional mode)"},
    {"sweep", cmd_sweep, "run an experiment: workloads x configs x variants"},
    {"collect", cmd_collect, "gather a sweep's statistics into CSV"},
    {"plot", cmd_plot, "plot collected results"},
    {"units", cmd_units, "list the co-verified units, their roles, selection and RTL parameters"},
    {"hetero", cmd_hetero, "HeteroPDP: predict a benchmark's time on the host CPU and the GPU, "
                           "alone and beside co-runners, and choose the device"},
    {"area", cmd_area, "synthesise the RTL units with Yosys and report their area"},
};

static void usage(FILE *out) {
  fprintf(out,
          "usage: simtref [--help] [--version] <command> [options]\n\n"
          "simtref is a cycle-level, bit-accurate model of a GPGPU that runs CUDA kernels\n"
          "as PTX, with co-verified RTL of its scheduling, cache and DVFS units.\n\n"
          "commands:\n");
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
    fprintf(out, "  %-8s %s%s\n", subcommands[i].name, subcommands[i].summary,
            subcommands[i].run ? "" : " (not built yet)");
  }
  fprintf(out,
          "\nRun 'simtref <command> --help' for a command's options.\n"
          "Exit status: 0 success, 1 a run or check failed, 2 bad usage or input.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    usage(stdout);
    return EXIT_OK;
  }
  if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
    printf("simtref %s (git %s)\n", SIMTREF_VERSION, SIMTREF_GIT_COMMIT);
    return EXIT_OK;
  }
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
    if (strcmp(cmd, subcommands[i].name) == 0) {
      if (subcommands[i].run == NULL) {
        fprintf(stderr, "simtref %s: not built yet\n", cmd);
        return EXIT_USAGE;
      }
      return subcommands[i].run(argc - 1, argv + 1);
    }
  }
  fprintf(stderr, "simtref: error: unknown command '%s' (see simtref --help)\n", cmd);
  return EXIT_USAGE;
}
