// SPDX-License-Identifier: GPL-2.0

//! Test module for Rust modversions with long names: calls the instance of
//! the generic `kernel::modversions_test::long_instance` over three long
//! type names that the kernel crate defines and exports (test-only
//! `configs/rust.patch`). The instance's v0-mangled name is 599 characters
//! long. As the kernel crate defines that instance, rustc links this module
//! to it rather than compiling a copy of its own (prepare checks the object
//! imports it), so the module carries a version entry for it.

use kernel::modversions_test::{
    long_instance,
    LongTypeNameOneForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModversio as A,
    LongTypeNameTwoForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModversio as B,
    LongTypeNameThreeForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModversionsTestOfMangledRustNamesLongerThanFiveHundredCharactersForTheModvers as C,
};
use kernel::prelude::*;

module! {
    type: RustLongName,
    name: "rust_long_name",
    author: "DWARF modversions team",
    description: "Imports a Rust symbol whose mangled name is 599 characters long",
    license: "GPL",
}

struct RustLongName;

impl kernel::Module for RustLongName {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("long instance returned {}\n", long_instance::<A, B, C>(14));
        Ok(RustLongName)
    }
}
