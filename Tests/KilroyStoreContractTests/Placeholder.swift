enum KilroyStoreContractTestsPlaceholder {}
