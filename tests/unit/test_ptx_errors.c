/* Every class of PTX error: the exact "t.ptx:LINE:COL: error: <what> '<text>'"
 * message, with 1-based positions. */
#include <stdlib.h>

#include "ptx_test.h"

#define HEAD ".version 9.0\n.target sm_75\n.address_size 64\n"

/* An instruction on line PTX_TEST_LINE of the standard test kernel. */
static void inst_fails(const char *inst, const char *want) {
  char text[4096];
  ptx_test_wrap(text, sizeof text, inst);
  ptx_parse_fails(text, want);
}

static void test_lexical(void **state) {
  (void)state;
  ptx_parse_fails(HEAD "\x01", "t.ptx:4:1: error: invalid character '\\x01'");
  ptx_parse_fails(HEAD "  \xff\xfe", "t.ptx:4:3: error: invalid character '\\xff'");
  st_module *m = NULL;
  st_error err;
  static const char nul[] = ".version 9.0\n\0";
  assert_int_equal(st_ptx_parse(nul, sizeof nul - 1, "t.ptx", &m, &err), ST_ERR_PTX);
  assert_null(m);
  assert_string_equal(err.msg, "t.ptx:2:1: error: invalid character '\\x00'");
  ptx_parse_fails(HEAD "/* never closed\n\n", "t.ptx:4:1: error: unterminated comment '/*'");
  ptx_parse_fails(HEAD ".pragma \"abc\n", "t.ptx:4:9: error: unterminated string '\"abc'");
  ptx_parse_fails(HEAD ".global .u32 x = 99999999999999999999;\n",
                  "t.ptx:4:18: error: integer constant too large '99999999999999999999'");
  ptx_parse_fails(HEAD ".global .u32 x = 12abc;\n",
                  "t.ptx:4:18: error: invalid number '12abc'");
  ptx_parse_fails(HEAD ".global .u32 x = 019;\n",
                  "t.ptx:4:18: error: invalid digit in number '019'");
  ptx_parse_fails(HEAD ".global .f32 x = 0f3F80;\n",
                  "t.ptx:4:18: error: invalid floating-point constant '0f3F80'");
  ptx_parse_fails(HEAD ".global .f64 x = 1e999;\n",
                  "t.ptx:4:18: error: floating-point constant out of range '1e999'");
}

static void test_overlong_token(void **state) {
  (void)state;
  size_t n = 5000;
  char *text = malloc(n + 64);
  assert_non_null(text);
  strcpy(text, HEAD ".global .u32 ");
  size_t at = strlen(text);
  memset(text + at, 'a', n);
  strcpy(text + at + n, ";\n");
  char want[256];
  snprintf(want, sizeof want, "t.ptx:4:14: error: token too long '%.*s...'", 60,
           text + at);
  ptx_parse_fails(text, want);
  free(text);
}

static void test_syntax(void **state) {
  (void)state;
  ptx_parse_fails("", "t.ptx:1:1: error: missing .version directive");
  ptx_parse_fails(".target sm_75\n", "t.ptx:1:1: error: expected .version first, got '.target'");
  ptx_parse_fails(".version 9.0\n.visible .entry k() { ret; }\n",
                  "t.ptx:2:10: error: missing .target before '.entry'");
  ptx_parse_fails(".version 10.0\n", "t.ptx:1:10: error: unsupported PTX ISA version '10.0'");
  ptx_parse_fails(".version 9.0\n.target sm_75\n.address_size 48\n",
                  "t.ptx:3:15: error: expected 32 or 64, got '48'");
  ptx_parse_fails(HEAD ".foo\n", "t.ptx:4:1: error: unknown directive '.foo'");
  ptx_parse_fails(HEAD ".tex .u64 t;\n", "t.ptx:4:1: error: unsupported directive '.tex'");
  ptx_parse_fails(HEAD "add.s32 %r1, %r1, 1;\n", "t.ptx:4:1: error: unexpected 'add.s32'");
  inst_fails("add.s32 %r1, %r2, %r3 ret;", "t.ptx:21:25: error: expected ';', got 'ret'");
  inst_fails("add.s32 %r1, %r2, *;", "t.ptx:21:21: error: expected an operand, got '*'");
  inst_fails("add.s32 %r1, %r2, (1+2);",
             "t.ptx:21:21: error: unsupported constant expression at '('");
  inst_fails("ld.global.u32 %r1, [%rd1+%rd2];",
             "t.ptx:21:28: error: expected a number, got '%rd2'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  .loc 1 2 3\n  bad!\n}\n",
                  "t.ptx:8:3: error: unsupported instruction 'bad'");
}

static void test_truncated(void **state) {
  (void)state;
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  ret;\n",
                  "t.ptx:7:1: error: expected '}', got end of input");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  add.s32 %r1,",
                  "t.ptx:7:15: error: expected an operand, got end of input");
  ptx_parse_fails(HEAD ".visible .entry k(", "t.ptx:4:19: error: expected .param, got end of input");
  ptx_parse_fails(HEAD ".global .b8 x[4] = {1, 2",
                  "t.ptx:4:25: error: expected ',' or '}', got end of input");
  ptx_parse_fails(HEAD ".section .debug_info {\n .b8 1",
                  "t.ptx:5:7: error: unterminated .section: expected '}', got end of input");
}

static void test_opcodes_and_modifiers(void **state) {
  (void)state;
  inst_fails("foo.bar %r1;", "t.ptx:21:3: error: unsupported instruction 'foo.bar'");
  inst_fails("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f1}, [tex, {%f1, %f2}];",
             "t.ptx:21:3: error: unsupported instruction 'tex.2d.v4.f32.f32'");
  inst_fails("wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1}, [%rd1];",
             "t.ptx:21:3: error: unsupported instruction "
             "'wmma.load.a.sync.aligned.row.m16n16k16.f16'");
  inst_fails("cp.async.ca.shared.global [%r1], [%rd1], 4;",
             "t.ptx:21:3: error: unsupported instruction 'cp.async.ca.shared.global'");
  inst_fails("brx %r1, tbl;", "t.ptx:21:3: error: missing .idx in 'brx'");
  inst_fails("add.foo.s32 %r1, %r2, %r3;",
             "t.ptx:21:3: error: unsupported modifier '.foo' in 'add.foo.s32'");
  inst_fails("add.sat.u32 %r1, %r2, %r3;",
             "t.ptx:21:3: error: unsupported modifier '.sat' in 'add.sat.u32'");
  inst_fails("add.s32.s32 %r1, %r2, %r3;",
             "t.ptx:21:3: error: unsupported modifier '.s32' in 'add.s32.s32'");
  inst_fails("add.b32 %r1, %r2, %r3;", "t.ptx:21:3: error: unsupported type '.b32' in 'add.b32'");
  inst_fails("add %r1, %r2, %r3;", "t.ptx:21:3: error: missing type in 'add'");
  inst_fails("mad.f32 %f1, %f2, %f3, %f1;",
             "t.ptx:21:3: error: missing rounding modifier in 'mad.f32'");
  inst_fails("div.f32 %f1, %f2, %f3;",
             "t.ptx:21:3: error: missing .approx, .full or a rounding modifier in 'div.f32'");
  inst_fails("mul.u32 %r1, %r2, %r3;", "t.ptx:21:3: error: missing .lo, .hi or .wide in 'mul.u32'");
  inst_fails("setp.s32 %p1, %r2, %r3;", "t.ptx:21:3: error: missing comparison in 'setp.s32'");
  inst_fails("setp.lo.s32 %p1, %r2, %r3;",
             "t.ptx:21:3: error: unsupported modifier '.lo' in 'setp.lo.s32'");
  inst_fails("cvt.f32.f64 %f1, %fd1;",
             "t.ptx:21:3: error: missing rounding modifier in 'cvt.f32.f64'");
  inst_fails("cvt.rn.f64.f32 %fd1, %f1;",
             "t.ptx:21:3: error: illegal rounding modifier in 'cvt.rn.f64.f32'");
  inst_fails("shfl.down.b32 %r1, %r2, 1, 31;",
             "t.ptx:21:3: error: missing .sync (the non-.sync form is not supported on sm_70 "
             "and later) in 'shfl.down.b32'");
  inst_fails("atom.global.inc.u64 %rd1, [%rd2], 1;",
             "t.ptx:21:3: error: unsupported type '.u64' in 'atom.global.inc.u64'");
  inst_fails("ld.global..u32 %r1, [%rd1];",
             "t.ptx:21:3: error: unsupported instruction 'ld.global..u32'");
}

static void test_operands(void **state) {
  (void)state;
  inst_fails("add.s32 %r1, %r2;",
             "t.ptx:21:3: error: wrong number of operands (expected 3, got 2) in "
             "'add.s32 %r1, %r2'");
  inst_fails("bar.sync;", "t.ptx:21:3: error: wrong number of operands (expected 1 to 2, got 0) "
                          "in 'bar.sync'");
  inst_fails("@%p1 add.s32 %r1;",
             "t.ptx:21:3: error: wrong number of operands (expected 3, got 1) in "
             "'@%p1 add.s32 %r1'");
  inst_fails("setp.ne.s32 %r1, %r2, %r3;",
             "t.ptx:21:15: error: expected a predicate register, got '%r1'");
  inst_fails("add.s32 %r1, %r2, %p1;", "t.ptx:21:21: error: expected a data register, got '%p1'");
  inst_fails("add.u32 %r1, %r2, %rd1;", "t.ptx:21:21: error: expected a 32-bit register, got '%rd1'");
  inst_fails("ld.global.u64 %r1, [%rd1];",
             "t.ptx:21:17: error: expected a 64-bit register, got '%r1'");
  inst_fails("add.s32 %r1, !%r2, %r3;",
             "t.ptx:21:17: error: expected a predicate register after '!', got '%r2'");
  inst_fails("add.s32 %r1, %r2, %tid.x;",
             "t.ptx:21:21: error: special register not allowed here '%tid.x'");
  inst_fails("mov.u32 %r1, %tid;",
             "t.ptx:21:16: error: special register needs a component .x, .y or .z '%tid'");
  inst_fails("mov.u32 %r1, %clusterid.x;",
             "t.ptx:21:16: error: unsupported special register '%clusterid.x'");
  inst_fails("add.s32 %r1, %r2, 1.5;",
             "t.ptx:21:21: error: floating-point constant where an integer is expected '1.5'");
  inst_fails("mov.f32 %f1, -0f3F800000;",
             "t.ptx:21:17: error: cannot negate a hex floating-point constant '0f3F800000'");
  inst_fails("ld.global.v4.u32 {%r1, %r2}, [%rd1];",
             "t.ptx:21:20: error: vector size mismatch at '{%r1, %r2}'");
  inst_fails("st.global.v2.u32 [%rd1], {%r1, _};",
             "t.ptx:21:34: error: '_' is not allowed as a source '_'");
  inst_fails("st.global.u32 %r1, [%rd1];", "t.ptx:21:17: error: expected an address [...], got '%r1'");
  inst_fails("ld.shared.u32 %r1, [gvar];",
             "t.ptx:21:22: error: address of a variable in another state space '[gvar]'");
  inst_fails("add.s32 %r1|%p1, %r2, %r3;", "t.ptx:21:15: error: unexpected '|' before '%p1'");
  inst_fails("bar.sync 16;", "t.ptx:21:12: error: barrier number out of range (0..15) '16'");
  inst_fails("bar.sync 0, 48;", "t.ptx:21:15: error: thread count must be a multiple of 32 '48'");
  inst_fails("lop3.b32 %r1, %r2, %r3, %r1, 256;",
             "t.ptx:21:32: error: lookup table out of range (0..255) '256'");
  inst_fails("add.s64 %rd1, %rd2, ff;",
             "t.ptx:21:23: error: unsupported use of a function name as an operand 'ff'");
  inst_fails("mov.u32 %r1, ff;",
             "t.ptx:21:16: error: function address needs a 64-bit type at 'ff'");
  inst_fails("call.uni (fret), ff, (%r1, %r2);", "t.ptx:21:13: error: undefined symbol 'fret'");
  inst_fails("call.uni ff, (%r1);",
             "t.ptx:21:17: error: unsupported call operand (not a .param variable) '%r1'");
  inst_fails("call.uni %r1, (%r1);",
             "t.ptx:21:12: error: expected a 64-bit register or a function name, got '%r1'");
  ptx_parse_fails(HEAD ".func f(.param .b32 a)\n{\n  ret;\n}\n"
                       ".visible .entry k()\n{\n  .param .b32 x;\n  call.uni f, ();\n}\n",
                  "t.ptx:11:12: error: wrong number of arguments (expected 1, got 0) in call "
                  "to 'f'");
  ptx_parse_fails(HEAD ".func (.param .b32 r) f()\n{\n  ret;\n}\n"
                       ".visible .entry k()\n{\n  call.uni f, ();\n}\n",
                  "t.ptx:10:12: error: wrong number of return values (expected 1, got 0) in "
                  "call to 'f'");
}

static void test_duplicates(void **state) {
  (void)state;
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %r<4>;\n  .reg .b32 %r2;\n}\n",
                  "t.ptx:7:13: error: duplicate register '%r2'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\nL:\n  ret;\nL:\n  ret;\n}\n",
                  "t.ptx:8:1: error: duplicate label 'L'");
  ptx_parse_fails(HEAD ".global .u32 x;\n.global .u32 x;\n",
                  "t.ptx:5:14: error: duplicate symbol 'x'");
  ptx_parse_fails(HEAD ".visible .entry k(.param .u32 a, .param .u32 a)\n{\n  ret;\n}\n",
                  "t.ptx:4:46: error: duplicate parameter 'a'");
  ptx_parse_fails(HEAD ".func f()\n{\n  ret;\n}\n.func f()\n{\n  ret;\n}\n",
                  "t.ptx:8:7: error: duplicate definition of function 'f'");
  ptx_parse_fails(HEAD ".func f(.param .b32 a);\n.func f(.param .b64 a)\n{\n  ret;\n}\n",
                  "t.ptx:5:7: error: conflicting declaration of function 'f'");
}

static void test_undefined(void **state) {
  (void)state;
  inst_fails("add.s32 %r1, %r2, %r9;", "t.ptx:21:21: error: undefined register '%r9'");
  inst_fails("@%p9 ret;", "t.ptx:21:4: error: undefined register '%p9'");
  inst_fails("@%r1 ret;", "t.ptx:21:4: error: guard is not a predicate register '%r1'");
  inst_fails("bra NOWHERE;", "t.ptx:21:7: error: undefined label 'NOWHERE'");
  inst_fails("ld.global.u32 %r1, [nothing+4];", "t.ptx:21:23: error: undefined symbol 'nothing'");
  inst_fails("call.uni nofunc, ();", "t.ptx:21:12: error: undefined function 'nofunc'");
  ptx_parse_fails(HEAD ".global .u64 p = generic(nothing);\n",
                  "t.ptx:4:26: error: undefined symbol 'nothing'");
}

static void test_declarations(void **state) {
  (void)state;
  ptx_parse_fails(HEAD ".global .b8 x[99999999999999];\n",
                  "t.ptx:4:15: error: invalid array size '99999999999999'");
  ptx_parse_fails(HEAD ".global .b8 x[];\n",
                  "t.ptx:4:13: error: unsized array needs an initialiser 'x'");
  ptx_parse_fails(HEAD ".global .b8 x[2] = {1, 2, 3};\n",
                  "t.ptx:4:27: error: too many initialisers at '3'");
  ptx_parse_fails(HEAD ".global .align 3 .b8 x;\n", "t.ptx:4:16: error: invalid alignment '3'");
  ptx_parse_fails(HEAD ".shared .u32 s = 1;\n",
                  "t.ptx:4:14: error: variable in this state space cannot be initialised 's'");
  ptx_parse_fails(HEAD ".extern .global .u32 g;\n",
                  "t.ptx:4:9: error: unsupported .extern declaration (separate compilation) "
                  "'.global'");
  ptx_parse_fails(HEAD ".local .u32 l;\n",
                  "t.ptx:4:1: error: unsupported module-scope declaration '.local'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %r<2000000>;\n}\n",
                  "t.ptx:6:13: error: too many registers (more than 1048576 in a module) at '%r'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %laneid;\n}\n",
                  "t.ptx:6:13: error: special register name declared as a register '%laneid'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .b32 %pm<2>;\n}\n",
                  "t.ptx:6:13: error: special register name declared as a register '%pm0'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .reg .v4 .b32 %v;\n}\n",
                  "t.ptx:6:8: error: unsupported vector register declaration '.v4'");
  ptx_parse_fails(HEAD ".visible .entry k() .explicitcluster\n{\n}\n",
                  "t.ptx:4:21: error: unsupported function directive '.explicitcluster'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .callprototype _;\n}\n",
                  "t.ptx:6:3: error: expected a label before '.callprototype'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  .branchtargets L;\nL:\n  ret;\n}\n",
                  "t.ptx:6:3: error: expected a label before '.branchtargets'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  t: .calltargets f;\n}\n",
                  "t.ptx:6:6: error: unsupported directive '.calltargets'");
  ptx_parse_fails(HEAD ".callprototype _;\n",
                  "t.ptx:4:1: error: unsupported directive '.callprototype'");
  ptx_parse_fails(HEAD ".global .u64 t[1] = {k};\n.visible .entry k()\n{\n}\n",
                  "t.ptx:4:22: error: undefined symbol 'k'");
}

static void test_deep_nesting(void **state) {
  (void)state;
  char text[1024];
  int n = snprintf(text, sizeof text, "%s.visible .entry k()\n{\n", HEAD);
  for (int i = 0; i < 100; i++) {
    text[n++] = '{';
  }
  text[n] = '\0';
  ptx_parse_fails(text, "t.ptx:6:64: error: blocks nested too deeply '{'");
}

/* A kernel k of HEAD with lines 6.. of the body given; line 6 declares
 * %r0..%r3 and %rd0..%rd3, .param variables a (4 bytes), b (8) and r (4), and
 * the prototype "proto" (one 4-byte return, one 4-byte parameter). */
static void body_fails(const char *body, const char *want) {
  char text[4096];
  snprintf(text, sizeof text,
           HEAD ".visible .entry k()\n{\n"
                "  .reg .b32 %%r<4>; .reg .b64 %%rd<4>; .param .b32 a; .param .b64 b; "
                ".param .b32 r; proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                "%s}\n",
           body);
  ptx_parse_fails(text, want);
}

static void test_branch_tables(void **state) {
  (void)state;
  body_fails("  brx.idx %r1, $none;\n",
             "t.ptx:7:16: error: undefined .branchtargets table '$none'");
  body_fails("L:\n  brx.idx %r1, L;\n", "t.ptx:8:16: error: not a .branchtargets table 'L'");
  body_fails("  brx.idx %r1, proto;\n",
             "t.ptx:7:16: error: not a .branchtargets table 'proto'");
  body_fails("  $T: .branchtargets ;\n", "t.ptx:7:3: error: empty .branchtargets table '$T'");
  body_fails("  $T: .branchtargets A, NOWHERE;\n  brx.idx %r1, $T;\nA:\n  ret;\n",
             "t.ptx:7:25: error: undefined label 'NOWHERE'");
  body_fails("  $T: .branchtargets A, proto;\nA:\n  ret;\n",
             "t.ptx:7:25: error: not a code label 'proto'");
  body_fails("  $T: .branchtargets A;\nA:\n  bra $T;\n",
             "t.ptx:9:7: error: not a code label '$T'");
  body_fails("A:\n  A: .branchtargets A;\n", "t.ptx:8:3: error: duplicate label 'A'");
  body_fails("  A: .branchtargets A;\nA:\n  ret;\n", "t.ptx:8:1: error: duplicate label 'A'");
  body_fails("  $T: .branchtargets L<4>;\n",
             "t.ptx:7:22: error: unsupported label range in .branchtargets at 'L'");
  body_fails("  $T: .branchtargets A, %r1;\n", "t.ptx:7:25: error: expected a label, got '%r1'");
  body_fails("  $T: .branchtargets A;\nA:\n  brx.idx %rd1, $T;\n",
             "t.ptx:9:11: error: expected a 32-bit register, got '%rd1'");
  body_fails("  $T: .branchtargets A;\nA:\n  brx.idx %r1, %r2;\n",
             "t.ptx:9:16: error: expected a .branchtargets table, got '%r2'");
  body_fails("  $T: .branchtargets A;\nA:\n  brx.idx.u32 %r1, $T;\n",
             "t.ptx:9:3: error: unsupported modifier '.u32' in 'brx.idx.u32'");
}

static void test_indirect_calls(void **state) {
  (void)state;
  body_fails("  call (r), %rd1, (a, a), proto;\n",
             "t.ptx:7:27: error: wrong number of arguments (expected 1, got 2) in call through "
             "'proto'");
  body_fails("  call %rd1, (a), proto;\n",
             "t.ptx:7:19: error: wrong number of return values (expected 1, got 0) in call "
             "through 'proto'");
  body_fails("  call (r), %rd1, (b), proto;\n",
             "t.ptx:7:20: error: size mismatch with the prototype (8 bytes, expected 4) at 'b'");
  body_fails("  call (b), %rd1, (a), proto;\n",
             "t.ptx:7:9: error: size mismatch with the prototype (8 bytes, expected 4) at 'b'");
  body_fails("  call (r), %rd1, (a);\n",
             "t.ptx:7:22: error: indirect call needs a .callprototype after its arguments, "
             "got ';'");
  body_fails("  call (r), %rd1, (a), nothing;\n",
             "t.ptx:7:24: error: undefined .callprototype 'nothing'");
  body_fails("L:\n  call (r), %rd1, (a), L;\n", "t.ptx:8:24: error: not a .callprototype 'L'");
  body_fails("  $T: .branchtargets L;\nL:\n  call (r), %rd1, (a), $T;\n",
             "t.ptx:9:24: error: not a .callprototype '$T'");
  body_fails("  call (r), %rd1, (a), later;\n  later: .callprototype _;\n",
             "t.ptx:7:24: error: undefined .callprototype 'later'");
  body_fails("  call (r), %rd1, (%r1), proto;\n",
             "t.ptx:7:20: error: unsupported call operand (not a .param variable) '%r1'");
  body_fails("  call (r), 42, (a), proto;\n",
             "t.ptx:7:13: error: expected a function name, got '42'");
  body_fails("  p2: .callprototype (.param .b32 _) _ () .noreturn;\n",
             "t.ptx:7:43: error: return parameters in a prototype with '.noreturn'");
  body_fails("  p2: .callprototype _ (.reg .b32 _);\n",
             "t.ptx:7:25: error: unsupported register parameter '.reg'");
  body_fails("  p2: .callprototype (.param .b32 _) (.param .b32 _);\n",
             "t.ptx:7:38: error: expected '_' in .callprototype, got '('");
  body_fails("  proto: .callprototype _;\n", "t.ptx:7:3: error: duplicate label 'proto'");
  ptx_parse_fails(HEAD ".func f()\n{\n  ret;\n}\n.visible .entry k()\n{\n"
                       "  p: .callprototype _ ();\n  call f, (), p;\n}\n",
                  "t.ptx:11:15: error: unsupported prototype in a direct call 'p'");
}

static void test_function_addresses(void **state) {
  (void)state;
  const char *f = HEAD ".func f()\n{\n  ret;\n}\n";
  char text[1024];
  snprintf(text, sizeof text, "%s.global .u32 t[1] = {f};\n", f);
  ptx_parse_fails(text, "t.ptx:8:22: error: function address initialiser needs a 64-bit type 'f'");
  snprintf(text, sizeof text, "%s.global .u64 t = generic(f);\n", f);
  ptx_parse_fails(text, "t.ptx:8:26: error: unsupported generic() of a function 'f'");
  snprintf(text, sizeof text, "%s.global .u64 t[1] = {f+8};\n", f);
  ptx_parse_fails(text, "t.ptx:8:23: error: unsupported offset on a function address at '+'");
  ptx_parse_fails(HEAD ".visible .entry k()\n{\n  ret;\n}\n.global .u64 t = k;\n",
                  "t.ptx:8:18: error: address of a kernel entry 'k'");
  /* A device-runtime function the model does not provide. */
  ptx_parse_fails(HEAD ".extern .func (.param .b32 r) __cudaCDP2GraphLaunch(.param .b64 b, "
                       ".param .b64 s);\n.visible .entry k()\n{\n  .param .b32 r;\n"
                       "  .param .b64 b;\n  .param .b64 s;\n"
                       "  call.uni (r), __cudaCDP2GraphLaunch, (b, s);\n}\n",
                  "t.ptx:10:17: error: device-runtime function not modelled "
                  "'__cudaCDP2GraphLaunch'");
  /* One it provides, declared with another signature. */
  ptx_parse_fails(HEAD ".extern .func (.param .b32 r) __cudaCDP2LaunchDeviceV2(.param .b64 b);\n"
                       ".visible .entry k()\n{\n  .param .b32 r;\n"
                       "  .param .b64 b;\n"
                       "  call.uni (r), __cudaCDP2LaunchDeviceV2, (b);\n}\n",
                  "t.ptx:9:17: error: device-runtime function declared with another signature "
                  "than the CUDA 12 device runtime's (docs/cdp.md) '__cudaCDP2LaunchDeviceV2'");
  /* DTBL's group launch with a parameter missing (the header's has five). */
  ptx_parse_fails(HEAD ".extern .func (.param .b32 r) cudaLaunchAggGroup(.param .b64 f, "
                       ".param .b64 b);\n.visible .entry k()\n{\n  .param .b32 r;\n"
                       "  .param .b64 f;\n  .param .b64 b;\n"
                       "  call.uni (r), cudaLaunchAggGroup, (f, b);\n}\n",
                  "t.ptx:10:17: error: cudaLaunchAggGroup declared with another signature than "
                  "workloads/common/dtbl.cuh's (docs/units/dtbl.md) 'cudaLaunchAggGroup'");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lexical),      cmocka_unit_test(test_overlong_token),
      cmocka_unit_test(test_syntax),       cmocka_unit_test(test_truncated),
      cmocka_unit_test(test_opcodes_and_modifiers), cmocka_unit_test(test_operands),
      cmocka_unit_test(test_duplicates),   cmocka_unit_test(test_undefined),
      cmocka_unit_test(test_declarations), cmocka_unit_test(test_deep_nesting),
      cmocka_unit_test(test_branch_tables), cmocka_unit_test(test_indirect_calls),
      cmocka_unit_test(test_function_addresses),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
