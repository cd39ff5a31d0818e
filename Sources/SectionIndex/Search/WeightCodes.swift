/// The distinct primary weights of one part of a prepared list, each given a small code: a
/// part stores its texts as codes, two bytes each where fewer than 65,536 distinct primaries
/// occur in it (as in any list of names but a pathological one), rather than four.
///
/// Codes are numbered from 1 in the order their primaries are first met; 0 stays the end of
/// a text. One primary has one code and one code one primary, so two runs of weights are
/// equal, or one a prefix of the other, or one inside the other, exactly when their codes
/// are: prefix and substring matches in codes are the matches in weights. Codes do not keep
/// the primaries' order; nothing that finds matches depends on that order, only on words
/// with a common start being next to each other once sorted, which holds in any order.
///
/// ```swift
/// var codes = WeightCodes()
/// codes.code(of: 0x2F05)           // 1
/// codes.code(of: 0x2A11)           // 2
/// codes.code(of: 0x2F05)           // 1 again
/// codes.codes(of: [0x2A11, 0x2F05]) // [2, 1]
/// codes.codes(of: [0x2A11, 0x3333]) // nil: no text of the part holds 0x3333
/// ```
struct WeightCodes: Sendable {
    /// Each code's primary, at index code − 1.
    private(set) var primaries: [UInt32] = []
    private var codeOfPrimary: [UInt32: UInt32] = [:]

    /// The code of a primary, given it now when it has none.
    mutating func code(of primary: UInt32) -> UInt32 {
        if let known = codeOfPrimary[primary] { return known }
        primaries.append(primary)
        let code = UInt32(primaries.count)
        codeOfPrimary[primary] = code
        return code
    }

    /// The codes of a query's weights; nil when one of them has no code, so that no text
    /// coded with these codes can hold the query.
    func codes(of query: [UInt32]) -> [UInt32]? {
        var coded: [UInt32] = []
        coded.reserveCapacity(query.count)
        for weight in query {
            guard let code = codeOfPrimary[weight] else { return nil }
            coded.append(code)
        }
        return coded
    }

    /// The code of a primary, or nil when it has none.
    func existingCode(of primary: UInt32) -> UInt32? { codeOfPrimary[primary] }

    /// The primary of a code (not 0).
    func primary(ofCode code: UInt32) -> UInt32 { primaries[Int(code) - 1] }

    /// Whether every code fits two bytes.
    var fitsSixteenBits: Bool { primaries.count <= Int(UInt16.max) }
}

/// The integer a finished ``WeightTable`` keeps each weight code in: `UInt16` where its
/// ``WeightCodes`` fit two bytes, `UInt32` otherwise (and for tables of primaries).
protocol StoredWeight: FixedWidthInteger, UnsignedInteger, SIMDScalar, Codable, Sendable {
    /// How many weights ``lanes(at:beginning:filters:)`` reads at a time: a vector's worth.
    static var vectorLanes: Int { get }

    /// The lanes, among the ``vectorLanes`` weights from `weights`, where the first
    /// `filters` (1 to 4) of `leading` begin, one bit each (lane 0 the lowest): the substring
    /// scan's hot loop. Reads `vectorLanes + filters - 1` weights.
    ///
    /// Each integer type implements it on its concrete vector type: generic code over
    /// `SIMD16<Weight>` would compare lane by lane, since specialising a generic function
    /// does not choose the concrete types' vector operators.
    static func lanes(at weights: UnsafePointer<Self>, beginning leading: (Self, Self, Self, Self), filters: Int) -> UInt64
}

extension UInt16: StoredWeight {
    static var vectorLanes: Int { SIMD32<UInt16>.scalarCount }

    @inline(__always)
    static func lanes(at weights: UnsafePointer<UInt16>, beginning leading: (UInt16, UInt16, UInt16, UInt16),
                      filters: Int) -> UInt64 {
        typealias Vector = SIMD32<UInt16>
        @inline(__always) func load(_ offset: Int) -> Vector {
            UnsafeRawPointer(weights + offset).loadUnaligned(as: Vector.self)
        }
        var hits = load(0) .== Vector(repeating: leading.0)
        guard any(hits) else { return 0 }
        if filters > 1 { hits .&= load(1) .== Vector(repeating: leading.1) }
        if filters > 2, any(hits) { hits .&= load(2) .== Vector(repeating: leading.2) }
        if filters > 3, any(hits) { hits .&= load(3) .== Vector(repeating: leading.3) }
        guard any(hits) else { return 0 }
        var bits: UInt64 = 0
        for lane in 0..<Vector.scalarCount where hits[lane] { bits |= 1 << UInt64(lane) }
        return bits
    }
}

extension UInt32: StoredWeight {
    static var vectorLanes: Int { SIMD16<UInt32>.scalarCount }

    @inline(__always)
    static func lanes(at weights: UnsafePointer<UInt32>, beginning leading: (UInt32, UInt32, UInt32, UInt32),
                      filters: Int) -> UInt64 {
        typealias Vector = SIMD16<UInt32>
        @inline(__always) func load(_ offset: Int) -> Vector {
            UnsafeRawPointer(weights + offset).loadUnaligned(as: Vector.self)
        }
        var hits = load(0) .== Vector(repeating: leading.0)
        guard any(hits) else { return 0 }
        if filters > 1 { hits .&= load(1) .== Vector(repeating: leading.1) }
        if filters > 2, any(hits) { hits .&= load(2) .== Vector(repeating: leading.2) }
        if filters > 3, any(hits) { hits .&= load(3) .== Vector(repeating: leading.3) }
        guard any(hits) else { return 0 }
        var bits: UInt64 = 0
        for lane in 0..<Vector.scalarCount where hits[lane] { bits |= 1 << UInt64(lane) }
        return bits
    }
}
