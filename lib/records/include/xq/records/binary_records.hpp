// The binary record files (XQF, CBR, CBL, CBF): told apart by their magic bytes, and read whole.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/base/diagnostic.hpp"
#include "xq/records/binary_format.hpp"
#include "xq/records/record_reader.hpp"

namespace xq {

// The format of a file from its first bytes (the content, not the name), or nothing when it is
// none of them (a text record, say). Magic bytes: "XQ" followed by a version byte below 0x20
// (XQF), "CCBridge Record\0" (CBR), "CCBridgeLibrary\0" (CBL); a CBF is XML whose root element
// is <ChineseChessRecord>, perhaps after a byte-order mark, the XML declaration and comments.
// 512 bytes are enough to decide.
[[nodiscard]] std::optional<BinaryFormat> detect_binary_format(std::string_view first_bytes);

// Reads the games of a binary record file (binary_format.hpp) held in memory.
[[nodiscard]] BinaryRecords read_binary_records(
    BinaryFormat format, std::string_view bytes, const std::string& source_name, const RecordLimits& limits = {});

} // namespace xq
