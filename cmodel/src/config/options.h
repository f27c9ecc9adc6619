/* The typed option table: one row per configuration key. */
#ifndef SIMTREF_CONFIG_OPTIONS_H
#define SIMTREF_CONFIG_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/config.h"

typedef enum st_opt_type {
  ST_OPT_BOOL,   /* bool */
  ST_OPT_INT,    /* int64_t, plain integer */
  ST_OPT_SIZE,   /* int64_t bytes; accepts B, KiB, MiB, GiB (KB, MB, GB are binary too) */
  ST_OPT_FREQ,   /* int64_t Hz; needs a unit: Hz, kHz, MHz, GHz */
  ST_OPT_ENUM,   /* int, an index into names */
  ST_OPT_STRING, /* char[ST_CONFIG_STRING_MAX] */
  ST_OPT_DEC     /* int64_t millionths: a decimal number of at most 6 fraction digits
                    ("0.0625" is 62500); min and max are in millionths too */
} st_opt_type;

typedef struct st_option {
  const char *key;           /* full dotted path, e.g. "l1d.size" */
  st_opt_type type;
  size_t offset;             /* into st_config */
  int64_t min, max;          /* inclusive bounds for INT, SIZE, FREQ and DEC */
  const char *def;           /* default, as text in the same syntax a file uses */
  const char *const *names;  /* ENUM: NULL-terminated list of accepted names */
  const char *unit;          /* for the docs: "cycles", "bytes", ... or "" */
  const char *help;
  bool debug;                /* a debugging aid that cannot change any result: left out of
                                the configuration's hash (st_config_hash) */
} st_option;

extern const st_option st_options[];
extern const size_t st_num_options;

/* The option with this exact key, or NULL. */
const st_option *st_option_find(const char *key);

/* Index of opt in st_options. */
static inline size_t st_option_index(const st_option *opt) { return (size_t)(opt - st_options); }

/* True if some option's key starts with prefix followed by '.', i.e. prefix
 * names a section ("l1d", "sm.op"). */
int st_option_is_section(const char *prefix);

/* The closest known key to key (edit distance), or NULL if none is close. */
const char *st_option_suggest(const char *key);

/* Parses text as a value of opt's type into *out (which points into a
 * config). On failure writes the reason ("expected an integer, got 'x'") to
 * why and returns nonzero; *out is untouched. */
int st_option_parse(const st_option *opt, const char *text, void *out, char *why, size_t why_size);

/* Writes v millionths as a decimal ("0.0625", "12", "0.55"). */
void st_dec_format(int64_t v, char *buf, size_t size);

/* Formats the value of opt held in cfg in canonical file syntax. */
void st_option_format(const st_option *opt, const st_config *cfg, char *buf, size_t size);

#endif
