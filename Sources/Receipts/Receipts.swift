// Placeholder: module Receipts.
