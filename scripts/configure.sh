#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# configure.sh BUILD: write build/out/BUILD/.config = tinyconfig of the
# build's architecture + the fragments configs/builds lists for BUILD,
# merged with the tree's scripts/kconfig/merge_config.sh and completed by
# olddefconfig. An unknown architecture or missing (cross) tools stop it
# here, with one line naming what is missing (scripts/kmake.sh).
#
# The .config is only replaced when its content changes, so an unchanged
# build stays up to date. Every option a fragment sets must survive in the
# result (options this tree's Kconfig does not know yet, e.g. ones the
# patch series adds, are reported and skipped).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: configure.sh BUILD}
tree=$top/build/linux
out=$top/build/out/$name

. "$top/scripts/builds.sh"
frags=$(build_fragments "$name") || exit 1
files=()
for f in $frags; do
	files+=("$top/configs/$f.config")
	[ -f "${files[-1]}" ] || { echo "configure: ${files[-1]} missing" >&2; exit 1; }
done

mkdir -p "$out"
new=.config.new		# relative to $out, as KCONFIG_CONFIG is
kmake() { "$top/scripts/kmake.sh" "$name" KCONFIG_CONFIG=$new "$@"; }

kmake tinyconfig >/dev/null
(cd "$out" && KCONFIG_CONFIG=$new "$tree/scripts/kconfig/merge_config.sh" \
	-m -Q $new "${files[@]}" >/dev/null)
kmake olddefconfig >/dev/null

# Check the fragments' wishes made it through Kconfig's dependencies. A
# later fragment overrides an earlier one, as with merge_config.sh: only
# each symbol's last setting counts.
last_settings() {
	awk '{ s = "" }
	     /^CONFIG_[A-Za-z0-9_]+=/ { s = $0; sub(/=.*/, "", s) }
	     /^# CONFIG_[A-Za-z0-9_]+ is not set/ { s = $2 }
	     s != "" { if (!(s in last)) order[++n] = s; last[s] = $0 }
	     END { for (i = 1; i <= n; i++) print last[order[i]] }' "$@"
}
bad=0
known=$(cd "$tree" && find . -name 'Kconfig*' -not -path './Documentation/*' -print0 |
	xargs -0 sed -n 's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Z0-9_]*\).*/\2/p' | sort -u)
while read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*}; want=$line ;;
	"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}; want=$line ;;
	*) continue ;;
	esac
	if ! grep -qx "${sym#CONFIG_}" <<<"$known"; then
		echo "configure: $name: $sym not in this tree's Kconfig, skipped"
		continue
	fi
	have=$(grep -E "^($sym=|# $sym is not set)" "$out/$new" || true)
	if [ "${want#*=}" = n ] || [ "$want" != "${want#\# }" ]; then
		[ -z "$have" ] || [ "$have" = "# $sym is not set" ] && continue
	else
		[ "$have" = "$want" ] && continue
	fi
	echo "configure: $name: wanted '$want', got '${have:-<unset>}'" >&2
	bad=1
done < <(last_settings "${files[@]}")
[ $bad = 0 ] || exit 1

if cmp -s "$out/$new" "$out/.config"; then
	rm "$out/$new"
else
	mv "$out/$new" "$out/.config"
	echo "configure: $name: build/out/$name/.config updated"
fi
