#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndexCLI

// The arguments' bytes, not CommandLine.arguments: a file name that is not UTF-8 must reach
// open() as given. Tool.main also holds closed standard descriptors, so none is reused.
exit(Tool.main())
