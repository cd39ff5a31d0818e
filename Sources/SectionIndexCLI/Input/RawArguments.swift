#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Command-line arguments as the bytes the system gave, so that a file name that is not
/// UTF-8 (`lat\xE9.txt`, written by a Latin-1 system) reaches `open()` exactly as given.
///
/// The parser reads strings: an argument that is valid UTF-8 is its string; in one that is
/// not, each byte outside well-formed UTF-8 becomes a private-use scalar (U+10FF00 + byte) and
/// the argument's bytes are kept beside it, keyed by that string.
///
/// ```swift
/// let arguments = RawArguments([Array("group".utf8), [0x6C, 0x61, 0x74, 0xE9]])
/// arguments.strings[1]                          // "lat\u{10FFE9}"
/// arguments.bytes[arguments.strings[1]]         // [0x6C, 0x61, 0x74, 0xE9]
/// RawArguments.displayed(arguments.strings[1])  // "lat\\xE9"
/// ```
public struct RawArguments: Sendable {
    /// What the parser reads.
    public var strings: [String] = []
    /// The bytes of each argument that was not UTF-8, by its string.
    public var bytes: [String: [UInt8]] = [:]

    private static let escapeBase: UInt32 = 0x10FF00

    public init(_ arguments: [[UInt8]]) {
        for argument in arguments {
            if let text = String(validating: argument, as: UTF8.self) {
                strings.append(text)
                continue
            }
            let text = Self.escaped(argument)
            strings.append(text)
            bytes[text] = argument
        }
    }

    /// The process's arguments after the program name, from `CommandLine.unsafeArgv`: not
    /// through `CommandLine.arguments`, which replaces bytes that are not UTF-8.
    public static var process: RawArguments {
        RawArguments((1..<Int(CommandLine.argc)).compactMap { i in
            CommandLine.unsafeArgv[i].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
        })
    }

    /// Well-formed UTF-8 sequences decoded, every other byte as U+10FF00 + byte.
    private static func escaped(_ argument: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < argument.count {
            let first = argument[i]
            let length = switch first {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 1
            }
            if first < 0x80 {
                scalars.append(Unicode.Scalar(first))
            } else if length > 1, i + length <= argument.count,
                      let text = String(validating: argument[i..<(i + length)], as: UTF8.self) {
                scalars.append(contentsOf: text.unicodeScalars)
                i += length
                continue
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(first))!)
            }
            i += 1
        }
        return String(scalars)
    }

    /// The first byte of an argument that is not UTF-8 (``bytes`` holds it), with its offset
    /// in the argument: each escaped byte stands for one byte, every other scalar for its UTF-8.
    public static func firstInvalidByte(in argument: String) -> (offset: Int, byte: UInt8)? {
        var offset = 0
        for scalar in argument.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                return (offset, UInt8(scalar.value - escapeBase))
            }
            offset += UTF8.width(scalar)
        }
        return nil
    }

    /// "byte 0xFF at offset 3": where an argument that is not UTF-8 first goes wrong.
    static func invalidByteDescription(in argument: String) -> String {
        guard let (offset, byte) = firstInvalidByte(in: argument) else { return "a byte" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset)"
    }

    /// An argument, or any text, for a message: escaped bytes shown as `\xE9`, and control
    /// characters as `\x1B` (C0 and DEL) or `\u{85}` (C1), so that a message never carries a
    /// terminal's escape sequence, a carriage return or a line end of its own.
    public static func displayed(_ argument: String) -> String {
        var result = ""
        for scalar in argument.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                let byte = String(scalar.value - escapeBase, radix: 16, uppercase: true)
                result += "\\x" + byte
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else if (0x80...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
