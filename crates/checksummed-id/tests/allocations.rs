//! Generating allocates the returned `String` alone, with its exact size; verifying allocates
//! nothing. Allocations are counted per thread, so parallel tests do not interfere.

mod reference;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use checksummed_id::{Options, check, check_with, generate, generate_with, verify, verify_with};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn generating_allocates_the_code_only() {
    // The first call seeds this thread's random source.
    let _ = generate();
    for _ in 0..100 {
        let (code, count) = allocations(generate);
        assert_eq!(count, 1, "{code}");
        assert_eq!(code.capacity(), code.len());
    }
    let options = Options {
        length: 500,
        group_size: 7,
        sep: '·',
    };
    let (code, count) = allocations(|| generate_with(&options).unwrap());
    assert_eq!(count, 1);
    assert_eq!(code.capacity(), code.len());
}

#[test]
fn verifying_allocates_nothing() {
    let codes: Vec<String> = (0..100).map(|_| generate()).collect();
    let payload = "Z".repeat(10_000);
    let long = format!("{payload}{}", reference::check_symbol(&payload));
    let (results, count) = allocations(|| {
        let mut valid = 0;
        for code in &codes {
            valid += usize::from(verify(code));
            valid += usize::from(verify_with(code, '·'));
        }
        valid += usize::from(verify(&long));
        valid += usize::from(verify("H88C-MK9B-VJıV-P"));
        valid
    });
    assert_eq!(count, 0);
    assert_eq!(results, 101);
    // Nor does finding the reason, whichever it is.
    let (reasons, count) = allocations(|| {
        [
            check(&long).is_ok(),
            check("").is_err(),
            check("P").is_err(),
            check("H88C-MK9B-VJıV-P").is_err(),
            check("H88C-MK9B-VJ1V-é").is_err(),
            check("H88C-MK9B-VJ1V-Q").is_err(),
            check_with("H88C·MK9B·VJ1V·#", '·').is_err(),
            check_with("H88C", 'L').is_err(),
        ]
    });
    assert_eq!(count, 0);
    assert_eq!(reasons, [true; 8]);
}
