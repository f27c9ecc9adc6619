#include "simtref/status.h"

const char *st_status_name(st_status s) {
  switch (s) {
  case ST_OK: return "ok";
  case ST_ERR_USAGE: return "usage";
  case ST_ERR_CONFIG: return "config";
  case ST_ERR_PTX: return "ptx";
  case ST_ERR_WORKLOAD: return "workload";
  case ST_ERR_IO: return "io";
  case ST_ERR_NOMEM: return "nomem";
  case ST_ERR_FAULT: return "fault";
  case ST_ERR_DEADLOCK: return "deadlock";
  case ST_ERR_MISMATCH: return "mismatch";
  case ST_ERR_LIMIT: return "limit";
  case ST_ERR_UNSUPPORTED: return "unsupported";
  case ST_ERR_INTERNAL: return "internal";
  case ST_ERR_COSIM: return "cosim";
  }
  return "unknown";
}
