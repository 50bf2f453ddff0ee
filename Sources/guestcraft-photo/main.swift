// guestcraft-photo: re-encodes one photo for a fault report, in a process of its own (the app never
// links libvips; image decoders are where hostile files attack). Its limits are set first, before
// any image is touched; then only the JPEG, PNG, WebP and HEIF loaders may run.
//
//   guestcraft-photo [--max-pixels N] [--memory-mib N] [--cpu-seconds N] [--] INPUT OUTPUT
//
// OUTPUT is a file (created 0600) or `-` for stdout. One line of JSON goes to stdout (to stderr
// when the JPEG does): {"width":W,"height":H,"max_rss_kib":R,"peak_vm_kib":V} or
// {"failure":"unreadable|too_large|other","max_rss_kib":R,"peak_vm_kib":V} (R and V: the peak
// resident set and address space, for docs/performance.md).
// Exit status: 0 written, 2 usage, 3 unreadable, 4 too large, 5 other (output, libvips' start).
import CVips
import Glibc

enum Outcome: Int32 {
    case written = 0, usage = 2, unreadable = 3, tooLarge = 4, other = 5

    var failureName: String {
        switch self {
        case .written: "none"
        case .usage: "usage"
        case .unreadable: "unreadable"
        case .tooLarge: "too_large"
        case .other: "other"
        }
    }
}

/// The long side of the JPEG written, and its quality.
let box: Int32 = 1600
let quality: Int32 = 80

struct Options {
    var input = ""
    var output = ""
    var maxPixels = 100_000_000
    var memoryMiB = 512
    var cpuSeconds = 20

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--":   // what follows is paths, even when they start with "--"
                positional += rest
                rest = []
            case "--max-pixels", "--memory-mib", "--cpu-seconds":
                guard let text = rest.popFirst(), let value = Int(text), value > 0 else { return nil }
                if argument == "--max-pixels" { options.maxPixels = value }
                if argument == "--memory-mib" { options.memoryMiB = value }
                if argument == "--cpu-seconds" { options.cpuSeconds = value }
            default:
                positional.append(argument)
            }
        }
        guard positional.count == 2, !positional[0].isEmpty, !positional[1].isEmpty else { return nil }
        options.input = positional[0]
        options.output = positional[1]
        return options
    }
}

/// Address space, CPU time, output size and no core file: set before libvips starts.
func limit(_ options: Options) -> Bool {
    func set(_ resource: __rlimit_resource, _ soft: Int, _ hard: Int) -> Bool {
        var value = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
        return setrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0
    }
    _ = gc_malloc_arena_max(2)
    // A sanitizer's build (make test-asan) has reserved terabytes of shadow memory before main; the
    // same budget then goes on top of what is mapped now, or no allocation at all could succeed.
    let mapped = statusKiB("VmSize:") << 10
    let budget = options.memoryMiB << 20
    let addressSpace = mapped >= budget ? mapped + budget : budget
    return set(RLIMIT_AS, addressSpace, addressSpace)
        && set(RLIMIT_CPU, options.cpuSeconds, options.cpuSeconds + 1)
        && set(RLIMIT_FSIZE, 64 << 20, 64 << 20)
        && set(RLIMIT_CORE, 0, 0)
}

func maxRSSKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// The peak of the address space (`VmPeak`, what RLIMIT_AS limits), from /proc/self/status.
func peakVMKiB() -> Int { statusKiB("VmPeak:") }

/// A figure in KiB from /proc/self/status (`VmPeak:`, `VmSize:`); 0 when it cannot be read.
func statusKiB(_ field: String) -> Int {
    let status = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard status >= 0 else { return 0 }
    defer { close(status) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(status, &bytes, bytes.count)
    guard count > 0 else { return 0 }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
    return Int(line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
}

func say(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// Whether libvips has started (its error buffer is not there before).
nonisolated(unsafe) var vipsStarted = false

func finish(_ outcome: Outcome, width: Int32 = 0, height: Int32 = 0, jsonToStderr: Bool) -> Never {
    if outcome != .written, vipsStarted, vips_error_buffer() != nil {
        let reason = String(cString: vips_error_buffer())
        if !reason.isEmpty { say("guestcraft-photo: \(reason)", to: 2) }
    }
    let figures = #""max_rss_kib":\#(maxRSSKiB()),"peak_vm_kib":\#(peakVMKiB())"#
    say(outcome == .written ? #"{"width":\#(width),"height":\#(height),\#(figures)}"# + "\n"
                            : #"{"failure":"\#(outcome.failureName)",\#(figures)}"# + "\n",
        to: jsonToStderr ? 2 : 1)
    exit(outcome.rawValue)
}

/// A decoding failure: too large when libvips ran out of the memory it was given.
func decodingFailure() -> Outcome {
    vipsStarted && String(cString: vips_error_buffer()).contains("out of memory") ? .tooLarge : .unreadable
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let options = Options.parse(arguments) else {
    say("usage: guestcraft-photo [--max-pixels N] [--memory-mib N] [--cpu-seconds N] [--] INPUT OUTPUT|-\n", to: 2)
    exit(Outcome.usage.rawValue)
}
let toStdout = options.output == "-"
guard limit(options) else { finish(.other, jsonToStderr: toStdout) }

// The input: a regular file (not a FIFO, a device or a directory), opened without blocking.
let input = open(options.input, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
var status = stat()
guard input >= 0, fstat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
    finish(.unreadable, jsonToStderr: toStdout)
}
_ = fcntl(input, F_SETFL, 0)

guard vips_init(CommandLine.arguments[0]) == 0 else { finish(.other, jsonToStderr: toStdout) }
vipsStarted = true
gc_vips_allow_only_photo_loaders()
vips_concurrency_set(1)
vips_cache_set_max(0)
vips_cache_set_max_mem(0)
vips_cache_set_max_files(0)

/// A new libvips source over the input from its first byte.
func source() -> UnsafeMutablePointer<VipsSource>? {
    guard lseek(input, 0, SEEK_SET) == 0 else { return nil }
    return vips_source_new_from_descriptor(input)
}

// The header: which loader, and how many pixels, before any is decoded.
let allowedLoaders: Set<String> = ["VipsForeignLoadJpegSource", "VipsForeignLoadPngSource", "VipsForeignLoadWebpSource",
                                   "VipsForeignLoadHeifSource"]
guard let probe = source() else { finish(.unreadable, jsonToStderr: toStdout) }
guard let loader = vips_foreign_find_load_source(probe), allowedLoaders.contains(String(cString: loader)),
      let header = gc_vips_header(probe) else {
    finish(.unreadable, jsonToStderr: toStdout)
}
let pixels = Int(vips_image_get_width(header)) * Int(vips_image_get_height(header))
gc_vips_unref(header)
gc_vips_unref(probe)
guard pixels <= options.maxPixels else { finish(.tooLarge, jsonToStderr: toStdout) }

// Shrink-on-load, upright, flattened over white; decoded while it is written.
var image: UnsafeMutablePointer<VipsImage>?
guard let photo = source(), gc_vips_thumbnail(photo, &image, box) == 0, var upright = image else {
    finish(decodingFailure(), jsonToStderr: toStdout)
}
if vips_image_hasalpha(upright) != 0 {
    var flat: UnsafeMutablePointer<VipsImage>?
    guard gc_vips_flatten_white(upright, &flat) == 0, let flat else { finish(decodingFailure(), jsonToStderr: toStdout) }
    gc_vips_unref(upright)
    upright = flat
}

let output = toStdout ? 1 : open(options.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
guard output >= 0, let target = vips_target_new_to_descriptor(output) else { finish(.other, jsonToStderr: toStdout) }
guard gc_vips_jpegsave(upright, target, quality) == 0 else {
    if !toStdout { unlink(options.output) }
    finish(decodingFailure(), jsonToStderr: toStdout)
}
gc_vips_unref(target)
finish(.written, width: vips_image_get_width(upright), height: vips_image_get_height(upright), jsonToStderr: toStdout)
