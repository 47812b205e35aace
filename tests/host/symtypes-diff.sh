#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# symtypes-diff host tests (issue 10): for each ABI-change pair of
# tests/gendwarfksyms/abi.sh, build both versions, write symtypes with
# gendwarfksyms -T and check that the report names the symbol, the chain
# of references and the change, with the versions gendwarfksyms prints;
# pairs that do not change the ABI report nothing. Then versions against
# the golden files, added and removed symbols, malformed input, and two
# builds of a module with several objects (kbuild with KBUILD_SYMTYPES=1
# when the gendwarfksyms kernel build exists, plain gcc otherwise).
#
#   SRC   kernel tree holding scripts/gendwarfksyms (default build/linux)
#   KOUT  configured CONFIG_GENDWARFKSYMS build for the module build
#         (default build/out/gendwarfksyms; KOUT=none skips that case,
#         which waits for build/.kbuild.lock); KBUILD_TREE its source tree
top=$(cd "$(dirname "$0")/../.." && pwd)
SRC=${SRC:-$top/build/linux}
KOUT=${KOUT:-$top/build/out/gendwarfksyms}
KBUILD_TREE=${KBUILD_TREE:-$top/build/linux}

. "$top/tests/lib/ktap.sh"
WORK=$(mktemp -d /tmp/symtypes-diff-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

gdk=$SRC/scripts/gendwarfksyms
DIFF=$WORK/symtypes-diff
GDK=$WORK/gendwarfksyms

# Build both tools from SRC the way kbuild builds host programs.
build_tools() {
	local cflags=(-O2 -g -Wall -Wmissing-prototypes -Wstrict-prototypes
		      -std=gnu11 -I "$SRC/scripts/include" -I "$gdk")
	local gdk_srcs diff_srcs

	# the sources of each program: its -objs lines in the Makefile
	gdk_srcs=$(sed -n "s|^gendwarfksyms-objs += \(.*\)\.o\$|$gdk/\1.c|p" "$gdk/Makefile")
	diff_srcs=$(sed -n "s|^symtypes-diff-objs += \(.*\)\.o\$|$gdk/\1.c|p" "$gdk/Makefile")
	# a tree from before the shared type string code
	[ -n "$diff_srcs" ] || diff_srcs=$gdk/symtypes-diff.c
	# shellcheck disable=SC2086
	gcc "${cflags[@]}" $gdk_srcs -ldw -lelf -lz -o "$GDK" &&
		gcc "${cflags[@]}" -Werror $diff_srcs -lz -o "$DIFF"
}

if ! build_tools >"$WORK/build.log" 2>&1; then
	echo "not ok 1 - build symtypes-diff from $SRC"
	sed 's/^/# /' "$WORK/build.log" | head -n 20
	exit 1
fi

# expect DESC FILE LINE...: ok if every LINE is a whole line of FILE.
expect() {
	local desc=$1 file=$2 line missing=
	shift 2

	for line in "$@"; do
		grep -qxF -- "$line" "$file" || missing+="$line"$'\n'
	done
	if [ -z "$missing" ]; then
		ktap_ok "$desc"
	else
		ktap_fail "$desc"
		printf '%s' "$missing" | sed 's/^/# missing: /'
		sed 's/^/# report: /' "$file" | head -n 20
	fi
}

# run_diff OUT ARGS...: run symtypes-diff, stdout to OUT, stderr to
# OUT.err; prints the exit status.
run_diff() {
	local out=$1
	shift
	"$DIFF" "$@" > "$out" 2> "$out.err"
	echo $?
}

. "$top/tests/gendwarfksyms/abi-sources.sh"
# The report lines below are GCC's (tests/gendwarfksyms/abi.sh checks the
# reports on Clang's objects).
GDK_CC=gcc GDK_G=-g

# build_pair NAME H1 H2 [C1 C2]: abi.h versions, as in abi.sh; leaves
# $d/v{1,2}/abi.symtypes and abi.symver (gendwarfksyms' #SYMVER line).
build_pair() {
	local name=$1 h1=$2 h2=$3 c1=${4:-} c2=${5:-} v

	d=$WORK/abi/${name// /-}
	abi_sources "$d" "$h1" "$h2" "$c1" "$c2" || return 1
	for v in v1 v2; do
		(cd "$d/$v" &&
		 echo api | "$GDK" -T abi.symtypes abi.o > abi.symver) ||
			return 1
	done
}

# changes NAME H1 H2 CHAIN CHANGE...: api's version changes; the report
# gives gendwarfksyms' old and new versions, the chain, and each CHANGE
# line, in the text and the JSON form.
changes() {
	local name=$1 h1=$2 h2=$3 chain=$4 old new st
	shift 4

	if ! build_pair "$name" "$h1" "$h2"; then
		ktap_fail "$name: build"
		return
	fi
	old=$(awk '{ print $3 }' "$d/v1/abi.symver")
	new=$(awk '{ print $3 }' "$d/v2/abi.symver")

	st=$(run_diff "$d/report" "$d/v1/abi.symtypes" "$d/v2/abi.symtypes")
	if [ "$st" != 1 ]; then
		ktap_fail "$name: exit status 1 (got $st)"
		sed 's/^/# /' "$d/report.err"
		return
	fi
	expect "$name: api $old -> $new, $chain, change" "$d/report" \
		"api: changed $old -> $new" "  $chain" "$@"

	st=$(run_diff "$d/json" --json "$d/v1/abi.symtypes" \
		      "$d/v2/abi.symtypes")
	if python3 - "$d/json" "$old" "$new" "$chain" <<'EOF'
import json, sys
path, old, new, chain = sys.argv[1:]
recs = [json.loads(l) for l in open(path)]
assert len(recs) == 1, recs
r = recs[0]
assert r['symbol'] == 'api' and r['status'] == 'changed', r
assert (r['old_crc'], r['new_crc']) == (old, new), r
chains = [' -> '.join(c['chain']) for c in r['changes']]
assert chain in chains, chains
for c in r['changes']:
    assert c['type'] == c['chain'][-1], c
    assert c['change'] in ('added', 'removed', 'renamed', 'changed',
                           'reordered'), c
EOF
	then
		ktap_ok "$name: JSON report"
	else
		ktap_fail "$name: JSON report"
	fi
}

# same NAME H1 H2 [C1 C2]: api's version does not change: no report.
same() {
	local name=$1 st

	if ! build_pair "$@"; then
		ktap_fail "$name: build"
		return
	fi
	if ! cmp -s "$d/v1/abi.symver" "$d/v2/abi.symver"; then
		ktap_fail "$name: gendwarfksyms changed the version"
		return
	fi
	st=$(run_diff "$d/report" "$d/v1/abi.symtypes" "$d/v2/abi.symtypes")
	if [ "$st" = 0 ] && [ ! -s "$d/report" ] && [ ! -s "$d/report.err" ]
	then
		ktap_ok "$name: nothing reported, exit 0"
	else
		ktap_fail "$name: nothing reported, exit 0 (exit $st)"
		sed 's/^/# /' "$d/report" "$d/report.err" | head -n 10
	fi
}

int='base_type int byte_size(4) encoding(5)'
long='base_type long int byte_size(8) encoding(5)'
char='base_type char byte_size(1) encoding(6)'

abi_pairs() {
	local base='struct dev { int id; long flags; };'

	changes "member added" "$base" \
		'struct dev { int id; long flags; int extra; };' \
		'api -> s#dev' \
		"    member extra added: member $int extra data_member_location(16)" \
		'    byte_size changed: 16 -> 24'
	changes "member removed" "$base" 'struct dev { int id; };' \
		'api -> s#dev' \
		"    member flags removed: member $long flags data_member_location(8)" \
		'    byte_size changed: 16 -> 4'
	changes "member renamed" "$base" 'struct dev { int id; long mode; };' \
		'api -> s#dev' '    member flags renamed to mode'
	changes "members reordered" "$base" \
		'struct dev { long flags; int id; };' 'api -> s#dev' \
		'    items reordered: id, flags -> flags, id' \
		'    member id data_member_location changed: 0 -> 8' \
		'    member flags data_member_location changed: 8 -> 0'
	changes "member type widened" "$base" \
		'struct dev { long id; long flags; };' 'api -> s#dev' \
		"    member id type changed: $int -> $long"
	changes "enumerator value" \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY = 2 }; struct dev { enum state s; };' \
		'api -> s#dev -> e#state' \
		'    enumerator BUSY value changed: 1 -> 2'
	changes "enumerator added" \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY, GONE }; struct dev { enum state s; };' \
		'api -> s#dev -> e#state' \
		'    enumerator GONE added: enumerator GONE = 2'
	changes "array size" 'struct dev { char name[16]; };' \
		'struct dev { char name[32]; };' 'api -> s#dev' \
		"    member name type changed: array_type[16] { $char } -> array_type[32] { $char }" \
		'    byte_size changed: 16 -> 32'
	changes "bitfield width" 'struct dev { unsigned int a:3, b:5; };' \
		'struct dev { unsigned int a:4, b:5; };' 'api -> s#dev' \
		'    member a bit_size changed: 3 -> 4' \
		'    member b data_bit_offset changed: 3 -> 4'
	changes "unnamed bit field removed" \
		'struct dev { unsigned int a:3, :2, b:5; };' \
		'struct dev { unsigned int a:3, b:5; };' 'api -> s#dev' \
		'    member b data_bit_offset changed: 5 -> 3'
	changes "alignment" 'struct dev { int id; };' \
		'struct dev { int id; } __attribute__((aligned(16)));' \
		'api -> s#dev' '    alignment added: 16' \
		'    byte_size changed: 4 -> 16'
	changes "const pointee" 'struct dev { char *name; };' \
		'struct dev { const char *name; };' 'api -> s#dev' \
		"    member name type pointee changed: $char -> const_type { $char }"
	changes "volatile member" 'struct dev { int state; };' \
		'struct dev { volatile int state; };' 'api -> s#dev' \
		"    member state type changed: $int -> volatile_type { $int }"
	changes "function pointer signature" \
		'struct dev { int (*probe)(struct dev *); };' \
		'struct dev { int (*probe)(struct dev *, int); };' \
		'api -> s#dev' \
		"    member probe type pointee parameter 2 added: formal_parameter $int"
	changes "nested struct member" \
		'struct ops { int (*open)(void); }; struct dev { struct ops *ops; };' \
		'struct ops { int (*open)(void); int (*close)(void); }; struct dev { struct ops *ops; };' \
		'api -> s#dev -> s#ops' \
		"    member close added: member pointer_type { subroutine_type ( ) -> $int } byte_size(8) close data_member_location(8)" \
		'    byte_size changed: 8 -> 16'
	changes "typedef target" \
		'typedef int id_t_; struct dev { id_t_ id; };' \
		'typedef long id_t_; struct dev { id_t_ id; };' \
		'api -> s#dev -> t#id_t_' \
		"    target changed: $int -> $long"
	changes "declaration to definition" 'struct dev;' \
		'struct dev { int id; };' 'api -> s#dev' \
		"    member id added: member $int id data_member_location(0)" \
		'    byte_size added: 4'
	changes "union member" \
		'union val { int i; float f; }; struct dev { union val v; };' \
		'union val { int i; double d; }; struct dev { union val v; };' \
		'api -> s#dev -> u#val' \
		'    member f removed: member base_type float byte_size(4) encoding(4) f' \
		'    member d added: member base_type double byte_size(8) encoding(4) d'

	same "unrelated type changed" \
		"$base struct other { int a; };" \
		"$base struct other { int a; int b; };"
	same "macro and comment changed" \
		"$(printf '#define DEV_MAX 4 /* one */\n%s' "$base")" \
		"$(printf '#define DEV_MAX 8 /* two */\n%s' "$base")"
	same "type private to the .c file changed" \
		'struct dev;' 'struct dev;' \
		'struct dev { int id; };' 'struct dev { int id; long extra; };'
	same "struct reached only through a private struct changed" \
		'struct inner { int a; };' 'struct inner { int a; int b; };' \
		'struct dev { struct inner *in; };' \
		'struct dev { struct inner *in; };'
}

# A changed type that no report may call a change: s#dev's own string is
# the same, it only leads to s#ops.
chain_only() {
	local d=$WORK/chain
	mkdir -p "$d"
	cat > "$d/old" <<EOF
api subprogram ( formal_parameter pointer_type { s#dev } byte_size(8) d ) -> $int
s#dev structure_type dev { member pointer_type { s#ops } byte_size(8) ops data_member_location(0) } byte_size(8)
s#ops structure_type ops { member $int a data_member_location(0) } byte_size(4)
EOF
	sed 's/\(s#ops structure_type ops.*\) } byte_size(4)/\1 , member '"$int"' b data_member_location(4) } byte_size(8)/' \
		"$d/old" > "$d/new"
	run_diff "$d/report" "$d/old" "$d/new" > /dev/null
	if grep -qx '  api -> s#dev -> s#ops' "$d/report" &&
	   ! grep -qx '  api -> s#dev' "$d/report"; then
		ktap_ok "a type that only refers to a changed type is in the chain, not a change"
	else
		ktap_fail "a type that only refers to a changed type is in the chain, not a change"
		sed 's/^/# /' "$d/report"
	fi
}

# Versions computed from the golden symtypes files equal golden #SYMVERs:
# every symbol of a file compared with an empty one is "removed" with its
# version.
golden_versions() {
	local g f bad=
	: > "$WORK/empty"

	for g in "$top"/tests/gendwarfksyms/golden/*/; do
		f=$g/symtypes.txt
		[ -f "$f" ] && [ -f "$g/symvers.txt" ] || continue
		"$DIFF" "$f" "$WORK/empty" |
			sed -n 's/^\([^ ]*\): removed \(0x[0-9a-f]*\)$/#SYMVER \1 \2/p' |
			sort > "$WORK/got"
		grep '^#SYMVER' "$g/symvers.txt" | grep -v ' 0x00000000$' |
			sort > "$WORK/want"
		cmp -s "$WORK/got" "$WORK/want" || bad+=" $(basename "$g")"
		"$DIFF" "$f" "$f" > "$WORK/self" ||
			bad+=" $(basename "$g")(self)"
		[ -s "$WORK/self" ] && bad+=" $(basename "$g")(self)"
	done
	if [ -z "$bad" ]; then
		ktap_ok "versions from golden symtypes files equal golden #SYMVERs; a file equals itself"
	else
		ktap_fail "versions from golden symtypes files equal golden #SYMVERs; a file equals itself:$bad"
	fi
}

# Symbols added, removed, and a change in the symbol's own string.
symbols() {
	local d=$WORK/symbols st v
	mkdir -p "$d"
	cat > "$d/v1.c" <<'EOF'
struct dev;
int api(struct dev *d) { return 0; }
int gone(int x) { return x; }
long var;
EOF
	cat > "$d/v2.c" <<'EOF'
struct dev;
int api(struct dev *d, unsigned long flags) { return 0; }
int fresh(int x) { return x; }
int var;
EOF
	for v in v1 v2; do
		(cd "$d" && gcc -g -c $v.c &&
		 printf 'api\ngone\nfresh\nvar\n' |
		 "$GDK" -T $v.symtypes $v.o 2>/dev/null > $v.symver)
	done
	st=$(run_diff "$d/report" "$d/v1.symtypes" "$d/v2.symtypes")
	if [ "$st" != 1 ]; then
		ktap_fail "symbols added, removed, changed: exit status 1 (got $st)"
		return
	fi
	expect "symbols added, removed, and changed in their own strings" \
		"$d/report" \
		"fresh: added $(awk '$2 == "fresh" { print $3 }' "$d/v2.symver")" \
		"gone: removed $(awk '$2 == "gone" { print $3 }' "$d/v1.symver")" \
		"api: changed $(awk '$2 == "api" { print $3 }' "$d/v1.symver") -> $(awk '$2 == "api" { print $3 }' "$d/v2.symver")" \
		"  api" \
		"    parameter flags added: formal_parameter base_type long unsigned int byte_size(8) encoding(7) flags" \
		"  var" \
		"    type changed: $long -> $int"
}

# bad NAME OLD-CONTENT EXPECTED-MESSAGE: exit 2 and the message.
bad() {
	local name=$1 content=$2 msg=$3 st
	local f=$WORK/bad/${name// /-}.symtypes

	mkdir -p "$WORK/bad"
	printf '%s\n' "$content" > "$f"
	st=$(run_diff "$WORK/bad/out" "$f" "$WORK/empty")
	if [ "$st" = 2 ] && grep -qF -- "$f:$msg" "$WORK/bad/out.err"; then
		ktap_ok "malformed input: $name: FILE:${msg%%:*}: ..., exit 2"
	else
		ktap_fail "malformed input: $name (exit $st)"
		sed 's/^/# /' "$WORK/bad/out.err"
	fi
}

errors() {
	bad "no type string" "$(printf 'api %s\nbroken' "$int")" \
		"2: malformed symtypes line"
	bad "empty line" "$(printf 'api %s\n\ns#a x' "$int")" \
		"2: malformed symtypes line"
	bad "bad type name" 'x#y structure_type y { }' \
		"1: malformed symtypes line: bad type name 'x#y'"
	bad "unbalanced braces" "api subprogram ( formal_parameter s#a -> $int" \
		"1: malformed symtypes line: unbalanced"
	bad "undefined reference" \
		"$(printf 's#b structure_type b { }\napi variable s#a')" \
		"2: s#a has no definition"
	bad "duplicate entry" \
		"$(printf 's#a structure_type a { }\ns#a structure_type a { }')" \
		"2: duplicate entry for s#a"
	bad "unterminated quote" \
		"$(printf "s#a structure_type a { }\napi variable s#'a b")" \
		"2: malformed symtypes line: a quoted name has no closing quote"

	"$DIFF" "$WORK/empty" "$WORK/missing" 2> "$WORK/err"
	if [ $? = 2 ] && grep -q "$WORK/missing" "$WORK/err"; then
		ktap_ok "missing file: error naming it, exit 2"
	else
		ktap_fail "missing file: error naming it, exit 2"
	fi
}

# A module with several objects: e2e.h defines struct e2e_dev, which
# e2e_open (a.c), e2e_close and, through struct e2e_ops, e2e_ops_get (b.c)
# use; e2e_count (a.c) and e2e_version (c.c) do not. v2 adds a member.
e2e_tree() {
	local t=$1
	mkdir -p "$t/include"
	cat > "$t/include/e2e.h" <<'EOF'
struct e2e_dev {
	int id;
	long flags;
};

struct e2e_ops {
	int (*open)(struct e2e_dev *dev);
};

int e2e_open(struct e2e_dev *dev);
int e2e_close(struct e2e_dev *dev);
int e2e_ops_get(struct e2e_ops *ops);
int e2e_count(int n);
int e2e_version(void);
EOF
	cat > "$t/a.c" <<'EOF'
#include <linux/module.h>
#include "e2e.h"

int e2e_open(struct e2e_dev *dev) { return dev->id; }
EXPORT_SYMBOL(e2e_open);
int e2e_count(int n) { return n; }
EXPORT_SYMBOL(e2e_count);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("symtypes-diff end-to-end test");
EOF
	cat > "$t/b.c" <<'EOF'
#include <linux/export.h>
#include "e2e.h"

int e2e_close(struct e2e_dev *dev) { return 0; }
EXPORT_SYMBOL(e2e_close);
int e2e_ops_get(struct e2e_ops *ops) { return 0; }
EXPORT_SYMBOL(e2e_ops_get);
EOF
	cat > "$t/c.c" <<'EOF'
#include <linux/export.h>
#include "e2e.h"

int e2e_version(void) { return 1; }
EXPORT_SYMBOL(e2e_version);
EOF
	printf 'obj-m := e2e.o\ne2e-y := a.o b.o c.o\nccflags-y := -I$(src)/include\n' \
		> "$t/Kbuild"
}

e2e_v2() {
	sed -i 's/^\tlong flags;$/&\n\tvoid *priv;/' "$1/include/e2e.h"
}

# check_e2e DESC OLD-DIR NEW-DIR VERSIONS...: the report lists exactly
# the three exports that use struct e2e_dev, each with its chain and
# the versions in the VERSIONS files (Module.symvers or #SYMVER lines).
check_e2e() {
	local desc=$1 o=$2 n=$3 st sym ov nv
	local r=$WORK/e2e-report
	shift 3

	st=$(run_diff "$r" "$o" "$n")
	run_diff "$r.json" --json "$o" "$n" > /dev/null
	if [ "$st" != 1 ]; then
		ktap_fail "$desc: exit status 1 (got $st)"
		sed 's/^/# /' "$r" "$r.err" | head -n 20
		return
	fi

	python3 - "$r.json" "$o" "$n" <<'EOF' > "$r.list"
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    print(r['file'], r['symbol'], r['status'], r.get('old_crc'),
          r.get('new_crc'),
          ';'.join(sorted(set(' -> '.join(c['chain'])
                              for c in r['changes']))))
EOF
	# Versions: from kbuild's Module.symvers or gendwarfksyms' output.
	ver() { awk -v s="$2" '$1 == "#SYMVER" && $2 == s { print $3 }' "$1"/*.symver* | head -n 1; }
	{
		for sym in e2e_open:a e2e_close:b e2e_ops_get:b; do
			ov=$(ver "$o" "${sym%:*}")
			nv=$(ver "$n" "${sym%:*}")
			case ${sym%:*} in
			e2e_ops_get) chain='e2e_ops_get -> s#e2e_ops -> s#e2e_dev' ;;
			*) chain="${sym%:*} -> s#e2e_dev" ;;
			esac
			echo "${sym#*:}.symtypes ${sym%:*} changed $ov $nv $chain"
		done
	} | sort > "$r.want"
	sort "$r.list" > "$r.got"
	if cmp -s "$r.want" "$r.got" && grep -q '^    member priv added: ' "$r"
	then
		ktap_ok "$desc: exactly e2e_open, e2e_close, e2e_ops_get, with chains and versions"
	else
		ktap_fail "$desc: exactly e2e_open, e2e_close, e2e_ops_get, with chains and versions"
		diff "$r.want" "$r.got" | sed 's/^/# /'
	fi
}

# Two builds of the module with kbuild and KBUILD_SYMTYPES=1.
e2e_kbuild() {
	local v

	if [ ! -f "$KOUT/Module.symvers" ] ||
	   ! grep -q '^CONFIG_GENDWARFKSYMS=y' "$KOUT/.config" 2>/dev/null
	then
		ktap_skip "two kbuild module builds" "no CONFIG_GENDWARFKSYMS build in $KOUT"
		return
	fi
	for v in v1 v2; do
		e2e_tree "$WORK/kb/$v"
	done
	e2e_v2 "$WORK/kb/v2"
	for v in v1 v2; do
		if ! flock "$top/build/.kbuild.lock" \
		     make -s -C "$KBUILD_TREE" O="$KOUT" M="$WORK/kb/$v" \
			  KBUILD_SYMTYPES=1 modules > "$WORK/kb/$v.log" 2>&1
		then
			ktap_fail "two kbuild module builds: build $v"
			tail -n 20 "$WORK/kb/$v.log" | sed 's/^/# /'
			return
		fi
		# Module.symvers is where modpost put gendwarfksyms' versions.
		awk '{ print "#SYMVER", $2, $1 }' "$WORK/kb/$v/Module.symvers" \
			> "$WORK/kb/$v/module.symvers"
		rm -f "$WORK/kb/$v/Module.symvers"
	done
	check_e2e "two kbuild module builds (KBUILD_SYMTYPES=1)" \
		"$WORK/kb/v1" "$WORK/kb/v2"
}

# The same module as plain objects (no kernel headers): gcc -g -c and
# gendwarfksyms -T per object, as kbuild does.
e2e_gcc() {
	local v o syms

	for v in v1 v2; do
		e2e_tree "$WORK/gc/$v"
		sed -i 's|#include <linux/.*>|#define EXPORT_SYMBOL(s)\n#define MODULE_LICENSE(s)\n#define MODULE_DESCRIPTION(s)|' \
			"$WORK/gc/$v"/*.c
	done
	e2e_v2 "$WORK/gc/v2"
	for v in v1 v2; do
		for o in a b c; do
			syms=$(sed -n 's/^EXPORT_SYMBOL(\(.*\));$/\1/p' \
				"$WORK/gc/$v/$o.c")
			(cd "$WORK/gc/$v" && gcc -g -Iinclude -c $o.c &&
			 echo "$syms" | "$GDK" -T $o.symtypes $o.o) \
				>> "$WORK/gc/$v/objects.symver" ||
				{ ktap_fail "two gcc builds: build $v"; return; }
		done
	done
	check_e2e "two gcc builds of three objects" "$WORK/gc/v1" "$WORK/gc/v2"
}

abi_pairs
chain_only
golden_versions
symbols
errors
e2e_gcc
e2e_kbuild
ktap_finish
