// Placeholder: module DAGCBOR.
