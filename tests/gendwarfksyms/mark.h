/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the host tests of export markers (behaviour.sh, lto.sh): what
 * EXPORT_SYMBOL() leaves in its unit for gendwarfksyms under
 * CONFIG_GENDWARFKSYMS, and a structure with a typedef for two units to
 * declare one function differently.
 */
struct s { int a; long b; };
typedef struct s s_t;
#define EXPORT(sym) static __typeof__(sym) *__gendwarfksyms_ptr_##sym \
	__attribute__((used, section(".discard.gendwarfksyms"))) = &sym
