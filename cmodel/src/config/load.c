/* Loading a configuration: YAML file (libyaml events, so that every error
 * carries its line and column), then -s overrides, then validation. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "common/error.h"
#include "config/options.h"
#include "config/origin.h"

/* Bytes of a dotted key ("sm.op.int_add.latency"); not a file path. */
#define KEY_MAX_LEN 256

void st_config_defaults(st_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  for (size_t i = 0; i < st_num_options; i++) {
    char why[256];
    const st_option *opt = &st_options[i];
    /* The defaults are checked by a unit test; a bad one is a build defect. */
    if (st_option_parse(opt, opt->def, (char *)cfg + opt->offset, why, sizeof why) != 0) {
      fprintf(stderr, "simtref: internal error: default of %s: %s\n", opt->key, why);
      abort();
    }
  }
}

const char *st_config_dir(void) {
  const char *env = getenv("SIMTREF_CONFIG_DIR");
  if (env != NULL && env[0] != '\0') {
    return env;
  }
  return SIMTREF_SOURCE_DIR "/configs";
}

static bool is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Formats "A/B" or "A/B.yaml" into out; false if it does not fit. */
static bool join_fits(char *out, size_t out_size, const char *fmt, const char *a, const char *b) {
  int n = snprintf(out, out_size, fmt, a, b);
  return n >= 0 && (size_t)n < out_size;
}

bool st_config_find(const char *name, char *out, size_t out_size) {
  if (is_file(name)) {
    return join_fits(out, out_size, "%s%s", name, "");
  }
  if (strchr(name, '/') != NULL) {
    return false;
  }
  const char *dir = st_config_dir();
  if (join_fits(out, out_size, "%s/%s", dir, name) && is_file(out)) {
    return true;
  }
  return join_fits(out, out_size, "%s/%s.yaml", dir, name) && is_file(out);
}

/* ---- YAML walking ---------------------------------------------------- */

typedef struct loader {
  st_config *cfg;
  st_config_origin *origin;
  const char *file;
  yaml_parser_t parser;
  st_error *err;
  char path[KEY_MAX_LEN]; /* dotted path of the mapping being read */
} loader;

static st_srcpos mark_pos(const loader *ld, yaml_mark_t m) {
  st_srcpos p = {ld->file, (unsigned)m.line + 1, (unsigned)m.column + 1};
  return p;
}

static st_status unknown_key(st_error *err, st_srcpos pos, const char *key) {
  const char *sugg = st_option_suggest(key);
  if (sugg != NULL) {
    return st_error_at(err, ST_ERR_CONFIG, pos, "unknown key '%s' (did you mean '%s'?)", key, sugg);
  }
  return st_error_at(err, ST_ERR_CONFIG, pos, "unknown key '%s'", key);
}

/* Parses text for opt and records where it was set. Duplicate settings
 * within one file are errors. */
static st_status set_option(st_config *cfg, st_config_origin *origin, const st_option *opt,
                            const char *text, st_srcpos key_pos, st_srcpos val_pos,
                            bool check_duplicate, st_error *err) {
  size_t idx = st_option_index(opt);
  if (check_duplicate && origin->pos[idx].file == key_pos.file && origin->pos[idx].line != 0) {
    return st_error_at(err, ST_ERR_CONFIG, key_pos, "duplicate key '%s' (first set at line %u)",
                       opt->key, origin->pos[idx].line);
  }
  char why[512];
  if (st_option_parse(opt, text, (char *)cfg + opt->offset, why, sizeof why) != 0) {
    return st_error_at(err, ST_ERR_CONFIG, val_pos, "%s: %s", opt->key, why);
  }
  origin->pos[idx] = key_pos;
  return ST_OK;
}

static st_status next_event(loader *ld, yaml_event_t *ev) {
  if (!yaml_parser_parse(&ld->parser, ev)) {
    st_srcpos pos = mark_pos(ld, ld->parser.problem_mark);
    return st_error_at(ld->err, ST_ERR_CONFIG, pos, "YAML: %s",
                       ld->parser.problem ? ld->parser.problem : "syntax error");
  }
  return ST_OK;
}

static st_status read_mapping(loader *ld);

static st_status read_value(loader *ld, const char *key, yaml_mark_t key_mark) {
  yaml_event_t ev;
  st_status rc = next_event(ld, &ev);
  if (rc != ST_OK) {
    return rc;
  }
  st_srcpos key_pos = mark_pos(ld, key_mark);
  st_srcpos val_pos = mark_pos(ld, ev.start_mark);
  char full[2 * KEY_MAX_LEN + 2];
  if (ld->path[0] != '\0') {
    snprintf(full, sizeof full, "%s.%s", ld->path, key);
  } else {
    snprintf(full, sizeof full, "%s", key);
  }
  const st_option *opt = st_option_find(full);
  switch (ev.type) {
  case YAML_SCALAR_EVENT:
    if (opt != NULL) {
      rc = set_option(ld->cfg, ld->origin, opt, (const char *)ev.data.scalar.value, key_pos,
                      val_pos, true, ld->err);
    } else if (st_option_is_section(full)) {
      rc = st_error_at(ld->err, ST_ERR_CONFIG, val_pos,
                       "'%s' is a section: expected a mapping of its keys", full);
    } else {
      rc = unknown_key(ld->err, key_pos, full);
    }
    break;
  case YAML_MAPPING_START_EVENT:
    if (opt != NULL) {
      rc = st_error_at(ld->err, ST_ERR_CONFIG, val_pos, "'%s' takes a value, not a mapping", full);
    } else if (!st_option_is_section(full)) {
      rc = unknown_key(ld->err, key_pos, full);
    } else {
      char saved[KEY_MAX_LEN];
      memcpy(saved, ld->path, sizeof saved);
      if (strlen(full) >= sizeof ld->path) {
        yaml_event_delete(&ev);
        return st_error_at(ld->err, ST_ERR_CONFIG, key_pos, "key path is too long");
      }
      memcpy(ld->path, full, strlen(full) + 1);
      rc = read_mapping(ld);
      memcpy(ld->path, saved, sizeof saved);
    }
    break;
  case YAML_SEQUENCE_START_EVENT:
    rc = st_error_at(ld->err, ST_ERR_CONFIG, val_pos, "'%s': lists are not accepted here", full);
    break;
  case YAML_ALIAS_EVENT:
    rc = st_error_at(ld->err, ST_ERR_CONFIG, val_pos, "'%s': YAML aliases are not supported", full);
    break;
  default:
    rc = st_error_at(ld->err, ST_ERR_CONFIG, val_pos, "'%s': unexpected YAML content", full);
    break;
  }
  yaml_event_delete(&ev);
  return rc;
}

/* Reads key/value pairs until the end of the current mapping. */
static st_status read_mapping(loader *ld) {
  for (;;) {
    yaml_event_t ev;
    st_status rc = next_event(ld, &ev);
    if (rc != ST_OK) {
      return rc;
    }
    if (ev.type == YAML_MAPPING_END_EVENT) {
      yaml_event_delete(&ev);
      return ST_OK;
    }
    if (ev.type != YAML_SCALAR_EVENT) {
      st_srcpos pos = mark_pos(ld, ev.start_mark);
      yaml_event_delete(&ev);
      return st_error_at(ld->err, ST_ERR_CONFIG, pos, "expected a key name");
    }
    char key[KEY_MAX_LEN];
    bool fits = ev.data.scalar.length < sizeof key;
    snprintf(key, sizeof key, "%s", (const char *)ev.data.scalar.value);
    yaml_mark_t key_mark = ev.start_mark;
    yaml_event_delete(&ev);
    if (!fits) {
      return st_error_at(ld->err, ST_ERR_CONFIG, mark_pos(ld, key_mark),
                         "key name is longer than %d characters", KEY_MAX_LEN - 1);
    }
    if (key[0] == '\0') {
      return st_error_at(ld->err, ST_ERR_CONFIG, mark_pos(ld, key_mark), "empty key name");
    }
    rc = read_value(ld, key, key_mark);
    if (rc != ST_OK) {
      return rc;
    }
  }
}

static st_status load_stream(loader *ld) {
  yaml_event_t ev;
  st_status rc;
  bool seen_doc = false;
  for (;;) {
    rc = next_event(ld, &ev);
    if (rc != ST_OK) {
      return rc;
    }
    yaml_event_type_t t = ev.type;
    st_srcpos pos = mark_pos(ld, ev.start_mark);
    bool empty_scalar = t == YAML_SCALAR_EVENT && ev.data.scalar.length == 0;
    yaml_event_delete(&ev);
    switch (t) {
    case YAML_STREAM_START_EVENT:
    case YAML_DOCUMENT_END_EVENT:
      break;
    case YAML_DOCUMENT_START_EVENT:
      if (seen_doc) {
        return st_error_at(ld->err, ST_ERR_CONFIG, pos, "a config file holds one YAML document");
      }
      seen_doc = true;
      break;
    case YAML_STREAM_END_EVENT:
      return ST_OK;
    case YAML_MAPPING_START_EVENT:
      rc = read_mapping(ld);
      if (rc != ST_OK) {
        return rc;
      }
      break;
    default:
      if (empty_scalar) {
        break; /* an empty document: nothing set */
      }
      return st_error_at(ld->err, ST_ERR_CONFIG, pos,
                         "expected a mapping of sections (gpu:, sm:, l1d:, ...)");
    }
  }
}

static st_status load_file(st_config *cfg, st_config_origin *origin, const char *path,
                           st_error *err) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return st_error_set(err, ST_ERR_IO, "%s: error: cannot open config: %s", path,
                        strerror(errno));
  }
  loader ld;
  memset(&ld, 0, sizeof ld);
  ld.cfg = cfg;
  ld.origin = origin;
  ld.file = path;
  ld.err = err;
  if (!yaml_parser_initialize(&ld.parser)) {
    fclose(f);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory initialising the YAML parser");
  }
  yaml_parser_set_input_file(&ld.parser, f);
  st_status rc = load_stream(&ld);
  yaml_parser_delete(&ld.parser);
  fclose(f);
  return rc;
}

/* Applies one "-s key=value" override. Its text doubles as the "file" name
 * of error positions, so a message names the argument it is about. */
static st_status apply_override(st_config *cfg, st_config_origin *origin, const char *text,
                                st_error *err) {
  size_t len = strlen(text) + 4;
  char *name = malloc(len);
  if (name == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  snprintf(name, len, "-s %s", text);
  char **owned = realloc(origin->owned, (origin->n_owned + 1) * sizeof *owned);
  if (owned == NULL) {
    free(name);
    return st_error_set(err, ST_ERR_NOMEM, "out of memory");
  }
  origin->owned = owned;
  origin->owned[origin->n_owned++] = name;

  const char *eq = strchr(text, '=');
  st_srcpos pos = {name, 1, 1};
  if (eq == NULL || eq == text) {
    return st_error_at(err, ST_ERR_CONFIG, pos, "expected key=value");
  }
  char key[KEY_MAX_LEN];
  size_t klen = (size_t)(eq - text);
  if (klen >= sizeof key) {
    return st_error_at(err, ST_ERR_CONFIG, pos, "key is too long");
  }
  memcpy(key, text, klen);
  key[klen] = '\0';
  const st_option *opt = st_option_find(key);
  if (opt == NULL) {
    if (st_option_is_section(key)) {
      return st_error_at(err, ST_ERR_CONFIG, pos,
                         "'%s' is a section: name one of its keys (%s.KEY=VALUE)", key, key);
    }
    return unknown_key(err, pos, key);
  }
  st_srcpos val_pos = {name, 1, (unsigned)klen + 2};
  return set_option(cfg, origin, opt, eq + 1, pos, val_pos, false, err);
}

static void origin_free(st_config_origin *origin) {
  for (size_t i = 0; i < origin->n_owned; i++) {
    free(origin->owned[i]);
  }
  free(origin->owned);
  free(origin->pos);
}

st_status st_config_load(st_config *cfg, const char *path, const char *const *overrides,
                         size_t n_overrides, char *errbuf, size_t errbuf_size) {
  st_error err;
  st_error_clear(&err);
  st_config tmp;
  st_config_defaults(&tmp);
  st_config_origin origin;
  memset(&origin, 0, sizeof origin);
  origin.default_file = path;
  origin.pos = calloc(st_num_options, sizeof *origin.pos);
  st_status rc = ST_OK;
  if (origin.pos == NULL) {
    rc = st_error_set(&err, ST_ERR_NOMEM, "out of memory");
  }
  if (rc == ST_OK && path != NULL) {
    rc = load_file(&tmp, &origin, path, &err);
  }
  for (size_t i = 0; rc == ST_OK && i < n_overrides; i++) {
    rc = apply_override(&tmp, &origin, overrides[i], &err);
  }
  if (rc == ST_OK) {
    rc = st_config_validate(&tmp, &origin, &err);
  }
  if (rc == ST_OK) {
    *cfg = tmp;
  } else if (errbuf != NULL && errbuf_size > 0) {
    snprintf(errbuf, errbuf_size, "%s", err.msg);
  }
  origin_free(&origin);
  return rc;
}
