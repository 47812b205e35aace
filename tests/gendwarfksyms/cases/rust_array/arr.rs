#[no_mangle]
pub static TABLE: [u16; 3] = [1, 2, 3];
