// Placeholder: module Validation.
