//! Names one cfg, `cycle_counter`: the targets where ids may be timed by the processor's cycle
//! counter (Linux on x86-64 and AArch64), outside Miri, which cannot run the instruction. The
//! code that only those targets compile, and the tests that expect the counter there, say
//! `cycle_counter` instead of the condition.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(cycle_counter)");
    println!("cargo::rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let on_linux = var("CARGO_CFG_TARGET_OS") == "linux";
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let has_counter = arch == "x86_64" || arch == "aarch64";
    // Cargo sets CARGO_CFG_MIRI when the build is for Miri (`cargo miri`).
    let under_miri = std::env::var_os("CARGO_CFG_MIRI").is_some();
    if on_linux && has_counter && !under_miri {
        println!("cargo::rustc-cfg=cycle_counter");
    }
}
