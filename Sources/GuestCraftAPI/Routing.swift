import Foundation

/// A request matched to an operation, with its percent-decoded path parameters.
public struct RouteMatch: Sendable, Equatable {
    public let operation: OperationID
    public let parameters: [String: String]

    public init(operation: OperationID, parameters: [String: String]) {
        self.operation = operation
        self.parameters = parameters
    }

    public subscript(_ name: String) -> String? { parameters[name] }
}

/// What the route table says about a method and path: an operation, 405 with the allowed methods, or 404.
public enum RouteResolution: Sendable, Equatable {
    case matched(RouteMatch)
    /// The path exists, with other methods (405 `request.method_not_allowed`, `Allow` header).
    case methodNotAllowed(allowed: [HTTPMethod])
    /// No route has this path (404 `route.not_found`).
    case notFound
}

extension OperationID {
    /// The route table with each template split once.
    static let compiledRoutes: [(OperationDescriptor, [OperationDescriptor.Segment])] = routeTable.map { ($0, $0.segments) }

    /// The operation a method and path (query ignored) name, with its path parameters; nil when none.
    public static func match(method: String, path: String) -> RouteMatch? {
        if case .matched(let match) = resolve(method: method, path: path) { return match }
        return nil
    }

    /// Matches a method and path against the route table; a literal segment wins over a parameter.
    public static func resolve(method: String, path: String) -> RouteResolution {
        let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        guard pathOnly.hasPrefix("/") else { return .notFound }
        let rawSegments = pathOnly.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if rawSegments.contains(where: \.isEmpty), pathOnly != "/" { return .notFound }
        var decoded: [String] = []
        for raw in rawSegments {
            guard let segment = PercentEncoding.decodeComponent(raw) else { return .notFound }
            decoded.append(segment)
        }

        var candidates: [(descriptor: OperationDescriptor, parameters: [String: String], literals: Int)] = []
        for (descriptor, segments) in compiledRoutes {
            guard segments.count == decoded.count else { continue }
            var parameters: [String: String] = [:]
            var literals = 0
            var fits = true
            for (segment, value) in zip(segments, decoded) {
                switch segment {
                case .literal(let text):
                    if text != value { fits = false } else { literals += 1 }
                case .parameter(let name):
                    parameters[name] = value
                }
                if !fits { break }
            }
            if fits { candidates.append((descriptor, parameters, literals)) }
        }
        guard let best = candidates.map(\.literals).max() else { return .notFound }
        let routes = candidates.filter { $0.literals == best }
        let upper = method.uppercased()
        if let hit = routes.first(where: { $0.descriptor.method.rawValue == upper }) {
            return .matched(RouteMatch(operation: hit.descriptor.id, parameters: hit.parameters))
        }
        // HEAD is answered like GET without a body.
        if upper == "HEAD", let hit = routes.first(where: { $0.descriptor.method == .get }) {
            return .matched(RouteMatch(operation: hit.descriptor.id, parameters: hit.parameters))
        }
        let allowed = HTTPMethod.allCases.filter { method in routes.contains { $0.descriptor.method == method } }
        return .methodNotAllowed(allowed: allowed)
    }
}
