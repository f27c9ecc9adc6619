#!/bin/sh
# GPGPU-Sim as a peer of simtref: builds GPGPU-Sim 4.x (the gpgpu-sim fork of
# Accel-Sim, branch dev) from a source directory you give, runs programs that
# `simtref run NAME --export-cuda DIR` wrote under its GTX480 configuration,
# and collects its per-launch statistics into CSV. GPGPU-Sim is a tool for this
# check, not a dependency of simtref; none of its code or configuration is part
# of this repository (the build works on a copy of your source directory, the
# run copies the configuration from it). See docs/peers.md.
#
#   gpgpusim.sh deps                           Debian packages the build needs
#   gpgpusim.sh build SRC_DIR [BUILD_DIR]      copy SRC_DIR, apply the fixes, make
#   gpgpusim.sh run [OPTIONS] EXPORT_DIR OUT_DIR
#       --gpgpusim BUILD_DIR   the build (default $GPGPUSIM_BUILD, else build/gpgpu-sim)
#       --preload              keep GPGPU-Sim's L2 preload from host copies
#                              (-gpgpu_perf_sim_memcpy 1); default off (cold start,
#                              as simtref)
#       --timeout SECONDS      stop the simulation after SECONDS (default: none)
#       --option 'NAME VALUE'  set one GPGPU-Sim option in the run's copy of the
#                              configuration (replacing the line of NAME), e.g.
#                              --option '-gpgpu_scheduler gto'; repeatable
#       --max-insts N          stop after N thread instructions (GPGPU-Sim's
#                              -gpgpu_max_insn; the launch it stops in is
#                              still collected); exit 0 when that is why it ended
#   gpgpusim.sh collect OUT_DIR...             CSV of every launch on stdout
#   gpgpusim.sh issue OUT_DIR...               CSV of GPGPU-Sim's issue-slot
#       classification over each whole run (its last "Stall: W0_Idle:
#       W0_Scoreboard: W1: ..." line): slots, issued, stall, idle, scoreboard
#   gpgpusim.sh compare OUT_DIR SIMTREF_STATS  one run beside simtref's
#       `simtref run NAME --stats FILE` (text, not .json), launch by launch
#
# Exit status: 0 success; 1 the replay reported a difference or GPGPU-Sim
# failed; 2 bad usage, a missing source directory, an unbuilt GPGPU-Sim.
set -eu

me=$(basename "$0")
root=$(cd "$(dirname "$0")/../.." && pwd)
default_build="$root/build/gpgpu-sim"

die() { echo "$me: error: $*" >&2; exit 2; }

usage() {
  sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'
}

# The Debian packages the build needs besides the CUDA toolkit (nvcc): the
# compiler, bison and flex for GPGPU-Sim's PTX parsers, makedepend
# (xutils-dev) for its Makefiles, zlib and libGL to link libcudart.so.
DEPS="build-essential bison flex xutils-dev zlib1g-dev libgl-dev"

cmd_deps() {
  missing=""
  for p in $DEPS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
      missing="$missing $p"
    fi
  done
  [ -z "$missing" ] && { echo "$me: all build packages present ($DEPS)"; return 0; }
  echo "$me: missing Debian packages:$missing"
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO="sudo -n"
    else
      echo "$me: error: installing packages needs root. Run as root:" >&2
      echo "  apt-get update && apt-get install -y$missing" >&2
      exit 2
    fi
  else
    SUDO=""
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $missing
}

cuda_root() {
  command -v nvcc >/dev/null 2>&1 ||
    die "nvcc not in PATH: GPGPU-Sim needs the CUDA toolkit (nvcc, ptxas) to build and run"
  dirname "$(dirname "$(command -v nvcc)")"
}

# CUDA runtime version as GPGPU-Sim spells it (13.0 -> 13000).
cuda_version_number() {
  "$1/bin/nvcc" --version | awk '/release/ {print $5}' | sed 's/,//' |
    sed 's/\./ /' | awk '{printf("%02u%02u", 10*int($1), 10*$2)}'
}

# Replace, in FILE, the first line matching the basic regex LINE_RE by the
# output of the rest of the arguments, unless MARKER is already in FILE.
# Fails when LINE_RE matches nothing (a source that differs from the one
# these fixes were written for).
need_match() { grep -q "$2" "$1" || die "fix '$3': $1 has no line matching '$2' (another GPGPU-Sim version?)"; }

apply_fixes() {
  b="$1"
  compat="$b/simtref_compat"
  mkdir -p "$compat"

  # Fix 1. CUDA 13 removed texture and surface references (struct
  # textureReference, surfaceReference) from its runtime headers; GPGPU-Sim
  # still models them and does not compile without them. A header of ours
  # restores the CUDA 12 definitions, included right after every
  # builtin_types.h include of GPGPU-Sim's sources.
  cat > "$compat/cuda13_compat.h" <<'EOF'
/* Written by simtref's tools/peers/gpgpusim.sh. CUDA 13 removed texture and
 * surface references from the runtime headers; GPGPU-Sim still models them.
 * These are the definitions CUDA 12 had. */
#ifndef SIMTREF_CUDA13_COMPAT_H
#define SIMTREF_CUDA13_COMPAT_H
#include "builtin_types.h"
#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};
struct surfaceReference {
  struct cudaChannelFormatDesc channelDesc;
};
#endif
#endif
EOF
  for f in libcuda/cuda_api_object.h libcuda/cuda_runtime_api.cc \
           src/abstract_hardware_model.h src/cuda-sim/cuda_device_runtime.cc \
           libopencl/opencl_runtime_api.cc; do
    [ -f "$b/$f" ] || continue
    grep -q cuda13_compat.h "$b/$f" && continue
    need_match "$b/$f" '^#include ["<]builtin_types.h[">]' "texture references"
    sed -i -E "0,/^#include [\"<]builtin_types.h[\">]/s||&\\n#include \"$compat/cuda13_compat.h\"|" "$b/$f"
  done

  api="$b/libcuda/cuda_runtime_api.cc"

  # Fix 2. CUDA 13 removed cudaDeviceProp::clockRate; cudaGetDeviceProperties
  # sets it. Compiled only for CUDA < 13.
  if ! grep -q 'simtref: clockRate' "$api"; then
    need_match "$api" '^ *prop->clockRate = the_gpu->shader_clock();' "clockRate"
    sed -i 's|^\( *\)prop->clockRate = the_gpu->shader_clock();|#if CUDART_VERSION < 13000 /* simtref: clockRate removed in CUDA 13 */\n&\n#endif|' "$api"
  fi

  # Fix 3. nvcc links programs (-cudart shared) against libcudart.so.13 and
  # binds their symbols to version libcudart.so.13; GPGPU-Sim's version
  # script defines nodes only up to 11.0, so the loader would refuse its
  # library. Add the nodes of CUDA 12 and 13 (empty, like the others).
  if ! grep -q 'libcudart.so.13' "$b/linux-so-version.txt"; then
    printf 'libcudart.so.12{\n};\nlibcudart.so.13{\n};\n' >> "$b/linux-so-version.txt"
  fi

  # Fix 4. ptxas of CUDA 13 prints ", used N barriers" in its resource line
  # and a "Compile time = ..." line; GPGPU-Sim's ptxas-output lexer knows
  # neither and stops with a syntax error. Two lexer rules skip them.
  lex="$b/src/cuda-sim/ptxinfo.l"
  if ! grep -q '" barriers"' "$lex"; then
    need_match "$lex" '^"ptxas info    : Function properties for"' "ptxas output"
    sed -i '/^"ptxas info    : Function properties for"/a\
", used "[0-9]+" barriers"	TC;\
"ptxas info    : Compile time = "[^\\n]*	TC;' "$lex"
  fi

  # Fix 5. For CUDA >= 6 GPGPU-Sim extracts the PTX from the program with
  # cuobjdump, which CUDA 13's toolkit may not have and which reads only
  # what nvcc embedded. With PTX_SIM_USE_PTX_FILE set, take the PTX from the
  # file PTX_SIM_KERNELFILE names (NAME.sm_XX.ptx; the export's own PTX)
  # instead, as GPGPU-Sim did for older CUDA.
  if ! grep -q 'simtref: PTX from a file' "$api"; then
    need_match "$api" '^void cuda_runtime_api::extract_ptx_files_using_cuobjdump(CUctx_st \*context) {$' "PTX file"
    cat > "$compat/ptx_file.inc" <<'EOF'
  /* simtref: PTX from a file. With PTX_SIM_USE_PTX_FILE set, read the PTX
     from the file PTX_SIM_KERNELFILE names (NAME.sm_XX.ptx), not cuobjdump. */
  {
    const char *use_file = getenv("PTX_SIM_USE_PTX_FILE");
    const char *kernel_file = getenv("PTX_SIM_KERNELFILE");
    if (use_file && *use_file && kernel_file && *kernel_file) {
      std::string f(kernel_file);
      size_t p1 = f.find("sm_"), p2 = f.find_last_of(".");
      int version = 0;
      if (p1 != std::string::npos && p2 != std::string::npos && p2 > p1 + 3)
        version = atoi(f.substr(p1 + 3, p2 - p1 - 3).c_str());
      version_filename[version].insert(f);
      context->no_of_ptx++;
      printf("GPGPU-Sim PTX: reading PTX from %s (PTX_SIM_USE_PTX_FILE)\n",
             kernel_file);
      return;
    }
  }
EOF
    sed -i "/^void cuda_runtime_api::extract_ptx_files_using_cuobjdump(CUctx_st \\*context) {\$/r $compat/ptx_file.inc" "$api"
  fi

  # Fix 6. From CUDA 10 on, GPGPU-Sim's cudaLaunchKernel expects the launch
  # configuration pushed before it by a <<<>>> stub (__cudaPushCallConfiguration);
  # the replay program calls cudaLaunchKernel directly and nothing is pushed
  # ("empty launch stack"). Push it there when the stack is empty.
  if ! grep -q 'simtref: direct cudaLaunchKernel' "$api"; then
    need_match "$api" '^  cudaConfigureCallInternal(gridDim, blockDim, sharedMem, stream, ctx);$' "cudaLaunchKernel"
    perl -0pi -e 's/#if CUDART_VERSION < 10000\n  cudaConfigureCallInternal\(gridDim, blockDim, sharedMem, stream, ctx\);\n#endif/  \/* simtref: direct cudaLaunchKernel calls push no configuration before *\/\n  if (CUDART_VERSION < 10000 || ctx->api->g_cuda_launch_stack.empty())\n    cudaConfigureCallInternal(gridDim, blockDim, sharedMem, stream, ctx);/' "$api"
    grep -q 'simtref: direct cudaLaunchKernel' "$api" ||
      die "fix 'cudaLaunchKernel': $api differs from the version this script knows"
  fi
}

# The environment GPGPU-Sim's setup_environment would set, without its CUDA
# version check (it refuses CUDA > 11.1).
build_env() {
  b="$1"; cuda="$2"
  cc_version=$(gcc --version | head -1 | awk '{for(i=1;i<=NF;i++) if (match($i,/^[0-9]+\.[0-9]+\.[0-9]+$/)) {print $i; exit}}')
  export CUDA_INSTALL_PATH="$cuda"
  export PTXAS_CUDA_INSTALL_PATH="$cuda"
  export GPGPUSIM_ROOT="$b"
  export GPGPUSIM_SETUP_ENVIRONMENT_WAS_RUN=1
  cuda_number=$(cuda_version_number "$cuda")
  export GPGPUSIM_CONFIG="gcc-$cc_version/cuda-$cuda_number/release"
  # The dev branch does not compile without AccelWattch (gpu-sim.cc calls
  # into it); it is compiled in and switched off at run time
  # (-power_simulation_enabled 0).
  if [ -d "$b/src/accelwattch" ]; then
    export GPGPUSIM_POWER_MODEL="$b/src/accelwattch/"
  fi
}

cmd_build() {
  [ $# -ge 1 ] && [ $# -le 2 ] || die "usage: $me build SRC_DIR [BUILD_DIR]"
  src="$1"; b="${2:-$default_build}"
  [ -d "$src" ] || die "GPGPU-Sim source directory '$src' does not exist (give a checkout of accel-sim/gpgpu-sim_distribution, branch dev)"
  for f in Makefile libcuda/cuda_runtime_api.cc src/cuda-sim/ptxinfo.l configs/tested-cfgs/SM2_GTX480/gpgpusim.config; do
    [ -f "$src/$f" ] || die "'$src' is not a GPGPU-Sim source directory: no $f"
  done
  cuda=$(cuda_root)
  cmd_deps
  command -v perl >/dev/null 2>&1 || die "perl not found"
  src=$(cd "$src" && pwd)
  mkdir -p "$b"; b=$(cd "$b" && pwd)
  [ "$src" != "$b" ] || die "BUILD_DIR must differ from SRC_DIR (the fixes are applied to a copy)"
  echo "$me: copying $src to $b"
  (cd "$src" && tar -c --exclude=./.git --exclude=./build --exclude=./lib .) | (cd "$b" && tar -x)
  commit=$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)
  apply_fixes "$b"
  build_env "$b" "$cuda"
  log="$b/simtref-build.log"
  rm -f "$b/simtref-peer.txt"   # `run` refuses the build until this one succeeds
  echo "$me: building GPGPU-Sim ($commit) with CUDA $(cuda_version_number "$cuda") in $b (log: $log)"
  (cd "$b" && nice make -j"${JOBS:-2}" > "$log" 2>&1) || {
    grep -E ' error|Error [0-9]' "$log" | head -20 >&2
    echo "$me: error: GPGPU-Sim build failed; see $log" >&2; exit 1; }
  lib="$b/lib/$GPGPUSIM_CONFIG"
  [ -f "$lib/libcudart.so" ] || { echo "$me: error: no $lib/libcudart.so after the build; see $log" >&2; exit 1; }
  major=$(($(cuda_version_number "$cuda") / 1000))
  ln -sf libcudart.so "$lib/libcudart.so.$major"
  {
    echo "source=$src"
    echo "commit=$commit"
    echo "cuda=$cuda"
    echo "libdir=$lib"
    echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$b/simtref-peer.txt"
  echo "$me: built $lib/libcudart.so"
}

cmd_run() {
  b="${GPGPUSIM_BUILD:-$default_build}"; preload=0; tmo=""; maxi=0; opts=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --gpgpusim) [ $# -ge 2 ] || die "--gpgpusim needs a directory"; b="$2"; shift 2 ;;
      --preload) preload=1; shift ;;
      --timeout) [ $# -ge 2 ] || die "--timeout needs seconds"; tmo="$2"; shift 2 ;;
      --option)
        [ $# -ge 2 ] || die "--option needs 'NAME VALUE'"
        case "$2" in
          -[a-z]*' '?*) ;;
          *) die "--option: '$2' is not 'NAME VALUE' with NAME a GPGPU-Sim option such as -gpgpu_scheduler" ;;
        esac
        case "$2" in *'|'*|*'
'*) die "--option: '$2' may not hold '|' or a newline" ;; esac
        opts="$opts$2|"; shift 2 ;;
      --max-insts)
        [ $# -ge 2 ] || die "--max-insts needs a number of thread instructions"
        case "$2" in ''|*[!0-9]*) die "--max-insts: '$2' is not a whole number" ;; esac
        maxi="$2"; shift 2 ;;
      -*) die "run: unknown option '$1'" ;;
      *) break ;;
    esac
  done
  [ $# -eq 2 ] || die "usage: $me run [--gpgpusim BUILD_DIR] [--preload] [--timeout S] [--max-insts N] [--option 'NAME VALUE']... EXPORT_DIR OUT_DIR"
  exp="$1"; out="$2"
  [ -f "$b/simtref-peer.txt" ] ||
    die "GPGPU-Sim is not built in '$b': run '$me build SRC_DIR $b' first (or give --gpgpusim / GPGPUSIM_BUILD)"
  libdir=$(sed -n 's/^libdir=//p' "$b/simtref-peer.txt")
  cuda=$(sed -n 's/^cuda=//p' "$b/simtref-peer.txt")
  [ -f "$libdir/libcudart.so" ] || die "GPGPU-Sim's $libdir/libcudart.so is missing: rebuild with '$me build'"
  cfgdir="$b/configs/tested-cfgs/SM2_GTX480"
  [ -f "$cfgdir/gpgpusim.config" ] || die "no GTX480 configuration in $cfgdir"
  [ -f "$exp/replay.txt" ] && [ -f "$exp/Makefile" ] ||
    die "'$exp' is not an export of simtref run --export-cuda (no replay.txt or Makefile)"
  exp=$(cd "$exp" && pwd)
  set -- "$exp"/src/*.ptx
  [ -f "$1" ] || die "no PTX in $exp/src"
  [ $# -eq 1 ] || die "$exp/src holds several PTX files; GPGPU-Sim reads one"
  ptx="$1"
  if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
    die "OUT_DIR '$out' exists and is not empty"
  fi
  command -v nvcc >/dev/null 2>&1 || die "nvcc not in PATH"
  mkdir -p "$out"; out=$(cd "$out" && pwd)
  cp -r "$exp"/. "$out"/
  cd "$out"

  # The PTX's own target: the host program is compiled for it too.
  arch=$(sed -n 's/^\.target[ \t]*\(sm_[0-9]*\).*/\1/p' "$ptx" | head -1)
  [ -n "$arch" ] || arch=sm_75
  make -s ARCH="$arch" CUDART=shared > build.log 2>&1 || {
    cat build.log >&2; echo "$me: error: building the replay program failed" >&2; exit 1; }
  name=$(basename "$ptx" .ptx)
  cp "$ptx" "$name.$arch.ptx"

  # GPGPU-Sim's GTX480 configuration, with the power model off and the L2
  # preload from host copies as asked.
  cp "$cfgdir/gpgpusim.config" "$cfgdir"/*.icnt .
  sed -i -e 's/^-power_simulation_enabled .*/-power_simulation_enabled 0/' \
         -e '/^-gpuwattch_xml_file/d' \
         -e "s/^-gpgpu_perf_sim_memcpy .*/-gpgpu_perf_sim_memcpy $preload/" gpgpusim.config
  grep -q '^-gpgpu_perf_sim_memcpy' gpgpusim.config || echo "-gpgpu_perf_sim_memcpy $preload" >> gpgpusim.config
  if [ "$maxi" != 0 ]; then
    sed -i -e '/^-gpgpu_max_insn /d' gpgpusim.config
    echo "-gpgpu_max_insn $maxi" >> gpgpusim.config
  fi
  rest="$opts"
  while [ -n "$rest" ]; do
    o="${rest%%|*}"; rest="${rest#*|}"
    oname="${o%% *}"
    grep -v -e "^$oname " -e "^$oname\$" gpgpusim.config > gpgpusim.config.new || true
    mv gpgpusim.config.new gpgpusim.config
    echo "$o" >> gpgpusim.config
  done

  {
    echo "workload=$name"
    echo "export=$exp"
    echo "gpgpusim=$(sed -n 's/^commit=//p' "$b/simtref-peer.txt")"
    echo "config=SM2_GTX480"
    echo "preload=$preload"
    echo "max_insts=$maxi"
    echo "options=$(printf '%s' "$opts" | sed 's/|$//; s/|/; /g')"
    echo "started=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > peer.txt

  t0=$(date +%s.%N)
  rc=0
  env CUDA_INSTALL_PATH="$cuda" PTXAS_CUDA_INSTALL_PATH="$cuda" \
      PTX_SIM_USE_PTX_FILE=1 PTX_SIM_KERNELFILE="$name.$arch.ptx" CUOBJDUMP_SIM_FILE=jj \
      LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      ${tmo:+timeout "$tmo"} ./replay > gpgpusim.log 2>&1 || rc=$?
  t1=$(date +%s.%N)
  wall=$(echo "$t0 $t1" | awk '{printf "%.1f", $2 - $1}')
  summary=$(grep '^replay: ' gpgpusim.log | tail -1 || true)
  launches=$(grep -c '^kernel_name = ' gpgpusim.log || true)
  # GPGPU-Sim ends with status 1 and this line when -gpgpu_max_insn stops it.
  budget=0
  if [ "$maxi" != 0 ] && [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] &&
     grep -q 'break due to reaching the maximum cycles (or instructions)' gpgpusim.log; then
    budget=1
  fi
  {
    echo "wall_seconds=$wall"
    echo "exit_status=$rc"
    echo "launches_simulated=$launches"
    echo "replay=$summary"
    echo "stopped_at_max_insts=$budget"
  } >> peer.txt
  if [ "$budget" -eq 1 ]; then
    echo "$me: $name: stopped at --max-insts $maxi ($launches launches, the last one partial, ${wall} s; log $out/gpgpusim.log)"
  elif [ "$rc" -eq 0 ]; then
    echo "$me: $name: $summary ($launches launches simulated, ${wall} s; log $out/gpgpusim.log)"
  elif [ "$rc" -eq 124 ]; then
    echo "$me: $name: stopped by --timeout $tmo after ${wall} s, $launches launches simulated; log $out/gpgpusim.log" >&2
    return 1
  else
    tail -5 gpgpusim.log >&2
    echo "$me: $name: the replay exited with status $rc${summary:+ ($summary)} after ${wall} s; log $out/gpgpusim.log" >&2
    return 1
  fi
}

# Per-launch statistics from GPGPU-Sim logs. A statistics block starts at
# "kernel_name = K" (printed when the launch finishes). Per-launch counters:
#   gpu_sim_cycle, gpu_sim_insn, gpu_ipc (the block's own lines).
# Counters GPGPU-Sim prints as totals since the start of the program, so the
# launch's share is the difference from the previous block:
#   L1D: "L1D_total_cache_accesses", "L1D_total_cache_misses" (accesses are
#        hits, misses, sector misses and hits on pending lines; reservation
#        failures, i.e. retries, are not counted)
#   L2:  "L2_total_cache_accesses", "L2_total_cache_misses" (same rule)
#   DRAM: the sum over channels of n_rd + n_rd_L2_A + n_write + n_wr_bk (the
#        L2's write-backs) in the "n_cmd=..." line of each channel: column
#        commands, each moving one
#        DRAM atom of burst_length x buswidth x n_mem_per_ctrlr bytes
#        (64 on GTX480, from the log's option lines).
# dram_gbps = dram_bytes / (gpu_sim_cycle / core clock), the core clock being
# the first field of -gpgpu_clock_domains.
collect_awk='
function flush() {
  if (kname == "") return
  da = l1a - pl1a; dm = l1m - pl1m; d2a = l2a - pl2a; d2m = l2m - pl2m
  dd = dr - pdr
  bytes = dd * atom
  gbps = (cyc > 0 && mhz > 0) ? bytes * mhz / cyc / 1000.0 : 0
  printf "%s,%d,%s,%d,%d,%.4f,%d,%d,%s,%d,%d,%s,%d,%.4f\n", wl, idx, kname, cyc, insn, ipc,
    da, dm, (da > 0 ? sprintf("%.4f", dm / da) : ""), d2a, d2m, (d2a > 0 ? sprintf("%.4f", d2m / d2a) : ""),
    bytes, gbps
  pl1a = l1a; pl1m = l1m; pl2a = l2a; pl2m = l2m; pdr = dr
  idx++; kname = ""
}
FNR == 1 { flush(); idx = 0; l1a = l1m = l2a = l2m = dr = 0; pl1a = pl1m = pl2a = pl2m = pdr = 0
           wl = names[FILENAME]; bl = bw = mpc = 0; mhz = 0; atom = 0; blockdr = -1 }
/^-gpgpu_clock_domains / { split($2, c, ":"); mhz = c[1] + 0 }
/^-gpgpu_dram_burst_length / { bl = $2 }
/^-gpgpu_dram_buswidth / { bw = $2 }
/^-gpgpu_n_mem_per_ctrlr / { mpc = $2; }
/^kernel_name = / { flush(); kname = $3; atom = bl * bw * mpc; blockdr = 0 }
kname != "" && /^gpu_sim_cycle = / { cyc = $3 }
kname != "" && /^gpu_sim_insn = / { insn = $3 }
kname != "" && /^gpu_ipc = / { ipc = $3 }
kname != "" && /^[ \t]*L1D_total_cache_accesses = / { l1a = $3 }
kname != "" && /^[ \t]*L1D_total_cache_misses = / { l1m = $3 }
kname != "" && /^L2_total_cache_accesses = / { l2a = $3 }
kname != "" && /^L2_total_cache_misses = / { l2m = $3 }
kname != "" && /^n_cmd=/ {
  if (blockdr == 0) dr = 0
  blockdr = 1
  for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "n_rd" || kv[1] == "n_rd_L2_A" || kv[1] == "n_write" || kv[1] == "n_wr_bk") dr += kv[2] }
}
END { flush() }
'

cmd_collect() {
  [ $# -ge 1 ] || die "usage: $me collect OUT_DIR... (directories written by '$me run', or GPGPU-Sim logs)"
  files=""; names=""
  for d in "$@"; do
    if [ -d "$d" ]; then
      [ -f "$d/gpgpusim.log" ] || die "no gpgpusim.log in '$d'"
      f="$d/gpgpusim.log"
      w=$(sed -n 's/^workload=//p' "$d/peer.txt" 2>/dev/null || true)
      [ -n "$w" ] || w=$(basename "$d")
    elif [ -f "$d" ]; then
      f="$d"; w=$(basename "$d" .log)
    else
      die "'$d' is neither a run directory nor a log"
    fi
    if ! grep -q '^kernel_name = ' "$f"; then
      echo "$me: warning: '$f' holds no GPGPU-Sim kernel statistics (no launch finished); skipped" >&2
      continue
    fi
    files="$files
$f"
    names="$names
$f	$w"
  done
  [ -n "$files" ] || die "no GPGPU-Sim kernel statistics in any of: $*"
  echo "workload,launch,kernel,gpu_sim_cycle,gpu_sim_insn,ipc,l1d_accesses,l1d_misses,l1d_miss_rate,l2_accesses,l2_misses,l2_miss_rate,dram_bytes,dram_gbps"
  namefile=$(mktemp)
  trap 'rm -f "$namefile"' EXIT
  printf '%s\n' "$names" | sed '/^$/d' > "$namefile"
  # shellcheck disable=SC2086
  (IFS='
'; awk -v namefile="$namefile" '
BEGIN { FS = " "; while ((getline l < namefile) > 0) { split(l, p, "\t"); names[p[1]] = p[2] } }
'"$collect_awk" $files)
}

# GPGPU-Sim's warp-issue classification, per scheduler per cycle, summed over
# the run (the last "Warp Occupancy Distribution" line of the log): W1..W32
# issued a warp with that many active threads, Stall: the pipeline could not
# take the instruction, W0_Idle: no warp had a valid instruction in its
# I-buffer (finished, at a barrier, waiting for fetch), W0_Scoreboard: valid
# instructions, all waiting on register dependencies (memory or arithmetic).
cmd_issue() {
  [ $# -ge 1 ] || die "usage: $me issue OUT_DIR... (directories written by '$me run')"
  echo "workload,slots,issued,stall,idle,scoreboard,issued_share,stall_share,idle_share,scoreboard_share"
  for d in "$@"; do
    [ -f "$d/gpgpusim.log" ] || die "no gpgpusim.log in '$d'"
    w=$(sed -n 's/^workload=//p' "$d/peer.txt" 2>/dev/null || true)
    [ -n "$w" ] || w=$(basename "$d")
    line=$(grep '^Stall:[0-9]' "$d/gpgpusim.log" | tail -1)
    [ -n "$line" ] || { echo "$me: warning: '$d' has no warp-issue distribution; skipped" >&2; continue; }
    echo "$line" | tr '\t' '\n' | awk -F: -v w="$w" '
      $1 == "Stall" { st = $2 } $1 == "W0_Idle" { id = $2 } $1 == "W0_Scoreboard" { sb = $2 }
      $1 ~ /^W[0-9]+$/ && $1 != "W0" { is += $2 }
      END { t = st + id + sb + is
            if (t == 0) t = 1
            printf "%s,%d,%d,%d,%d,%d,%.4f,%.4f,%.4f,%.4f\n", w, st + id + sb + is, is, st, id, sb, is / t, st / t, id / t, sb / t }'
  done
}

# One run's launches beside simtref's: collect's rows joined with the
# kernel.N.* keys of simtref's text statistics by launch index.
cmd_compare() {
  [ $# -eq 2 ] || die "usage: $me compare OUT_DIR SIMTREF_STATS (simtref run NAME --stats FILE, text form)"
  [ -f "$2" ] || die "no simtref statistics file '$2'"
  grep -q '^kernel\.0\.cycles = ' "$2" ||
    die "'$2' has no kernel.0.cycles: give the text form of simtref run --stats (not .json)"
  csv=$(cmd_collect "$1") || exit $?
  sw=$(sed -n 's/^workload = //p' "$2" | head -1)
  gw=$(printf '%s\n' "$csv" | sed -n '2s/,.*//p')
  [ -z "$sw" ] || [ "$sw" = "$gw" ] ||
    die "'$2' is simtref's run of '$sw', '$1' GPGPU-Sim's run of '$gw'"
  printf '%s\n' "$csv" | awk -v stats="$2" -v me="$me" '
BEGIN {
  FS = " = "
  while ((getline l < stats) > 0) {
    n = index(l, " = "); if (n == 0) continue
    k = substr(l, 1, n - 1); v = substr(l, n + 3)
    if (k ~ /^kernel\.[0-9]+\./) st[k] = v
  }
  FS = ","
  print "launch,kernel,simtref_cycles,gpgpusim_cycles,cycle_ratio,simtref_ipc,gpgpusim_ipc,simtref_l1d_miss_rate,gpgpusim_l1d_miss_rate,simtref_l2_miss_rate,gpgpusim_l2_miss_rate,simtref_dram_gbps,gpgpusim_dram_gbps"
}
NR == 1 { next }
{
  i = $2; p = "kernel." i "."
  if (!((p "cycles") in st)) { printf "%s: warning: simtref has no launch %d\n", me, i > "/dev/stderr"; next }
  if (st[p "name"] != $3) printf "%s: warning: launch %d is %s in simtref, %s in GPGPU-Sim\n", me, i, st[p "name"], $3 > "/dev/stderr"
  seen[i] = 1
  printf "%d,%s,%d,%d,%.3f,%.4f,%s,%.4f,%s,%.4f,%s,%.4f,%s\n", i, $3, st[p "cycles"], $4,
    (st[p "cycles"] > 0 ? $4 / st[p "cycles"] : 0), st[p "ipc"], $6,
    st[p "l1d.miss_rate"], $9, st[p "l2.miss_rate"], $12, st[p "dram.gbytes_per_second"], $14
}
END {
  for (k in st) if (k ~ /\.cycles$/) { split(k, a, "."); if (!(a[2] in seen)) missing++ }
  if (missing) printf "%s: warning: %d launch(es) of simtref not in the GPGPU-Sim run\n", me, missing > "/dev/stderr"
}'
}

[ $# -ge 1 ] || { usage >&2; exit 2; }
sub="$1"; shift
case "$sub" in
  deps) cmd_deps ;;
  build) cmd_build "$@" ;;
  run) cmd_run "$@" ;;
  collect) cmd_collect "$@" ;;
  compare) cmd_compare "$@" ;;
  issue) cmd_issue "$@" ;;
  -h|--help|help) usage ;;
  *) usage >&2; die "unknown command '$sub'" ;;
esac
