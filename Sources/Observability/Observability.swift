// Placeholder: module Observability.
