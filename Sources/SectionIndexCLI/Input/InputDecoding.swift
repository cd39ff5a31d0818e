#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndex

/// One input line: `name`, or `name<TAB>reading` (further columns are ignored).
public struct InputEntry: Equatable, Sendable {
    public var name: String
    public var reading: String?
    /// 1-based line number in the input.
    public var line: Int
}

/// Input that cannot be read as text; exit code 65 (EX_DATAERR).
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var source: String
    public var line: Int
    /// Byte offset inside the line (0-based) and inside the whole input.
    public var byteInLine: Int
    public var byteInInput: Int
    public var problem: String

    public var description: String {
        "\(source): line \(line), byte \(byteInLine) (offset \(byteInInput) in the input): \(problem); use --invalid replace to read it anyway"
    }
}

/// Splits raw input bytes into entries: UTF-8 checked, a leading BOM dropped, CRLF or LF line
/// ends, a final line end optional. Nothing else is trimmed: names stay exactly as read.
public enum InputDecoding {
    public enum InvalidPolicy: String, Sendable, CaseIterable { case fail, replace }

    public static func entries(from bytes: [UInt8], source: String,
                               invalid: InvalidPolicy) throws -> [InputEntry] {
        let table = try table(from: bytes, source: source, invalid: invalid)
        return (0..<table.count).map { i in InputEntry(name: table.name(i), reading: table.reading(i), line: i + 1) }
    }

    /// The entries as ranges of one buffer, without a string per line: what `group` reads.
    /// With `.replace`, ill-formed sequences and NUL bytes become U+FFFD first. The input is
    /// checked and cut into lines on every core, in pieces of whole lines.
    ///
    /// - Parameter startsFile: the input is the start of a file, so a leading U+FEFF is its
    ///   byte-order mark and is dropped; false for a part that continues a list (`keys
    ///   --offset` above 0), where U+FEFF is a character of the first name as in the whole.
    package static func table(from bytes: [UInt8], source: String,
                              invalid: InvalidPolicy, startsFile: Bool = true) throws -> UTF8Table {
        let pieces = linePieces(of: bytes, startsFile: startsFile)
        // One pass on every core counts each piece's lines and judges them; only input that
        // is not well-formed takes the checked path, which words the error or rebuilds the
        // bad lines (as well-formed lines, which that path then counts).
        let lineCounts = bytes.withUnsafeBufferPointer { all in
            ParallelWork.map(count: pieces.count, concurrently: all.count >= 1 << 16) { k in wellFormedLineCount(all, pieces[k]) }
        }
        if lineCounts.allSatisfy({ $0 != nil }) {
            return try filledTable(bytes, pieces: pieces, lineCounts: lineCounts.map { $0 ?? 0 }, source: source)
        }
        let checked = try checkedText(from: bytes, source: source, invalid: invalid, startsFile: startsFile)
        return try filledTable(checked.text, pieces: checked.pieces, lineCounts: checked.lineCounts, source: source)
    }

    /// The table of the lines of `text`, whose pieces are well-formed. The table is allocated
    /// once, at its exact size, after one probe for all of it: the pieces then fill their
    /// parts of it on every core without allocating.
    private static func filledTable(_ text: [UInt8], pieces: [Range<Int>], lineCounts: [Int],
                                    source: String) throws -> UTF8Table {
        // Entries are ranges with 32-bit offsets: 4 GiB of text, some 150 million names.
        guard text.count < Int(UInt32.max) else {
            throw InputError(source: source, line: 0, byteInLine: 0, byteInInput: Int(UInt32.max),
                             problem: "input larger than 4 GiB; split it into smaller files")
        }
        let lines = lineCounts.reduce(0, +)
        try Memory.ensureAvailable(lines * 4 * MemoryLayout<UInt32>.stride, for: "the table of \(lines) lines")
        var first = 0
        let parts = lineCounts.map { count in
            defer { first += 4 * count }
            return first..<(first + 4 * count)
        }
        let ranges = text.withUnsafeBufferPointer { all in
            FreshMemory.array(count: lines * 4) { (table: UnsafeMutableBufferPointer<UInt32>) in
                _ = ParallelWork.mapParts(of: table, parts, concurrently: all.count >= 1 << 16) { k, part in
                    cutLines(of: all, in: pieces[k], into: part)
                }
            }
        }
        return UTF8Table(bytes: text, ranges: ranges)
    }

    /// Byte patterns for looking at eight bytes at once.
    private enum Word {
        static let highBits: UInt64 = 0x8080_8080_8080_8080
        static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        static let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        static let tabs: UInt64 = 0x0909_0909_0909_0909
    }

    @inline(__always)
    private static func word(_ all: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
        UnsafeRawPointer(all.baseAddress! + i).loadUnaligned(as: UInt64.self)
    }

    /// The high bit of each zero byte of `x`, and no other bit. (Below 0x80, adding 0x7F sets
    /// a byte's high bit exactly when it is not zero, without a carry into the next byte.)
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & Word.lowBits) &+ Word.lowBits) | x) & Word.highBits
    }

    /// Cuts a piece of whole lines, already judged well-formed, into lines, writing four
    /// offsets a line into `part` (name start, name end, reading start, reading end; 0 and 0:
    /// no reading), which has room for exactly those lines: line ends (LF or CRLF, a final
    /// one optional) and the first two tabs of each line. A line feed or a tab is never a
    /// byte of a longer UTF-8 sequence, so the scan passes over eight bytes at a time that
    /// hold neither, whatever their script.
    private static func cutLines(of all: UnsafeBufferPointer<UInt8>, in piece: Range<Int>,
                                 into part: UnsafeMutableBufferPointer<UInt32>) {
        var slot = 0
        var start = piece.lowerBound
        var firstTab = -1, secondTab = -1
        func endLine(at end: Int) {
            var lineEnd = end
            if lineEnd > start, all[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if firstTab >= 0, firstTab < lineEnd {
                let readingEnd = secondTab >= 0 && secondTab < lineEnd ? secondTab : lineEnd
                (part[slot], part[slot + 1], part[slot + 2], part[slot + 3])
                    = (UInt32(start), UInt32(firstTab), UInt32(firstTab + 1), UInt32(readingEnd))
            } else {
                (part[slot], part[slot + 1], part[slot + 2], part[slot + 3]) = (UInt32(start), UInt32(lineEnd), 0, 0)
            }
            slot += 4
        }
        var i = piece.lowerBound
        let end = piece.upperBound
        while i < end {
            if i + 8 <= end {
                // The bytes of the word in memory order, the first in the lowest bits.
                let w = UInt64(littleEndian: word(all, at: i))
                let found = zeroBytes(w ^ Word.lineFeeds) | zeroBytes(w ^ Word.tabs)
                if found == 0 {
                    i += 8
                    continue
                }
                i += found.trailingZeroBitCount >> 3
            }
            switch all[i] {
            case 0x0A:
                endLine(at: i)
                start = i + 1
                firstTab = -1
                secondTab = -1
            case 0x09:
                if firstTab < 0 { firstTab = i } else if secondTab < 0 { secondTab = i }
            default:
                break
            }
            i += 1
        }
        if start < end { endLine(at: end) }
    }

    /// What a byte that leads a UTF-8 sequence of more than one byte allows: the sequence's
    /// length and the range of its second byte (the later ones are 80–BF); nil for a byte
    /// that cannot lead one.
    @inline(__always)
    private static func sequenceShape(of b: UInt8) -> (length: Int, lower: UInt8, upper: UInt8)? {
        switch b {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: nil
        }
    }

    /// Well-formed UTF-8 without NUL judged one byte at a time by a shift-based automaton:
    /// each byte's table entry holds, for every state, the next state's bit offset at the
    /// state's own offset, so a step is one look-up, one shift and one mask, with no branch
    /// on the byte. The states are "between sequences", "rejected" (which nothing leaves), and
    /// one for each way a sequence can go on, as ``sequenceShape(of:)`` defines them.
    private enum UTF8Automaton {
        /// The bit offset of the state between sequences, where a well-formed text ends.
        static let accept: UInt64 = 0
        /// The bit offset of the state after a byte that cannot be where it is.
        static let reject: UInt64 = 6

        /// The states within a sequence, numbered from 2 after the two above: the bytes still
        /// to come and the range of the next one. A state's bit offset is six times its number.
        private static let within: [(left: Int, lower: UInt8, upper: UInt8)] = [
            (1, 0x80, 0xBF), (2, 0x80, 0xBF), (2, 0xA0, 0xBF), (2, 0x80, 0x9F),
            (3, 0x90, 0xBF), (3, 0x80, 0xBF), (3, 0x80, 0x8F),
        ]

        private static func offset(within left: Int, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
            let k = within.firstIndex { $0.left == left && $0.lower == lower && $0.upper == upper }!
            return UInt64(k + 2) * 6
        }

        static let table: [UInt64] = (0...255).map { (value: Int) -> UInt64 in
            let b = UInt8(value)
            // From between sequences (NUL and bytes that lead no sequence are rejected), then
            // from "rejected", then from each state within a sequence.
            var next: [UInt64] = [reject, reject]
            if b != 0, b < 0x80 {
                next[0] = accept
            } else if let (length, lower, upper) = sequenceShape(of: b) {
                next[0] = offset(within: length - 1, lower, upper)
            }
            for state in within {
                let fits = b >= state.lower && b <= state.upper
                next.append(!fits ? reject : state.left == 1 ? accept : offset(within: state.left - 1, 0x80, 0xBF))
            }
            return next.enumerated().reduce(0) { $0 | $1.element << (6 * UInt64($1.offset)) }
        }

        @inline(__always)
        static func step(_ state: UInt64, _ byte: UInt8, _ table: UnsafePointer<UInt64>) -> UInt64 {
            (table[Int(byte)] >> state) & 63
        }
    }

    /// The entries as a sequence of tables over the same buffer, each of the lines of a part
    /// of about `bytesPerPart` bytes, made as the sequence is walked: for a pass that needs
    /// each entry once and nothing kept per entry (`labels`), so that no table of every line
    /// exists. The input is checked whole first, as ``table(from:source:invalid:)`` checks it:
    /// one pass on every core counts each piece's lines and judges them; only input that is
    /// not well-formed takes the path that words the error or rebuilds the bad lines. Each
    /// part is cut into lines on every core.
    package static func tableParts(from bytes: [UInt8], source: String, invalid: InvalidPolicy,
                                   bytesPerPart: Int = 1 << 18) throws -> TableParts {
        // A part is `piecesPerPart` pieces, one a core, filled side by side.
        let piecesPerPart = ParallelWork.processorCount
        let partCount = max(4 * ParallelWork.processorCount, bytes.count / max(bytesPerPart, 1))
        let pieces = linePieces(of: bytes, count: partCount * piecesPerPart)
        let lineCounts = bytes.withUnsafeBufferPointer { all in
            ParallelWork.map(count: pieces.count, concurrently: all.count >= 1 << 16) { k in wellFormedLineCount(all, pieces[k]) }
        }
        let input = lineCounts.allSatisfy { $0 != nil }
            ? CheckedText(text: bytes, pieces: pieces, lineCounts: lineCounts.map { $0 ?? 0 })
            : try checkedText(from: bytes, source: source, invalid: invalid, pieceCount: partCount * piecesPerPart)
        let parts = TableParts(input: input, piecesPerPart: piecesPerPart)
        // Each part's table is made as the sequence is walked, where no error can be thrown:
        // the largest is probed for here (a part of empty lines holds 16 bytes a byte).
        let largest = parts.partLineCounts.max() ?? 0
        try Memory.ensureAvailable(largest * 4 * MemoryLayout<UInt32>.stride, for: "a table of \(largest) lines")
        return parts
    }

    /// ``tableParts(from:source:invalid:bytesPerPart:)``: one table per part of the input.
    package struct TableParts: Sequence {
        fileprivate let input: CheckedText
        fileprivate let piecesPerPart: Int

        /// The number of lines of each part.
        fileprivate var partLineCounts: [Int] {
            stride(from: 0, to: input.lineCounts.count, by: piecesPerPart).map { first in
                input.lineCounts[first..<Swift.min(first + piecesPerPart, input.lineCounts.count)].reduce(0, +)
            }
        }

        package func makeIterator() -> AnyIterator<UTF8Table> {
            var first = 0
            return AnyIterator {
                guard first < input.pieces.count else { return nil }
                let own = first..<Swift.min(first + piecesPerPart, input.pieces.count)
                first = own.upperBound
                var start = 0
                let slots = own.map { k in
                    defer { start += 4 * input.lineCounts[k] }
                    return start..<(start + 4 * input.lineCounts[k])
                }
                var ranges = [UInt32](repeating: 0, count: start)
                let bytes = own.reduce(0) { $0 + input.pieces[$1].count }
                input.text.withUnsafeBufferPointer { all in
                    _ = ParallelWork.mapParts(of: &ranges, slots, concurrently: bytes >= 1 << 16) { j, part in
                        cutLines(of: all, in: input.pieces[own.lowerBound + j], into: part)
                    }
                }
                return UTF8Table(bytes: input.text, ranges: ranges)
            }
        }
    }

    /// The first pass's judgement of a whole input: its number of lines when every line is
    /// well-formed UTF-8 without NUL, else nil (the input that ``table(from:source:invalid:)``
    /// then words an error for or repairs).
    package static func wellFormedLineCount(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { wellFormedLineCount($0, 0..<$0.count) }
    }

    /// The number of lines of a piece of whole lines, the ones ``cutLines(of:in:into:)`` cuts
    /// (its line feeds, and one more for a last line without one), when each is well-formed
    /// UTF-8 without NUL (the judgement ``firstProblem(in:)`` words); nil when one is not.
    /// ASCII without NUL between sequences goes eight bytes at a time, the rest through
    /// ``UTF8Automaton``.
    private static func wellFormedLineCount(_ all: UnsafeBufferPointer<UInt8>, _ piece: Range<Int>) -> Int? {
        guard !piece.isEmpty else { return 0 }
        return UTF8Automaton.table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            var count = 0
            var state = UTF8Automaton.accept
            var i = piece.lowerBound
            let end = piece.upperBound
            while i + 8 <= end {
                let w = word(all, at: i)
                count &+= zeroBytes(w ^ Word.lineFeeds).nonzeroBitCount
                // ASCII, and every byte not zero (adding 0x7F sets its high bit).
                if state == UTF8Automaton.accept, w & Word.highBits == 0, zeroBytes(w) == 0 {
                    i += 8
                    continue
                }
                for k in 0..<8 { state = UTF8Automaton.step(state, all[i + k], table) }
                if state == UTF8Automaton.reject { return nil }
                i += 8
            }
            while i < end {
                if all[i] == 0x0A { count += 1 }
                state = UTF8Automaton.step(state, all[i], table)
                i += 1
            }
            guard state == UTF8Automaton.accept else { return nil }
            return all[end - 1] == 0x0A ? count : count + 1
        }
    }

    /// The input ready to cut into entries: UTF-8 checked (bad lines replaced with
    /// `.replace`), and cut into pieces of whole lines with the line count of each.
    fileprivate struct CheckedText {
        var text: [UInt8]
        var pieces: [Range<Int>]
        var lineCounts: [Int]
    }

    private static func checkedText(from bytes: [UInt8], source: String, invalid: InvalidPolicy,
                                    pieceCount: Int = 4 * ParallelWork.processorCount,
                                    startsFile: Bool = true) throws -> CheckedText {
        var text = bytes
        var pieces = linePieces(of: bytes, count: pieceCount, startsFile: startsFile)
        var lineCounts: [Int]
        // Each piece: its line count and its first problem (line in the piece, offsets).
        let checked = bytes.withUnsafeBufferPointer { all in
            ParallelWork.map(count: pieces.count) { k in
                var lines = 0
                var problem: (line: Int, byteInLine: Int, byteInInput: Int, text: String)?
                forEachLine(of: all, in: pieces[k]) { line, number, start in
                    lines = number
                    if problem == nil, let (offset, text) = firstProblem(in: line) {
                        problem = (number, offset, start + offset, text)
                    }
                }
                return (lines: lines, problem: problem)
            }
        }
        if let k = checked.firstIndex(where: { $0.problem != nil }), let problem = checked[k].problem {
            if invalid == .fail {
                let before = checked[..<k].reduce(0) { $0 + $1.lines }
                throw InputError(source: source, line: before + problem.line, byteInLine: problem.byteInLine,
                                 byteInInput: problem.byteInInput, problem: problem.text)
            }
            // Rebuild the input with every bad line decoded leniently; line ends stay.
            text = []
            text.reserveCapacity(bytes.count)
            // The byte-order mark goes back in front, so the pass below strips it once: a
            // second U+FEFF, now first in the rebuilt text, is part of the first name.
            if startsFile, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { text = [0xEF, 0xBB, 0xBF] }
            bytes.withUnsafeBufferPointer { all in
                forEachLine(of: all, in: linePieces(of: bytes, count: 1, startsFile: startsFile)[0], includingEnds: true) { line, _, _ in
                    if firstProblem(in: line) == nil {
                        text.append(contentsOf: line)
                    } else {
                        text.append(contentsOf: String(decoding: line, as: UTF8.self).replacingNUL().utf8)
                    }
                }
            }
            pieces = linePieces(of: text, count: pieceCount, startsFile: startsFile)
            lineCounts = text.withUnsafeBufferPointer { all in
                ParallelWork.map(count: pieces.count) { k in
                    var lines = 0
                    forEachLine(of: all, in: pieces[k]) { _, number, _ in lines = number }
                    return lines
                }
            }
        } else {
            lineCounts = checked.map(\.lines)
        }
        // Entries are ranges with 32-bit offsets: 4 GiB of text, some 150 million names.
        guard text.count < Int(UInt32.max) else {
            throw InputError(source: source, line: 0, byteInLine: 0, byteInInput: Int(UInt32.max),
                             problem: "input larger than 4 GiB; split it into smaller files")
        }
        return CheckedText(text: text, pieces: pieces, lineCounts: lineCounts)
    }

    /// The input after a leading BOM (when it starts a file), cut into `count` pieces of whole
    /// lines (four a core by default; some may be empty).
    private static func linePieces(of bytes: [UInt8], count: Int = 4 * ParallelWork.processorCount,
                                   startsFile: Bool = true) -> [Range<Int>] {
        let begin = startsFile && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var bounds = [begin]
        let size = (bytes.count - begin) / max(count, 1)
        for k in 1..<max(count, 1) {
            var cut = max(bounds[k - 1], begin + k * size)
            // A piece ends after a line end.
            while cut < bytes.count, cut > begin, bytes[cut - 1] != 0x0A { cut += 1 }
            bounds.append(min(cut, bytes.count))
        }
        bounds.append(bytes.count)
        return (0..<max(count, 1)).map { bounds[$0]..<bounds[$0 + 1] }
    }

    /// Calls `body` for each line of a piece of whole lines: LF or CRLF ends (not passed,
    /// unless `includingEnds`), a final line end optional. `number` counts from 1 in the
    /// piece; `start` is the line's offset in `all`.
    private static func forEachLine(
        of all: UnsafeBufferPointer<UInt8>, in piece: Range<Int>, includingEnds: Bool = false,
        _ body: (UnsafeBufferPointer<UInt8>, Int, Int) -> Void
    ) {
        var start = piece.lowerBound
        var number = 0
        while start < piece.upperBound {
            number += 1
            var end = start
            while end < piece.upperBound, all[end] != 0x0A { end += 1 }
            let next = min(end + 1, piece.upperBound)
            if !includingEnds, end > start, all[end - 1] == 0x0D { end -= 1 }
            body(UnsafeBufferPointer(rebasing: all[start..<(includingEnds ? next : end)]), number, start)
            start = next
        }
    }

    /// Carriage returns that no line feed follows, which do not end a line (only LF and CRLF
    /// do, and a CR at the very end): the line of the first (1-based) and how many there are;
    /// nil when there is none.
    static func loneCarriageReturns(in bytes: [UInt8]) -> (line: Int, count: Int)? {
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return nil }
            var first: Int?, count = 0
            var i = 0
            while i < all.count, let found = memchr(base + i, 0x0D, all.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < all.count, all[at + 1] != 0x0A {
                    count += 1
                    first = first ?? at
                }
                i = at + 1
            }
            guard let first else { return nil }
            return (UnsafeBufferPointer(rebasing: all[..<first]).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }, count)
        }
    }

    /// The first byte that is not well-formed UTF-8 (or is NUL), with what is wrong there.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0 { return (i, "NUL byte") }
                i += 1
                continue
            }
            guard let (length, lower, upper) = sequenceShape(of: b) else {
                return (i, "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))")
            }
            guard i + length <= n else { return (i, "truncated UTF-8 sequence") }
            for k in 1..<length {
                let c = bytes[i + k]
                let (lo, hi) = k == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
                if c < lo || c > hi { return (i, "invalid UTF-8 sequence starting with byte 0x\(String(b, radix: 16, uppercase: true))") }
            }
            i += length
        }
        return nil
    }
}

extension String {
    func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
