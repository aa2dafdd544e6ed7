import NIOCore

/// A task executor that runs its jobs on one SwiftNIO event loop's thread.
///
/// ``LimitedHTTP1Channel`` gives each connection's task this executor for the connection's own
/// loop, so the task reads its requests, runs their handlers and writes their answers on the
/// thread that does the connection's I/O. On the default executor a request crossed threads on
/// its way in (the loop hands it to a pool thread) and again for each part written back, each
/// crossing a wake-up through the kernel; on the loop's thread a hand-over is a call in one
/// queue. A near query costs 6 % less CPU and creates run about 12 % faster (Benchmarks/README.md,
/// "Requests on their connection's event loop").
///
/// The price is that a handler holding its thread now also holds up the I/O of the other
/// connections on its loop (before, it held up one pool thread). None holds it for long: the
/// SQLite stores read on the calling thread for well under a millisecond and write on their own
/// queue, PostgreSQL round trips suspend, and bodies are streamed. A job runs with this executor
/// as its task executor and no serial executor, as on the pool.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
