import Testing
@testable import AppCore

@Suite struct CommandLineTests {
    typealias Command = GuestcraftCommand

    @Test func noArgumentsRunsTheApp() throws {
        #expect(try Command.parse([]).get() == .run(Command.RunOptions()))
    }

    @Test func demoTakesAMemberAndARoomCount() throws {
        #expect(try Command.parse(["--demo"]).get()
                == .run(Command.RunOptions(demo: Command.DemoOptions(member: .supervisor))))
        #expect(try Command.parse(["--demo", "--as", "housekeeper", "--rooms", "2000", "--no-mouse"]).get()
                == .run(Command.RunOptions(mouse: false, demo: Command.DemoOptions(member: .housekeeper, rooms: 2000))))
    }

    @Test func pairTakesALinkYesAndADeviceName() throws {
        #expect(try Command.parse(["pair", "https://h.example/mobile/pair#gcp_x", "--yes", "--device-name", "cart 3"]).get()
                == .pair(link: "https://h.example/mobile/pair#gcp_x", assumeYes: true, deviceName: "cart 3"))
        #expect(try Command.parse(["pair", "https://h.example/mobile/pair#gcp_x"]).get()
                == .pair(link: "https://h.example/mobile/pair#gcp_x", assumeYes: false, deviceName: nil))
    }

    @Test func statusSendHelpVersionAndOpen() throws {
        #expect(try Command.parse(["status"]).get() == .status)
        #expect(try Command.parse(["send"]).get() == .send)
        #expect(try Command.parse(["--help"]).get() == .help)
        #expect(try Command.parse(["send", "-h"]).get() == .help)
        #expect(try Command.parse(["--version"]).get() == .version)
        #expect(try Command.parse(["open", "room/101"]).get() == .run(Command.RunOptions(link: .room("101"))))
        #expect(try Command.parse(["open", "reservation/R-1042", "--no-mouse"]).get()
                == .run(Command.RunOptions(mouse: false, link: .reservation("R-1042"))))
    }

    @Test func reportTakesAFormatAndAnOutputFile() throws {
        #expect(try Command.parse(["report", "today"]).get() == .report(Command.ReportOptions()))
        #expect(try Command.parse(["report", "today", "--format", "csv", "--output", "/tmp/today.csv"]).get()
                == .report(Command.ReportOptions(format: .csv, output: "/tmp/today.csv")))
        #expect(try Command.parse(["report", "today", "-o", "r.txt", "--format", "text"]).get()
                == .report(Command.ReportOptions(format: .text, output: "r.txt")))
        #expect(!(try Command.parse(["report", "today"]).get().isFullScreen))
    }

    @Test(arguments: [["--as", "supervisor"], ["--demo", "--as", "chef"], ["--demo", "--rooms", "0"],
                      ["--demo", "--rooms"], ["pair"], ["pair", "a", "b"], ["status", "extra"], ["open", "guest/1"],
                      ["open"], ["--bogus"], ["report"], ["report", "yesterday"], ["report", "today", "--format", "pdf"],
                      ["report", "today", "--output"], ["report", "today", "--printer"]])
    func wrongArgumentsAreRefusedWithASentence(_ arguments: [String]) {
        guard case .failure(let error) = Command.parse(arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(!error.message.isEmpty && !error.message.hasPrefix("["))
    }

    @Test func helpListsEveryCommandOfTheSpecification() {
        let help = Command.helpText
        for command in ["guestcraft --demo", "--as frontdesk|housekeeper|supervisor|manager", "--rooms N",
                        "guestcraft open room/<number>", "reservation/<code>", "guestcraft pair <link>", "--yes",
                        "--device-name NAME", "guestcraft status", "guestcraft send",
                        "guestcraft report today [--format text|csv] [--output FILE]", "--help", "--version", "--no-mouse"] {
            #expect(help.contains(command), "help lacks \(command)")
        }
    }
}

@Suite struct TextInputTests {
    @Test func editingKeysMoveAndDelete() {
        var input = TextInput("hotel")
        let moved = input.apply(.left) && input.apply(.left)
        #expect(moved)
        _ = input.apply(.character("X"))
        #expect(input.text == "hotXel" && input.cursor == 4)
        _ = input.apply(.backspace)
        _ = input.apply(.delete)
        #expect(input.text == "hotl")
        _ = input.apply(.home)
        _ = input.apply(.character("a"))
        #expect(input.text == "ahotl" && input.cursor == 1)
        _ = input.apply(.control("k"))
        #expect(input.text == "a")
        let enterIsNotEditing = input.apply(.enter)
        #expect(!enterIsNotEditing)
    }

    @Test func pastesLoseTheirLineBreaksAndControlsAndSayWhetherTheySubmit() {
        let scanned = PastedLine("https://h.example/mobile/pair#gcp_x\r\n")
        #expect(scanned.text == "https://h.example/mobile/pair#gcp_x" && scanned.submits)
        let typed = PastedLine("hotel.example.com")
        #expect(!typed.submits)
        var input = TextInput()
        input.insert("a\u{1B}b\u{9B}c\u{7F}")
        #expect(input.text == "abc")
    }

    @Test func theLimitHolds() {
        var input = TextInput(limit: 3)
        input.insert("abcdef")
        #expect(input.text == "abc")
    }
}
