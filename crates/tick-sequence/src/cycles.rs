//! The processor's cycle counter, read raw: `RDTSC` on x86-64 and `CNTVCT_EL0` on AArch64,
//! under Linux; 0 elsewhere. The clock (`clock`) reads it beside each wall-clock
//! reading, and the calibration (`counter`) turns it into time.

/// The cycle counter where it is read; 0 elsewhere (and no window is ever made there).
#[cfg(all(target_os = "linux", target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) fn cycles() -> u64 {
    // SAFETY: RDTSC exists on every x86-64 processor and has no memory effects. It is not
    // ordered with the instructions around it: a reading a few cycles early only makes a
    // window look younger than it is, by as much.
    #[allow(unsafe_code)]
    let cycles = unsafe { core::arch::x86_64::_rdtsc() };
    #[cfg(test)]
    let cycles = tests::slowed(cycles);
    cycles
}

#[cfg(all(target_os = "linux", target_arch = "aarch64", not(miri)))]
#[inline(always)]
pub(crate) fn cycles() -> u64 {
    let value: u64;
    // SAFETY: Linux lets user space read CNTVCT_EL0 (the kernel's vDSO reads it); the read
    // touches no memory, no stack and no flags.
    #[allow(unsafe_code)]
    unsafe {
        core::arch::asm!(
            "mrs {value}, cntvct_el0",
            value = out(reg) value,
            options(nomem, nostack, preserves_flags)
        );
    }
    #[cfg(test)]
    let value = tests::slowed(value);
    value
}

#[cfg(not(cycle_counter))]
#[inline(always)]
pub(crate) fn cycles() -> u64 {
    0
}

#[cfg(test)]
#[cfg(cycle_counter)]
pub(crate) mod tests {
    //! A counter that runs slower from a chosen moment, as after a migration to another host.

    use super::cycles;
    use core::sync::atomic::{AtomicU64, Ordering};

    /// The counter as [`cycles`] returns it in a test: from [`SLOWED_AT`] on it runs
    /// [`SLOWDOWN`] times slower than the processor's.
    static SLOWDOWN: AtomicU64 = AtomicU64::new(1);
    static SLOWED_AT: AtomicU64 = AtomicU64::new(0);

    pub(super) fn slowed(raw: u64) -> u64 {
        let slowdown = SLOWDOWN.load(Ordering::Relaxed);
        if slowdown <= 1 {
            return raw;
        }
        let at = SLOWED_AT.load(Ordering::Relaxed);
        at + raw.wrapping_sub(at) / slowdown
    }

    /// From now on the counter runs `slowdown` times slower than it did, as on a host whose
    /// counter runs at another rate after a migration, while the calibration still holds the
    /// old rate. (For a process of its own: every sequence sees it.)
    pub(crate) fn slow_down(slowdown: u64) {
        SLOWED_AT.store(cycles(), Ordering::Relaxed);
        SLOWDOWN.store(slowdown, Ordering::Relaxed);
    }
}
