/* DYNCTA parameters from the configuration (the unit's config_params).
 *
 * The dyncta.* options map one to one onto the unit's parameters:
 *   sm.max_ctas                     -> NTB (CTA slots of the SM)
 *   dyncta.counter_bits             -> CNT_W
 *   dyncta.sample_period            -> PERIOD
 *   dyncta.t_idle / t_mem_l / t_mem_h -> T_IDLE / T_MEM_L / T_MEM_H
 *   dyncta.initial_n (one|half|max) -> INIT_N (DYNCTA_INIT_ONE/HALF/MAX)
 *   dyncta.freeze_when_drained      -> FREEZE
 *   dyncta.anti_starvation          -> STARVE_T = DYNCTA_STARVE_DEFAULT (4096, §8 A7) or 0
 *   dyncta.strict_classification    -> STRICT
 * Until st_config has the dyncta section (ST_HAVE_DYNCTA_CONFIG), every SM
 * gets the spec's defaults. */
#include "units/dyncta/dyncta.h"

void dyncta_config_params(const st_config *cfg, dyncta_params *p) {
  dyncta_default_params(p, (unsigned)cfg->sm.max_ctas);
#ifdef ST_HAVE_DYNCTA_CONFIG
  p->cnt_w = (uint8_t)cfg->dyncta.counter_bits;
  p->period = (uint32_t)cfg->dyncta.sample_period;
  p->t_idle = (uint16_t)cfg->dyncta.t_idle;
  p->t_mem_l = (uint16_t)cfg->dyncta.t_mem_l;
  p->t_mem_h = (uint16_t)cfg->dyncta.t_mem_h;
  p->init_n = (uint8_t)cfg->dyncta.initial_n;
  p->freeze = cfg->dyncta.freeze_when_drained ? 1 : 0;
  p->starve_t = cfg->dyncta.anti_starvation ? DYNCTA_STARVE_DEFAULT : 0;
  p->strict = cfg->dyncta.strict_classification ? 1 : 0;
#endif
}
