#!/usr/bin/env python3
"""Checks that the f64 operands of nan_f64 sit in the SASS operand slots the expected values assume.

The f64 NaN rule of docs/arith.md is a rule about SASS slots (DADD: the second source wins,
DMUL: slot B, DFMA: B, then C, then A; min/max: DSETP + SEL return the second source). The
expected values of the "nan" group assume a in slot A, b in the second slot, c in slot C, as in
the kernels recorded on H200. ptxas fills the slots of commutative operands from its register
allocation, not from the PTX order (swapping the operands of add.rn.f64 or of the multiplicands
of fma.rn.f64 in nan.ptx gives the same SASS), so this script assembles nan.ptx for sm_90 and
checks where the values loaded from a[], b[], c[] go in every f64 instruction that reads them.

    tests/func/nan/check-sass-slots.py [PTXAS]        # needs ptxas (CUDA toolkit); exit 0 = kept

Encoding (sm_90, 128-bit instructions, as far as needed here): bits 0..11 the opcode with its
operand form, 16..23 Rd, 24..31 Ra, 32..39 Rb, 64..71 Rc. 0x981 LDG, 0x229 DADD (second source
in the Rc field), 0x228 DMUL, 0x22b DFMA, 0x82b DFMA with an immediate B, 0x22a DSETP.
"""
import os
import struct
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
ptxas = sys.argv[1] if len(sys.argv) > 1 else "ptxas"


def text_section(cubin, kernel):
    d = open(cubin, "rb").read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
    stro = secs[shstrndx][4]
    for s in secs:
        name = d[stro + s[0]:d.index(b"\0", stro + s[0])].decode()
        if name == ".text." + kernel:
            return d[s[4]:s[4] + s[5]]
    sys.exit("check-sass-slots: no .text.%s in the cubin" % kernel)


def insts(text):
    for i in range(0, len(text), 16):
        lo, hi = struct.unpack("<QQ", text[i:i + 16])
        yield i // 16, lo & 0xFFF, (lo >> 24) & 0xFF, (lo >> 32) & 0xFF, hi & 0xFF, (lo >> 16) & 0xFF


with tempfile.TemporaryDirectory() as tmp:
    cubin = os.path.join(tmp, "nan.cubin")
    try:
        subprocess.run([ptxas, "-arch=sm_90", "-O3", os.path.join(here, "nan.ptx"), "-o", cubin],
                       check=True)
    except FileNotFoundError:
        print("check-sass-slots: %s not found; nothing checked" % ptxas)
        sys.exit(0)
    code = list(insts(text_section(cubin, "nan_f64")))

# a and c: the sources of the DFMA with the immediate multiplier (fma.rn.f64 d, a, -2.5, c)
imm = [x for x in code if x[1] == 0x82B and x[2] != x[4]]
loads = [x[5] for x in code if x[1] == 0x981]
a = c = None
for x in imm:
    if x[2] in loads and x[4] in loads:
        a, c = x[2], x[4]
if a is None:
    sys.exit("check-sass-slots: cannot find fma.rn.f64 d, a, imm, c")
rest = [r for r in loads if r not in (a, c)]
# b: the other 64-bit operand that DMUL reads together with a
b = None
for x in code:
    if x[1] == 0x228 and x[2] in (a,) and x[3] in rest:
        b = x[3]
    if x[1] == 0x228 and x[3] == a and x[2] in rest:
        b = x[2]
if b is None:
    sys.exit("check-sass-slots: cannot find mul.f64 d, a, b")
print("check-sass-slots: a = R%d, b = R%d, c = R%d" % (a, b, c))

names = {0x229: "DADD", 0x228: "DMUL", 0x22B: "DFMA", 0x82B: "DFMA(imm)", 0x22A: "DSETP"}
want = {0x229: (a, None, b), 0x228: (a, b, None), 0x22B: (a, b, c), 0x82B: (a, None, c),
        0x22A: (a, b, None)}
bad = checked = 0
clobbered = set()  # a, b or c overwritten earlier in this block (e.g. by the division sequence)
for n, op, ra, rb, rc, rd in code:
    if op in (0x947, 0x94D):  # BRA, EXIT: the next block starts from the loaded a, b, c
        clobbered = set()
        continue
    if op not in want:
        if op & 0xFF in (0x28, 0x29, 0x2B) or op == 0x308:  # f64 arithmetic, MUFU.RCP64H
            clobbered |= {rd, rd + 1}
        continue
    if clobbered & {ra, rb, rc}:
        clobbered |= {rd, rd + 1}
        continue
    srcs = {0x229: (ra, rc), 0x228: (ra, rb), 0x22B: (ra, rb, rc), 0x82B: (ra, rc),
            0x22A: (ra, rb)}[op]
    if not set(srcs) <= {a, b, c} or len(set(srcs)) != len(srcs):
        if op != 0x22A:
            clobbered |= {rd, rd + 1}
        continue  # an instruction of the division sequence, or not on the loaded operands
    wa, wb, wc = want[op]
    got = (ra, rb if wb is not None else None, rc if wc is not None else None)
    checked += 1
    if got != (wa, wb, wc):
        bad += 1
        print("check-sass-slots: instruction %d %s has A=R%d B=R%d C=R%d" % (n, names[op], ra, rb, rc))
print("check-sass-slots: %d f64 instructions on a, b, c checked, %d with a, b, c in other slots"
      % (checked, bad))
sys.exit(1 if bad or checked == 0 else 0)
