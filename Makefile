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
#   make kernel      configure + build build/out/$(BUILD) (default genksyms)
#   make check-qemu  only the QEMU suites (tests/qemu/*/)
#   make clean       remove kernel builds and QEMU runs (not build/linux)

SHELL := /bin/bash
TOP := $(CURDIR)

# The kernel build "make kernel" builds; see configs/builds.
BUILD ?= genksyms

# Host tests: every executable tests/host/*.sh (each prints KTAP).
HOST_TESTS = $(shell find tests/host -maxdepth 1 -name '*.sh' -perm -u+x | LC_ALL=C sort)

.PHONY: deps tree export tool check-host check demo kernel check-qemu clean

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

kernel: tree
	@scripts/build-kernel.sh $(BUILD)

# Every test reports KTAP; tests/run.sh closes with "N passed, N failed".
check-host: tree
	@tests/run.sh $(HOST_TESTS)

check-qemu: tree
	@tests/run.sh scripts/qemu-test.sh

check: tree
	@tests/run.sh $(HOST_TESTS) scripts/qemu-test.sh

demo: tree
	@scripts/demo.sh

clean:
	rm -rf build/out build/qemu build/demo build/demo-build.log
