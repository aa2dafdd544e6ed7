#!/usr/bin/env bash
# Regenerates Flipcash's gRPC code (messages, clients and services) from its .proto files.
#
# The generated files are committed, so `swift build` and CI never build the protoc plugins
# (about 10 minutes on 2 cores). Run this after editing a file under
# Sources/FlipcashAPI/Protos, then commit the .proto files and the generated files together.
#
# Needs protoc (Debian: apt-get install protobuf-compiler). Builds protoc-gen-swift
# (swift-protobuf) and protoc-gen-grpc-swift-2 (grpc-swift-protobuf) once, at the versions the
# package depends on, in .build-grpc-plugins/.
#
# Usage: Scripts/generate-grpc.sh   (GRPC_PLUGINS=dir/with/both/plugins to reuse a build)
set -euo pipefail

PROTOBUF_VERSION=1.39.0
GRPC_PROTOBUF_VERSION=2.4.1
root="$(cd "$(dirname "$0")/.." && pwd)"
tool_dir="$root/.build-grpc-plugins"

command -v protoc >/dev/null || { echo "generate-grpc: protoc not found (apt-get install protobuf-compiler)" >&2; exit 1; }

plugins="${GRPC_PLUGINS:-$tool_dir/.build/release}"
if [[ ! -x "$plugins/protoc-gen-swift" || ! -x "$plugins/protoc-gen-grpc-swift-2" ]]; then
  mkdir -p "$tool_dir/noop"
  echo 'print("builds the protoc plugins only")' >"$tool_dir/noop/main.swift"
  cat >"$tool_dir/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "grpc-plugins",
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf.git", exact: "$PROTOBUF_VERSION"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", exact: "$GRPC_PROTOBUF_VERSION"),
    ],
    targets: [.executableTarget(name: "noop", path: "noop")]
)
SWIFT
  swift build --package-path "$tool_dir" -c release --product protoc-gen-swift
  swift build --package-path "$tool_dir" -c release --product protoc-gen-grpc-swift-2
  plugins="$tool_dir/.build/release"
fi

protos="$root/Sources/FlipcashAPI/Protos"
out="$root/Sources/FlipcashAPI/Generated"
rm -rf "$out"
mkdir -p "$out"
cd "$protos"
protoc --proto_path=. \
  --plugin=protoc-gen-swift="$plugins/protoc-gen-swift" \
  --plugin=protoc-gen-grpc-swift="$plugins/protoc-gen-grpc-swift-2" \
  --swift_out="$out" --swift_opt=Visibility=Public --swift_opt=FileNaming=PathToUnderscores --swift_opt=UseAccessLevelOnImports=true \
  --grpc-swift_out="$out" --grpc-swift_opt=Visibility=Public --grpc-swift_opt=FileNaming=PathToUnderscores --grpc-swift_opt=UseAccessLevelOnImports=true \
  flipcash/v1/*.proto
echo "generate-grpc: wrote $(ls "$out" | wc -l) files to Sources/FlipcashAPI/Generated"
