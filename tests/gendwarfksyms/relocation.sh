#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Both relocation paths (issue 16): gendwarfksyms applies the relocations
# of an object's DWARF itself, or lets libdwfl relocate the object when
# its own relocation does not apply. force-libdwfl.py makes a copy of an
# object that the tool can only read through libdwfl; the original and
# the copy must give the same output. dwfl-log.c, preloaded, logs each
# object the tool hands to libdwfl: every copy must be in the log and no
# original, so a copy that quietly took the tool's own path fails.

# relocation_run DIR OPTS: the tool with OPTS on DIR/x.o and ../symbols,
# with dwfl-log.so logging the objects libdwfl reads to DIR.log.
relocation_run() {
	# shellcheck disable=SC2086
	env -C "$1" GDK_DWFL_LOG="$1.log" LD_PRELOAD="$WORK/relocation/dwfl-log.so" \
		ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" \
		"$TOOL" $2 -T x.symtypes x.o < "$1/../symbols" > "$1/out" 2> "$1/err"
}

# relocation_paths DESC DIR...: every object (*.o) under the DIRs, on its
# defined global symbols, and again with --stable if it has kABI rules
# (relocation-objects.py): #SYMVER lines, symtypes and messages. Objects
# the tool rejects are other tests' bad input and are left out.
relocation_paths() {
	local desc=$1 r d n=0 left=0 bad= path= what opts log
	local runs=() objects=()
	shift

	RELOCATION_RUN=$((${RELOCATION_RUN:-0} + 1))
	r=$WORK/relocation/$RELOCATION_RUN
	mkdir -p "$r" || return
	if [ ! -f "$WORK/relocation/dwfl-log.so" ] &&
	   ! gcc -shared -fPIC -O2 -Wall -o "$WORK/relocation/dwfl-log.so" \
		 "$GDK_DIR/dwfl-log.c" -ldl; then
		ktap_fail "relocation paths, $desc: build dwfl-log.so"
		return
	fi

	mapfile -t objects < <(find "$@" -name '*.o' -type f \
				    -not -path "$WORK/relocation/*" | LC_ALL=C sort)
	if ! python3 "$GDK_DIR/relocation-objects.py" "$r" "${objects[@]}" \
		> "$r/runs" 2> "$r/err"; then
		ktap_fail "relocation paths, $desc: relocation-objects.py"
		sed 's/^/# /' "$r/err" | head -n 5
		return
	fi
	mapfile -t runs < "$r/runs"

	for d in "${runs[@]}"; do
		d=$r/$d
		read -r what < "$d/what"
		what=${what#"$WORK"/}
		opts=
		read -r opts < "$d/opts"
		if ! relocation_run "$d/own" "$opts"; then
			left=$((left + 1))
			continue
		fi
		n=$((n + 1))
		relocation_run "$d/dwfl" "$opts"
		diff -rq -x x.o "$d/own" "$d/dwfl" > /dev/null || bad+=" $what"
		log=
		[ -f "$d/dwfl.log" ] && read -r log < "$d/dwfl.log"
		[ ! -e "$d/own.log" ] && [ "$log" = x.o ] || path+=" $what"
	done

	ktap_diag "relocation paths, $desc: ${#objects[@]} objects, $n runs compared, $left the tool rejects"
	if [ $n -gt 0 ] && [ -z "$bad" ]; then
		ktap_ok "relocation paths, $desc: same #SYMVER lines, symtypes and messages directly and through libdwfl"
	else
		ktap_fail "relocation paths, $desc: same #SYMVER lines, symtypes and messages directly and through libdwfl"
		ktap_diag "differ:$bad"
	fi
	if [ $n -gt 0 ] && [ -z "$path" ]; then
		ktap_ok "relocation paths, $desc: libdwfl read every copy and no original"
	else
		ktap_fail "relocation paths, $desc: libdwfl read every copy and no original"
		ktap_diag "wrong path:$path"
	fi
}
