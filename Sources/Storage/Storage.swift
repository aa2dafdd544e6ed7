// Placeholder: module Storage.
