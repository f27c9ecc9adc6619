#!/usr/bin/env python3
"""Builds synth/lib/asap7_rvt_tt.lib.gz, the ASAP7 cell library `simtref area --lib asap7`
maps onto, from the typical-corner NLDM liberty files of the ASAP7 7.5-track standard cells
(github.com/The-OpenROAD-Project/asap7sc7p5t_28, BSD-3-Clause, see LICENSE beside this
script). docs/area.md, "The ASAP7 library", says what is kept and why.

  python3 synth/lib/make-asap7.py DIR     # DIR holds the five uncompressed .lib files

What it does, and nothing else:
  * keeps the cells listed in KEEP (every combinational function the mapper can use, in its
    smaller drive strengths, and the two flip-flops the RTL needs), in one library, with the
    table templates of all five files (the flip-flops' tables name the SEQ file's);
  * drops power tables (internal_power), pg_pin groups and the state-dependent leakage
    entries; the cell's state-independent leakage (the `leakage_power` without `when`,
    related to VDD) becomes `cell_leakage_power`;
  * of several timing arcs between the same two pins (state-dependent `when` arcs), keeps
    the slowest (the largest delay at the middle of its table);
  * computes from the tables the figures the delay report needs and writes them as comments
    at the top: FO4 (an INVx1 driving four INVx1, input slew equal to its own output slew),
    the flip-flop's clock-to-output delay and setup time (at that slew and an FO4 load).
"""
import gzip
import math
import os
import re
import sys

FILES = [
    "asap7sc7p5t_INVBUF_RVT_TT_nldm_220122.lib",
    "asap7sc7p5t_SIMPLE_RVT_TT_nldm_211120.lib",
    "asap7sc7p5t_AO_RVT_TT_nldm_211120.lib",
    "asap7sc7p5t_OA_RVT_TT_nldm_211120.lib",
    "asap7sc7p5t_SEQ_RVT_TT_nldm_220123.lib",
]
SUFFIX = "_ASAP7_75t_R"
KEEP = """
INVxp33 INVxp67 INVx1 INVx2 INVx3 INVx4 INVx5 INVx6 INVx8
BUFx2 BUFx3 BUFx4 BUFx5 BUFx6f BUFx8 BUFx10 BUFx12
NAND2xp33 NAND2xp5 NAND2xp67 NAND2x1 NAND2x1p5 NAND2x2 NAND3xp33 NAND3x1 NAND4xp25 NAND4xp75
NOR2xp33 NOR2xp67 NOR2x1 NOR2x1p5 NOR2x2 NOR3xp33 NOR3x1 NOR4xp25 NOR4xp75
AND2x2 AND3x1 AND4x1 AND5x1 OR2x2 OR3x1 OR4x1 OR5x1
XOR2xp5 XOR2x1 XNOR2xp5 XNOR2x1 MAJIxp5 MAJx2
AOI21xp33 AOI21xp5 AOI21x1 AOI22xp33 AOI22xp5 AOI22x1 AOI211xp5 AOI31xp33 AOI32xp33
AOI33xp33 AOI221xp5 AOI222xp33 AO21x1 AO22x1 AO32x1 AO221x1 A2O1A1Ixp33
OAI21xp33 OAI21xp5 OAI21x1 OAI22xp33 OAI22xp5 OAI22x1 OAI211xp5 OAI31xp33 OAI32xp33
OAI33xp33 OAI221xp5 OAI222xp33 OA21x2 OA22x2 OA211x2 O2A1O1Ixp33 O2A1O1Ixp5
TIEHIx1 TIELOx1
DFFHQNx1 DFFASRHQNx1
""".split()


class Group:
    def __init__(self, kind, args):
        self.kind, self.args, self.items = kind, args, []  # items: Group or (name, text)

    def attr(self, name):
        for it in self.items:
            if isinstance(it, tuple) and it[0] == name:
                return it[1]
        return None

    def groups(self, kind):
        return [it for it in self.items if isinstance(it, Group) and it.kind == kind]


TOKEN = re.compile(r'\s*(?:/\*.*?\*/\s*)*', re.S)


def parse(text):
    """A liberty file as nested Groups; attributes keep their source text."""
    text = text.replace("\\\n", " ")
    pos = 0
    root = Group("root", "")
    stack = [root]
    head = re.compile(r'([A-Za-z_][\w.]*)\s*(\(([^)]*)\))?\s*([{:;])')
    while True:
        m = TOKEN.match(text, pos)
        pos = m.end()
        if pos >= len(text):
            break
        if text[pos] == "}":
            stack.pop()
            pos += 1
            continue
        m = head.match(text, pos)
        if m is None:
            raise SystemExit("cannot parse at offset %d: %r" % (pos, text[pos:pos + 60]))
        name, args, sep = m.group(1), m.group(3), m.group(4)
        pos = m.end()
        if sep == "{":
            g = Group(name, args if args is not None else "")
            stack[-1].items.append(g)
            stack.append(g)
        elif sep == ":":
            # a simple attribute ends at ';' or at the end of its line
            m2 = re.compile(r'[^;\n]*').match(text, pos)
            stack[-1].items.append((name, m2.group(0).strip()))
            pos = m2.end() + 1
        else:  # complex attribute name (args);
            stack[-1].items.append((name + "()", args))
    return root.items[0]


def write(g, out, depth=0):
    pad = "  " * depth
    out.append("%s%s (%s) {" % (pad, g.kind, g.args))
    for it in g.items:
        if isinstance(it, Group):
            write(it, out, depth + 1)
        elif it[0].endswith("()"):
            out.append("%s  %s (%s);" % (pad, it[0][:-2], it[1]))
        else:
            out.append("%s  %s : %s;" % (pad, it[0], it[1]))
    out.append("%s}" % pad)


def numbers(s):
    return [float(x) for x in re.findall(r'[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?', s)]


def table(g):
    """(index_1, index_2, rows) of a lookup-table group."""
    i1 = numbers(g.attr("index_1()") or "")
    i2 = numbers(g.attr("index_2()") or "")
    vals = numbers(g.attr("values()"))
    rows = [vals[k * len(i2):(k + 1) * len(i2)] for k in range(len(i1))] if i2 else [vals]
    return i1, i2, rows


def interp(g, x, y):
    """Bilinear interpolation (extrapolation at the edges) of a table at (x, y)."""
    i1, i2, rows = table(g)

    def seg(ax, v):
        k = 0
        while k < len(ax) - 2 and v > ax[k + 1]:
            k += 1
        return k, (v - ax[k]) / (ax[k + 1] - ax[k])

    a, ta = seg(i1, x)
    b, tb = seg(i2, y)
    lo = rows[a][b] + (rows[a][b + 1] - rows[a][b]) * tb
    hi = rows[a + 1][b] + (rows[a + 1][b + 1] - rows[a + 1][b]) * tb
    return lo + (hi - lo) * ta


def arc_weight(t):
    for kind in ("cell_rise", "cell_fall"):
        for g in t.groups(kind):
            _, _, rows = table(g)
            return rows[len(rows) // 2][len(rows[0]) // 2]
    return 0.0


def trim_cell(cell):
    items = []
    leak = None
    for it in cell.items:
        if isinstance(it, Group):
            if it.kind == "leakage_power":
                if it.attr("when") is None and it.attr("related_pg_pin") == "VDD":
                    leak = it.attr("value")
                continue
            if it.kind == "pg_pin":
                continue
            if it.kind == "pin":
                trim_pin(it)
        elif it[0] in ("cell_leakage_power",):
            continue
        items.append(it)
    if leak is None:
        raise SystemExit("cell %s has no state-independent leakage" % cell.args)
    # area first, then the leakage: simtref reads both before the first pin.
    k = next(i for i, it in enumerate(items) if isinstance(it, tuple) and it[0] == "area")
    items.insert(k + 1, ("cell_leakage_power", leak))
    cell.items = items


def trim_pin(pin):
    keep, best = [], {}
    for it in pin.items:
        if isinstance(it, Group) and it.kind == "internal_power":
            continue
        if isinstance(it, Group) and it.kind == "timing":
            it.items = [x for x in it.items
                        if not (isinstance(x, tuple) and x[0] in ("when", "sdf_cond"))]
            key = (it.attr("related_pin"), it.attr("timing_type"))
            if key in best:
                if arc_weight(it) > arc_weight(keep[best[key]]):
                    keep[best[key]] = it
                continue
            best[key] = len(keep)
        keep.append(it)
    pin.items = keep


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    here = os.path.dirname(os.path.abspath(__file__))
    want = {c + SUFFIX for c in KEEP}
    header = None
    cells = {}
    templates = {}  # every file's table templates: the cells name their own file's
    for f in FILES:
        lib = parse(open(os.path.join(src, f)).read())
        if header is None:
            header = lib
        for t in lib.items:
            if isinstance(t, Group) and t.kind == "lu_table_template":
                templates.setdefault(t.args, t)
        for c in lib.groups("cell"):
            if c.args in want:
                trim_cell(c)
                cells[c.args] = c
    missing = want - set(cells)
    if missing:
        raise SystemExit("not found: " + " ".join(sorted(missing)))
    out_lib = Group("library", "asap7sc7p5t_28_RVT_TT_simtref")
    for it in header.items:
        if isinstance(it, Group) and it.kind in ("cell", "power_lut_template", "lu_table_template"):
            continue
        out_lib.items.append(it)
    for name in sorted(templates):
        out_lib.items.append(templates[name])
    for name in [c + SUFFIX for c in KEEP]:
        out_lib.items.append(cells[name])

    # Figures from the tables.
    inv = cells["INVx1" + SUFFIX]
    cap_a = float(next(p for p in inv.groups("pin") if p.args == "A").attr("capacitance"))
    y = next(p for p in inv.groups("pin") if p.args == "Y")
    t = y.groups("timing")[0]
    load = 4 * cap_a
    slew = 20.0
    for _ in range(50):  # the slew an FO4 stage gives itself
        slew = 0.5 * (interp(t.groups("rise_transition")[0], slew, load) +
                      interp(t.groups("fall_transition")[0], slew, load))
    fo4 = 0.5 * (interp(t.groups("cell_rise")[0], slew, load) +
                 interp(t.groups("cell_fall")[0], slew, load))
    ff = cells["DFFASRHQNx1" + SUFFIX]
    qn = next(p for p in ff.groups("pin") if p.args == "QN")
    clkq = max(max(interp(g, slew, load) for g in tm.groups(k))
               for tm in qn.groups("timing") if tm.attr("timing_type") == "rising_edge"
               for k in ("cell_rise", "cell_fall"))
    d = next(p for p in ff.groups("pin") if p.args == "D")
    setup = max(interp(g, slew, slew) for tm in d.groups("timing")
                if tm.attr("timing_type") == "setup_rising"
                for g in tm.groups("rise_constraint") + tm.groups("fall_constraint"))

    lines = []
    lic = open(os.path.join(here, "LICENSE")).read().strip()
    lines.append("/*\n" + lic + "\n*/")
    lines.append("/* Cells of the ASAP7 7.5-track RVT library, typical corner (TT, 0.7 V, 25 C), "
                 "trimmed for simtref by synth/lib/make-asap7.py from\n"
                 "   " + " ".join(FILES) + "\n"
                 "   of github.com/The-OpenROAD-Project/asap7sc7p5t_28 (LIB/NLDM). */")
    lines.append("/* simtref fo4_ps %.3f */" % fo4)
    lines.append("/* simtref fo4_slew_ps %.3f */" % slew)
    lines.append("/* simtref ff_clk_q_ps %.3f */" % clkq)
    lines.append("/* simtref ff_setup_ps %.3f */" % setup)
    write(out_lib, lines)
    data = ("\n".join(lines) + "\n").encode()
    dst = os.path.join(here, "asap7_rvt_tt.lib.gz")
    with open(dst, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as z:
            z.write(data)
    print("%s: %d cells, %d bytes (%d uncompressed); FO4 %.2f ps (slew %.2f ps, load %.3f fF), "
          "clk-to-Q %.2f ps, setup %.2f ps" % (dst, len(KEEP), os.path.getsize(dst), len(data),
                                                fo4, slew, load, clkq, setup))


main()
