public import SQLiteStorage

/// The database as the services use it: failures come out as `RememberError.storeFailed`.
typealias PeopleDatabase = StoreDatabase<RememberError>

extension RememberError: StoreFailure {}
