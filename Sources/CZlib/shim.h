// zlib for the Storage kit's gzip support (Sources/Storage/Gzip.swift). On Linux it comes from
// the zlib1g-dev package; Apple's SDKs ship it.
#include <zlib.h>
