import FuzzDoors
import Glibc

/// The door this run fuzzes, named by `TOURIST_FUZZ_DOOR` (Fuzz/run.sh sets it).
let door: FuzzDoor = {
    let name = getenv("TOURIST_FUZZ_DOOR").map { String(cString: $0) } ?? ""
    guard let door = FuzzDoor(rawValue: name) else {
        fatalError("set TOURIST_FUZZ_DOOR to one of: \(FuzzDoor.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return door
}()

/// libFuzzer's entry point: one input through the chosen door. Any trap, hang or sanitizer report
/// is a bug in the parser behind it.
@_cdecl("LLVMFuzzerTestOneInput")
public func touristFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    door.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
