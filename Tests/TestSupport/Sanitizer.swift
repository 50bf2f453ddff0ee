#if canImport(Glibc)
import Glibc
#endif

/// Whether this test process was built with a sanitizer (`make test-asan`, `make test-tsan`): their
/// runtimes export `__asan_init` / `__tsan_init`. A test whose figure a sanitizer changes (the
/// shadow memory it reserves, the time it adds) is disabled under it with the reason.
public enum Sanitizer {
    public static let active: Bool = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
}
