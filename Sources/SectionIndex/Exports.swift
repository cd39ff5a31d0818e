// What a user of `SectionIndex` needs from `Collation` comes with it: every index hands out a
// `Collator`, and `SortKey`, `LocaleIdentifier` and the errors are in its API, so
// `import SectionIndex` alone brings them into scope (issue 36).
@_exported import Collation
