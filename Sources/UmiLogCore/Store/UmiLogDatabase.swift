public import SQLiteStorage

/// The database as repositories use it: failures come out as `UmiLogError.storeFailed`.
typealias UmiLogDatabase = StoreDatabase<UmiLogError>

extension UmiLogError: StoreFailure {}
