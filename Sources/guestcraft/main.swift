import AppCore
import Catalog
import Foundation
import LiveClients

// `guestcraft`: the full-screen app, or one of its commands (SPEC §7). `--help` lists them.

// Two malloc arenas, set before any thread starts (#18; LiveServices.prepareProcess).
LiveServices.prepareProcess()

let arguments = Array(CommandLine.arguments.dropFirst())
let command: GuestcraftCommand
switch GuestcraftCommand.parse(arguments) {
case .success(let parsed):
    command = parsed
case .failure(let usage):
    Terminal.error(usage.message)
    Terminal.error(L("cli.see_help"))
    exit(2)
}

switch command {
case .help:
    Terminal.out(GuestcraftCommand.helpText)
    exit(0)
case .version:
    Terminal.out(VersionCommand.text(commit: BuildStamp.commit))
    exit(0)
default:
    break
}

// The full screen's threads start below: its data pages are faulted in before they do (#18).
if command.isFullScreen {
    LiveServices.prepareFullScreen()
}

// A peer closing a socket (the embedded demo, the sign-in listener) must not end the program.
signal(SIGPIPE, SIG_IGN)

// The full screen's first frame needs the catalog and the theme (both read from JSON, about
// 0.4 ms each): they are read on another core while this one opens the state directory — the
// catalog first, which the start's first actions use; the theme's colours are set up with the
// first frame (#18).
if command.isFullScreen {
    Task.detached(priority: .userInitiated) {
        _ = StringCatalog.english.count
        _ = Theme.standard
    }
}

let services: LiveServices
do {
    // The full screen's first frame waits for its saved list: read it ahead, beside the start (#18).
    services = try LiveServices(environment: LiveServices.processEnvironment(), readAhead: command.isFullScreen)
} catch {
    Terminal.error(error.message)
    exit(2)
}

// A damaged offline file was moved aside: the full screen says so on its first screen, the
// other commands on standard error.
let damagedOfflineFile = services.offline.recoveredDamage?.movedTo
if let damagedOfflineFile, !command.isFullScreen {
    Terminal.error(ErrorText.damagedOfflineFile(movedTo: damagedOfflineFile))
}

switch command {
case .status:
    exit(StatusCommand.run(services))
case .send:
    exit(await SendCommand.run(services))
case .report(let options):
    exit(ReportCommand.run(options, services: services))
case .pair(let link, let assumeYes, let deviceName):
    exit(await PairCommand.run(link: link, assumeYes: assumeYes, deviceName: deviceName, services: services))
case .run(let options):
    var appOptions = AppOptions(damagedOfflineFile: damagedOfflineFile, link: options.link)
    if let demo = options.demo {
        switch await DemoLauncher.start(demo, services: services) {
        case .success(let started):
            appOptions.openOrigin = started.origin
            appOptions.preferredProperty = started.preferredProperty
            appOptions.startNotice = started.notice
            let status = AppCommand.run(options, appOptions: appOptions, services: services)
            started.stop()
            exit(status)
        case .failure(let error):
            Terminal.error(error.message)
            exit(2)
        }
    }
    exit(AppCommand.run(options, appOptions: appOptions, services: services))
case .help, .version:
    exit(0)
}
