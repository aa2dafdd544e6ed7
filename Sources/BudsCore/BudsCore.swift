// Placeholder: module BudsCore.
