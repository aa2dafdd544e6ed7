// Placeholder: module Geo.
