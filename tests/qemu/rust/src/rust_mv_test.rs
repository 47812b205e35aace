// SPDX-License-Identifier: GPL-2.0

//! Test module for Rust modversions: calls non-generic functions of the
//! `kernel` crate, so that it imports (and versions) mangled Rust symbols.

use kernel::{fmt, str::CString};
use kernel::prelude::*;

module! {
    type: RustMvTest,
    name: "rust_mv_test",
    author: "DWARF modversions team",
    description: "Calls into the kernel crate on a versioned kernel",
    license: "GPL",
}

struct RustMvTest {
    numbers: KVec<u64>,
}

// Not inlined, so that the calls into `kernel` stay calls.
#[inline(never)]
fn errno_round_trip(errno: i32) -> i32 {
    Error::from_errno(errno).to_errno()
}

impl kernel::Module for RustMvTest {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut numbers = KVec::new();
        for i in 1..=4u64 {
            numbers.push(i * i, GFP_KERNEL)?;
        }
        let sum: u64 = numbers.iter().sum();
        let name = CString::try_from_fmt(fmt!("mv-{}", sum))?;
        pr_info!(
            "errno {} sum {} name {}\n",
            errno_round_trip(-22),
            sum,
            name.to_str().map_err(|_| EINVAL)?
        );
        Ok(RustMvTest { numbers })
    }
}

impl Drop for RustMvTest {
    fn drop(&mut self) {
        pr_info!("exit, numbers {:?}\n", self.numbers);
    }
}
