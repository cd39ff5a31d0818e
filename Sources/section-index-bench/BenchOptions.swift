/// `section-index-bench [--count N] [--locale L] [--skip-reference] [--modes a,b]`.
struct BenchOptions {
    var count = 200_000
    var locale = "en"
    var skipReference = false
    var modes: [String]?
    var only: String?
    var queries = 20
    var output: String?

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--count": count = Int(rest.popFirst() ?? "") ?? count
            case "--locale": locale = rest.popFirst() ?? locale
            case "--skip-reference": skipReference = true
            case "--modes": modes = rest.popFirst()?.split(separator: ",").map(String.init)
            case "--only": only = rest.popFirst()
            case "--queries": queries = Int(rest.popFirst() ?? "") ?? queries
            case "--output": output = rest.popFirst()
            case "--help", "-h":
                print("""
                usage: swift run -c release section-index-bench [--count N] [--locale L] [--skip-reference] [--modes m1,m2]
                  --count N          names to group (the 200k corpus repeated with a suffix), default 200000
                  --locale L         locale, default en
                  --skip-reference   leave out icu::AlphabeticIndex (slow above 1M names)
                  --modes            only these measurements: \(Measurement.allModes.joined(separator: ","))
                """)
                exit(0)
            default:
                FileHandle.standardError.write("section-index-bench: unknown argument '\(argument)'\n".data(using: .utf8)!)
                exit(64)
            }
        }
    }
}

import Foundation
