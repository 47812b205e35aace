// SPDX-License-Identifier: GPL-2.0
/*
 * Calls the two built-in exports that configs/ext-both.patch adds to
 * kernel/module/version.c: names of 511 characters (the longest kallsyms
 * keeps) and 512 (left out of kallsyms). Builds only against kernels built
 * with that patch (configs/builds).
 */
#include <linux/module.h>
#include <linux/init.h>

#define EXT_VMLINUX511 \
	ext_vmlinux_name_of_511_characters_001_002_003_004_005_006_007_008_009_010_011_012_013_014_015_016_017_018_019_020_021_022_023_024_025_026_027_028_029_030_031_032_033_034_035_036_037_038_039_040_041_042_043_044_045_046_047_048_049_050_051_052_053_054_055_056_057_058_059_060_061_062_063_064_065_066_067_068_069_070_071_072_073_074_075_076_077_078_079_080_081_082_083_084_085_086_087_088_089_090_091_092_093_094_095_096_097_098_099_100_101_102_103_104_105_106_107_108_109_110_111_112_113_114_115_116_117_118_119_
#define EXT_VMLINUX512 \
	ext_vmlinux_name_of_512_characters_001_002_003_004_005_006_007_008_009_010_011_012_013_014_015_016_017_018_019_020_021_022_023_024_025_026_027_028_029_030_031_032_033_034_035_036_037_038_039_040_041_042_043_044_045_046_047_048_049_050_051_052_053_054_055_056_057_058_059_060_061_062_063_064_065_066_067_068_069_070_071_072_073_074_075_076_077_078_079_080_081_082_083_084_085_086_087_088_089_090_091_092_093_094_095_096_097_098_099_100_101_102_103_104_105_106_107_108_109_110_111_112_113_114_115_116_117_118_119_1

int EXT_VMLINUX511(int x);
int EXT_VMLINUX512(int x);

static int __init ext_vmlinux_user_init(void)
{
	pr_info("ext_vmlinux_user: 511-character call returned %d, 512-character call returned %d\n",
		EXT_VMLINUX511(1), EXT_VMLINUX512(2));
	return 0;
}
module_init(ext_vmlinux_user_init);

static void __exit ext_vmlinux_user_exit(void)
{
}
module_exit(ext_vmlinux_user_exit);

MODULE_DESCRIPTION("extended modversions test: user of long built-in export names");
MODULE_LICENSE("GPL");
