# SPDX-License-Identifier: GPL-2.0
#
# modcheck.sh: guest-side module loading checks for QEMU suites (busybox
# sh; installed in the guest as /lib/modcheck.sh). Each check returns 0 when
# the expectation holds and prints why on stdout as "# " lines when not;
# wrap it in ktap_check. Every check leaves the module unloaded, so a later
# case never sees EEXIST instead of the reason it tests.
#
#   mod_loads KO NAME
#       insmod KO succeeds, NAME appears in /proc/modules, rmmod NAME
#       succeeds and NAME is gone again.
#   mod_refused KO NAME PATTERN
#       insmod KO fails, NAME is not in /proc/modules, and the kernel log
#       written during the attempt has a line containing
#       "NAME: PATTERN" (e.g. "disagrees about version of symbol foo").
#
# The kernel log is not cleared (the harness scans all of it for splats at
# the end); a check reads only the lines logged since it started.

_mod_loaded() {
	grep -q "^$1 " /proc/modules
}

_mod_unload() {
	_mod_loaded "$1" && rmmod "$1" 2>/dev/null
	! _mod_loaded "$1"
}

# Lines logged after mark $1 (a line count from dmesg_mark).
dmesg_mark() {
	dmesg | wc -l
}

dmesg_since() {
	dmesg | tail -n +$(($1 + 1))
}

_mod_log() {
	dmesg_since "$1" | sed 's/^/#   dmesg: /'
}

mod_loads() {
	_ko=$1 _name=$2
	_mark=$(dmesg_mark)
	if ! _out=$(insmod "$_ko" 2>&1); then
		echo "# insmod $_ko failed: $_out"
		_mod_log "$_mark"
		_mod_unload "$_name"
		return 1
	fi
	if ! _mod_loaded "$_name"; then
		echo "# insmod $_ko succeeded but $_name is not in /proc/modules"
		return 1
	fi
	if ! _out=$(rmmod "$_name" 2>&1); then
		echo "# rmmod $_name failed: $_out"
		return 1
	fi
	if _mod_loaded "$_name"; then
		echo "# $_name still in /proc/modules after rmmod"
		return 1
	fi
	return 0
}

mod_refused() {
	_ko=$1 _name=$2 _pat=$3
	_mark=$(dmesg_mark)
	if insmod "$_ko" 2>/dev/null; then
		echo "# insmod $_ko succeeded, expected it to be refused"
		_mod_unload "$_name"
		return 1
	fi
	if _mod_loaded "$_name"; then
		echo "# $_name is in /proc/modules after a failed insmod"
		_mod_unload "$_name"
		return 1
	fi
	if ! dmesg_since "$_mark" | grep -qF "$_name: $_pat"; then
		echo "# refused, but the kernel log lacks \"$_name: $_pat\":"
		_mod_log "$_mark"
		return 1
	fi
	return 0
}
