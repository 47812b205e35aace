#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# --find-exports and --list-exports: the tool takes the exported symbols
# from the objects' __export_symbol_<name> markers (what EXPORT_SYMBOL()
# leaves in an object) and gives the same output as with the list kbuild
# used to make with nm on standard input.

# A C file whose markers are in the order given, as EXPORT_SYMBOL() makes
# them (local objects in .export_symbol).
marker_source() {
	local s
	for s in "$@"; do
		printf 'static const char __export_symbol_%s[] __attribute__((used, section(".export_symbol"))) = "";\n' "$s"
	done
}

exports_tests() {
	local w=$WORK/exports out err rc

	mkdir -p "$w" && cd "$w" || return
	{
		echo 'struct s { int a; long b; };'
		echo 'int zeta(struct s *p) { return p->a; }'
		echo 'long alpha(long x) { return x; }'
		echo 'struct s mid;'
		marker_source zeta alpha mid
	} > three.c
	{
		echo 'char beta(char c) { return c; }'
		echo 'long alpha(long x) { return x + 1; }'
		marker_source beta alpha
	} > two.c
	echo 'int nothing(int x) { return x; }' > none.c
	{
		echo 'int f(int x) { return x; }'
		echo 'static const char m[] __asm__("__export_symbol_") __attribute__((used)) = "";'
	} > empty-marker.c
	for c in three two none empty-marker; do
		$GDK_CC $GDK_G -c $c.c || { ktap_fail "exports: compile $c.c"; return; }
	done

	# Sorted by name, as nm lists them; nm is the independent reference.
	"$TOOL" --list-exports three.o > out 2> err
	rc=$?
	printf 'alpha\nmid\nzeta\n' > expected
	if [ $rc -eq 0 ] && cmp -s out expected && [ ! -s err ] &&
	   nm three.o | sed -n 's/.* __export_symbol_//p' | cmp -s - expected; then
		ktap_ok "--list-exports: the marked symbols, sorted by name as nm lists them"
	else
		ktap_fail "--list-exports: the marked symbols, sorted by name as nm lists them"
		sed 's/^/# /' out err
	fi

	# --find-exports gives what the nm pipeline on stdin gives, symtypes too.
	"$TOOL" --find-exports -T found.symtypes three.o > found 2> err
	rc=$?
	nm three.o | sed -n 's/.* __export_symbol_//p' |
		"$TOOL" -T piped.symtypes three.o > piped 2>/dev/null
	if [ $rc -eq 0 ] && [ ! -s err ] && cmp -s found piped &&
	   cmp -s found.symtypes piped.symtypes &&
	   [ "$(grep -c '^#SYMVER [a-z]* 0x[0-9a-f]\{8\}$' found)" -eq 3 ] &&
	   [ "$(awk '$2 == "zeta" { print $3 }' found)" = "$(version_of three.o zeta)" ]; then
		ktap_ok "--find-exports: same versions and symtypes as the list on stdin"
	else
		ktap_fail "--find-exports: same versions and symtypes as the list on stdin"
		diff found piped | sed 's/^/# /'
		sed 's/^/# /' err
	fi

	# Several objects: in the order given, each sorted, each name once.
	"$TOOL" --list-exports two.o three.o > out 2> err
	printf 'alpha\nbeta\nmid\nzeta\n' > expected
	if cmp -s out expected && [ ! -s err ]; then
		ktap_ok "--list-exports: several objects in order, duplicates once"
	else
		ktap_fail "--list-exports: several objects in order, duplicates once"
		sed 's/^/# /' out err
	fi

	# No markers: no output, no files written, exit 0 (kbuild runs the
	# tool on every object).
	"$TOOL" --find-exports -T none.symtypes none.o > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ] && [ ! -e none.symtypes ]; then
		ktap_ok "--find-exports: an object without exports: exit 0, no output, no symtypes file"
	else
		ktap_fail "--find-exports: an object without exports: exit 0, no output, no symtypes file"
		ktap_diag "status $rc"
		sed 's/^/# /' out err
	fi

	# Standard input is not read with --find-exports.
	echo nothing | "$TOOL" --find-exports none.o > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ]; then
		ktap_ok "--find-exports: standard input is ignored"
	else
		ktap_fail "--find-exports: standard input is ignored"
		sed 's/^/# /' out err
	fi

	expect_error "--find-exports: a marker without a name" \
		"error: gendwarfksyms: empty-marker.o: symbol '__export_symbol_' names no exported symbol" \
		'' --find-exports empty-marker.o
	echo 'not an object' > text.o
	expect_error "--find-exports: not an ELF object" \
		'error: gendwarfksyms: text.o: not an ELF object file' \
		'' --find-exports three.o text.o
	expect_error "--list-exports: a missing file" \
		'error: gendwarfksyms: missing.o: cannot open: No such file or directory' \
		'' --list-exports missing.o

	per_object_tests
}

# --per-object: each object as a run on it alone, after a line naming it.
# The reference is one run per object, and alpha, which two.o and
# three.o both export, is versioned in each (a run on both versions it
# once).
per_object_tests() {
	local o rc

	"$TOOL" --find-exports --per-object two.o none.o three.o > out 2> err
	rc=$?
	for o in two.o none.o three.o; do
		echo "#OBJECT $o"
		"$TOOL" --find-exports "$o"
	done > expected 2>/dev/null
	if [ $rc -eq 0 ] && [ ! -s err ] && cmp -s out expected &&
	   [ "$(grep -c '^#SYMVER alpha ' out)" -eq 2 ] &&
	   [ "$("$TOOL" --find-exports two.o three.o | grep -c '^#SYMVER alpha ')" -eq 1 ]; then
		ktap_ok "--per-object: each object's versions as one run on it alone"
	else
		ktap_fail "--per-object: each object's versions as one run on it alone"
		diff out expected | sed 's/^/# /'
		sed 's/^/# /' err
	fi

	# The symtypes of each object next to it, as -T writes them; none for
	# an object without exports.
	rm -f two.symtypes three.symtypes none.symtypes
	"$TOOL" --find-exports -T two.expected two.o > /dev/null &&
	"$TOOL" --find-exports -T three.expected three.o > /dev/null &&
	"$TOOL" --find-exports --per-object --per-object-symtypes two.o none.o three.o > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s err ] && cmp -s out expected &&
	   cmp -s two.symtypes two.expected && cmp -s three.symtypes three.expected &&
	   [ -s two.symtypes ] && [ ! -e none.symtypes ]; then
		ktap_ok "--per-object-symtypes: <object>.symtypes as -T writes it, none without exports"
	else
		ktap_fail "--per-object-symtypes: <object>.symtypes as -T writes it, none without exports"
		sed 's/^/# /' err
	fi

	# A cache entry of a --per-object run is the one a run on the object
	# alone uses: that run finds it and adds none.
	rm -rf cache
	"$TOOL" --find-exports --per-object --cache "$PWD/cache" two.o none.o three.o > out 2> err
	rc=$?
	local entries
	entries=$(find cache -type f | wc -l)
	"$TOOL" --find-exports --cache "$PWD/cache" three.o > alone 2>> err
	if [ $rc -eq 0 ] && [ ! -s err ] && cmp -s out expected &&
	   [ "$entries" -eq 2 ] && [ "$(find cache -type f | wc -l)" -eq 2 ] &&
	   sed -n '/^#OBJECT three.o$/,$p' out | tail -n +2 | cmp -s - alone; then
		ktap_ok "--per-object --cache: one entry per exporting object, shared with runs on it alone"
	else
		ktap_fail "--per-object --cache: one entry per exporting object, shared with runs on it alone"
		ktap_diag "status $rc, $entries entries"
		sed 's/^/# /' err
	fi

	expect_error "--per-object needs --find-exports" \
		'error: gendwarfksyms: --per-object needs --find-exports, not --list-exports or --symtypes' \
		'' --per-object two.o
	expect_error "--per-object takes no --symtypes file" \
		'error: gendwarfksyms: --per-object needs --find-exports, not --list-exports or --symtypes' \
		'' --find-exports --per-object -T two.symtypes two.o
	expect_error "--per-object-symtypes needs --per-object" \
		'error: gendwarfksyms: --per-object-symtypes needs --per-object' \
		'' --find-exports --per-object-symtypes two.o
}
