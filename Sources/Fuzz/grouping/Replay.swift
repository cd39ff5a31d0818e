#if !FUZZING
import FuzzReplay

/// A plain build replays files through the fuzz entry point (see `replayInputs(through:)`).
@main
enum Replay {
    static func main() { replayInputs(through: fuzzGrouping) }
}
#endif
