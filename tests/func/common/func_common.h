/* Shared helpers for the functional regression generators (tests/func/<group>/gen_<group>.c).
 *
 * A generator is a plain C11 program: `gen_<group> OUTDIR [PTXDIR]`. It makes deterministic
 * inputs from a seeded PRNG, computes the expected outputs with an independent CPU reference of
 * the PTX semantics, and writes OUTDIR/<group>.yaml (a simtref workload file), the input .bin
 * files and the .expected.bin files. PTXDIR is the folder holding the committed <group>.ptx
 * (default: the source folder the generator was built from, FUNC_SRC_DIR); the yaml names the
 * PTX by its absolute path.
 *
 * The PRNG is xoshiro256** seeded through splitmix64, so every run on every host gives the same
 * bytes. Nothing here depends on the simulator.
 */
#ifndef FUNC_COMMON_H
#define FUNC_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- deterministic PRNG -------------------------------------------------------------------- */

typedef struct {
  uint64_t s[4];
} fc_rng;

void fc_rng_seed(fc_rng *r, uint64_t seed); /* splitmix64 expands the seed into the state */
uint64_t fc_rng_u64(fc_rng *r);             /* xoshiro256** */
uint32_t fc_rng_u32(fc_rng *r);
uint32_t fc_rng_below(fc_rng *r, uint32_t n);             /* uniform in [0, n), n > 0 */
int64_t fc_rng_range(fc_rng *r, int64_t lo, int64_t hi);  /* uniform in [lo, hi] */
double fc_rng_unit(fc_rng *r);                            /* uniform in [0, 1) */
uint32_t fc_rng_u32_shr(fc_rng *r); /* random bits shifted right by a random 0..31 */
uint64_t fc_rng_u64_shr(fc_rng *r); /* random bits shifted right by a random 0..63 */
/* Note: C leaves the order of evaluation of operands unspecified, so a generator never uses
 * two fc_rng_* calls in one expression (the inputs would depend on the compiler). */

/* ---- bit casts ------------------------------------------------------------------------------ */

static inline uint32_t fc_f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline float fc_u2f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline uint64_t fc_d2u(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static inline double fc_u2d(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}

/* ---- IEEE helpers for the references --------------------------------------------------------- */

enum { FC_RN = 0, FC_RZ = 1, FC_RM = 2, FC_RP = 3 };

/* Runs under the given rounding mode (fesetround), restoring round-to-nearest afterwards. */
void fc_set_round(int mode);
void fc_restore_round(void);

int fc_f32_is_nan(uint32_t u);
int fc_f32_is_sub(uint32_t u); /* subnormal (nonzero, exponent 0) */
int fc_f64_is_nan(uint64_t u);
int fc_f64_is_sub(uint64_t u);
uint32_t fc_f32_ftz(uint32_t u); /* subnormal -> sign-preserving zero */

/* Round an exact double value to an integral double: FC_RN ties to even, FC_RZ, FC_RM, FC_RP. */
double fc_round_integral(double x, int mode);

/* Round the exact value (-1)^neg * mag to a binary format with mbits fraction bits (23: f32,
 * 52: f64); no overflow or subnormals occur for 64-bit integer inputs. Exact integer arithmetic. */
double fc_u64_to_fp(uint64_t mag, int neg, int mbits, int mode);

/* Round a finite or infinite double x to a small binary format (ebits exponent bits, mbits
 * fraction bits: f16 = 5/10, bf16 = 8/7) in the given mode, with IEEE overflow rules (RZ and the
 * mode away from the sign give the largest finite value) and gradual underflow. Returns the
 * encoding (sign included). Not for NaN. Integer-exact. */
uint32_t fc_round_small_fp(double x, int ebits, int mbits, int mode);

/* Distance in units in the last place between two encodings (ordered-integer distance). */
uint64_t fc_ulp_dist32(uint32_t a, uint32_t b);
uint64_t fc_ulp_dist64(uint64_t a, uint64_t b);

/* Interesting f32/f64 encodings: signed zeros, smallest/largest subnormals, smallest normals,
 * small integers and halves, values one ulp around 1, largest finite, infinities, quiet and
 * signalling NaNs of both signs with and without payloads. */
extern const uint32_t fc_f32_specials[];
extern const size_t fc_n_f32_specials;
extern const uint64_t fc_f64_specials[];
extern const size_t fc_n_f64_specials;

/* Random encodings: a mix of specials, values near them, uniform bit patterns, moderate
 * magnitudes and subnormals. */
uint32_t fc_rand_f32(fc_rng *r);
uint64_t fc_rand_f64(fc_rng *r);

/* Dies unless a reference row wrote exactly k elements: end - base == k * elem bytes. */
void fc_check_row(const void *end, const void *base, size_t elem, size_t k, const char *what);

/* ---- memory ------------------------------------------------------------------------------- */

void *fc_alloc(size_t bytes); /* zeroed; exits on failure */

/* ---- workload (YAML) writer ----------------------------------------------------------------- */

typedef struct fc_wl fc_wl;

/* Parses argv (OUTDIR [PTXDIR]), creates OUTDIR, records the group name. Exits with usage on bad
 * arguments. */
fc_wl *fc_wl_begin(int argc, char **argv, const char *group);

/* Buffers, in the order they will appear. Data are copied into NAME.bin (inputs), NAME.init.bin
 * (initial contents of an output buffer) and NAME.expected.bin; the simulator writes NAME.bin
 * for an output buffer. */
void fc_buf_in(fc_wl *w, const char *name, const void *data, size_t bytes);
void fc_buf_zero(fc_wl *w, const char *name, size_t bytes);
/* init == NULL: zero-initialised. */
void fc_buf_out(fc_wl *w, const char *name, size_t bytes, const void *init, const void *expect);
/* As fc_buf_out, with a per-element tolerance of `ulp` units ("f32" or "f64" elements). Only for
 * .approx instructions. */
void fc_buf_out_ulp(fc_wl *w, const char *name, size_t bytes, const void *init,
                    const void *expect, const char *type, unsigned ulp);

/* Launches, in order. Parameters follow, in PTX parameter order. */
void fc_launch(fc_wl *w, const char *entry, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
               unsigned by, unsigned bz, unsigned shared_bytes);
void fc_p_buf(fc_wl *w, const char *name, uint64_t offset);
void fc_p_u8(fc_wl *w, uint8_t v);
void fc_p_s8(fc_wl *w, int8_t v);
void fc_p_u16(fc_wl *w, uint16_t v);
void fc_p_s16(fc_wl *w, int16_t v);
void fc_p_u32(fc_wl *w, uint32_t v);
void fc_p_s32(fc_wl *w, int32_t v);
void fc_p_u64(fc_wl *w, uint64_t v);
void fc_p_s64(fc_wl *w, int64_t v);
void fc_p_b32(fc_wl *w, uint32_t v);
void fc_p_b64(fc_wl *w, uint64_t v);
void fc_p_f32(fc_wl *w, float v);  /* written as {f32: {bits: 0x...}} */
void fc_p_f64(fc_wl *w, double v); /* written as {f64: {bits: 0x...}} */

/* Writes OUTDIR/<group>.yaml, prints a one-line summary, frees w. Returns the exit status. */
int fc_wl_end(fc_wl *w);

#endif
