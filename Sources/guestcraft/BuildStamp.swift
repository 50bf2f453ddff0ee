/// The commit this binary was built from. `make` writes `BuildStamp+Commit.swift` beside this file
/// (ignored by git, rewritten only when the commit changes, so a build is not made dirty), whose
/// extension makes `BuildStamp` `CommitStamped`; a plain `swift build` on a fresh clone has no
/// such file and `--version` says so.
enum BuildStamp {
    static var commit: String? { (BuildStamp.self as Any.Type as? CommitStamped.Type)?.stampedCommit }
}

/// What the generated file conforms `BuildStamp` to.
protocol CommitStamped {
    static var stampedCommit: String { get }
}
