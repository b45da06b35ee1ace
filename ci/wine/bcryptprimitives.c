/*
 * bcryptprimitives.dll for Wine 8.0 (Debian 12's), which has none: Rust's standard library
 * on Windows imports ProcessPrng from it for its random keys, so without this DLL every
 * Rust program stops before main. ProcessPrng here answers from RtlGenRandom (advapi32's
 * SystemFunction036), the random source Wine has. Built by ci/windows-tests into the Wine
 * prefix it uses; never shipped.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* Like Windows' own: fills `length` bytes and returns TRUE; RtlGenRandom takes a ULONG, so
 * a larger request is served in parts. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
