import Glibc
import NIOCore
import TouristCore

extension CheckedBlobFile {
    /// Up to `count` bytes from `offset` (fewer only at the end of the file), read straight into a
    /// buffer to send. Blocks: call it on `ServerThreads.files`.
    func buffer(at offset: Int, count: Int) throws(StoreError) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var done = 0
        while done < count {
            var got = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { space in
                got = pread(descriptor, space.baseAddress, min(space.count, count - done), off_t(offset + done))
                return max(got, 0)
            }
            if got == 0 { break }
            if got < 0 {
                guard errno == EINTR else {
                    throw StoreError(.io, "cannot read \(path) (\(String(cString: strerror(errno))))", remedy: Remedy(.verifyStore))
                }
                continue
            }
            done += got
        }
        return buffer
    }
}
