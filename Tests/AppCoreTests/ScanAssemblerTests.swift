import AppCore
import Testing

/// A scanner's burst judged by timing across reads (#31): `203⏎` with its characters 1–20 ms
/// apart, each in a read of its own, is one scan; a person's keys keep their meaning.
@Suite struct ScanAssemblerTests {
    let origin = ContinuousClock.now

    /// Feeds `keys` one read each, `gap` apart, then lets time pass; answers what came out.
    func feed(_ keys: [Key], apart gap: Duration, _ assembler: inout ScanAssembler) -> [ScanAssembler.Output] {
        var out: [ScanAssembler.Output] = []
        var now = origin
        for key in keys {
            out += assembler.expire(at: now)
            out += assembler.take(key, at: now)
            now += gap
        }
        out += assembler.expire(at: now + .seconds(1))
        return out
    }

    static let scan203: [Key] = [.character("2"), .character("0"), .character("3"), .enter]

    @Test(arguments: [1, 5, 10, 20])
    func aBurstSplitIntoReadsIsOneScan(milliseconds: Int) {
        var assembler = ScanAssembler()
        #expect(feed(Self.scan203, apart: .milliseconds(milliseconds), &assembler) == [.scan("203")])
        #expect(!assembler.isHolding)
    }

    @Test func aPersonsDigitsKeepTheirMeaning() {
        var assembler = ScanAssembler()
        #expect(feed(Self.scan203, apart: .milliseconds(300), &assembler)
            == Self.scan203.map { .key($0) }, "digits 0.3 s apart are keys, in order")
    }

    @Test func aDigitAloneIsHandedOnWhenItsGapHasPassed() {
        var assembler = ScanAssembler()
        #expect(assembler.take(.character("2"), at: origin) == [])
        #expect(assembler.deadline == origin + ScanAssembler.defaultGap)
        #expect(assembler.expire(at: origin + .milliseconds(20)) == [], "not yet")
        #expect(assembler.expire(at: origin + ScanAssembler.defaultGap) == [.key(.character("2"))])
        #expect(assembler.deadline == nil)
    }

    @Test func lettersAndOtherKeysAreNeverHeld() {
        var assembler = ScanAssembler()
        #expect(assembler.take(.character("s"), at: origin) == [.key(.character("s"))])
        #expect(assembler.take(.down, at: origin) == [.key(.down)])
        #expect(assembler.take(.enter, at: origin) == [.key(.enter)])
    }

    /// What breaks the burst hands the held keys on first, then itself.
    @Test func anotherKeyOrOneDigitAndEnterAreKeys() {
        var assembler = ScanAssembler()
        _ = assembler.take(.character("2"), at: origin)
        _ = assembler.take(.character("0"), at: origin + .milliseconds(5))
        #expect(assembler.take(.down, at: origin + .milliseconds(10))
            == [.key(.character("2")), .key(.character("0")), .key(.down)])
        _ = assembler.take(.character("5"), at: origin + .seconds(1))
        #expect(assembler.take(.enter, at: origin + .seconds(1) + .milliseconds(5))
            == [.key(.character("5")), .key(.enter)], "one character and Enter is typing")
        _ = assembler.take(.character("7"), at: origin + .seconds(2))
        #expect(assembler.interrupt() == [.key(.character("7"))], "a paste or a click ends the burst")
    }

    @Test func aTabEndsABurstAndALetterBreaksIt() {
        var assembler = ScanAssembler()
        #expect(feed([.character("2"), .character("0"), .tab], apart: .milliseconds(8), &assembler) == [.scan("20")])
        #expect(feed([.character("3"), .character("j"), .character("j")], apart: .milliseconds(1), &assembler)
            == [.key(.character("3")), .key(.character("j")), .key(.character("j"))], "a letter is no digit of a tag")
    }

    @Test func aGapOfZeroHoldsNothing() {
        var assembler = ScanAssembler(gap: .zero)
        #expect(assembler.take(.character("2"), at: origin) == [.key(.character("2"))])
        #expect(!assembler.isHolding)
    }

    /// The loop drew for 80 ms after the first digit; the rest of the burst waited in the terminal
    /// meanwhile and is read at once when the loop waits again: still one scan.
    @Test func aLoopBusyDrawingDoesNotSplitTheBurst() {
        var assembler = ScanAssembler()
        _ = assembler.take(.character("2"), at: origin)
        assembler.waiting(at: origin + .milliseconds(80))
        #expect(assembler.take(.character("0"), at: origin + .milliseconds(81)) == [])
        #expect(assembler.take(.character("3"), at: origin + .milliseconds(81)) == [])
        #expect(assembler.take(.enter, at: origin + .milliseconds(82)) == [.scan("203")])
    }

    /// Seen in make test: effects woke an offline app every few milliseconds and each wait
    /// moved the gap on, so digits typed 80 ms apart became a scan. Only the first wait counts.
    @Test func onlyTheFirstWaitAfterADigitMovesItsGap() {
        var assembler = ScanAssembler()
        _ = assembler.take(.character("2"), at: origin)
        for step in 1...20 { assembler.waiting(at: origin + .milliseconds(step * 10)) }
        #expect(assembler.deadline == origin + .milliseconds(10) + ScanAssembler.defaultGap)
        #expect(assembler.take(.character("0"), at: origin + .milliseconds(80))
            == [.key(.character("2"))], "80 ms later the 2 was typed")
    }

    @Test func noBurstIsHeldLongerThanHalfASecond() {
        var assembler = ScanAssembler()
        _ = assembler.take(.character("2"), at: origin)
        assembler.waiting(at: origin + .seconds(2))
        #expect(assembler.deadline == origin + ScanAssembler.longestHold)
        #expect(assembler.expire(at: origin + .milliseconds(600)) == [.key(.character("2"))])
    }
}
