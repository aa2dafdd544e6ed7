public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program for a test, with the part of Foundation's `Process` interface the tests use,
/// without `Process` itself.
///
/// On Linux, `Process.run()` closes every inherited descriptor in the child by listing
/// `/proc/self/fd`, and it copies each entry's whole 256-byte name out of `readdir`'s buffer,
/// past that buffer's end once the directory fills it (about 1,360 descriptors). The test process
/// runs hundreds of suites at once, each with its SQLite stores open, and has held 1,500
/// descriptors; a full run crashed there (signal 11 in `Process.run`, CI, 2026-11-27). Here the
/// child closes what it inherited itself (`posix_spawn_file_actions_addclosefrom_np`, glibc
/// 2.34), and nothing is listed.
///
/// Standard streams are a `FileHandle` (`FileHandle.nullDevice` for `/dev/null`), a `Pipe` (the
/// child's end is given to it and closed here after the start), or `nil`: the test process's own.
/// The child runs in a process group of its own, as `Process` starts it.
///
/// `@unchecked Sendable` is safe: the configuration is set before ``run()`` on one thread, and
/// after it the only mutable state, `status`, is read and written under `lock` alone.
public final class ChildProcess: @unchecked Sendable {
    /// How a finished child ended.
    public enum TerminationReason: Equatable, Sendable {
        case exit
        case uncaughtSignal
    }

    public var executableURL: URL?
    public var arguments: [String] = []
    /// The child's environment; `nil` for the test process's.
    public var environment: [String: String]?
    public var standardInput: Any?
    public var standardOutput: Any?
    public var standardError: Any?

    public private(set) var processIdentifier: pid_t = 0
    private let lock = NSLock()
    /// The child's `waitpid` status once it has been reaped.
    private var status: Int32?

    public init() {}

    /// Starts the program.
    ///
    /// - Throws: a POSIX `NSError` when it cannot be started (not found, not executable).
    public func run() throws {
        guard let path = executableURL?.path else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for (target, stream) in [(STDIN_FILENO, standardInput), (STDOUT_FILENO, standardOutput), (STDERR_FILENO, standardError)] {
            let source: Int32
            switch stream {
            case let handle as FileHandle where handle === FileHandle.nullDevice:
                source = open("/dev/null", O_RDWR | O_CLOEXEC)
                guard source >= 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
                opened.append(source)
            case let handle as FileHandle:
                source = handle.fileDescriptor
            case let pipe as Pipe:
                source = target == STDIN_FILENO ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
            default:
                continue  // the test process's own
            }
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        Self.closeFrom(&actions, STDERR_FILENO + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = self.environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(result), userInfo: [NSFilePathErrorKey: path]) }
        processIdentifier = pid
        // The child has its ends of the pipes; the parent's copies would hide the end of file.
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        if let pipe = standardError as? Pipe { try? pipe.fileHandleForWriting.close() }
    }

    /// Adds "close every descriptor from `first` on" to `actions`: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time because Swift's Glibc
    /// module leaves out GNU extensions. (Descriptors SQLite, NIO and Foundation open are
    /// close-on-exec anyway; this also covers other tests' pipes.)
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ first: Int32) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
    }

    /// Whether the child has been started and has not ended.
    public var isRunning: Bool {
        processIdentifier > 0 && reapedStatus() == nil
    }

    /// Blocks until the child ends.
    public func waitUntilExit() {
        guard processIdentifier > 0 else { return }
        while reapedStatus() == nil { usleep(5_000) }
    }

    /// The exit code, or the signal that ended the child (as `Process` reports it).
    public var terminationStatus: Int32 {
        guard let status = reapedStatus() else { preconditionFailure("the child is still running") }
        return terminationReason == .exit ? (status >> 8) & 0xFF : status & 0x7F
    }

    public var terminationReason: TerminationReason {
        guard let status = reapedStatus() else { preconditionFailure("the child is still running") }
        return status & 0x7F == 0 ? .exit : .uncaughtSignal
    }

    /// Sends SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Sends SIGINT.
    public func interrupt() { send(SIGINT) }

    private func send(_ number: Int32) {
        guard processIdentifier > 0 else { return }
        kill(processIdentifier, number)
    }

    /// The child's status if it has ended (reaping it the first time), else `nil`. Never blocks:
    /// `waitpid` runs under the lock, so two threads never reap the same child.
    private func reapedStatus() -> Int32? {
        lock.withLock {
            if let status { return status }
            var raw: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &raw, WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == processIdentifier else { return nil }
            status = raw
            return raw
        }
    }
}
