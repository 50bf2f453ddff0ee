/// Ordered header fields with case-insensitive lookup; answers carry lowercased names.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// One header field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (any case); setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get {
            let key = name.lowercased()
            return fields.first { $0.name.lowercased() == key }?.value
        }
        set {
            let key = name.lowercased()
            fields.removeAll { $0.name.lowercased() == key }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value for `name` (any case), in order.
    public func values(for name: String) -> [String] {
        let key = name.lowercased()
        return fields.filter { $0.name.lowercased() == key }.map(\.value)
    }

    /// Adds a field, keeping any other of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
