#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The result cache (--cache DIR): a run gives the output of an uncached
# run, whether it takes it from the cache or not; whatever the output
# depends on (the object, the names, the options, the tool) is part of the
# key; damaged entries are misses; runs that warn are not kept; the size
# limit removes the least recently used entries; errors are clear.

# entries DIR: the number of cache entries under DIR
entries() {
	find "$1" -type f -regextype posix-extended \
		-regex '.*/[0-9a-f]{2}/[0-9a-f]{62}' 2>/dev/null | wc -l
}

# cache_run NAME ARGS...: runs the tool with ARGS and the names of the file
# NAME.list on stdin; NAME.out, NAME.err and NAME.rc hold what it did.
cache_run() {
	local name=$1 rc=0
	shift
	"$TOOL" "$@" < "$name.list" > "$name.out" 2> "$name.err" || rc=$?
	echo "$rc" > "$name.rc"
}

# cache_same DESC NAME REF: NAME's output, symtypes, stderr and status are
# REF's (an uncached run of the same command)
cache_same() {
	local desc=$1 a=$2 b=$3 f
	for f in out err rc symtypes; do
		[ -e "$a.$f" ] || [ -e "$b.$f" ] || continue
		if ! cmp -s "$a.$f" "$b.$f"; then
			ktap_fail "$desc"
			ktap_diag "$a.$f differs from $b.$f"
			diff "$b.$f" "$a.$f" 2>&1 | head -n 5 | sed 's/^/# /'
			return
		fi
	done
	if [ ! -s "$a.out" ]; then
		ktap_fail "$desc"
		ktap_diag "no output"
		return
	fi
	ktap_ok "$desc"
}

# write_entry FILE VERSIONS SYMTYPES: a well-formed entry in FILE (under
# the key its path names) with that body, written independently of the tool
write_entry() {
	local file=$1 key body
	key=$(basename "$(dirname "$file")")$(basename "$file")
	body=$(cat "$2" "$3" | b2sum -l 256 | cut -c1-64)
	{
		printf 'gendwarfksyms results 3\n%s %s %s %s\n' "$key" "$body" \
			"$(stat -c %s "$2")" "$(stat -c %s "$3")"
		cat "$2" "$3"
	} > "$file.new" && mv "$file.new" "$file"
}

cache_tests() {
	local w=$WORK/cache c e sub n i pids

	mkdir -p "$w" && cd "$w" || return
	c=$w/cache

	# In a header: the layout of a structure defined in a .c file is not
	# part of any version.
	echo 'struct s { int a; long b; };' > obj.h
	cat > obj.c <<-'EOT'
	#include "obj.h"
	int f(struct s *p) { return p->a; }
	long g(long x) { return x; }
	EOT
	$GDK_CC $GDK_G -c obj.c || { ktap_fail "cache: compile obj.c"; return; }
	printf 'f\ng\n' > ref.list
	cp ref.list miss.list
	cp ref.list hit.list

	cache_run ref -T ref.symtypes obj.o
	cache_run miss --cache "$c" -T miss.symtypes obj.o
	cache_same "cache miss: output, symtypes and stderr of an uncached run" miss ref
	[ "$(entries "$c")" = 1 ] && ktap_ok "cache miss: one entry kept" ||
		{ ktap_fail "cache miss: one entry kept"; ktap_diag "$(entries "$c") entries"; }

	cache_run hit --cache "$c" -T hit.symtypes obj.o
	cache_same "cache hit: output, symtypes and stderr of an uncached run" hit ref
	[ "$(entries "$c")" = 1 ] && ktap_ok "cache hit: no entry added" ||
		ktap_fail "cache hit: no entry added"

	# The hit must come from the entry: a well-formed entry with another
	# version of f (its body digest computed with b2sum -l 256) comes out.
	e=$(find "$c" -type f -regextype posix-extended -regex '.*/[0-9a-f]{62}')
	crc=$(awk '$2 == "f" { print $3 }' ref.out)
	sed "s/ f $crc/ f 0xdeadbeef/" ref.out > forged.versions
	write_entry "$e" forged.versions ref.symtypes
	cache_run hit --cache "$c" -T hit.symtypes obj.o
	if grep -qx '#SYMVER f 0xdeadbeef' hit.out; then
		ktap_ok "cache hit: the output is read from the entry"
	else
		ktap_fail "cache hit: the output is read from the entry"
		sed 's/^/# /' hit.out
	fi

	# A damaged entry is a miss, and is replaced by a good one: cut short
	# (in the magic, right after the key, inside the body's digest, right
	# after it, before the lengths), a NUL in the digest,
	# another format, a wrong length, a body that is not the one its
	# digest names (a write torn by a crash), or under another key. The
	# magic line is 24 bytes, the key 64 and a space.
	for damage in truncate afterkey digest afterdigest nolengths nul \
		      magic length body key; do
		case $damage in
		truncate) head -c 40 "$e" > e.tmp ;;
		afterkey) head -c 89 "$e" > e.tmp ;;
		digest) head -c 99 "$e" > e.tmp ;;
		afterdigest) head -c 153 "$e" > e.tmp ;;
		nolengths) head -c 154 "$e" > e.tmp ;;
		nul) { head -c 100 "$e"; printf '\0'; tail -c +102 "$e"; } > e.tmp ;;
		magic) sed '1s/results [0-9]*/results 9/' "$e" > e.tmp ;;
		length) sed '2s/ [0-9]* \([0-9]*\)$/ 9999 \1/' "$e" > e.tmp ;;
		body) sed '3s/#SYMVER/#SYMVEX/' "$e" > e.tmp ;;
		key) sed '2s/^./x/' "$e" > e.tmp ;;
		esac
		cmp -s e.tmp "$e" && ktap_diag "damage $damage changed nothing"
		cat e.tmp > "$e"
		cp ref.list dmg.list
		cache_run dmg --cache "$c" -T dmg.symtypes obj.o
		cache_same "damaged entry ($damage): versioned afresh" dmg ref
		cache_run dmg --cache "$c" -T dmg.symtypes obj.o
		cache_same "damaged entry ($damage): replaced by a good one" dmg ref
	done

	# Everything the output depends on is in the key: the object...
	sed -i 's/long b;/long b; char c;/' obj.h
	$GDK_CC $GDK_G -c obj.c || { ktap_fail "cache: compile obj.c again"; return; }
	cp ref.list new.list
	cp ref.list newref.list
	cache_run newref -T newref.symtypes obj.o
	cache_run new --cache "$c" -T new.symtypes obj.o
	if cmp -s newref.out ref.out; then
		ktap_fail "changed object: versioned afresh"
		ktap_diag "the type change did not change the version"
	else
		cache_same "changed object: versioned afresh" new newref
	fi
	[ "$(entries "$c")" = 2 ] && ktap_ok "changed object: a second entry" ||
		ktap_fail "changed object: a second entry"

	# ... the names, their order and the options ...
	n=2
	for args in "g f|-T opt.symtypes" "f|-T opt.symtypes" "f g|" \
		    "f g|--stable -T opt.symtypes" \
		    "f g|--require-dwarf -T opt.symtypes"; do
		printf '%s\n' ${args%|*} > opt.list
		cp opt.list optref.list
		# shellcheck disable=SC2086
		cache_run optref ${args#*|} obj.o
		[ -f opt.symtypes ] && mv opt.symtypes optref.symtypes
		# shellcheck disable=SC2086
		cache_run opt --cache "$c" ${args#*|} obj.o
		n=$((n + 1))
		if [ "$(entries "$c")" = $n ]; then
			cache_same "key: names '${args%|*}', options '${args#*|}'" opt optref
		else
			ktap_fail "key: names '${args%|*}', options '${args#*|}'"
			ktap_diag "$(entries "$c") entries, expected $n"
		fi
		rm -f opt.symtypes optref.symtypes
	done

	# ... and the tool: one without a build ID is known by its content.
	if objcopy --remove-section .note.gnu.build-id "$TOOL" "$w/tool-copy" &&
	   ! readelf -n "$w/tool-copy" | grep -q 'Build ID'; then
		"$w/tool-copy" --cache "$c" -T copy.symtypes obj.o < ref.list > copy.out
		n=$((n + 1))
		if [ "$(entries "$c")" = $n ] && cmp -s copy.out newref.out; then
			ktap_ok "key: another build of the tool does not share entries"
		else
			ktap_fail "key: another build of the tool does not share entries"
		fi
	else
		ktap_fail "key: another build of the tool does not share entries"
		ktap_diag "objcopy could not remove the build ID"
	fi

	# A run that warns is not kept: a hit would not repeat the warning.
	printf 'f\nnot_there\n' > warn.list
	cp warn.list warnref.list
	cache_run warnref obj.o
	cache_run warn --cache "$c" obj.o
	cache_run warn --cache "$c" obj.o
	if [ "$(entries "$c")" = $n ] && grep -q 'no information for symbol not_there' warn.err; then
		cache_same "a run that warns is not cached" warn warnref
	else
		ktap_fail "a run that warns is not cached"
	fi

	# Debugging output comes from the work: the cache is not used.
	echo f | "$TOOL" --cache "$w/debug-cache" -d obj.o > /dev/null 2>&1
	[ "$(entries "$w/debug-cache")" = 0 ] &&
		ktap_ok "--debug: no cache" || ktap_fail "--debug: no cache"

	# Concurrent runs on one key: one entry, all outputs right, nothing
	# left behind.
	pids=
	for i in 1 2 3 4 5 6; do
		echo f | "$TOOL" --cache "$w/race" obj.o > race$i.out 2>&1 &
		pids="$pids $!"
	done
	# shellcheck disable=SC2086
	wait $pids
	echo f | "$TOOL" obj.o > raceref.out
	i=0
	for f in race*.out; do cmp -s "$f" raceref.out || i=$((i + 1)); done
	if [ $i = 0 ] && [ "$(entries "$w/race")" = 1 ] &&
	   [ "$(find "$w/race" -type f | wc -l)" = 1 ]; then
		ktap_ok "concurrent runs: one entry, same output, no temporary files"
	else
		ktap_fail "concurrent runs: one entry, same output, no temporary files"
		find "$w/race" -type f | sed 's/^/# /'
	fi

	# Size limit: --cache-max-size 1 gives each of the 256 subdirectories
	# 4096 bytes; over that, the least recently used entries go until three
	# quarters of it are left. Four old 1100-byte entries and the new one
	# (about 50 bytes) are over: the two oldest must go.
	rm -rf "$w/lru"
	echo f | "$TOOL" --cache "$w/lru" obj.o > lru.ref
	e=$(find "$w/lru" -type f)
	sub=$(dirname "$e")
	rm "$e"
	for i in 1 2 3 4; do
		head -c 1100 /dev/zero > "$sub/$(printf '%062d' $i)"
		touch -d "2020-01-0$i" "$sub/$(printf '%062d' $i)"
	done
	echo 'not an entry' > "$sub/README"
	touch -d 2019-01-01 "$sub/README"
	# Temporary files of killed runs: an old one goes, a new one stays.
	echo partial > "$sub/.tmp-old123"
	touch -d 2020-01-01 "$sub/.tmp-old123"
	echo partial > "$sub/.tmp-new123"
	echo f | "$TOOL" --cache "$w/lru" --cache-max-size 1 obj.o > lru.out
	if cmp -s lru.out lru.ref && [ -f "$e" ] && [ -f "$sub/README" ] &&
	   [ ! -e "$sub/.tmp-old123" ] && [ -f "$sub/.tmp-new123" ] &&
	   [ ! -e "$sub/$(printf '%062d' 1)" ] && [ ! -e "$sub/$(printf '%062d' 2)" ] &&
	   [ -f "$sub/$(printf '%062d' 3)" ] && [ -f "$sub/$(printf '%062d' 4)" ]; then
		ktap_ok "size limit: the least recently used entries and old temporary files are removed"
	else
		ktap_fail "size limit: the least recently used entries and old temporary files are removed"
		ls -l "$sub" | sed 's/^/# /'
	fi

	# An entry larger than its subdirectory's share on its own stays.
	{
		echo 'struct big {'
		for i in $(seq 300); do echo "long member_$i;"; done
		echo '};'
	} > big.h
	printf '#include "big.h"\nint h(struct big *b) { return 0; }\n' > big.c
	$GDK_CC $GDK_G -c big.c || { ktap_fail "cache: compile big.c"; return; }
	echo h | "$TOOL" --cache "$w/big" --cache-max-size 1 -T big.symtypes big.o > big.out
	e=$(find "$w/big" -type f)
	if [ "$(entries "$w/big")" = 1 ] && [ "$(stat -c %s "$e")" -gt 4096 ] &&
	   cmp -s <(tail -c "$(stat -c %s big.symtypes)" "$e") big.symtypes; then
		ktap_ok "size limit: an entry larger than the limit's share is kept"
	else
		ktap_fail "size limit: an entry larger than the limit's share is kept"
		ls -lR "$w/big" | sed 's/^/# /'
	fi

	# A hit makes an entry recently used.
	e=$(find "$w/lru" -type f -regextype posix-extended -regex '.*/[0-9a-f]{62}' -newermt 2021-01-01)
	touch -d 2020-01-01 "$e"
	echo f | "$TOOL" --cache "$w/lru" obj.o > /dev/null
	if [ "$(stat -c %Y "$e")" -gt "$(date -d 2021-01-01 +%s)" ]; then
		ktap_ok "size limit: a hit marks the entry as used"
	else
		ktap_fail "size limit: a hit marks the entry as used"
	fi

	# A cache that cannot be written: the output is still right, and a
	# warning says why; missing parents are created.
	: > not-a-dir
	echo f | "$TOOL" --cache "$w/not-a-dir/cache" obj.o > err.out 2> err.err
	if [ $? = 0 ] && cmp -s err.out lru.ref &&
	   grep -qx "warning: gendwarfksyms: cannot keep the result in '$w/not-a-dir/cache': Not a directory" err.err; then
		ktap_ok "a cache that cannot be written: right output, a warning"
	else
		ktap_fail "a cache that cannot be written: right output, a warning"
		sed 's/^/# /' err.out err.err
	fi
	echo f | "$TOOL" --cache "$w/new/parents/cache" obj.o > err.out 2> err.err
	[ "$(entries "$w/new/parents/cache")" = 1 ] && [ ! -s err.err ] &&
		ktap_ok "missing parents of the cache directory are created" ||
		ktap_fail "missing parents of the cache directory are created"

	# Errors: a bad size.
	for size in 0 abc 1x ""; do
		echo f | "$TOOL" --cache "$c" --cache-max-size "$size" obj.o > err.out 2> err.err
		if [ $? = 1 ] && [ ! -s err.out ] &&
		   grep -q "error: gendwarfksyms: --cache-max-size needs a number of MiB, not '$size'" err.err; then
			ktap_ok "--cache-max-size '$size': error"
		else
			ktap_fail "--cache-max-size '$size': error"
			sed 's/^/# /' err.err
		fi
	done
}
