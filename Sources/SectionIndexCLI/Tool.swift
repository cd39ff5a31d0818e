#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Collation
import SectionIndex

/// Exit codes, from BSD's sysexits where one fits.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// `check` found failures; `search` found nothing is still success.
    case failure = 1
    /// EX_USAGE: the command line is wrong (also an ill-formed or refused locale).
    case usage = 64
    /// EX_DATAERR: the input is not valid UTF-8 text.
    case dataError = 65
    /// EX_NOINPUT: a FILE cannot be opened.
    case noInput = 66
    /// EX_SOFTWARE: ICU failed.
    case software = 70
    /// EX_IOERR: reading failed.
    case ioError = 74
}

/// The `section-index` tool: parses, runs, and maps errors to exit codes. The executable's
/// `main` only calls ``run(_:environment:standardInput:standardOutput:standardError:)``.
public enum Tool {
    /// Runs with the arguments as the system gave them: a FILE that is not UTF-8 is opened by
    /// its bytes (``RawArguments``).
    public static func run(_ arguments: RawArguments, environment: [String: String],
                           standardInput: Int32 = 0,
                           standardOutput: OutputBuffer = OutputBuffer(descriptor: 1),
                           standardError: OutputBuffer = OutputBuffer(descriptor: 2)) -> Int32 {
        run(arguments.strings, environment: environment, standardInput: standardInput,
            standardOutput: standardOutput, standardError: standardError, argumentBytes: arguments.bytes)
    }

    public static func run(_ arguments: [String], environment: [String: String],
                           standardInput: Int32 = 0,
                           standardOutput: OutputBuffer = OutputBuffer(descriptor: 1),
                           standardError: OutputBuffer = OutputBuffer(descriptor: 2),
                           argumentBytes: [String: [UInt8]] = [:]) -> Int32 {
        defer {
            standardOutput.flush()
            standardError.flush()
        }
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, environment: environment)
        } catch {
            standardError.line("section-index: \(error.message)")
            standardError.line("usage: \(error.subcommand?.synopsis ?? Help.usageLines)")
            standardError.line("Try 'section-index \(error.subcommand.map { $0.rawValue + " " } ?? "")--help'.")
            return ExitCode.usage.rawValue
        }
        if invocation.wantsHelp {
            standardOutput.write(Help.text(for: invocation.subcommand))
            return ExitCode.success.rawValue
        }
        let context = CommandContext(invocation: invocation, standardInput: standardInput,
                                     output: standardOutput, errors: standardError,
                                     isInteractive: isatty(standardInput) != 0, argumentBytes: argumentBytes)
        do {
            return try context.runSubcommand().rawValue
        } catch let error as UsageError {
            standardError.line("section-index: \(error.message)")
            return ExitCode.usage.rawValue
        } catch let error as CollationError {
            standardError.line("section-index: \(error)")
            if case .icu = error { return ExitCode.software.rawValue }
            return ExitCode.usage.rawValue
        } catch let error as IndexError {
            standardError.line("section-index: \(error)")
            if case .collation(.icu) = error { return ExitCode.software.rawValue }
            return ExitCode.usage.rawValue
        } catch let error as SettingsError {
            standardError.line("section-index: \(error)")
            return ExitCode.usage.rawValue
        } catch let error as InputError {
            standardError.line("section-index: \(error)")
            return ExitCode.dataError.rawValue
        } catch let error as FileError {
            standardError.line("section-index: \(error)")
            return error.isMissing ? ExitCode.noInput.rawValue : ExitCode.ioError.rawValue
        } catch {
            standardError.line("section-index: \(error)")
            return ExitCode.software.rawValue
        }
    }

    /// The process environment, without Foundation.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
