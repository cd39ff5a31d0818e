#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndexCLI

exit(Tool.run(Array(CommandLine.arguments.dropFirst()), environment: Tool.processEnvironment))
