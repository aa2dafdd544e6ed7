enum PostgresStorageTestsPlaceholder {}
