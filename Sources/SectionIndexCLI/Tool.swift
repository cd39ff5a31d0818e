#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Collation
import SectionIndex

/// Exit codes, from BSD's sysexits where one fits; `--help` and the README list them all.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// `check` found failures; `search` found nothing is still success.
    case failure = 1
    /// EX_USAGE: the command line is wrong (also an ill-formed or refused locale).
    case usage = 64
    /// EX_DATAERR: the input is not valid UTF-8 text.
    case dataError = 65
    /// EX_NOINPUT: a FILE or FIXTURE does not exist.
    case noInput = 66
    /// EX_SOFTWARE: ICU failed.
    case software = 70
    /// EX_OSERR: not enough memory for the input.
    case outOfMemory = 71
    /// EX_IOERR: reading or writing failed: a directory, a symlink loop, a closed standard
    /// input or output, a full disk.
    case ioError = 74
    /// The reader of the output went away (EPIPE): what a shell reports for a process that
    /// SIGPIPE ended (128 + 13), returned quietly when SIGPIPE is ignored.
    case brokenPipe = 141
}

/// The `section-index` tool: parses, runs, and maps errors to exit codes. The executable's
/// `main` only calls ``run(_:environment:standardInput:standardOutput:standardError:)``.
public enum Tool {
    /// The tool's own version: the package's VERSION file, which a release updates (the
    /// ToolVersion build plugin writes it into this module).
    public static let version = PackageVersion.text

    /// The process's run, for `main`: standard input, output and error that were closed
    /// (`>&-`) are held open on /dev/null first, so that no descriptor the run opens (a FILE,
    /// a thread's event descriptor) takes number 0, 1 or 2 and receives the output or is read
    /// as the input; reading a closed input or writing a closed output then fails as closed.
    public static func main() -> Int32 {
        Memory.useOneMallocArena()
        let closed = (0...2).map { fcntl($0, F_GETFD) == -1 && errno == EBADF }
        // open() takes the lowest free number: the closed ones, in order.
        for isClosed in closed where isClosed { _ = open("/dev/null", O_RDWR) }
        let output = OutputBuffer(descriptor: 1), errors = OutputBuffer(descriptor: 2)
        if closed[1] { output.markClosed() }
        return run(RawArguments.process, environment: processEnvironment, standardInput: closed[0] ? -1 : 0,
                   standardOutput: output, standardError: errors)
    }

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
        defer { standardError.flush() }
        let status = runUnflushed(arguments, environment: environment, standardInput: standardInput,
                                  standardOutput: standardOutput, standardError: standardError, argumentBytes: argumentBytes)
        standardOutput.flush()
        // Output that did not arrive must not end in success.
        switch standardOutput.failure {
        case nil: return status.rawValue
        case EPIPE?: return ExitCode.brokenPipe.rawValue
        case EBADF? where standardOutput.isClosed:
            standardError.line("section-index: cannot write to standard output: it is closed")
            return ExitCode.ioError.rawValue
        case let code?:
            standardError.line("section-index: cannot write to standard output: \(String(cString: strerror(code)))")
            return ExitCode.ioError.rawValue
        }
    }

    private static func runUnflushed(_ arguments: [String], environment: [String: String], standardInput: Int32,
                                     standardOutput: OutputBuffer, standardError: OutputBuffer,
                                     argumentBytes: [String: [UInt8]]) -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, environment: environment, notUTF8: argumentBytes)
        } catch {
            standardError.line("section-index: " + RawArguments.displayed(error.message))
            standardError.line("usage: \(error.subcommand?.command.synopsis ?? Help.usageLines)")
            standardError.line("Try 'section-index \(error.subcommand.map { $0.rawValue + " " } ?? "")--help'.")
            return .usage
        }
        if invocation.wantsVersion {
            standardOutput.write(Help.version)
            return .success
        }
        if invocation.wantsHelp {
            standardOutput.write(invocation.wantsToolHelp ? Help.tool : Help.text(for: invocation.subcommand.command))
            return .success
        }
        let context = CommandContext(invocation: invocation, standardInput: standardInput,
                                     output: standardOutput, errors: standardError,
                                     isInteractive: isatty(standardInput) != 0, argumentBytes: argumentBytes)
        do {
            return try context.runSubcommand()
        } catch {
            let (message, status) = describe(error)
            standardError.line("section-index: " + RawArguments.displayed(message + (status == .usage ? context.localeHint(for: error) : "")))
            return status
        }
    }

    /// The message and exit code of an error a subcommand threw.
    static func describe(_ error: any Error) -> (String, ExitCode) {
        switch error {
        case let error as UsageError: (error.message, .usage)
        case let error as CollationError:
            if case .icu = error { ("\(error)", .software) } else { ("\(error)", .usage) }
        case let error as IndexError:
            if case .collation(.icu) = error { ("\(error)", .software) } else { ("\(error)", .usage) }
        case let error as SettingsError: ("\(error)", .usage)
        case let error as InputError: ("\(error)", .dataError)
        case let error as FileError: ("\(error)", error.isMissing ? .noInput : .ioError)
        case let error as OutOfMemory: ("\(error)", .outOfMemory)
        default: ("\(error)", .software)
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
