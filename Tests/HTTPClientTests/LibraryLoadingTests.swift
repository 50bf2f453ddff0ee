import HTTPClient
import Testing

/// #18: libcurl is opened with dlopen at the first request; on this machine (the Makefile's
/// packages) it loads and every function the loader resolves is there.
@Suite(.timeLimit(.minutes(5))) struct LibraryLoadingTests {
    @Test func libcurlLoadsWithEveryFunctionTheAppCalls() {
        #expect(HTTPClient.libraryFailure == nil, "\(HTTPClient.libraryFailure ?? "")")
    }

    @Test func theVersionPrintedIsTheOneBuiltForAndNeedsNoLibrary() {
        #expect(HTTPClient.libraryVersion.split(separator: ".").count == 3, "\(HTTPClient.libraryVersion)")
    }
}
