import Catalog
import DemoInstance
import Foundation
import GuestCraftAPI

/// The command line of `guestcraft-demo serve`, parsed into a demo configuration.
struct ServeOptions {
    /// Without `--business-date` the hotel is made on today's date at the property.
    var configuration = DemoConfiguration(businessDate: nil)
    var tlsCertificatePath: String?
    var tlsKeyPath: String?

    static var usage: String { L("demo.cli.usage") }

    /// Parses the arguments after `serve`; throws a sentence for the first one that is wrong. `GUESTCRAFT_BASE_URL`
    /// gives the public address when `--base-url` does not.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(OptionError) {
        if let text = environment["GUESTCRAFT_BASE_URL"], !text.isEmpty {
            guard DemoConfiguration.publicOrigin(text) != nil else {
                throw OptionError(L("demo.cli.base_url", ["option": "GUESTCRAFT_BASE_URL", "text": text]))
            }
            configuration.baseURL = text
        }
        var rest = arguments[...]
        func value(_ option: String) throws(OptionError) -> String {
            guard let next = rest.popFirst() else { throw OptionError(L("demo.cli.needs_value", ["option": option])) }
            return next
        }
        func integer(_ option: String) throws(OptionError) -> Int {
            let text = try value(option)
            guard let number = Int(text) else { throw OptionError(L("demo.cli.needs_number", ["option": option, "text": text])) }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--host":
                configuration.host = try value(argument)
            case "--port":
                let port = try integer(argument)
                guard (0...65_535).contains(port) else { throw OptionError(L("demo.cli.port_range")) }
                configuration.port = UInt16(port)
            case "--data":
                configuration.dataDirectory = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "--rooms":
                configuration.rooms = try integer(argument)
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else { throw OptionError(L("demo.cli.seed", ["text": text])) }
                configuration.seed = seed
            case "--capabilities":
                let list = try value(argument).split(separator: ",").map {
                    Capability(rawValue: $0.trimmingCharacters(in: .whitespaces))
                }
                for capability in list where !Capability.all.contains(capability) {
                    throw OptionError(L("demo.cli.unknown_capability", ["capability": capability.rawValue,
                                                                        "known": Capability.all.map(\.rawValue).joined(separator: ",")]))
                }
                configuration.capabilities = list
            case "--min-app-version":
                configuration.minAppVersion = try value(argument)
            case "--business-date":
                let text = try value(argument)
                guard let date = BusinessDate(text) else { throw OptionError(L("demo.cli.business_date")) }
                configuration.businessDate = date
            case "--extra-properties":
                configuration.extraProperties = try integer(argument)
            case "--base-url":
                let text = try value(argument)
                guard DemoConfiguration.publicOrigin(text) != nil else {
                    throw OptionError(L("demo.cli.base_url", ["option": argument, "text": text]))
                }
                configuration.baseURL = text
            case "--tls-cert":
                tlsCertificatePath = try value(argument)
            case "--tls-key":
                tlsKeyPath = try value(argument)
            default:
                throw OptionError(L("demo.cli.unknown_option", ["option": argument]))
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
                throw OptionError(L("demo.cli.tls_unreadable", ["reason": error.localizedDescription]))
            }
        default:
            throw OptionError(L("demo.cli.tls_pair"))
        }
    }
}

/// A command-line mistake, said in one sentence.
struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
