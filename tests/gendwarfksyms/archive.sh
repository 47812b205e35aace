#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms --find-exports --per-object --cmd-files, which kbuild runs
# when it makes an archive of vmlinux: of the objects named on standard
# input, it versions those whose .cmd files say "#GENDWARFKSYMS pending"
# and appends their versions to those files. The reference for each
# object is one run of the tool on it alone, as kbuild made before. Uses
# the objects of exports_tests.

# archive_cmd OBJECT [MARK]: a .cmd file as fixdep writes it, then MARK
archive_cmd() {
	local obj=$1 cmd
	cmd=$(dirname "$obj")/.$(basename "$obj").cmd
	printf 'savedcmd_%s := gcc -c -o %s\n\n%s: $(deps)\n' "$obj" "$obj" "$obj" > "$cmd"
	[ -z "$2" ] || echo "#GENDWARFKSYMS $2" >> "$cmd"
}

# archive_run OPTION...: the tool on every object of d/, as the rule of
# d/built-in.a runs it
archive_run() {
	printf 'd/%s\n' two.o none.o three.o asm.o |
		"$TOOL" --find-exports --per-object --cmd-files "$@"
}

# archive_expect OBJECT: the .cmd file the tool must leave: the one it
# found, the versions of a run on OBJECT alone, the mark.
archive_expect() {
	cat "d/.$1.cmd"
	"$TOOL" --find-exports "d/$1"
	echo "#GENDWARFKSYMS versioned"
}

# archive_check DESC: the tool on every object of d/ succeeds, prints
# nothing and leaves d/.two.o.cmd and d/.three.o.cmd as two.o.expected
# and three.o.expected say
archive_check() {
	local rc
	archive_run > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ] &&
	   cmp -s d/.two.o.cmd two.o.expected && cmp -s d/.three.o.cmd three.o.expected; then
		ktap_ok "--cmd-files: $1"
	else
		ktap_fail "--cmd-files: $1"
		ktap_diag "status $rc"
		diff d/.two.o.cmd two.o.expected | sed 's/^/# /'
		sed 's/^/# /' err
	fi
}

# archive_refused DESC MESSAGE OPTION...: the tool with these options and
# a pending d/two.o on standard input fails with MESSAGE and changes no
# .cmd file
archive_refused() {
	local desc=$1 message=$2 rc
	shift 2
	archive_cmd d/two.o pending
	cat d/.*.cmd > before
	printf 'd/two.o\n' | "$TOOL" "$@" > out 2> err
	rc=$?
	if [ $rc -ne 0 ] && [ ! -s out ] && cat d/.*.cmd | cmp -s - before &&
	   grep -qxF "error: gendwarfksyms: $message" err; then
		ktap_ok "--cmd-files: $desc: error"
	else
		ktap_fail "--cmd-files: $desc: error"
		ktap_diag "status $rc"
		sed 's/^/# /' err
	fi
}

archive_tests() {
	local w=$WORK/archive o rc

	rm -rf "$w" && mkdir -p "$w/d" && cd "$w" || return
	for o in two.o none.o three.o; do
		cp "$WORK/exports/$o" d/ && archive_cmd "d/$o" pending
		archive_expect "$o" > "$o.expected"
	done
	# An object kbuild versioned by another rule (assembly): no mark
	cp "$WORK/exports/three.o" d/asm.o && archive_cmd d/asm.o
	cp d/.asm.o.cmd asm.o.expected

	archive_run > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ] &&
	   cmp -s d/.two.o.cmd two.o.expected && cmp -s d/.none.o.cmd none.o.expected &&
	   cmp -s d/.three.o.cmd three.o.expected && cmp -s d/.asm.o.cmd asm.o.expected &&
	   grep -q '^#SYMVER beta ' d/.two.o.cmd; then
		ktap_ok "--cmd-files: pending objects get their own run's versions, others are left alone"
	else
		ktap_fail "--cmd-files: pending objects get their own run's versions, others are left alone"
		ktap_diag "status $rc"
		diff d/.two.o.cmd two.o.expected | sed 's/^/# /'
		sed 's/^/# /' out err
	fi

	# Nothing pending: no object is read (one that is not an object
	# would stop the run with an error).
	cat d/.*.cmd > before
	cp d/two.o two.o.good
	echo 'not an object' > d/two.o
	archive_run > out 2> err
	rc=$?
	cp two.o.good d/two.o
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ] && cat d/.*.cmd | cmp -s - before; then
		ktap_ok "--cmd-files: objects versioned already are not read again"
	else
		ktap_fail "--cmd-files: objects versioned already are not read again"
		ktap_diag "status $rc"
		sed 's/^/# /' err
	fi

	# two.o compiled again with a type changed: fixdep writes a new .cmd
	# file and kbuild marks it pending; its new versions are appended,
	# three.o keeps its own.
	local old_beta
	old_beta=$(awk '$2 == "beta" { print $3 }' d/.two.o.cmd)
	{
		echo 'char beta(int c) { return c; }'
		echo 'long alpha(long x) { return x + 1; }'
		marker_source beta alpha
	} > two.c
	$GDK_CC $GDK_G -c two.c -o d/two.o || { ktap_fail "--cmd-files: compile two.c"; return; }
	archive_cmd d/two.o pending
	archive_expect two.o > two.o.expected
	cp d/.three.o.cmd three.o.expected
	# The test needs the type change to change beta's version.
	if [ -z "$old_beta" ] || grep -q "^#SYMVER beta $old_beta\$" two.o.expected; then
		ktap_fail "--cmd-files: an object compiled again with another type gets its new version"
		ktap_diag "beta keeps version '$old_beta': the test's type change changes nothing"
	else
		archive_check "an object compiled again with another type gets its new version"
	fi

	# A run that fails writes no .cmd file: two.o comes first and is
	# fine, three.o is not an object. Both stay pending.
	archive_cmd d/two.o pending
	archive_cmd d/three.o pending
	cp d/three.o three.o.good
	echo 'not an object' > d/three.o
	cat d/.*.cmd > before
	archive_run > out 2> err
	rc=$?
	if [ $rc -ne 0 ] && grep -qx 'error: gendwarfksyms: d/three.o: not an ELF object file' err &&
	   cat d/.*.cmd | cmp -s - before; then
		ktap_ok "--cmd-files: a failed run writes no .cmd file"
	else
		ktap_fail "--cmd-files: a failed run writes no .cmd file"
		ktap_diag "status $rc"
		sed 's/^/# /' err
	fi
	cp three.o.good d/three.o

	# An object without a .cmd file was not compiled by kbuild: it is
	# left alone, and no .cmd file is made for it.
	archive_cmd d/two.o pending
	rm d/.none.o.cmd
	archive_expect two.o > two.o.expected
	archive_run > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s err ] && [ ! -e d/.none.o.cmd ] &&
	   cmp -s d/.two.o.cmd two.o.expected; then
		ktap_ok "--cmd-files: an object without a .cmd file is left alone"
	else
		ktap_fail "--cmd-files: an object without a .cmd file is left alone"
		ktap_diag "status $rc"
		sed 's/^/# /' err
	fi
	archive_cmd d/none.o versioned

	# Only the last mark counts: an object versioned, then marked
	# pending again, is versioned again; one marked pending, then
	# versioned, is not.
	archive_cmd d/two.o versioned
	echo '#GENDWARFKSYMS pending' >> d/.two.o.cmd
	archive_expect two.o > two.o.expected
	archive_cmd d/three.o pending
	echo '#GENDWARFKSYMS versioned' >> d/.three.o.cmd
	cp d/.three.o.cmd three.o.expected
	archive_check "the last #GENDWARFKSYMS line decides"

	# The objects come from standard input only, and only with
	# --per-object.
	archive_refused "objects on the command line" \
		'--cmd-files reads the objects from standard input, not the command line' \
		--find-exports --per-object --cmd-files d/two.o
	archive_refused "without --per-object" '--cmd-files needs --per-object' \
		--find-exports --cmd-files

	# Options are passed on: with --per-object-symtypes, each pending
	# object's symtypes next to it, as -T writes them.
	rm -f d/*.symtypes
	"$TOOL" --find-exports -T two.symtypes d/two.o > /dev/null
	archive_cmd d/two.o pending
	archive_cmd d/three.o pending
	archive_run --per-object-symtypes > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s err ] && cmp -s d/two.symtypes two.symtypes &&
	   [ -s d/three.symtypes ] && [ ! -e d/none.symtypes ] && [ ! -e d/asm.symtypes ]; then
		ktap_ok "--cmd-files: the options reach the tool (--per-object-symtypes)"
	else
		ktap_fail "--cmd-files: the options reach the tool (--per-object-symtypes)"
		ktap_diag "status $rc"
		sed 's/^/# /' err
	fi
}
