import DemoInstance
import Foundation
import GuestCraftAPI

/// The command line of `guestcraft-demo serve`, parsed into a demo configuration.
struct ServeOptions {
    var configuration = DemoConfiguration()
    var tlsCertificatePath: String?
    var tlsKeyPath: String?

    static let usage = """
        usage: guestcraft-demo serve [--host 127.0.0.1] [--port N|0] [--data DIR] [--rooms N] [--seed S]
                                     [--capabilities LIST] [--min-app-version V] [--business-date YYYY-MM-DD]
                                     [--extra-properties N] [--tls-cert FILE --tls-key FILE]

        Runs a demo GuestCraft instance (docs/api.md) until SIGINT or SIGTERM. Its first line on stdout is
        "listening on http://HOST:PORT". The admin key for /demo/ is in DIR/admin-key (mode 0600); without
        --data a temporary directory is used and deleted at the end.

          --host H               IPv4 address to listen on (default 127.0.0.1)
          --port N               port, 0 for a free one (default 0)
          --data DIR             database and admin key; a second start on DIR keeps its data
          --rooms N              rooms of Garden Court, the generated property, 1-5000 (default 120)
          --seed S               seed of the generated data (default 1; the examples of docs/api.md)
          --capabilities LIST    comma-separated capabilities to declare (default: all)
          --min-app-version V    oldest app version served (default 0.1.0)
          --business-date D      the business date a new database starts on (default 2026-11-02)
          --extra-properties N   small extra properties, to page the property list (default 0)
          --tls-cert, --tls-key  PEM files: serve HTTPS
        Demo members: frontdesk, housekeeper, supervisor, manager; password "demo".
        """

    /// Parses the arguments after `serve`; throws a sentence for the first one that is wrong.
    init(arguments: [String]) throws(OptionError) {
        var rest = arguments[...]
        func value(_ option: String) throws(OptionError) -> String {
            guard let next = rest.popFirst() else { throw OptionError("\(option) needs a value") }
            return next
        }
        func integer(_ option: String) throws(OptionError) -> Int {
            let text = try value(option)
            guard let number = Int(text) else { throw OptionError("\(option) needs a number, not \(text)") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--host":
                configuration.host = try value(argument)
            case "--port":
                let port = try integer(argument)
                guard (0...65_535).contains(port) else { throw OptionError("--port must be 0-65535") }
                configuration.port = UInt16(port)
            case "--data":
                configuration.dataDirectory = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "--rooms":
                configuration.rooms = try integer(argument)
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else { throw OptionError("--seed needs a whole number, not \(text)") }
                configuration.seed = seed
            case "--capabilities":
                let list = try value(argument).split(separator: ",").map {
                    Capability(rawValue: $0.trimmingCharacters(in: .whitespaces))
                }
                for capability in list where !Capability.all.contains(capability) {
                    throw OptionError("unknown capability \(capability.rawValue); known: \(Capability.all.map(\.rawValue).joined(separator: ","))")
                }
                configuration.capabilities = list
            case "--min-app-version":
                configuration.minAppVersion = try value(argument)
            case "--business-date":
                let text = try value(argument)
                guard let date = BusinessDate(text) else { throw OptionError("--business-date needs YYYY-MM-DD") }
                configuration.businessDate = date
            case "--extra-properties":
                configuration.extraProperties = try integer(argument)
            case "--tls-cert":
                tlsCertificatePath = try value(argument)
            case "--tls-key":
                tlsKeyPath = try value(argument)
            default:
                throw OptionError("unknown option \(argument)")
            }
        }
        switch (tlsCertificatePath, tlsKeyPath) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            do {
                configuration.tls = DemoConfiguration.TLS(certificatePEM: try String(contentsOfFile: certificate, encoding: .utf8),
                                                          privateKeyPEM: try String(contentsOfFile: key, encoding: .utf8))
            } catch {
                throw OptionError("cannot read the TLS files: \(error.localizedDescription)")
            }
        default:
            throw OptionError("--tls-cert and --tls-key go together")
        }
    }
}

/// A command-line mistake, said in one sentence.
struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
