// Placeholder: module Identity.
