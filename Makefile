# SPDX-License-Identifier: GPL-2.0
#
# DWARF modversions for Linux 6.12: entry points.
#
#   make demo        install deps, build the patched kernel, boot it, show
#                    module versioning at work
#   make check       install deps and run every test (host + QEMU)
#   make check-host  host-only tests (no kernel build)
#   make tree        unpack linux-source-6.12 into build/linux, apply patches/
#   make export      write build/linux's base..HEAD back to patches/
#   make tool        build gendwarfksyms on its own into build/tool/

SHELL := /bin/bash
TOP := $(CURDIR)

.PHONY: deps tree export tool check-host check demo

deps:
	@scripts/install-deps.sh

tree: deps
	@scripts/tree.sh

export:
	@scripts/export.sh

# gendwarfksyms, built from the patched tree's sources without configuring
# or building a kernel (the host tests only need this).
tool: tree
	@scripts/build-tool.sh
