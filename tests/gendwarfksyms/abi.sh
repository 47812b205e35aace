#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ABI-change pairs: abi.c exports api(struct dev *) and includes abi.h.
# Each pair builds it with two versions of abi.h (and optionally extra
# lines in abi.c) and checks whether api's version changes, as it must for
# an ABI change and must not for anything else. abi_reports checks
# symtypes-diff's reports on the same objects, for any compiler.

. "$GDK_DIR/abi-sources.sh"

abi_pair() {
	local name=$1 expect=$2 h1=$3 h2=$4 c1=${5:-} c2=${6:-}
	local d=$WORK/abi/$name v1 v2

	abi_sources "$d" "$h1" "$h2" "$c1" "$c2" ||
		{ ktap_fail "ABI $name: build"; return; }
	echo "$expect" > "$d/expect"

	v1=$(version_of "$d/v1/abi.o" api)
	v2=$(version_of "$d/v2/abi.o" api)
	if [ "$v1" = 0x00000000 ] || [ -z "$v1" ]; then
		ktap_fail "ABI $name: no version"
	elif { [ "$expect" = changes ] && [ "$v1" != "$v2" ]; } ||
	     { [ "$expect" = same ] && [ "$v1" = "$v2" ]; }; then
		ktap_ok "ABI $name: version $expect ($v1 -> $v2)"
	else
		ktap_fail "ABI $name: version $expect ($v1 -> $v2)"
	fi
}

abi_tests() {
	local base='struct dev { int id; long flags; };'

	abi_pair "member added" changes "$base" \
		'struct dev { int id; long flags; int extra; };'
	abi_pair "member removed" changes "$base" \
		'struct dev { int id; };'
	abi_pair "member renamed" changes "$base" \
		'struct dev { int id; long mode; };'
	abi_pair "members reordered" changes "$base" \
		'struct dev { long flags; int id; };'
	abi_pair "member type widened" changes "$base" \
		'struct dev { long id; long flags; };'
	abi_pair "enumerator value" changes \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY = 2 }; struct dev { enum state s; };'
	abi_pair "enumerator added" changes \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY, GONE }; struct dev { enum state s; };'
	abi_pair "array size" changes \
		'struct dev { char name[16]; };' \
		'struct dev { char name[32]; };'
	abi_pair "bitfield width" changes \
		'struct dev { unsigned int a:3, b:5; };' \
		'struct dev { unsigned int a:4, b:5; };'
	# b moves from bit 5 to bit 3 and nothing else changes. Bit fields
	# described the DWARF 2-4 way (DW_AT_bit_offset, which GCC emits with
	# -gdwarf-4 and Clang 14 always) only show it in bit_offset(N).
	abi_pair "unnamed bit field removed" changes \
		'struct dev { unsigned int a:3, :2, b:5; };' \
		'struct dev { unsigned int a:3, b:5; };'
	GDK_G=-gdwarf-4 abi_pair "unnamed bit field removed, -gdwarf-4" changes \
		'struct dev { unsigned int a:3, :2, b:5; };' \
		'struct dev { unsigned int a:3, b:5; };'
	abi_pair "alignment" changes \
		'struct dev { int id; };' \
		'struct dev { int id; } __attribute__((aligned(16)));'
	abi_pair "const pointee" changes \
		'struct dev { char *name; };' \
		'struct dev { const char *name; };'
	abi_pair "volatile member" changes \
		'struct dev { int state; };' \
		'struct dev { volatile int state; };'
	abi_pair "function pointer signature" changes \
		'struct dev { int (*probe)(struct dev *); };' \
		'struct dev { int (*probe)(struct dev *, int); };'
	abi_pair "nested struct member" changes \
		'struct ops { int (*open)(void); }; struct dev { struct ops *ops; };' \
		'struct ops { int (*open)(void); int (*close)(void); }; struct dev { struct ops *ops; };'
	abi_pair "typedef target" changes \
		'typedef int id_t_; struct dev { id_t_ id; };' \
		'typedef long id_t_; struct dev { id_t_ id; };'
	abi_pair "declaration to definition" changes \
		'struct dev;' \
		'struct dev { int id; };'
	abi_pair "union member" changes \
		'union val { int i; float f; }; struct dev { union val v; };' \
		'union val { int i; double d; }; struct dev { union val v; };'

	abi_pair "unrelated type changed" same \
		"$base struct other { int a; };" \
		"$base struct other { int a; int b; };"
	abi_pair "macro and comment changed" same \
		"$(printf '#define DEV_MAX 4 /* one */\n%s' "$base")" \
		"$(printf '#define DEV_MAX 8 /* two */\n%s' "$base")"
	abi_pair "type private to the .c file changed" same \
		'struct dev;' 'struct dev;' \
		'struct dev { int id; };' 'struct dev { int id; long extra; };'
	abi_pair "struct reached only through a private struct changed" same \
		'struct inner { int a; };' 'struct inner { int a; int b; };' \
		'struct dev { struct inner *in; };' 'struct dev { struct inner *in; };'
}

# abi_reports: symtypes-diff ($SYMTYPES_DIFF) on the pairs abi_tests
# built. Where the version changes: exit status 1, "api: changed OLD ->
# NEW" with the tool's versions, and in the JSON form one record whose
# changes are each at the end of a chain from api, in types whose lines
# differ between the two symtypes files, and name every type whose line
# differs in both. Otherwise nothing reported and exit 0. For any
# compiler: tests/host/symtypes-diff.sh checks GCC's report lines.
abi_reports() {
	local d name expect v st old new changed=() verdict

	for d in "$WORK"/abi/*/; do
		d=${d%/}
		[ -f "$d/expect" ] || continue
		read -r expect < "$d/expect"
		for v in v1 v2; do
			(cd "$d/$v" && echo api | "$TOOL" -T abi.symtypes abi.o \
				> abi.symver 2> /dev/null)
		done
		"$SYMTYPES_DIFF" "$d/v1/abi.symtypes" "$d/v2/abi.symtypes" \
			> "$d/report" 2> "$d/report.err"
		echo $? > "$d/status"
		if [ "$expect" = changes ]; then
			"$SYMTYPES_DIFF" --json "$d/v1/abi.symtypes" \
				"$d/v2/abi.symtypes" > "$d/json" 2>> "$d/report.err"
			changed+=("$d")
		fi
	done

	# One Python for all pairs: a line "DIR<tab>ok" or "DIR<tab>REASON".
	python3 - "${changed[@]}" > "$WORK/abi/reports" 2>&1 <<-'EOF'
	import json, sys

	def check(d):
	    def lines(v):
	        return dict(l.rstrip('\n').split(' ', 1)
	                    for l in open(f'{d}/{v}/abi.symtypes'))
	    def crc(v):
	        return open(f'{d}/{v}/abi.symver').read().split()[2]
	    old, new = crc('v1'), crc('v2')
	    status = open(f'{d}/status').read().strip()
	    assert status == '1', f'exit status {status}'
	    assert old != new, 'the version did not change'
	    text = open(f'{d}/report').read().splitlines()
	    assert f'api: changed {old} -> {new}' in text, 'no "api: changed" line'
	    l1, l2 = lines('v1'), lines('v2')
	    differ = {n for n in set(l1) | set(l2) if l1.get(n) != l2.get(n)}
	    both = {n for n in differ if n in l1 and n in l2}
	    recs = [json.loads(l) for l in open(f'{d}/json')]
	    assert len(recs) == 1, f'{len(recs)} JSON records'
	    r = recs[0]
	    assert (r['symbol'], r['status']) == ('api', 'changed'), r
	    assert (r['old_crc'], r['new_crc']) == (old, new), r
	    types = {c['type'] for c in r['changes']}
	    for c in r['changes']:
	        assert c['chain'][0] == 'api' and c['chain'][-1] == c['type'], c
	    assert both <= types <= differ, f'changed {types}, lines differ {differ}'

	for d in sys.argv[1:]:
	    try:
	        check(d)
	        print(f'{d}\tok')
	    except Exception as e:
	        print(f'{d}\t' + repr(e).replace('\n', ' '))
	EOF

	for d in "$WORK"/abi/*/; do
		d=${d%/}
		name=$(basename "$d")
		[ -f "$d/expect" ] || continue
		read -r expect < "$d/expect"
		read -r st < "$d/status"
		if [ "$expect" = same ]; then
			if [ "$st" = 0 ] && [ ! -s "$d/report" ] && [ ! -s "$d/report.err" ]; then
				ktap_ok "symtypes-diff, ABI $name: nothing reported, exit 0"
			else
				ktap_fail "symtypes-diff, ABI $name: nothing reported, exit 0 (exit $st)"
				sed 's/^/# /' "$d/report" "$d/report.err" | head -n 5
			fi
			continue
		fi
		verdict=$(awk -F '\t' -v d="$d" '$1 == d { print $2 }' "$WORK/abi/reports")
		read -r old < "$d/v1/abi.symver"
		read -r new < "$d/v2/abi.symver"
		if [ "$verdict" = ok ]; then
			ktap_ok "symtypes-diff, ABI $name: api ${old##* } -> ${new##* }, changes in the types whose strings differ"
		else
			ktap_fail "symtypes-diff, ABI $name: api ${old##* } -> ${new##* }, changes in the types whose strings differ"
			ktap_diag "${verdict:-$(head -n 3 "$WORK/abi/reports")}"
			sed 's/^/# /' "$d/report" "$d/report.err" | head -n 8
		fi
	done
}
